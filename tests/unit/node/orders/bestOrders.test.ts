import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../src/shared/number';
import { bestOrders } from '../../../../src/node/orders/sync';
import type { OrderbookItem } from '../../../../src/node/orders/types';

/** KDF's rule written plainly: every order of the coin sorted by price then uuid, then each pair's share taken in that order. */
function reference(orders: readonly OrderbookItem[], coin: string, action: 'buy' | 'sell', limit: MmNumber | number): Map<string, OrderbookItem[]> | null {
  const relevant = orders
    .filter((o) => (action === 'buy' ? o.base : o.rel) === coin)
    .sort((a, b) => a.price.cmp(b.price) || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
  if (relevant.length === 0) return null;
  const result = new Map<string, OrderbookItem[]>();
  const collected = new Map<string, MmNumber>();
  for (const o of relevant) {
    const other = action === 'buy' ? o.rel : o.base;
    const picked = result.get(other) ?? [];
    result.set(other, picked);
    if (typeof limit === 'number') {
      if (picked.length < limit) picked.push(o);
      continue;
    }
    const sum = collected.get(other) ?? MmNumber.ZERO;
    const inCoin = (v: MmNumber): MmNumber => (action === 'buy' ? v : v.mul(o.price));
    if (sum.gte(limit) || inCoin(o.minVolume).gt(limit)) continue;
    picked.push(o);
    collected.set(other, sum.add(inCoin(o.maxVolume)));
  }
  return result;
}

const COINS = ['A', 'B', 'C', 'D'];
const order = fc
  .record({
    pair: fc.integer({ min: 0, max: 11 }),
    price: fc.integer({ min: 1, max: 6 }),
    max: fc.integer({ min: 1, max: 8 }),
    min: fc.integer({ min: 0, max: 4 }),
    uuid: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ pair, price, max, min, uuid }): OrderbookItem => {
    const base = COINS[pair % 4]!;
    const rel = COINS.filter((c) => c !== base)[pair % 3]!;
    return {
      pubkey: '02',
      base,
      rel,
      price: MmNumber.of(BigInt(price), 2n),
      maxVolume: MmNumber.of(BigInt(max), 2n),
      minVolume: MmNumber.of(BigInt(min), 4n),
      uuid: `u-${String(uuid).padStart(3, '0')}`,
      createdAt: 0,
      baseProtocolInfo: new Uint8Array(),
      relProtocolInfo: new Uint8Array(),
      confSettings: null,
    };
  });

describe('bestOrders (each pair read cheapest first, only as far as taken)', () => {
  // Uuids are unique, as in the book: they break price ties.
  it('takes what sorting every order of the coin takes, by volume and by number', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(order, { maxLength: 80, selector: (o) => o.uuid }),
        fc.constantFrom(...COINS),
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.oneof(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 20 }).map((v) => MmNumber.of(BigInt(v), 2n))),
        (orders, coin, action, limit) => {
          const uuids = (m: Map<string, OrderbookItem[]> | null) => m && Object.fromEntries([...m].map(([k, l]) => [k, l.map((o) => o.uuid)]));
          expect(uuids(bestOrders(orders, coin, action, limit))).toEqual(uuids(reference(orders, coin, action, limit)));
        },
      ),
      { numRuns: 500 },
    );
  });
});
