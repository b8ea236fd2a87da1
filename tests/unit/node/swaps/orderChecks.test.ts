import { describe, expect, it } from 'vitest';
import coins from '../../../fixtures/swaps/coins.json';
import { MmNumber } from '../../../../src/shared/number';
import { MmError } from '../../../../src/node/core/errors';
import { checkBalanceForSwap, maxMakerVol, maxTakerVol, type LockedAmounts } from '../../../../src/node/swaps';
import { swapsTestNode, type FakeCoinsFixture } from './fakeCoins';

const node = () => swapsTestNode(coins as FakeCoinsFixture);
const locked =
  (amounts: Record<string, string>): LockedAmounts =>
  (coin) =>
    MmNumber.parse(amounts[coin] ?? '0');

async function failure(p: Promise<unknown>): Promise<{ errorType: string; errorData: unknown }> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(MmError);
  return e as MmError;
}

describe('checkBalanceForSwap (for orders)', () => {
  it('passes a maker order the balance pays for, estimating at the OrderIssue stage', async () => {
    const n = node();
    await checkBalanceForSwap(n.ctx, { base: 'UTXA', rel: 'UTXB', volume: MmNumber.parse('9'), price: MmNumber.ONE, action: 'setprice' });
    expect(n.calls.map((c) => c.stage)).toEqual(['OrderIssue', 'OrderIssue']);
  });

  it('holds back what running swaps locked and reports it', async () => {
    const n = node();
    const e = await failure(
      checkBalanceForSwap(n.ctx, {
        base: 'UTXA',
        rel: 'UTXB',
        volume: MmNumber.parse('6'),
        price: MmNumber.ONE,
        action: 'setprice',
        lockedBySwaps: locked({ UTXA: '5' }),
      }),
    );
    expect(e.errorType).toBe('NotSufficientBalance');
    expect(e.errorData).toEqual({ coin: 'UTXA', available: '5', required: '6.00001', locked_by_swaps: '5' });
  });

  it('checks a buyer against the rel coin: volume × price plus its dex fee', async () => {
    const n = node();
    // Buying 10 UTXA at 0.778 sends 7.78 POOR; with the dex fee 0.01001… and fees that is more than 7.78.
    const e = await failure(
      checkBalanceForSwap(n.ctx, { base: 'UTXA', rel: 'POOR', volume: MmNumber.parse('10'), price: MmNumber.parse('0.778'), action: 'buy' }),
    );
    expect(e.errorType).toBe('NotSufficientBalance');
    expect((e.errorData as { coin: string }).coin).toBe('POOR');
    expect(n.calls[0]).toMatchObject({ coin: 'POOR', method: 'feeToSend' });
  });

  it("reports a token's platform short of gas as NotSufficientBaseCoinBalance, with the platform's locked amount", async () => {
    const e = await failure(
      checkBalanceForSwap(node().ctx, {
        base: 'TOKX',
        rel: 'UTXA',
        volume: MmNumber.ONE,
        price: MmNumber.ONE,
        action: 'sell',
        lockedBySwaps: locked({ ETHX: '0.999' }),
      }),
    );
    expect(e.errorType).toBe('NotSufficientBaseCoinBalance');
    expect(e.errorData).toEqual({ coin: 'ETHX', available: '0.001', required: '0.00602', locked_by_swaps: '0.999' });
  });
});

describe('maxTakerVol / maxMakerVol (for orders)', () => {
  it('takes locked amounts off before solving', async () => {
    const max = await maxTakerVol(node().ctx, 'UTXA', 'UTXB', { lockedBySwaps: locked({ UTXA: '1' }) });
    // (10 − 1 − 0.00001 − 0.00000226) × 777/778
    expect(max.eq(MmNumber.parse('8.99998774').mul(MmNumber.of(777n, 778n)))).toBe(true);
  });

  it('offers a maker the balance less the fee of sending it', async () => {
    expect((await maxMakerVol(node().ctx, 'UTXA')).toDecimalString()).toBe('9.99999');
  });

  it('refuses a maker whose remainder would be dust', async () => {
    const e = await failure(maxMakerVol(node().ctx, 'POORER', { lockedBySwaps: locked({ POORER: '0.00005' }) }));
    expect(e.errorType).toBe('NotSufficientBalance');
    expect(e.errorData).toEqual({ coin: 'POORER', available: '0.00005', required: '0.0000646', locked_by_swaps: '0.00005' });
  });

  it("refuses a token maker whose platform cannot pay the payment's gas", async () => {
    const e = await failure(maxMakerVol(node().ctx, 'TOKP'));
    expect(e.errorType).toBe('NotSufficientBaseCoinBalance');
    expect(e.errorData).toEqual({ coin: 'ETHX', available: '0.001', required: '0.00455', locked_by_swaps: '0' });
  });
});
