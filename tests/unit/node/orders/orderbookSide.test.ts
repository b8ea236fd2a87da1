import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { MmNumber } from '../../../../src/shared/number';
import { bytesToHex } from '../../../../src/node/crypto';
import { BookSide, KeptPairs } from '../../../../src/node/orders/orderbookSide';
import { entryView, type EntryView } from '../../../../src/node/orders/orderbookEntry';
import { entryV2ToWire, multiRepr, orderbookV2Response } from '../../../../src/node/orders/orderbookV2';
import { orderbookResponse } from '../../../../src/node/orders/orderbookWire';
import type { OrderbookItem } from '../../../../src/node/orders/types';
import { CONFIGS } from './harness';

const BASE = 'RLTC1';
const REL = 'RLTC2';
const baseConfig = CONFIGS.get(BASE)!;
const relConfig = CONFIGS.get(REL)!;
const key = (i: number): string => bytesToHex(secp256k1.getPublicKey(new Uint8Array(32).fill(i), true));
/** The last maker's pubkey is not hex: no address can be derived, its orders have no entry. */
const MAKERS = [key(1), key(2), key(3), 'not a pubkey'];
const ME = MAKERS[0]!;
const conf = { baseConfs: 1, baseNota: false, relConfs: 2, relNota: true };

let made = 0;
/** Uuids whose order is not the order of creation. */
const nextUuid = (): string => `00000000-0000-4000-8000-${String((++made * 7919) % 1_000_003).padStart(12, '0')}`;

function order(ask: boolean, price: MmNumber, maxVolume: MmNumber, maker: string): OrderbookItem {
  return {
    pubkey: maker,
    base: ask ? BASE : REL,
    rel: ask ? REL : BASE,
    price,
    maxVolume,
    minVolume: MmNumber.ZERO,
    uuid: nextUuid(),
    createdAt: 1_000,
    baseProtocolInfo: new Uint8Array(),
    relProtocolInfo: new Uint8Array(),
    confSettings: made % 3 === 0 ? null : conf,
  };
}

/** The answer computed from nothing, as the first implementation did: sort, sum, render with spreads. */
function fromScratch(asks: readonly OrderbookItem[], bids: readonly OrderbookItem[], nowMs: number, limit?: number): unknown {
  const side = (items: readonly OrderbookItem[], inverted: boolean, descending: boolean) => {
    const views = items
      .map((i) => entryView(i, inverted, 'base', inverted ? relConfig : baseConfig, ME))
      .filter((v): v is EntryView => v !== null)
      .sort((a, b) => (descending ? -1 : 1) * (a.price.cmp(b.price) || (a.item.uuid < b.item.uuid ? -1 : 1)));
    let base = MmNumber.ZERO;
    let rel = MmNumber.ZERO;
    const entries = views.map((e) => {
      base = base.add(e.baseMaxVolume);
      rel = rel.add(e.relMaxVolume);
      return {
        coin: e.coin,
        address: e.address,
        ...e.price.toJsonTriple('price'),
        maxvolume: e.maxVolume.toDecimalString(),
        max_volume_rat: e.maxVolume.toRational(),
        max_volume_fraction: e.maxVolume.toFraction(),
        ...e.minVolume.toJsonTriple('min_volume'),
        pubkey: e.item.pubkey,
        age: Math.max(0, Math.floor(nowMs / 1000) - e.item.createdAt),
        uuid: e.item.uuid,
        is_mine: e.isMine,
        ...e.baseMaxVolume.toJsonTriple('base_max_volume'),
        ...e.baseMinVolume.toJsonTriple('base_min_volume'),
        ...e.relMaxVolume.toJsonTriple('rel_max_volume'),
        ...e.relMinVolume.toJsonTriple('rel_min_volume'),
        ...e.conf,
        ...base.toJsonTriple('base_max_volume_aggr'),
        ...rel.toJsonTriple('rel_max_volume_aggr'),
      };
    });
    return { entries: entries.slice(0, limit), base, rel };
  };
  const a = side(asks, false, false);
  const b = side(bids, true, true);
  return {
    askdepth: 0,
    asks: a.entries,
    base: BASE,
    biddepth: 0,
    bids: b.entries,
    netid: 7777,
    numasks: asks.filter((i) => entryView(i, false, 'base', baseConfig, ME)).length,
    numbids: bids.filter((i) => entryView(i, true, 'base', relConfig, ME)).length,
    rel: REL,
    timestamp: Math.floor(nowMs / 1000),
    ...a.base.toJsonTriple('total_asks_base_vol'),
    ...a.rel.toJsonTriple('total_asks_rel_vol'),
    ...b.base.toJsonTriple('total_bids_base_vol'),
    ...b.rel.toJsonTriple('total_bids_rel_vol'),
  };
}

/** The mmrpc answer computed from nothing: sorted and summed as the flat one, the asks then listed dearest first. */
function v2FromScratch(asks: readonly OrderbookItem[], bids: readonly OrderbookItem[], nowMs: number): unknown {
  const side = (items: readonly OrderbookItem[], inverted: boolean, descending: boolean) => {
    const views = items
      .map((i) => entryView(i, inverted, 'base', inverted ? relConfig : baseConfig, ME))
      .filter((v): v is EntryView => v !== null)
      .sort((a, b) => (descending ? -1 : 1) * (a.price.cmp(b.price) || (a.item.uuid < b.item.uuid ? -1 : 1)));
    let base = MmNumber.ZERO;
    let rel = MmNumber.ZERO;
    const entries = views.map((e) => {
      base = base.add(e.baseMaxVolume);
      rel = rel.add(e.relMaxVolume);
      return { ...entryV2ToWire(e), base_max_volume_aggr: multiRepr(base), rel_max_volume_aggr: multiRepr(rel) };
    });
    return { entries, base, rel };
  };
  const a = side(asks, false, false);
  const b = side(bids, true, true);
  return {
    asks: a.entries.reverse(),
    base: BASE,
    bids: b.entries,
    net_id: 7777,
    num_asks: a.entries.length,
    num_bids: b.entries.length,
    rel: REL,
    timestamp: Math.floor(nowMs / 1000),
    total_asks_base_vol: multiRepr(a.base),
    total_asks_rel_vol: multiRepr(a.rel),
    total_bids_base_vol: multiRepr(b.base),
    total_bids_rel_vol: multiRepr(b.rel),
  };
}

// Few prices and volumes, so that equal prices (ties broken by uuid) and zero volumes are common, and
// two prices closer than a float tells apart.
const price = fc.constantFrom(...[[1n, 2n], [1n, 1n], [3n, 2n], [2n, 1n], [7n, 3n], [3n, 1n], [10n ** 15n + 1n, 10n ** 15n]].map(([n, d]) => MmNumber.of(n!, d)));
const volume = fc.integer({ min: 0, max: 5 }).map((v) => MmNumber.of(BigInt(v), 2n));
const maker = fc.integer({ min: 0, max: MAKERS.length - 1 }).map((i) => MAKERS[i]!);
const step = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), ask: fc.boolean(), price, volume, maker }),
  fc.record({ kind: fc.constant('bulk' as const), count: fc.integer({ min: 17, max: 60 }), price, volume }),
  fc.record({ kind: fc.constant('price' as const), at: fc.nat(), price }),
  fc.record({ kind: fc.constant('volume' as const), at: fc.nat(), volume }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('removeMany' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('read' as const), limit: fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }), seconds: fc.nat(5) }),
);

describe('the orderbook answers kept between calls (flat and mmrpc 2.0)', () => {
  afterEach(() => vi.restoreAllMocks());

  // Sized, not slow code (profiled): the time is every read rendering and serializing the whole
  // book four times (kept and from nothing, flat and v2); addresses are memoized and no step is
  // quadratic. fast-check's default size cuts sequences at 10 steps (maxLength 60 was never
  // reached), so 10 is written; 250 runs (~420 full reads) take a quarter of the 1000 runs' time.
  it('always equal the answers computed from nothing, over random adds, changes, removals and limits', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 10 }), (steps) => {
        // Orders by uuid, in the order the book holds them (a changed order keeps its place).
        const book = new Map<string, OrderbookItem>();
        const held = () => [...book.values()];
        const pick = (at: number) => held()[at % Math.max(1, book.size)];
        let nowMs = 2_000_000;
        const check = (limit?: number) => {
          const asks = held().filter((o) => o.base === BASE);
          const bids = held().filter((o) => o.base === REL);
          const answer = orderbookResponse({ base: BASE, rel: REL, asks, bids, baseConfig, relConfig, myPubkey: ME, netid: 7777, nowMs, limit });
          expect(JSON.stringify(answer)).toBe(JSON.stringify(fromScratch(asks, bids, nowMs, limit)));
          const v2 = orderbookV2Response({ base: BASE, rel: REL, asks, bids, baseConfig, relConfig, myPubkey: ME, netid: 7777, nowMs });
          expect(JSON.stringify(v2)).toBe(JSON.stringify(v2FromScratch(asks, bids, nowMs)));
        };
        for (const s of steps) {
          if (s.kind === 'add') {
            const o = order(s.ask, s.price, s.volume, s.maker);
            book.set(o.uuid, o);
          } else if (s.kind === 'bulk') {
            // Many orders from one maker at once: more than the side re-sorts rather than splices.
            for (let i = 0; i < s.count; i++) {
              const o = order(i % 2 === 0, i % 3 === 0 ? s.price : s.price.add(MmNumber.of(BigInt(i), 7n)), s.volume, MAKERS[1]!);
              book.set(o.uuid, o);
            }
          } else if (s.kind === 'price' || s.kind === 'volume') {
            const o = pick(s.at);
            if (o) book.set(o.uuid, s.kind === 'price' ? { ...o, price: s.price } : { ...o, maxVolume: s.volume });
          } else if (s.kind === 'remove') {
            const o = pick(s.at);
            if (o) book.delete(o.uuid);
          } else if (s.kind === 'removeMany') {
            for (const o of held().slice(s.at % Math.max(1, book.size), (s.at % Math.max(1, book.size)) + s.count)) book.delete(o.uuid);
          } else {
            nowMs += s.seconds * 1000;
            check(s.limit);
          }
        }
        check();
      }),
      { numRuns: 250 },
    );
  });

  it('orders prices exactly where floats cannot: beyond their range, and closer than they tell apart', () => {
    const huge = 2n ** 1030n;
    const ascending = [[1n, 1n], [huge + 1n, huge], [huge + 2n, huge], [10n ** 15n + 1n, 10n ** 15n], [huge, 1n], [huge + 1n, 1n]].map(([n, d]) => MmNumber.of(n!, d));
    const asks = [3, 5, 1, 0, 4, 2].map((i) => order(true, ascending[i]!, MmNumber.ONE, MAKERS[1]!));
    const answer = orderbookResponse({ base: BASE, rel: REL, asks, bids: [], baseConfig, relConfig, myPubkey: key(11), netid: 7777, nowMs: 2_000_000 });
    expect((answer.asks as { price_fraction: unknown }[]).map((e) => e.price_fraction)).toEqual(ascending.map((p) => p.toFraction()));
  });

  it('gives no entry to an order whose maker address cannot be derived', () => {
    expect(entryView(order(true, MmNumber.ONE, MmNumber.ONE, MAKERS[3]!), false, 'base', baseConfig, ME)).toBeNull();
  });
});

interface PlainView {
  price: MmNumber;
  baseMaxVolume: MmNumber;
  relMaxVolume: MmNumber;
  uuid: string;
}

/** A side whose entries' volumes do not depend on the price, so that a price move leaves every volume as it was. */
function plainSide(): BookSide<PlainView, never> {
  const view = (item: OrderbookItem): PlainView => ({ price: item.price, baseMaxVolume: item.maxVolume, relMaxVolume: item.maxVolume, uuid: item.uuid });
  return new BookSide<PlainView, never>(view, (a, b) => a.price.cmp(b.price) || (a.uuid < b.uuid ? -1 : 1));
}

describe('what one changed order touches', () => {
  afterEach(() => vi.restoreAllMocks());
  const orders = Array.from({ length: 100 }, (_, i) => order(true, MmNumber.of(BigInt(i + 1)), MmNumber.of(BigInt((i % 7) + 1)), MAKERS[1]!));

  it('a price move sums and changes only the totals between its old and new places: every other total keeps its object', () => {
    const side = plainSide();
    side.update(orders);
    const before = side.top().map((e) => e.baseTotal);
    // The order at price 10 (index 9) moves to 20.5: after the entry of price 20 (index 19).
    const moved = { ...orders[9]!, price: MmNumber.parse('20.5') };
    side.update(orders.map((o, i) => (i === 9 ? moved : o)));
    const add = vi.spyOn(MmNumber.prototype, 'add');
    const after = side.top();
    // Summed: the entries from its old place to its new one, and the one after (its total found equal).
    expect(add.mock.calls.length).toBe(2 * (20 - 9 + 1));
    expect(after[19]?.view.uuid).toBe(moved.uuid);
    after.forEach((e, i) => {
      if (i < 9 || i > 19) expect(e.baseTotal).toBe(before[i]);
      else if (i < 19) expect(e.baseTotal).not.toBe(before[i]);
    });
    // The moved order is a new entry at 19, its total the one that was there.
    expect(after[19]?.baseTotal.eq(before[19]!)).toBe(true);
  });

  it('a limited read sums only as far as it lists, and a later full read sums the rest', () => {
    const side = plainSide();
    side.update(orders);
    side.top();
    side.update(orders.map((o, i) => (i === 0 ? { ...o, maxVolume: MmNumber.of(50n) } : o)));
    const add = vi.spyOn(MmNumber.prototype, 'add');
    side.top(3);
    expect(add.mock.calls.length).toBeLessThanOrEqual(2 * 3);
    const all = side.top();
    const expected = orders.reduce((sum, o) => sum.add(o.maxVolume), MmNumber.ZERO).add(MmNumber.of(50n)).sub(orders[0]!.maxVolume);
    expect(all.at(-1)?.baseTotal.eq(expected)).toBe(true);
    expect(side.totals.base.eq(expected)).toBe(true);
  });

  it("a side's totals after a rebuild: taken from a full listing's last running total, summed when nothing or only part was listed", () => {
    const sum = (items: readonly OrderbookItem[]) => items.reduce((t, o) => t.add(o.maxVolume), MmNumber.ZERO);
    const all = sum(orders);
    const listed = plainSide();
    listed.update(orders);
    listed.top();
    const add = vi.spyOn(MmNumber.prototype, 'add');
    expect(listed.totals.base.eq(all)).toBe(true);
    expect(listed.totals.rel).toBe(listed.top().at(-1)?.relTotal);
    expect(add).not.toHaveBeenCalled();
    add.mockRestore();

    const unread = plainSide();
    unread.update(orders);
    expect(unread.totals.base.eq(sum(orders))).toBe(true);
    const partly = plainSide();
    partly.update(orders);
    partly.top(3);
    expect(partly.totals.rel.eq(sum(orders))).toBe(true);
    // Changed after a rebuild and before any read: summed from what it holds then.
    const changed = plainSide();
    changed.update(orders);
    const next = [...orders.slice(1), order(true, MmNumber.of(7n), MmNumber.of(1000n), MAKERS[1]!)];
    changed.update(next);
    expect(changed.totals.base.eq(sum(next))).toBe(true);
    changed.update(orders);
    expect(changed.totals.base.eq(sum(orders))).toBe(true);
  });

  it('an unchanged book is answered with the same entry objects, only their age moving', () => {
    const asks = orders.slice(0, 40);
    const view = { base: BASE, rel: REL, asks, bids: [], baseConfig, relConfig, myPubkey: key(9), netid: 7777 };
    const first = orderbookResponse({ ...view, nowMs: 5_000_000 }).asks as Record<string, unknown>[];
    const firstAggr = first.map((e) => e.rel_max_volume_aggr_rat);
    const again = orderbookResponse({ ...view, nowMs: 5_003_000 }).asks as Record<string, unknown>[];
    again.forEach((e, i) => {
      expect(e).toBe(first[i]);
      expect(e.rel_max_volume_aggr_rat).toBe(firstAggr[i]);
    });
    expect(again[0]?.age).toBe(5_003 - 1_000);
  });

  it('a volume change rewrites the running totals after it and leaves the entries before it alone', () => {
    const asks = orders.slice(0, 40);
    const view = { base: BASE, rel: REL, bids: [], baseConfig, relConfig, myPubkey: key(10), netid: 7777, nowMs: 5_000_000 };
    const first = (orderbookResponse({ ...view, asks }).asks as Record<string, unknown>[]).map((e) => ({ e, aggr: e.base_max_volume_aggr_rat }));
    const changed = asks.map((o, i) => (i === 20 ? { ...o, maxVolume: o.maxVolume.add(MmNumber.ONE) } : o));
    const next = orderbookResponse({ ...view, asks: changed }).asks as Record<string, unknown>[];
    next.forEach((e, i) => {
      if (i === 20) expect(e).not.toBe(first[i]?.e);
      else expect(e).toBe(first[i]?.e);
      if (i < 20) expect(e.base_max_volume_aggr_rat).toBe(first[i]?.aggr);
      else expect(e.base_max_volume_aggr_rat).not.toEqual(first[i]?.aggr);
    });
  });

  it('keeps pairs only up to a number of entries together, dropping the least recently asked first', () => {
    const pairs = new KeptPairs<never>(50);
    const asked = (myPubkey: string, asks: readonly OrderbookItem[]) => pairs.sides({ base: BASE, rel: REL, asks, bids: [], baseConfig, relConfig, myPubkey });
    const first = asked(key(20), orders.slice(0, 30)).asks;
    expect(asked(key(20), orders.slice(0, 30)).asks).toBe(first);
    const second = asked(key(21), orders.slice(30, 60)).asks;
    // 60 entries held: the first pair went, the one just asked stays (even alone over the bound).
    expect(asked(key(21), orders.slice(30, 60)).asks).toBe(second);
    expect(asked(key(20), orders.slice(0, 30)).asks).not.toBe(first);
    expect(asked(key(22), orders).asks.size).toBe(100);
  });
});
