import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import fixture from '../../../fixtures/swaps/max-taker-vol.json';
import coins from '../../../fixtures/swaps/coins.json';
import { MmNumber } from '../../../../src/shared/number';
import { parseCoinsConfig, type CoinConfig } from '../../../../src/node/coins/config';
import { UtxoTradeFees } from '../../../../src/node/coins/utxo/tradeFee';
import type { Unspent } from '../../../../src/node/coins/utxo/tx';
import type { MmError } from '../../../../src/node/core/errors';
import { dexFee } from '../../../../src/node/swaps/dexFee';
import { calcMaxMakerVol } from '../../../../src/node/swaps/maxMakerVol';
import { calcMaxTakerVol, solveMaxTakerVol } from '../../../../src/node/swaps/maxTakerVol';
import type { SwapCoin } from '../../../../src/node/swaps/swapCoin';
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

/** The fixture's coins plus CAPPED: a balance of 10 of which one payment can spend only 6.75. */
const sender = '0.00001';
const feeToSend = '0.00000226';
const capped: FakeCoinsFixture = {
  ...(coins as FakeCoinsFixture),
  coins: {
    ...(coins as FakeCoinsFixture).coins,
    CAPPED: {
      decimals: 8,
      balance: '10',
      maxPaymentSpend: '6.75',
      minTxAmount: '0.0000546',
      minTradingVol: '0.000546',
      sender: { coin: 'CAPPED', amount: sender },
      receiver: { coin: 'CAPPED', amount: '0.0000496', paidFromTradingVol: true },
      feeToSend: { coin: 'CAPPED', amount: feeToSend },
    },
  },
};

describe('max volumes bounded by what one payment can spend', () => {
  it('max_taker_vol solves the equation from the spendable part, asking the payment fee for it', async () => {
    const node = swapsTestNode(capped);
    const reply = await node.legacy('max_taker_vol', { coin: 'CAPPED', trade_with: 'UTXB' });
    expect(reply.status).toBe(200);
    // Left for the volume and its dex fee: 6.75 − 0.00001 − 0.00000226 = 6.74998774. KDF solves
    // max + dex_fee(max) = left (taker_swap.rs max_taker_vol_from_available; its test
    // test_max_taker_vol_from_available checks exactly that sum), the fee 1/777 of max above the
    // 0.0000546 floor: max = 6.74998774 × 777/778 = 262237023699/38900000000 ≈ 6.7413116632,
    // fee = 337499387/38900000000 ≈ 0.0086760768; 262237023699 + 337499387 = 262574523086 and
    // 6.74998774 × 38900000000 = 262574523086. KDF answers the fraction.
    expect((reply.body as { result: unknown }).result).toEqual({ numer: '262237023699', denom: '38900000000' });
    expect(node.calls[0]).toEqual({ coin: 'CAPPED', method: 'sender', stage: 'TradePreimage', value: { upperBound: '6.75' } });
  });

  it("setprice's max volume in trade_preimage is the spendable part less the payment fee", async () => {
    const node = swapsTestNode(capped);
    const reply = await node.mmrpc('trade_preimage', { base: 'CAPPED', rel: 'UTXB', swap_method: 'setprice', price: '2', max: true });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((reply.body as { result: { volume: string } }).result.volume).toBe(MmNumber.parse('6.75').sub(MmNumber.parse(sender)).toDecimalString());
  });

  it('the balance still bounds it when it is smaller: locked amounts come off the balance first', async () => {
    const node = swapsTestNode(capped);
    const coin = { ticker: 'CAPPED', fees: node.ctx.enabledCoins.get('CAPPED')!.tradeFees!, balance: async () => MmNumber.parse('10') };
    const locked = (t: string) => (t === 'CAPPED' ? MmNumber.parse('4') : MmNumber.ZERO);
    expect((await calcMaxMakerVol(coin, 'TradePreimage', locked)).toDecimalString()).toBe(MmNumber.parse('6').sub(MmNumber.parse(sender)).toDecimalString());
  });
});

describe('max_taker_vol of a UTXO wallet of 1,200 outputs of 0.001', () => {
  const { coins: config } = parseCoinsConfig(JSON.parse(readFileSync(new URL('../../../../public/coins.json', import.meta.url), 'utf8')));
  const rltc1 = config.get('RLTC1') as CoinConfig;
  const many: Unspent[] = Array.from({ length: 1200 }, (_, i) => ({ txid: (i + 1).toString(16).padStart(64, '0'), vout: 0, value: 100_000n, height: 1 }));
  const fees = new UtxoTradeFees({
    ticker: 'RLTC1',
    config: rltc1,
    utxo: rltc1.utxo!,
    txFormat: { kind: 'bitcoin', version: rltc1.utxo!.txversion },
    decimals: 8,
    script: Uint8Array.from(Buffer.from('76a914b506088aa2a3b4bb1da3a29bf00ce1a550ea1df988ac', 'hex')),
    inputKind: 'p2pkh',
    api: { estimateFee: async () => -1 },
    spendableUnspents: async () => many,
  });
  const coin: SwapCoin = { ticker: 'RLTC1', fees, balance: async () => MmNumber.parse('1.2') };
  const exactFee = (amount: MmNumber) => fees.senderTradeFee({ exact: amount }, 'StartSwap');

  it('one payment (P2SH, OP_RETURN, change) spends at most the 674 largest outputs', async () => {
    expect((await fees.maxPaymentSpend()).toDecimalString()).toBe('0.674');
  });

  it('answers a volume whose payment the planner builds within the standard size, where the whole-balance one is refused', async () => {
    const max = await calcMaxTakerVol(coin, 'RLTC2', 'TradePreimage');
    expect(max.lt(MmNumber.parse('0.674'))).toBe(true);
    const dex = dexFee('RLTC1', 'RLTC2', max, fees.minTxAmount).total;
    // the payment of max, priced by a real plan: it fits, and with the dex fee it stays within what the 674 carry
    const paymentFee = await exactFee(max);
    expect(max.add(paymentFee.amount).add(dex).lte(MmNumber.parse('0.674'))).toBe(true);
    // KDF's answer from the whole balance (about 1.198) asks for more inputs than a standard transaction holds; so does 1
    const refused = await exactFee(MmNumber.ONE).then(
      () => null,
      (e: unknown) => e as MmError,
    );
    expect(refused?.errorType).toBe('TransactionTooLarge');
  });
});
