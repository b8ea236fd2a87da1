/**
 * What this node knows of every maker's orders (KDF's `Orderbook`), mine included. Orders are
 * keyed by uuid and owned by the pubkey that announced them: only that pubkey may update or cancel
 * them. A maker whose keep-alives stop for MAKER_ORDER_TIMEOUT is forgotten with all its orders,
 * and a cancelled uuid is remembered for a while so a late `MakerOrderCreated` cannot revive it.
 *
 * KDF hashes each maker's orders per pair into a Patricia trie whose root its keep-alives carry.
 * This orderbook keeps no tries: the "root" is a blake2b-64 digest over the maker's orders on the
 * pair, which serves the same purpose here (a keep-alive whose root differs from ours means we
 * miss something, and we ask a peer for that pair's orders).
 */
import { blake2b } from '@noble/hashes/blake2.js';
import type { MakerOrderUpdatedMsg } from './messages/types';
import { bigRational, encodeMsgpack, struct } from '../p2p/msgpack';
import { compactUuid } from './messages/fields';
import type { PubkeyOrders } from './messages/requests';
import type { OrderbookItem } from './types';

/** KDF's RECENTLY_CANCELLED_TIMEOUT. */
const RECENTLY_CANCELLED_MS = 120_000;

/** KDF's `alb_ordered_pair`: the two tickers in (byte-wise) alphabetical order, `A:B`. */
export function albOrderedPair(base: string, rel: string): string {
  return base < rel ? `${base}:${rel}` : `${rel}:${base}`;
}

export function orderbookTopic(base: string, rel: string): string {
  return `orbk/${albOrderedPair(base, rel)}`;
}

/** An order that no longer has volume or a sane price is dropped, as KDF's `insert_or_update_order` does. */
function isPlausible(o: OrderbookItem): boolean {
  return o.price.isPositive() && o.maxVolume.isPositive() && !o.minVolume.isNegative() && o.maxVolume.gte(o.minVolume);
}

export class Orderbook {
  private readonly orders = new Map<string, OrderbookItem>();
  /** Last keep-alive (or first order) of each maker pubkey, ms. */
  private readonly lastSeen = new Map<string, number>();
  private readonly recentlyCancelled = new Map<string, { pubkey: string; until: number }>();

  get(uuid: string): OrderbookItem | undefined {
    return this.orders.get(uuid);
  }

  all(): OrderbookItem[] {
    return [...this.orders.values()];
  }

  /** Inserts or replaces an order; false when refused (cancelled lately, owned by another pubkey, implausible). */
  upsert(item: OrderbookItem, now: number): boolean {
    const cancelled = this.recentlyCancelled.get(item.uuid);
    if (cancelled && cancelled.until > now && cancelled.pubkey === item.pubkey) return false;
    const existing = this.orders.get(item.uuid);
    if (existing && existing.pubkey !== item.pubkey) return false;
    if (!isPlausible(item)) {
      this.orders.delete(item.uuid);
      return false;
    }
    this.orders.set(item.uuid, item);
    if (!this.lastSeen.has(item.pubkey)) this.lastSeen.set(item.pubkey, now);
    return true;
  }

  remove(uuid: string): OrderbookItem | undefined {
    const order = this.orders.get(uuid);
    this.orders.delete(uuid);
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

  /** A `MakerOrderCancelled` from `pubkey`: remembered even when the order is unknown (it may arrive late). */
  cancel(uuid: string, pubkey: string, now: number): void {
    this.recentlyCancelled.set(uuid, { pubkey, until: now + RECENTLY_CANCELLED_MS });
    if (this.orders.get(uuid)?.pubkey === pubkey) this.orders.delete(uuid);
  }

  keepAlive(pubkey: string, now: number): void {
    this.lastSeen.set(pubkey, now);
  }

  /** Forgets makers silent for `timeoutMs` with their orders (never `keep`, this node's own key). */
  expire(now: number, timeoutMs: number, keep: string): OrderbookItem[] {
    const removed: OrderbookItem[] = [];
    for (const [pubkey, seen] of this.lastSeen) {
      if (pubkey === keep || seen + timeoutMs > now) continue;
      this.lastSeen.delete(pubkey);
      for (const order of this.orders.values()) {
        if (order.pubkey !== pubkey) continue;
        this.orders.delete(order.uuid);
        removed.push(order);
      }
    }
    for (const [uuid, c] of this.recentlyCancelled) if (c.until <= now) this.recentlyCancelled.delete(uuid);
    return removed;
  }

  /** Orders selling `base` for `rel` (orderbook tickers). */
  pairOrders(base: string, rel: string): OrderbookItem[] {
    return this.all().filter((o) => o.base === base && o.rel === rel);
  }

  /** Orders of either direction of the alphabetical pair `A:B`. */
  albPairOrders(albPair: string): OrderbookItem[] {
    return this.all().filter((o) => albOrderedPair(o.base, o.rel) === albPair);
  }

  /** The pair's orders grouped by maker: KDF's `GetOrderbook` answer. */
  byPubkey(base: string, rel: string, now: number): PubkeyOrders[] {
    const groups = new Map<string, OrderbookItem[]>();
    for (const o of this.albPairOrders(albOrderedPair(base, rel))) {
      groups.set(o.pubkey, [...(groups.get(o.pubkey) ?? []), o]);
    }
    return [...groups].map(([pubkey, orders]) => ({
      pubkey,
      lastKeepAlive: Math.floor((this.lastSeen.get(pubkey) ?? now) / 1000),
      orders,
    }));
  }

  /** A sync answer is that maker's whole set on the pair: replace what we hold with it. */
  replacePubkeyPair(pubkey: string, albPair: string, orders: readonly OrderbookItem[], now: number): void {
    for (const o of this.albPairOrders(albPair)) if (o.pubkey === pubkey) this.orders.delete(o.uuid);
    for (const o of orders) if (o.pubkey === pubkey && albOrderedPair(o.base, o.rel) === albPair) this.upsert(o, now);
  }

  /** Digest of `pubkey`'s orders on `albPair`, null when it has none (no keep-alive is sent for it). */
  pairRoot(pubkey: string, albPair: string): Uint8Array | null {
    const orders = this.albPairOrders(albPair)
      .filter((o) => o.pubkey === pubkey)
      .sort((a, b) => (a.uuid < b.uuid ? -1 : 1));
    if (orders.length === 0) return null;
    const state = orders.map((o) =>
      struct([compactUuid(o.uuid), o.base, o.rel, bigRational(o.price), bigRational(o.maxVolume), bigRational(o.minVolume), o.createdAt]),
    );
    return blake2b(encodeMsgpack(state), { dkLen: 8 });
  }

  /** Alphabetical pairs on which `pubkey` has orders. */
  pairsOf(pubkey: string): string[] {
    return [...new Set(this.all().filter((o) => o.pubkey === pubkey).map((o) => albOrderedPair(o.base, o.rel)))];
  }
}
