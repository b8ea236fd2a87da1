/**
 * `min_trading_vol`, `max_maker_vol` (mmrpc 2.0) and `get_trade_fee` through the dispatcher over
 * the fixture's fake coins: KDF's bodies, errors and statuses, and hostile arguments.
 */
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../src/shared/number';
import coins from '../../../fixtures/swaps/coins.json';
import { swapsTestNode, type FakeCoinsFixture } from './fakeCoins';

const node = () => swapsTestNode(coins as FakeCoinsFixture);
const multi = (v: string) => {
  const n = MmNumber.parse(v);
  return { decimal: n.toDecimalString(), rational: n.toRational(), fraction: n.toFraction() };
};
const text = (body: unknown): string => String((body as { error?: unknown }).error).replace(/^(?:\S+:\d+\] )+/, '');

describe('min_trading_vol', () => {
  it('answers the coin and its minimum in the three number forms', async () => {
    const { status, body } = await node().legacy('min_trading_vol', { coin: 'UTXA' });
    expect(status).toBe(200);
    expect(body).toEqual({
      result: { coin: 'UTXA', min_trading_vol: '0.000546', min_trading_vol_fraction: { numer: '273', denom: '500000' }, min_trading_vol_rat: [[1, [273]], [1, [500000]]] },
    });
    expect(Object.keys((body as { result: object }).result)).toEqual(['coin', 'min_trading_vol', 'min_trading_vol_fraction', 'min_trading_vol_rat']);
  });

  it('a coin that is not active, or no coin string, is KDF’s flat error', async () => {
    const n = node();
    const unknown = await n.legacy('min_trading_vol', { coin: 'NOPE' });
    expect(unknown.status).toBe(500);
    expect(text(unknown.body)).toBe('No such coin: NOPE');
    for (const args of [{}, { coin: 5 }, { coin: null }, { coin: ['UTXA'] }]) {
      const res = await n.legacy('min_trading_vol', args);
      expect(res.status).toBe(500);
      expect(text(res.body)).toBe("No 'coin' field");
    }
  });
});

describe('max_maker_vol', () => {
  it('the balance less the payment fee, with the balance and what swaps hold', async () => {
    const { status, body } = await node().mmrpc('max_maker_vol', { coin: 'UTXA' });
    expect(status).toBe(200);
    expect(body).toEqual({ mmrpc: '2.0', result: { coin: 'UTXA', volume: multi('9.99999'), balance: multi('10'), locked_by_swaps: multi('0') }, id: 7 });
  });

  it('running swaps’ hold comes off first and is reported', async () => {
    const n = node();
    Object.assign(n.ctx, { swaps: { lockedAmount: (coin: string) => MmNumber.parse(coin === 'UTXA' ? '2.5' : '0') } });
    const { body } = await n.mmrpc('max_maker_vol', { coin: 'UTXA' });
    expect((body as { result: unknown }).result).toEqual({ coin: 'UTXA', volume: multi('7.49999'), balance: multi('10'), locked_by_swaps: multi('2.5') });
  });

  it('a token whose gas the platform pays offers its whole balance', async () => {
    const { body } = await node().mmrpc('max_maker_vol', { coin: 'TOKX' });
    expect((body as { result: unknown }).result).toMatchObject({ volume: multi('100'), balance: multi('100') });
  });

  it('errors: NoSuchCoin 404, balance errors 400, a failing estimate 500', async () => {
    const n = node();
    expect((await n.mmrpc('max_maker_vol', { coin: 'NOPE' })).status).toBe(404);
    expect((await n.mmrpc('max_maker_vol', { coin: 'NOPE' })).body).toMatchObject({ error: 'No such coin NOPE', error_type: 'NoSuchCoin', error_data: { coin: 'NOPE' } });
    expect((await n.mmrpc('max_maker_vol', { coin: 'WALLETONLY' })).status).toBe(404);
    const gas = await n.mmrpc('max_maker_vol', { coin: 'TOKP' });
    expect(gas).toMatchObject({ status: 400, body: { error_type: 'NotSufficientBaseCoinBalance', error_data: { coin: 'ETHX', available: '0.001', required: '0.00455', locked_by_swaps: '0' } } });
    const short = await n.mmrpc('max_maker_vol', { coin: 'SHORT' });
    expect(short).toMatchObject({ status: 400, body: { error_type: 'NotSufficientBalance', error_data: { coin: 'SHORT' } } });
    expect((await n.mmrpc('max_maker_vol', { coin: 'BROKEN' })).body).toMatchObject({ error_type: 'InternalError' });
    expect((await n.mmrpc('max_maker_vol', { coin: 'BROKEN' })).status).toBe(500);
  });

  it('a missing or mistyped coin is an invalid request; the flat form does not exist', async () => {
    const n = node();
    for (const params of [{}, { coin: 1 }, { coin: { ticker: 'UTXA' } }]) {
      const res = await n.mmrpc('max_maker_vol', params);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ mmrpc: '2.0', error_type: 'InvalidRequest' });
    }
    const legacy = await n.legacy('max_maker_vol', { coin: 'UTXA' });
    expect(legacy.status).not.toBe(200);
  });
});

describe('get_trade_fee', () => {
  it('a coin that is not active, or no coin string, is KDF’s flat error', async () => {
    const n = node();
    const unknown = await n.legacy('get_trade_fee', { coin: 'NOPE' });
    expect(unknown.status).toBe(500);
    expect(text(unknown.body)).toBe('No such coin: NOPE');
    expect(text((await n.legacy('get_trade_fee', {})).body)).toBe("No 'coin' field");
  });

  it('a coin of no UTXO or EVM family is refused by name', async () => {
    const res = await node().legacy('get_trade_fee', { coin: 'UTXA' });
    expect(res.status).toBe(500);
    expect(text(res.body)).toBe('get_trade_fee is not supported for UTXA');
  });
});
