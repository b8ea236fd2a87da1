/**
 * What running swaps hold back (`get_locked_amount`) feeds the order balance checks, the maker's
 * max volume, `trade_preimage` and `max_taker_vol`, and the errors report it as `locked_by_swaps`,
 * apart from what my open orders promise (`locked_by_orders`).
 */
import { describe, expect, it } from 'vitest';
import coins from '../../../fixtures/swaps/coins.json';
import { MmNumber } from '../../../../src/shared/number';
import { MmError } from '../../../../src/node/core/errors';
import { swapsBalance } from '../../../../src/node/orders/swapsBalance';
import { swapsTestNode, type FakeCoinsFixture, type SwapsTestNode } from './fakeCoins';

const n = (s: string): MmNumber => MmNumber.parse(s);

/** UTXA holds 10; running swaps hold `bySwaps` of it. */
function nodeWithRunningSwaps(bySwaps: string): SwapsTestNode {
  const node = swapsTestNode(coins as FakeCoinsFixture);
  Object.assign(node.ctx, { swaps: { lockedAmount: (coin: string) => (coin === 'UTXA' ? n(bySwaps) : MmNumber.ZERO) } });
  return node;
}

async function failure(p: Promise<unknown>): Promise<MmError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof MmError) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('running swaps in the balance accounting', () => {
  it('an order check holds back both, and reports them apart', async () => {
    const node = nodeWithRunningSwaps('4');
    const balance = swapsBalance(node.ctx);
    const byOrders = (coin: string): MmNumber => (coin === 'UTXA' ? n('0.5') : MmNumber.ZERO);
    const req = { base: 'UTXA', rel: 'UTXB', volume: n('6'), price: n('1'), action: 'setprice' as const };
    const e = await failure(balance.check(req, byOrders));
    expect(e.errorType).toBe('NotSufficientBalance');
    expect(e.errorData).toEqual({ coin: 'UTXA', available: '5.5', required: '6.00001', locked_by_swaps: '4', locked_by_orders: '0.5' });
    await expect(balance.check({ ...req, volume: n('5') }, byOrders)).resolves.toBeUndefined();
  });

  it("the maker's max volume leaves out what swaps and orders hold", async () => {
    const balance = swapsBalance(nodeWithRunningSwaps('4').ctx);
    const max = await balance.maxMakerVolume('UTXA', (coin) => (coin === 'UTXA' ? n('1') : MmNumber.ZERO));
    expect(max.toDecimalString()).toBe('4.99999');
    const none = await balance.maxMakerVolume('UTXA', () => MmNumber.ZERO);
    expect(none.toDecimalString()).toBe('5.99999');
  });

  it('trade_preimage and max_taker_vol count the running swaps (locked_by_swaps only)', async () => {
    const node = nodeWithRunningSwaps('4');
    const res = await node.mmrpc('trade_preimage', { base: 'UTXA', rel: 'UTXB', swap_method: 'sell', price: '1', volume: '6' });
    expect(res.status).toBe(400);
    const body = res.body as { error_type: string; error_data: Record<string, string> };
    expect(body.error_type).toBe('NotSufficientBalance');
    expect(body.error_data.locked_by_swaps).toBe('4');
    expect(body.error_data).not.toHaveProperty('locked_by_orders');

    const free = swapsTestNode(coins as FakeCoinsFixture);
    const held = (await node.legacy('max_taker_vol', { coin: 'UTXA' })).body as { result: { numer: string; denom: string } };
    const unheld = (await free.legacy('max_taker_vol', { coin: 'UTXA' })).body as { result: { numer: string; denom: string } };
    const ratio = (r: { numer: string; denom: string }): MmNumber => MmNumber.of(BigInt(r.numer), BigInt(r.denom));
    expect(ratio(held.result).lt(ratio(unheld.result))).toBe(true);
    expect(ratio(held.result).lt(n('6'))).toBe(true);
  });
});
