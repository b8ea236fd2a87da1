/**
 * What this node knows of every maker's orders (KDF's `Orderbook`), mine included. Orders are
 * keyed by uuid and owned by the pubkey that announced them: only that pubkey may update or cancel
 * them. A maker whose keep-alives stop for MAKER_ORDER_TIMEOUT is forgotten with all its orders.
 *
 * Replays: each maker's signed messages must carry timestamps that never go back (`admit`), within
 * a window around our clock, so an old message replayed later is dropped. A cancelled order leaves
 * a tombstone under (uuid, canceller) that outlives that window, so neither a replayed creation
 * nor a cancel forged under another key can revive it, block it, or clear the owner's tombstone.
 *
 * Each maker's orders on a pair have KDF's trie root (orderTrie.ts: keys the uuids' bytes, values
 * the orders as KDF puts them in its trie), which orderbook messages carry; each (maker, pair) set
 * keeps its trie (incrementalTrie.ts), so an order in or out costs the nodes on its path, and the
 * orders are indexed by (maker, pair) and by pair: no message's work grows with the whole book. A maker's signed message carrying the root of
 * its current orders on a pair is kept as the proof (KDF's `last_signed_pubkey_payload`) that lets
 * this node pass those orders on in a sync answer, and lets the receiver check them. The root does
 * not cover an order's confirmation settings or protocol infos, so a synced set never changes
 * those of orders already held (they came signed in the maker's own messages).
 */
import type { MakerOrderUpdatedMsg } from './messages/types';
import { encodeMsgpack } from '../p2p/msgpack';
import { encodeP2pItem } from './messages/requests';
import { IncrementalTrie } from './incrementalTrie';
import { implausibility } from './plausibility';
import { trieRoot } from './orderTrie';
import type { OrderbookItem } from './types';
import { uuidToBytes } from './uuid';

/** KDF's MAX_TIME_GAP_FOR_CONNECTED_PEER: how far a maker's clock may run ahead of ours. */
export const MAX_CLOCK_SKEW_MS = 20_000;
/** How long a cancelled uuid is remembered: well past any message's acceptance window. */
export const TOMBSTONE_MS = 10 * 60_000;
/** Caps on what network messages can make this node hold. */
export const MAX_TOMBSTONES = 10_000;
export const MAX_MAKERS = 10_000;
export const MAX_ORDERS = 50_000;
/** KDF's MAX_ORDERS_NUMBER_IN_ORDERBOOK_RESPONSE: one maker's orders always fit one sync answer. */
export const MAX_ORDERS_PER_MAKER = 1_000;

/** Why `admit` refused a message (null: admitted). */
export type Refusal = 'too old' | 'from the future' | 'older than the maker’s last message' | 'too many makers';

/** A maker's signed message carrying the root of its orders on a pair. */
export interface PairProof {
  /** The signed envelope as received. */
  envelope: Uint8Array;
  root: Uint8Array;
  /** Seconds, the message's own. */
  timestamp: number;
}

interface MakerState {
  /** When its last admitted message (or my own order) arrived, ms of our clock. */
  lastSeen: number;
  /** Newest timestamp among the maker's admitted messages, seconds of its clock. */
  lastTimestamp: number;
  /** Its orders were dropped for silence; it stays only for the replay check. */
  expired: boolean;
}

/** KDF's `alb_ordered_pair`: the two tickers in (byte-wise) alphabetical order, `A:B`. */
export function albOrderedPair(base: string, rel: string): string {
  return base < rel ? `${base}:${rel}` : `${rel}:${base}`;
}

export function orderbookTopic(base: string, rel: string): string {
  return `orbk/${albOrderedPair(base, rel)}`;
}

/** KDF's pair trie root of one maker's orders on one pair (`insert_or_update_order_update_trie`). */
export function pairTrieRoot(orders: readonly OrderbookItem[]): Uint8Array {
  return trieRoot(orders.map((o) => [uuidToBytes(o.uuid), encodeMsgpack(encodeP2pItem(o))] as const));
}

export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

const tombstoneKey = (uuid: string, pubkey: string): string => `${uuid} ${pubkey}`;
const proofKey = (pubkey: string, albPair: string): string => `${pubkey} ${albPair}`;

/** One maker's orders on one alphabetical pair, with their trie. */
interface MakerPairSet {
  orders: Map<string, OrderbookItem>;
  trie: IncrementalTrie;
}

const trieKey = (o: OrderbookItem): Uint8Array => uuidToBytes(o.uuid);
const trieValue = (o: OrderbookItem): Uint8Array => encodeMsgpack(encodeP2pItem(o));
const directedKey = (base: string, rel: string): string => `${base} ${rel}`;

export class Orderbook {
  private readonly orders = new Map<string, OrderbookItem>();
  /** How many orders each pubkey has in `orders`. */
  private readonly counts = new Map<string, number>();
  private readonly makers = new Map<string, MakerState>();
  /**
   * (uuid, owner) → expiry of cancels of orders we held. Cancels of orders we never saw go to
   * `unseenCancels`, bounded on their own, so a flood of those never evicts a real tombstone.
   */
  private readonly tombstones = new Map<string, number>();
  private readonly unseenCancels = new Map<string, number>();
  private readonly proofs = new Map<string, PairProof>();
  /** (maker, alphabetical pair) → its orders there and their trie. */
  private readonly sets = new Map<string, MakerPairSet>();
  /** Each maker's alphabetical pairs with orders. */
  private readonly makerPairs = new Map<string, Set<string>>();
  /** Each alphabetical pair's makers with orders. */
  private readonly pairMakers = new Map<string, Set<string>>();
  /** (base, rel) → the orders selling base for rel. */
  private readonly byPair = new Map<string, Map<string, OrderbookItem>>();

  /** `messageMaxAgeMs`: how old a maker's message may be and still be taken (MAKER_ORDER_TIMEOUT). */
  constructor(private readonly messageMaxAgeMs = 90_000) {}

  get(uuid: string): OrderbookItem | undefined {
    return this.orders.get(uuid);
  }

  all(): OrderbookItem[] {
    return [...this.orders.values()];
  }

  /**
   * The replay check for a signed message from `pubkey` with its `timestamp` (s): inside the window
   * around `now` and not older than the maker's last one. Admitted timestamps are remembered, and
   * count as a sign of life (only the maker can sign a message that passes).
   */
  admit(pubkey: string, timestamp: number, now: number): Refusal | null {
    const ms = timestamp * 1000;
    if (ms < now - this.messageMaxAgeMs) return 'too old';
    if (ms > now + MAX_CLOCK_SKEW_MS) return 'from the future';
    const state = this.makers.get(pubkey);
    if (state && timestamp < state.lastTimestamp) return 'older than the maker’s last message';
    if (!state && this.makers.size >= MAX_MAKERS) return 'too many makers';
    this.makers.set(pubkey, { lastSeen: now, lastTimestamp: timestamp, expired: false });
    return null;
  }

  /**
   * Inserts or replaces an order; false when refused (cancelled, owned by another pubkey, book or
   * maker full). An implausible order (plausibility.ts) is dropped, as KDF drops one without volume.
   */
  upsert(item: OrderbookItem, now: number): boolean {
    if (this.isTombstoned(item.uuid, item.pubkey, now)) return false;
    const existing = this.orders.get(item.uuid);
    if (existing && existing.pubkey !== item.pubkey) return false;
    if (implausibility(item)) {
      this.drop(item.uuid);
      return false;
    }
    if (!existing && (this.orders.size >= MAX_ORDERS || (this.counts.get(item.pubkey) ?? 0) >= MAX_ORDERS_PER_MAKER)) return false;
    if (existing) this.unindex(existing);
    else this.counts.set(item.pubkey, (this.counts.get(item.pubkey) ?? 0) + 1);
    this.orders.set(item.uuid, item);
    this.index(item);
    if (!this.makers.has(item.pubkey)) this.makers.set(item.pubkey, { lastSeen: now, lastTimestamp: 0, expired: false });
    return true;
  }

  /** Whether `pubkey` holds MAX_ORDERS_PER_MAKER orders already. */
  isMakerFull(pubkey: string): boolean {
    return (this.counts.get(pubkey) ?? 0) >= MAX_ORDERS_PER_MAKER;
  }

  remove(uuid: string): OrderbookItem | undefined {
    const order = this.orders.get(uuid);
    this.drop(uuid);
    return order;
  }

  /** A `MakerOrderUpdated` from `pubkey`; false when it names no order of that pubkey. */
  applyUpdate(pubkey: string, msg: MakerOrderUpdatedMsg, now: number): boolean {
    const order = this.orders.get(msg.uuid);
    if (!order || order.pubkey !== pubkey) return false;
    return this.upsert(
      {
        ...order,
        price: msg.newPrice ?? order.price,
        maxVolume: msg.newMaxVolume ?? order.maxVolume,
        minVolume: msg.newMinVolume ?? order.minVolume,
        confSettings: msg.confSettings ?? order.confSettings,
      },
      now,
    );
  }

  /**
   * A `MakerOrderCancelled` from `pubkey`. The owner's cancel removes the order and tombstones it;
   * a cancel naming another key's order changes nothing; a cancel of an order not seen yet (it may
   * arrive late) tombstones it for that key only.
   */
  cancel(uuid: string, pubkey: string, now: number): void {
    const order = this.orders.get(uuid);
    if (order && order.pubkey !== pubkey) return;
    if (order) this.drop(uuid);
    const table = order ? this.tombstones : this.unseenCancels;
    const key = tombstoneKey(uuid, pubkey);
    table.delete(key);
    table.set(key, now + TOMBSTONE_MS);
    for (const oldest of table.keys()) {
      if (table.size <= MAX_TOMBSTONES) break;
      table.delete(oldest);
    }
  }

  /**
   * Forgets the orders of makers silent for `timeoutMs` (never `keep`, this node's own key); their
   * replay state stays until no message of theirs can be in the window any more.
   */
  expire(now: number, timeoutMs: number, keep: string): OrderbookItem[] {
    const removed: OrderbookItem[] = [];
    const silent = new Set<string>();
    for (const [pubkey, state] of this.makers) {
      if (pubkey === keep || state.lastSeen + timeoutMs > now) continue;
      if (!state.expired) silent.add(pubkey);
      state.expired = true;
      if (state.lastSeen + timeoutMs + this.messageMaxAgeMs + MAX_CLOCK_SKEW_MS <= now) this.makers.delete(pubkey);
    }
    for (const pubkey of silent) {
      for (const pair of [...(this.makerPairs.get(pubkey) ?? [])]) {
        const orders = [...this.sets.get(proofKey(pubkey, pair))!.orders.values()];
        for (const order of orders) this.drop(order.uuid);
        removed.push(...orders);
      }
    }
    if (silent.size > 0) for (const key of this.proofs.keys()) if (silent.has(key.split(' ')[0]!)) this.proofs.delete(key);
    for (const table of [this.tombstones, this.unseenCancels]) {
      for (const [key, until] of table) {
        if (until > now) break; // insertion order is expiry order
        table.delete(key);
      }
    }
    return removed;
  }

  /** Orders selling `base` for `rel` (orderbook tickers). */
  pairOrders(base: string, rel: string): OrderbookItem[] {
    return [...(this.byPair.get(directedKey(base, rel))?.values() ?? [])];
  }

  /** Orders of either direction of the alphabetical pair `A:B`. */
  albPairOrders(albPair: string): OrderbookItem[] {
    const [a = '', b = ''] = albPair.split(':');
    return a === b ? this.pairOrders(a, b) : [...this.pairOrders(a, b), ...this.pairOrders(b, a)];
  }

  /** `pubkey`'s orders on `albPair`. */
  makerPairOrders(pubkey: string, albPair: string): OrderbookItem[] {
    return [...(this.sets.get(proofKey(pubkey, albPair))?.orders.values() ?? [])];
  }

  /** Trie root of `pubkey`'s orders on `albPair`, null when it has none (no keep-alive is sent for it). */
  pairRoot(pubkey: string, albPair: string): Uint8Array | null {
    return this.sets.get(proofKey(pubkey, albPair))?.trie.root() ?? null;
  }

  /** Keeps `proof` for `pubkey` on `albPair` when it is newer than the one held. */
  noteProof(pubkey: string, albPair: string, proof: PairProof): void {
    const key = proofKey(pubkey, albPair);
    const held = this.proofs.get(key);
    if (!held || held.timestamp <= proof.timestamp) this.proofs.set(key, proof);
  }

  /**
   * Makers (other than `except`) whose orders on `albPair` this node can prove: their held proof's
   * root is the root of the orders held. Others are left out of sync answers until they prove
   * them again (their next message).
   */
  provenMakers(albPair: string, except: string): { pubkey: string; proof: PairProof; orders: OrderbookItem[] }[] {
    return [...(this.pairMakers.get(albPair) ?? [])].flatMap((pubkey) => {
      if (pubkey === except) return [];
      const set = this.provenSet(pubkey, albPair);
      return set ? [{ pubkey, ...set }] : [];
    });
  }

  /** `pubkey`'s orders on `albPair` with the proof we hold of them, null when we hold none that proves them. */
  provenSet(pubkey: string, albPair: string): { proof: PairProof; orders: OrderbookItem[] } | null {
    const proof = this.proofs.get(proofKey(pubkey, albPair));
    const root = this.pairRoot(pubkey, albPair);
    return proof && root && sameBytes(proof.root, root) ? { proof, orders: this.makerPairOrders(pubkey, albPair) } : null;
  }

  /**
   * A maker's verified set on the pair (its signature and root checked, its timestamp admitted):
   * it replaces what we hold of that maker there. Tombstoned uuids stay out.
   */
  replaceProven(pubkey: string, albPair: string, orders: readonly OrderbookItem[], proof: PairProof, now: number): void {
    const keep = new Set(orders.map((o) => o.uuid));
    for (const o of this.makerPairOrders(pubkey, albPair)) if (!keep.has(o.uuid)) this.drop(o.uuid);
    for (const o of orders) {
      const held = this.orders.get(o.uuid);
      const infos = held?.pubkey === pubkey && { confSettings: held.confSettings, baseProtocolInfo: held.baseProtocolInfo, relProtocolInfo: held.relProtocolInfo };
      this.upsert({ ...o, ...infos }, now);
    }
    this.noteProof(pubkey, albPair, proof);
  }

  /** Alphabetical pairs on which `pubkey` has orders. */
  pairsOf(pubkey: string): string[] {
    return [...(this.makerPairs.get(pubkey) ?? [])];
  }

  private drop(uuid: string): void {
    const order = this.orders.get(uuid);
    if (!order) return;
    this.orders.delete(uuid);
    this.unindex(order);
    const left = (this.counts.get(order.pubkey) ?? 1) - 1;
    if (left > 0) this.counts.set(order.pubkey, left);
    else this.counts.delete(order.pubkey);
  }

  /** Adds `o` to the indexes and its maker's trie. */
  private index(o: OrderbookItem): void {
    const pair = albOrderedPair(o.base, o.rel);
    const key = proofKey(o.pubkey, pair);
    let set = this.sets.get(key);
    if (!set) {
      this.sets.set(key, (set = { orders: new Map(), trie: new IncrementalTrie(16) }));
      addTo(this.makerPairs, o.pubkey, pair);
      addTo(this.pairMakers, pair, o.pubkey);
    }
    set.orders.set(o.uuid, o);
    set.trie.set(trieKey(o), trieValue(o));
    const directed = directedKey(o.base, o.rel);
    let side = this.byPair.get(directed);
    if (!side) this.byPair.set(directed, (side = new Map()));
    side.set(o.uuid, o);
  }

  /** Takes `o` out of the indexes and its maker's trie. */
  private unindex(o: OrderbookItem): void {
    const pair = albOrderedPair(o.base, o.rel);
    const key = proofKey(o.pubkey, pair);
    const set = this.sets.get(key);
    if (set?.orders.delete(o.uuid)) {
      set.trie.delete(trieKey(o));
      if (set.orders.size === 0) {
        this.sets.delete(key);
        deleteFrom(this.makerPairs, o.pubkey, pair);
        deleteFrom(this.pairMakers, pair, o.pubkey);
      }
    }
    const directed = directedKey(o.base, o.rel);
    const side = this.byPair.get(directed);
    if (side?.delete(o.uuid) && side.size === 0) this.byPair.delete(directed);
  }

  private isTombstoned(uuid: string, pubkey: string, now: number): boolean {
    const key = tombstoneKey(uuid, pubkey);
    return (this.tombstones.get(key) ?? 0) > now || (this.unseenCancels.get(key) ?? 0) > now;
  }
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function deleteFrom(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set?.delete(value) && set.size === 0) map.delete(key);
}
