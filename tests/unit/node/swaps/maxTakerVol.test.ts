import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import fixture from '../../../fixtures/swaps/max-taker-vol.json';
import coins from '../../../fixtures/swaps/coins.json';
import { MmNumber } from '../../../../src/shared/number';
import { dexFee } from '../../../../src/node/swaps/dexFee';
import { solveMaxTakerVol } from '../../../../src/node/swaps/maxTakerVol';
import { swapsTestNode, type FakeCoinsFixture } from './fakeCoins';

describe('solveMaxTakerVol: max + dex_fee(max) = available, exactly', () => {
  it.each(fixture.solve)('$description', (c) => {
    const max = solveMaxTakerVol(MmNumber.parse(c.available), c.taker, c.maker, MmNumber.parse(c.minTxAmount));
    expect(max.eq(MmNumber.parse(c.expected)), max.toDecimalString()).toBe(true);
  });

  it('leaves exactly the dex fee of the volume it finds, for any balance and dust', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        fc.constantFrom('RLTC2', 'KMD'),
        (availableSat, dustSat, maker) => {
          const available = MmNumber.fromBaseUnits(availableSat, 8);
          const minTx = MmNumber.fromBaseUnits(dustSat, 8);
          const max = solveMaxTakerVol(available, 'RLTC1', maker, minTx);
          return max.add(dexFee('RLTC1', maker, max, minTx).total).eq(available);
        },
      ),
    );
  });
});

describe('max_taker_vol (legacy)', () => {
  it.each(fixture.rpc)('$description', async (c) => {
    const node = swapsTestNode(coins as FakeCoinsFixture);
    const reply = await node.legacy('max_taker_vol', c.args);
    expect(reply.status).toBe(c.status);
    if (c.body) expect(reply.body).toEqual(c.body);
    if (c.errorText) expect((reply.body as { error: string }).error).toContain(c.errorText);
  });

  it('estimates the payment for the whole balance and the taker fee for what is left, at the TradePreimage stage', async () => {
    const node = swapsTestNode(coins as FakeCoinsFixture);
    await node.legacy('max_taker_vol', { coin: 'UTXA', trade_with: 'UTXB' });
    // 10 − 0.00001 = 9.99999 is left after the payment fee; its dex fee is 9.99999/777.
    const dex = MmNumber.parse('9.99999').div(MmNumber.of(777n));
    expect(node.calls).toEqual([
      { coin: 'UTXA', method: 'sender', stage: 'TradePreimage', value: { upperBound: '10' } },
      { coin: 'UTXA', method: 'feeToSend', stage: 'TradePreimage', dexFee: { fee: dex.toDecimalString(), burn: '0' } },
    ]);
  });
});
