/**
 * The simple swap's quote: `best_orders` entries come from other peers, so each is checked before
 * its price is shown; the pick is the best price among the orders that take the whole amount; a
 * quote read again on confirm says whether the price moved; the `sell` is matched to that one
 * order, at its exact price, fill or kill.
 */
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { bestOrdersParams, MAX_BEST_ENTRIES, overBalance, pickBest, quoteChange, readBestOrders, sellParams } from '../../../src/ui/lib/simpleSwap';

const triple = (n: MmNumber | string) => {
  const m = typeof n === 'string' ? MmNumber.parse(n) : n;
  return { decimal: m.toDecimalString(), rational: m.toRational(), fraction: m.toFraction() };
};
const uuid = (i: number) => `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`;
const entry = (i: number, price: MmNumber | string, min: string, max: string, extra: Record<string, unknown> = {}) => ({
  coin: 'RLTC2',
  address: { address_type: 'Transparent', address_data: 'addr' },
  price: triple(price),
  pubkey: '02'.padEnd(66, 'a'),
  uuid: uuid(i),
  is_mine: false,
  base_max_volume: triple(max),
  base_min_volume: triple(min),
  rel_max_volume: triple('1'),
  rel_min_volume: triple('0'),
  conf_settings: null,
  ...extra,
});
const result = (list: unknown[]) => ({ orders: { RLTC2: list }, original_tickers: {} });
const n = (s: string) => MmNumber.parse(s);

describe('simple swap quote', () => {
  it('asks best_orders for selling the from coin by volume, without my own orders', () => {
    expect(bestOrdersParams('RLTC1', '0.5')).toEqual({
      coin: 'RLTC1',
      action: 'sell',
      request_by: { type: 'volume', value: '0.5' },
      exclude_mine: true,
    });
  });

  it('reads exact prices from the fraction (a price of 1/3 is not cut to its decimal)', () => {
    const third = MmNumber.of(1n, 3n);
    const [o] = readBestOrders(result([entry(1, third, '0.001', '2')]), 'RLTC2');
    expect(o?.price.eq(third)).toBe(true);
    expect(o?.maxFrom.eq(n('2'))).toBe(true);
    expect(readBestOrders(result([entry(1, third, '0.001', '2')]), 'RLTC9')).toEqual([]);
  });

  it('leaves out entries a peer could use to mislead: mine, malformed, negative or inverted limits', () => {
    const list = [
      entry(1, '2', '0.1', '1', { is_mine: true }),
      entry(2, '0', '0.1', '1'),
      entry(3, '-2', '0.1', '1'),
      entry(4, '2', '2', '1'),
      entry(5, '2', '-1', '1'),
      entry(6, '2', '0.1', '1', { uuid: 'not-a-uuid' }),
      entry(7, '2', '0.1', '1', { price: { decimal: 'NaN' } }),
      entry(8, '2', '0.1', '1', { base_max_volume: 'lots' }),
      'junk',
      null,
      entry(9, '1.5', '0.1', '1'),
    ];
    expect(readBestOrders(result(list), 'RLTC2').map((o) => o.uuid)).toEqual([uuid(9)]);
    for (const bad of [null, [], { orders: [] }, { orders: { RLTC2: 'x' } }, { orders: { RLTC2: {} } }]) expect(readBestOrders(bad, 'RLTC2')).toEqual([]);
  });

  it('reads a bounded number of entries', () => {
    const many = Array.from({ length: MAX_BEST_ENTRIES + 50 }, (_, i) => entry(i, '1', '0', '1'));
    expect(readBestOrders(result(many), 'RLTC2')).toHaveLength(MAX_BEST_ENTRIES);
  });

  it('picks the highest price among the orders that take the whole amount', () => {
    const orders = readBestOrders(result([entry(1, '1.9', '0.1', '5'), entry(2, '2.1', '0.1', '0.4'), entry(3, '2', '0.5', '3'), entry(4, '2', '0.1', '3')]), 'RLTC2');
    const p = pickBest(orders, n('0.5'));
    expect(p.kind).toBe('order');
    if (p.kind !== 'order') return;
    // 2.1 takes at most 0.4; of the two at 2, the earlier uuid.
    expect(p.order.uuid).toBe(uuid(3));
    expect(p.receive.toDecimalString()).toBe('1');
    const small = pickBest(orders, n('0.2'));
    expect(small.kind === 'order' && small.order.uuid).toBe(uuid(2));
  });

  it('says why there is no quote: no order, too much, too little', () => {
    expect(pickBest([], n('1'))).toEqual({ kind: 'none' });
    const orders = readBestOrders(result([entry(1, '2', '0.5', '3'), entry(2, '2', '0.8', '1')]), 'RLTC2');
    const big = pickBest(orders, n('4'));
    expect(big.kind === 'tooLarge' && big.maxFrom.toDecimalString()).toBe('3');
    const tiny = pickBest(orders, n('0.1'));
    expect(tiny.kind === 'tooSmall' && tiny.minFrom.toDecimalString()).toBe('0.5');
  });

  it('tells on confirm whether the price moved', () => {
    const [shown] = readBestOrders(result([entry(1, '2', '0.1', '3')]), 'RLTC2');
    if (!shown) throw new Error('no order');
    const again = (list: unknown[]) => pickBest(readBestOrders(result(list), 'RLTC2'), n('1'));
    expect(quoteChange(shown, again([entry(1, '2', '0.1', '3')]))).toBe('same');
    expect(quoteChange(shown, again([entry(1, '1.9', '0.1', '3')]))).toBe('worse');
    expect(quoteChange(shown, again([entry(2, '2.2', '0.1', '3')]))).toBe('better');
    expect(quoteChange(shown, again([]))).toBe('gone');
    expect(quoteChange(shown, again([entry(1, '2', '0.1', '0.5')]))).toBe('gone');
  });

  it('flags an amount over the balance, and not an unknown balance', () => {
    expect(overBalance(n('2'), '1.5')?.toDecimalString()).toBe('1.5');
    expect(overBalance(n('1.5'), '1.5')).toBeNull();
    expect(overBalance(n('2'), '')).toBeNull();
  });

  it('sells matched to the one order, at its exact price, fill or kill', () => {
    const third = MmNumber.of(1n, 3n);
    const [o] = readBestOrders(result([entry(7, third, '0.1', '3')]), 'RLTC2');
    if (!o) throw new Error('no order');
    const p = sellParams('RLTC1', 'RLTC2', '0.3', o);
    expect(p).toEqual({
      base: 'RLTC1',
      rel: 'RLTC2',
      volume: '0.3',
      price: third.toFraction(),
      match_by: { type: 'Orders', data: [uuid(7)] },
      order_type: { type: 'FillOrKill' },
    });
    expect(MmNumber.parse(p.price).eq(third)).toBe(true);
  });
});
