import { describe, expect, it } from 'vitest';
import fixture from '../../../fixtures/swaps/trade-preimage.json';
import coins from '../../../fixtures/swaps/coins.json';
import { MmNumber } from '../../../../src/shared/number';
import { swapsTestNode, type FakeCoinsFixture } from './fakeCoins';

type Fee = [string, string, boolean];
type Total = [string, string, string];

interface Case {
  description: string;
  params: Record<string, unknown>;
  status: number;
  result?: { base_coin_fee: Fee; rel_coin_fee: Fee; taker_fee?: Fee; fee_to_send_taker_fee?: Fee; volume?: string; total_fees: Total[] };
  error_type?: string;
  error_data?: unknown;
}

const node = () => swapsTestNode(coins as FakeCoinsFixture);

/** `x`, `x_rat` and `x_fraction` must be the same number, and equal `expected`. */
function expectTriple(obj: Record<string, unknown>, prefix: string, expected: string): void {
  const value = MmNumber.parse(obj[prefix]);
  expect(value.eq(MmNumber.parse(expected)), `${prefix} ${String(obj[prefix])} ≠ ${expected}`).toBe(true);
  expect(MmNumber.parse(obj[`${prefix}_rat`]).eq(value), `${prefix}_rat`).toBe(true);
  expect(MmNumber.parse(obj[`${prefix}_fraction`]).eq(value), `${prefix}_fraction`).toBe(true);
}

function expectFee(actual: unknown, [coin, amount, paidFromTradingVol]: Fee): void {
  const fee = actual as Record<string, unknown>;
  expect(Object.keys(fee).sort()).toEqual(['amount', 'amount_fraction', 'amount_rat', 'coin', 'paid_from_trading_vol']);
  expect(fee.coin).toBe(coin);
  expect(fee.paid_from_trading_vol).toBe(paidFromTradingVol);
  expectTriple(fee, 'amount', amount);
}

function expectResult(result: Record<string, unknown>, expected: NonNullable<Case['result']>): void {
  const keys = ['base_coin_fee', 'rel_coin_fee', 'total_fees'];
  if (expected.taker_fee) keys.push('taker_fee', 'fee_to_send_taker_fee');
  if (expected.volume) keys.push('volume', 'volume_rat', 'volume_fraction');
  expect(Object.keys(result).sort()).toEqual(keys.sort());
  expectFee(result.base_coin_fee, expected.base_coin_fee);
  expectFee(result.rel_coin_fee, expected.rel_coin_fee);
  if (expected.taker_fee) expectFee(result.taker_fee, expected.taker_fee);
  if (expected.fee_to_send_taker_fee) expectFee(result.fee_to_send_taker_fee, expected.fee_to_send_taker_fee);
  if (expected.volume) expectTriple(result, 'volume', expected.volume);
  const totals = result.total_fees as Record<string, unknown>[];
  expect(totals.map((t) => t.coin)).toEqual(expected.total_fees.map((t) => t[0]));
  totals.forEach((t, i) => {
    const [, amount, required] = expected.total_fees[i]!;
    expect(Object.keys(t).sort()).toEqual(
      ['amount', 'amount_fraction', 'amount_rat', 'coin', 'required_balance', 'required_balance_fraction', 'required_balance_rat'],
    );
    expectTriple(t, 'amount', amount);
    expectTriple(t, 'required_balance', required);
  });
}

describe('trade_preimage (mmrpc 2.0)', () => {
  it.each(fixture.cases as Case[])('$description', async (c) => {
    const reply = await node().mmrpc('trade_preimage', c.params);
    const body = reply.body as Record<string, unknown>;
    expect(reply.status, JSON.stringify(body)).toBe(c.status);
    expect(body.id).toBe(7);
    if (c.result) {
      expect(body.mmrpc).toBe('2.0');
      expectResult(body.result as Record<string, unknown>, c.result);
      return;
    }
    expect(body.error_type).toBe(c.error_type);
    expect(typeof body.error).toBe('string');
    if (c.error_data !== undefined) expect(body.error_data).toEqual(c.error_data);
    else if (c.error_type !== 'InvalidRequest') expect('error_data' in body).toBe(false);
  });

  it('estimates every fee at the TradePreimage stage, the taker fee first, with the dex fee split for a KMD taker', async () => {
    const n = node();
    const reply = await n.mmrpc('trade_preimage', { base: 'KMD', rel: 'UTXA', swap_method: 'sell', price: '1', volume: '77.7' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(n.calls).toEqual([
      { coin: 'KMD', method: 'feeToSend', stage: 'TradePreimage', dexFee: { fee: '0.0675', burn: '0.0225' } },
      { coin: 'KMD', method: 'sender', stage: 'TradePreimage', value: { exact: '77.7' } },
      { coin: 'UTXA', method: 'receiver', stage: 'TradePreimage' },
    ]);
    const result = (reply.body as { result: Record<string, unknown> }).result;
    expectFee(result.taker_fee, ['KMD', '0.09', false]);
  });

  it('prices a maker with max on the upper bound, then on the volume found', async () => {
    const n = node();
    await n.mmrpc('trade_preimage', { base: 'UTXA', rel: 'UTXB', swap_method: 'setprice', price: '2', max: true });
    expect(n.calls).toEqual([
      { coin: 'UTXA', method: 'sender', stage: 'TradePreimage', value: { upperBound: '10' } },
      { coin: 'UTXA', method: 'sender', stage: 'TradePreimage', value: { exact: '9.99999' } },
      { coin: 'UTXB', method: 'receiver', stage: 'TradePreimage' },
    ]);
  });

  it('answers the docs example (buy BTC/DOC 0.1 at 1) with the taker fee 1/7770 DOC', async () => {
    const reply = await node().mmrpc('trade_preimage', { base: 'BTC', rel: 'DOC', swap_method: 'buy', price: '1', volume: '0.1' });
    const takerFee = (reply.body as { result: { taker_fee: Record<string, unknown> } }).result.taker_fee;
    expect(takerFee).toMatchObject({
      coin: 'DOC',
      amount_fraction: { numer: '1', denom: '7770' },
      amount_rat: [[1, [1]], [1, [7770]]],
      paid_from_trading_vol: false,
    });
    expect(takerFee.amount).toMatch(/^0\.000128700128700128700/);
  });
});

describe('trade_preimage (legacy)', () => {
  it('answers the same result wrapped in {"result": …}', async () => {
    const n = node();
    const params = { base: 'UTXA', rel: 'UTXB', swap_method: 'sell', price: '2', volume: '7.77' };
    const legacy = await n.legacy('trade_preimage', params);
    const mmrpc = await n.mmrpc('trade_preimage', params);
    expect(legacy.status).toBe(200);
    expect(Object.keys(legacy.body as object)).toEqual(['result']);
    expect((legacy.body as { result: unknown }).result).toEqual((mmrpc.body as { result: unknown }).result);
  });

  it('answers errors as KDF flat errors: 500 and {"error"} text', async () => {
    const reply = await node().legacy('trade_preimage', { base: 'UTXA', rel: 'UTXA', swap_method: 'sell', price: '1', volume: '1' });
    expect(reply.status).toBe(500);
    expect(Object.keys(reply.body as object)).toEqual(['error']);
    expect((reply.body as { error: string }).error).toContain('Rel coin can not be same as base');
  });
});
