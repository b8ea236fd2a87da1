import { describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { MmNumber } from '../../../../src/shared/number';
import { bytesToHex } from '../../../../src/node/crypto';
import { MAX_CLOCK_SKEW_MS, MAX_ORDERS_PER_MAKER, MAX_TOMBSTONES, Orderbook, TOMBSTONE_MS, albOrderedPair, orderbookTopic, pairTrieRoot } from '../../../../src/node/orders/orderbook';
import { orderbookResponse } from '../../../../src/node/orders/orderbookWire';
import { bestOrders } from '../../../../src/node/orders/sync';
import { bestOrdersLegacy, bestOrdersV2 } from '../../../../src/node/orders/bestOrdersWire';
import type { OrderbookItem } from '../../../../src/node/orders/types';
import { CONFIGS } from './harness';

const n = (v: string): MmNumber => MmNumber.parse(v);
const key = (i: number): string => bytesToHex(secp256k1.getPublicKey(new Uint8Array(32).fill(i), true));
const A = key(1);
const B = key(2);
const conf = { baseConfs: 1, baseNota: false, relConfs: 2, relNota: true };
let next = 0;

function item(pubkey: string, base: string, rel: string, price: string, max: string, min = '0.001', created = 1000): OrderbookItem {
  next++;
  return {
    pubkey,
    base,
    rel,
    price: n(price),
    maxVolume: n(max),
    minVolume: n(min),
    uuid: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    createdAt: created,
    baseProtocolInfo: new Uint8Array(),
    relProtocolInfo: new Uint8Array(),
    confSettings: conf,
  };
}

describe('pairs and topics (KDF alb_ordered_pair)', () => {
  it('orders the tickers alphabetically, as KDF tests assert', () => {
    expect(albOrderedPair('KMD', 'BTC')).toBe('BTC:KMD');
    expect(albOrderedPair('KMD', 'BTCH')).toBe('BTCH:KMD');
    expect(albOrderedPair('QTUM', 'KMD')).toBe('KMD:QTUM');
    expect(orderbookTopic('RLTC2', 'RLTC1')).toBe('orbk/RLTC1:RLTC2');
  });
});

describe('Orderbook state', () => {
  const root0 = new Uint8Array(8);

  it('only the owner updates or cancels an order, and a cancelled uuid is not revived while its tombstone lasts', () => {
    const book = new Orderbook();
    const o = item(A, 'X', 'Y', '1', '5');
    expect(book.upsert(o, 0)).toBe(true);
    expect(book.upsert({ ...o, pubkey: B }, 0)).toBe(false);
    expect(book.applyUpdate(B, { uuid: o.uuid, newPrice: n('9'), timestamp: 0, pairTrieRoot: root0 }, 0)).toBe(false);
    expect(book.get(o.uuid)?.price.toDecimalString()).toBe('1');
    expect(book.applyUpdate(A, { uuid: o.uuid, newPrice: n('2'), timestamp: 0, pairTrieRoot: root0 }, 0)).toBe(true);
    expect(book.get(o.uuid)?.price.toDecimalString()).toBe('2');
    book.cancel(o.uuid, B, 0);
    expect(book.get(o.uuid)).toBeDefined();
    book.cancel(o.uuid, A, 0);
    expect(book.get(o.uuid)).toBeUndefined();
    expect(book.upsert(o, 125_000)).toBe(false);
    expect(book.upsert(o, TOMBSTONE_MS - 1)).toBe(false);
    expect(book.upsert(o, TOMBSTONE_MS)).toBe(true);
  });

  it('a cancel forged under another key neither blocks the owner nor clears the owner’s tombstone', () => {
    const book = new Orderbook();
    const o = item(A, 'X', 'Y', '1', '5');
    book.cancel(o.uuid, B, 0); // before the order is known: tombstones (uuid, B) only
    expect(book.upsert(o, 1)).toBe(true);
    book.cancel(o.uuid, B, 2); // the order is A's: nothing happens
    expect(book.get(o.uuid)).toBeDefined();
    book.cancel(o.uuid, A, 3);
    book.cancel(o.uuid, B, 4); // after A's cancel: A's tombstone stays
    expect(book.upsert(o, 5)).toBe(false);
  });

  it('a cancel that arrives before its order keeps the owner’s late creation out', () => {
    const book = new Orderbook();
    const o = item(A, 'X', 'Y', '1', '5');
    book.cancel(o.uuid, A, 0);
    expect(book.upsert(o, 1)).toBe(false);
  });

  it('tombstones are capped, and a flood of cancels for unseen orders never evicts a real one', () => {
    const book = new Orderbook();
    const real = item(A, 'X', 'Y', '1', '5');
    book.upsert(real, 0);
    book.cancel(real.uuid, A, 0);
    for (let i = 0; i < MAX_TOMBSTONES + 10; i++) book.cancel(`00000000-0000-4000-9000-${String(i).padStart(12, '0')}`, B, 1);
    expect(book.upsert(real, 2)).toBe(false);
    const first = item(B, 'X', 'Y', '1', '5');
    expect(book.upsert({ ...first, uuid: '00000000-0000-4000-9000-000000000000' }, 2)).toBe(true); // evicted: the oldest
    expect(book.upsert({ ...first, uuid: `00000000-0000-4000-9000-${String(MAX_TOMBSTONES + 9).padStart(12, '0')}` }, 2)).toBe(false);
  });

  it('holds at most MAX_ORDERS_PER_MAKER orders of one maker; others still get in, and a removed order frees a place', () => {
    const book = new Orderbook();
    const orders = Array.from({ length: MAX_ORDERS_PER_MAKER }, () => item(A, 'X', 'Y', '1', '5'));
    for (const o of orders) expect(book.upsert(o, 0)).toBe(true);
    expect(book.upsert(item(A, 'X', 'Y', '1', '5'), 0)).toBe(false);
    expect(book.upsert({ ...orders[0]!, price: n('2') }, 0)).toBe(true); // an update is no new order
    expect(book.upsert(item(B, 'X', 'Y', '1', '5'), 0)).toBe(true);
    book.remove(orders[1]!.uuid);
    expect(book.upsert(item(A, 'X', 'Y', '1', '5'), 0)).toBe(true);
  });

  it('admits a maker’s messages only in its own time order and inside the window around our clock', () => {
    const book = new Orderbook(90_000);
    const now = 1_000_000_000;
    const s = now / 1000;
    expect(book.admit(A, s - 91, now)).toBe('too old');
    expect(book.admit(A, s + 21, now)).toBe('from the future');
    expect(book.admit(A, s - 10, now)).toBeNull();
    expect(book.admit(A, s - 10, now)).toBeNull(); // the same second: several messages per second are normal
    expect(book.admit(A, s - 11, now)).toBe('older than the maker’s last message');
    expect(book.admit(B, s - 11, now)).toBeNull(); // per maker
  });

  it('keeps a silent maker’s replay state after its orders are gone, until its messages are out of the window', () => {
    const book = new Orderbook(90_000);
    const t0 = 1_000_000_000;
    book.upsert(item(A, 'X', 'Y', '1', '5'), t0);
    expect(book.admit(A, t0 / 1000 + 5, t0)).toBeNull();
    expect(book.expire(t0 + 90_000, 90_000, 'mine')).toHaveLength(1);
    expect(book.admit(A, t0 / 1000 + 4, t0 + 90_000)).toBe('older than the maker’s last message');
    book.expire(t0 + 90_000 + 90_000 + MAX_CLOCK_SKEW_MS, 90_000, 'mine');
    expect(book.admit(A, t0 / 1000 + 4, t0 + 90_000 + 90_000 + MAX_CLOCK_SKEW_MS)).toBe('too old');
  });

  it('an update leaving max below min volume drops the order', () => {
    const book = new Orderbook();
    const o = item(A, 'X', 'Y', '1', '5', '1');
    book.upsert(o, 0);
    book.applyUpdate(A, { uuid: o.uuid, newMaxVolume: n('0.5'), timestamp: 0, pairTrieRoot: root0 }, 0);
    expect(book.get(o.uuid)).toBeUndefined();
  });

  it('forgets makers silent for the timeout, never this node', () => {
    const book = new Orderbook();
    book.upsert(item(A, 'X', 'Y', '1', '5'), 0);
    book.upsert(item(B, 'X', 'Y', '1', '5'), 0);
    expect(book.admit(B, 50, 50_000)).toBeNull(); // any admitted message of B's is a sign of life
    expect(book.expire(90_000, 90_000, 'mine')).toHaveLength(1);
    expect(book.all().map((o) => o.pubkey)).toEqual([B]);
    expect(book.expire(200_000, 90_000, B)).toHaveLength(0);
  });

  it('a maker back after its orders expired keeps its new ones', () => {
    const book = new Orderbook(90_000);
    book.upsert(item(A, 'X', 'Y', '1', '5'), 0);
    expect(book.expire(100_000, 90_000, 'mine')).toHaveLength(1);
    expect(book.admit(A, 110, 110_000)).toBeNull();
    const back = item(A, 'X', 'Y', '1', '5');
    book.upsert(back, 110_000);
    expect(book.expire(111_000, 90_000, 'mine')).toEqual([]);
    expect(book.get(back.uuid)).toBeDefined();
  });

  it('a maker root changes with its orders on the pair and only with them, as KDF’s trie value (no conf or protocol infos)', () => {
    const book = new Orderbook();
    const o = item(A, 'X', 'Y', '1', '5');
    expect(book.pairRoot(A, 'X:Y')).toBeNull();
    book.upsert(o, 0);
    const root = book.pairRoot(A, 'X:Y');
    book.upsert(item(B, 'X', 'Y', '1', '5'), 0);
    book.upsert(item(A, 'P', 'Q', '1', '5'), 0);
    expect(book.pairRoot(A, 'X:Y')).toEqual(root);
    expect(pairTrieRoot([o])).toEqual(root);
    expect(pairTrieRoot([{ ...o, confSettings: { ...conf, baseConfs: 9 } }])).toEqual(root);
    expect(pairTrieRoot([{ ...o, relProtocolInfo: new Uint8Array([1]) }])).toEqual(root);
    expect(pairTrieRoot([{ ...o, createdAt: o.createdAt + 1 }])).not.toEqual(root);
    book.applyUpdate(A, { uuid: o.uuid, newMaxVolume: n('4'), timestamp: 0, pairTrieRoot: root0 }, 0);
    expect(book.pairRoot(A, 'X:Y')).not.toEqual(root);
    expect(book.pairRoot(A, 'X:Y')).toHaveLength(8);
  });

  it('a proven set replaces one maker’s orders on the pair, tombstoned uuids staying out', () => {
    const book = new Orderbook();
    const old = item(A, 'X', 'Y', '1', '5');
    const other = item(A, 'P', 'Q', '1', '5');
    const cancelled = item(A, 'X', 'Y', '1', '5');
    book.upsert(old, 0);
    book.upsert(other, 0);
    book.upsert(cancelled, 0);
    book.cancel(cancelled.uuid, A, 0);
    const fresh = item(A, 'Y', 'X', '3', '1');
    const proof = { envelope: new Uint8Array([1]), root: pairTrieRoot([fresh, cancelled]), timestamp: 5 };
    book.replaceProven(A, 'X:Y', [fresh, cancelled], proof, 1);
    expect(book.all().map((o) => o.uuid).sort()).toEqual([other.uuid, fresh.uuid].sort());
  });

  it('passes a maker’s orders on only while its proof’s root is the trie root of what is held', () => {
    const book = new Orderbook();
    const o = item(A, 'X', 'Y', '1', '5');
    book.upsert(o, 0);
    book.upsert(item(B, 'X', 'Y', '1', '5'), 0);
    book.noteProof(A, 'X:Y', { envelope: new Uint8Array([7]), root: pairTrieRoot([o]), timestamp: 10 });
    expect(book.provenMakers('X:Y', 'mine').map((g) => [g.pubkey, g.orders.length])).toEqual([[A, 1]]);
    expect(book.provenMakers('X:Y', A)).toEqual([]);
    book.noteProof(A, 'X:Y', { envelope: new Uint8Array([8]), root: new Uint8Array(8), timestamp: 9 }); // older: ignored
    expect(book.provenMakers('X:Y', 'mine')).toHaveLength(1);
    book.applyUpdate(A, { uuid: o.uuid, newMaxVolume: n('4'), timestamp: 11, pairTrieRoot: root0 }, 0);
    expect(book.provenMakers('X:Y', 'mine')).toEqual([]);
  });
});

describe('orderbook RPC shape (KDF orderbook_rpc)', () => {
  const base = 'RLTC1';
  const rel = 'RLTC2';
  const asks = [item(A, base, rel, '3', '1', '0.1', 900), item(B, base, rel, '1', '2', '0.1', 990), item(A, base, rel, '2', '4')];
  const bids = [item(B, rel, base, '4', '8'), item(A, rel, base, '2', '2')];
  const view = orderbookResponse({
    base,
    rel,
    asks,
    bids,
    baseConfig: CONFIGS.get(base)!,
    relConfig: CONFIGS.get(rel)!,
    myPubkey: A,
    netid: 7777,
    nowMs: 1_000_000,
  });
  const list = (k: 'asks' | 'bids') => view[k] as Record<string, unknown>[];

  it('lists asks by ascending price, summed from the cheapest', () => {
    expect(list('asks').map((e) => e.price)).toEqual(['1', '2', '3']);
    expect(list('asks').map((e) => e.base_max_volume_aggr)).toEqual(['2', '6', '7']);
    expect(list('asks').map((e) => e.rel_max_volume_aggr)).toEqual(['2', '10', '13']);
    expect(view.total_asks_base_vol).toBe('7');
    expect(view.total_asks_rel_vol).toBe('13');
  });

  it('shows bids from the base side: inverted price, descending, volumes converted, confs swapped', () => {
    const [first, second] = list('bids');
    expect([first?.price, second?.price]).toEqual(['0.5', '0.25']);
    expect(first).toMatchObject({ coin: rel, maxvolume: '2', base_max_volume: '4', rel_max_volume: '2', base_confs: 2, base_nota: true, rel_confs: 1, rel_nota: false });
    expect(second).toMatchObject({ maxvolume: '8', base_max_volume: '32', rel_max_volume: '8', base_max_volume_aggr: '36', rel_max_volume_aggr: '10' });
    expect(view.total_bids_base_vol).toBe('36');
  });

  it('has every entry field in its three forms, is_mine, age and the maker address', () => {
    const e = list('asks')[0]!;
    expect(Object.keys(e)).toEqual([
      'coin', 'address', 'price', 'price_rat', 'price_fraction', 'maxvolume', 'max_volume_rat', 'max_volume_fraction',
      'min_volume', 'min_volume_rat', 'min_volume_fraction', 'pubkey', 'age', 'uuid', 'is_mine',
      'base_max_volume', 'base_max_volume_rat', 'base_max_volume_fraction', 'base_min_volume', 'base_min_volume_rat', 'base_min_volume_fraction',
      'rel_max_volume', 'rel_max_volume_rat', 'rel_max_volume_fraction', 'rel_min_volume', 'rel_min_volume_rat', 'rel_min_volume_fraction',
      'base_confs', 'base_nota', 'rel_confs', 'rel_nota',
      'base_max_volume_aggr', 'base_max_volume_aggr_rat', 'base_max_volume_aggr_fraction',
      'rel_max_volume_aggr', 'rel_max_volume_aggr_rat', 'rel_max_volume_aggr_fraction',
    ]);
    expect(e).toMatchObject({ coin: base, pubkey: B, is_mine: false, age: 10, price_rat: [[1, [1]], [1, [1]]], price_fraction: { numer: '1', denom: '1' } });
    expect(list('asks')[2]).toMatchObject({ is_mine: true, age: 100 });
    expect(e.address).toMatch(/^[mn]/);
  });

  it('has KDF top-level fields', () => {
    expect(view).toMatchObject({ askdepth: 0, biddepth: 0, base, rel, netid: 7777, numasks: 3, numbids: 2, timestamp: 1000 });
    expect(Object.keys(view)).toContain('total_bids_rel_vol_fraction');
  });
});

describe('best orders (KDF process_best_orders_p2p_request)', () => {
  const orders = [
    item(A, 'RLTC1', 'RLTC2', '2', '1', '0.5'),
    item(B, 'RLTC1', 'RLTC2', '1', '1', '0.5'),
    item(B, 'RLTC1', 'RLTC2', '3', '5', '2'),
    item(A, 'RLTC1', 'ETHDEV', '10', '1'),
    item(B, 'RLTC2', 'RLTC1', '1', '1'),
  ];

  it('to buy a coin: the cheapest orders selling it, by the other coin, until the volume is covered', () => {
    const best = bestOrders(orders, 'RLTC1', 'buy', n('1.5'))!;
    expect(best.get('RLTC2')?.map((o) => o.price.toDecimalString())).toEqual(['1', '2']);
    expect(best.get('ETHDEV')).toHaveLength(1);
  });

  it('skips orders whose min volume exceeds the wanted volume', () => {
    expect(bestOrders(orders, 'RLTC1', 'buy', n('0.4'))!.get('RLTC2')).toEqual([]);
  });

  it('to sell a coin: orders buying it (selling another coin for it); by number: the first n', () => {
    expect(bestOrders(orders, 'RLTC1', 'sell', 5)!.get('RLTC2')).toHaveLength(1);
    expect(bestOrders(orders, 'RLTC1', 'buy', 1)!.get('RLTC2')?.[0]?.price.toDecimalString()).toBe('1');
    expect(bestOrders(orders, 'NONE', 'buy', 1)).toBeNull();
  });

  it('legacy and v2 answers show entries on the other coin, with original tickers', () => {
    const best = bestOrders(orders, 'RLTC2', 'sell', n('2.5'))!;
    const legacy = bestOrdersLegacy(best, 'sell', CONFIGS, A, 1_000_000) as { result: Record<string, Record<string, unknown>[]>; original_tickers: Record<string, string[]> };
    expect(legacy.original_tickers.RLTC1).toContain('RLTC1-segwit');
    expect(legacy.result.RLTC1?.map((e) => e.price)).toEqual(['1', '0.5']);
    expect(legacy.result['RLTC1-segwit']?.[0]).toMatchObject({ coin: 'RLTC1-segwit' });
    expect(legacy.result.RLTC1?.[1]).toMatchObject({ coin: 'RLTC1', base_max_volume: '2', rel_max_volume: '1', is_mine: true });
    const v2 = bestOrdersV2(best, 'sell', CONFIGS, A, true) as { orders: Record<string, Record<string, unknown>[]> };
    expect(v2.orders.RLTC1).toHaveLength(1);
    expect(v2.orders.RLTC1?.[0]).toMatchObject({ is_mine: false, price: { decimal: '1' }, address: { address_type: 'Transparent' } });
  });
});
