/**
 * Cancels for late joiners (issue 26): a node that opens a pair after a maker cancelled an order
 * there never saw the cancel, so a captured `MakerOrderCreated` replayed within its 90 s window
 * would bring the order back on it, and nothing would take it out while the maker's keep-alives on
 * other pairs keep it alive.
 *
 * KDF has no signed cancel in its sync, but its makers state their empty sets: a maker keeps a
 * pair's root after its last order there is gone and goes on sending keep-alives with the empty
 * trie's root (`hashed_null_node`) on that pair. Ours do the same for TOMBSTONE_MS after leaving a
 * pair (sync.ts). So a node that has followed a pair for a keep-alive period has heard every maker
 * that left it recently, and a replayed creation older than that keep-alive is refused as older
 * than the maker's last message. Until then — the pair freshly opened, and nothing signed by that
 * maker on the pair held — a creation is held here, not shown: the maker's next signed root on the
 * pair decides (the empty root drops it; another is checked against the orders as usual, a
 * replayed order then leaving with the per-maker sync), or, when none came within the period, the
 * maker has left nothing there and the order is taken. Honest new orders wait only on nodes that
 * opened the pair moments ago, at most one keep-alive period. KDF makers keep working unchanged.
 */
import type { OrderbookItem } from './types';

/** Orders held at once over all makers (each maker's at most its cap). */
export const MAX_HELD_ORDERS = 2_000;

const key = (pubkey: string, albPair: string): string => `${pubkey} ${albPair}`;

export class HeldCreations {
  private readonly held = new Map<string, { pubkey: string; albPair: string; orders: Map<string, OrderbookItem> }>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Holds `order` of `pubkey` on `albPair`; false when no room is left (the order is dropped). */
  hold(pubkey: string, albPair: string, order: OrderbookItem): boolean {
    const k = key(pubkey, albPair);
    let set = this.held.get(k);
    if (set?.orders.has(order.uuid)) {
      set.orders.set(order.uuid, order);
      return true;
    }
    if (this.count >= MAX_HELD_ORDERS) return false;
    if (!set) this.held.set(k, (set = { pubkey, albPair, orders: new Map() }));
    set.orders.set(order.uuid, order);
    this.count++;
    return true;
  }

  /** Takes out what is held of `pubkey` on `albPair`. */
  take(pubkey: string, albPair: string): OrderbookItem[] {
    const set = this.held.get(key(pubkey, albPair));
    if (!set) return [];
    this.held.delete(key(pubkey, albPair));
    this.count -= set.orders.size;
    return [...set.orders.values()];
  }

  /** Forgets one held order (its maker cancelled it). */
  forget(pubkey: string, albPair: string, uuid: string): void {
    const set = this.held.get(key(pubkey, albPair));
    if (!set?.orders.delete(uuid)) return;
    this.count--;
    if (set.orders.size === 0) this.held.delete(key(pubkey, albPair));
  }

  /** Takes out every set held on the pairs `isDue` says were opened long enough ago. */
  takeDue(isDue: (albPair: string) => boolean): OrderbookItem[] {
    const due: OrderbookItem[] = [];
    for (const set of [...this.held.values()]) if (isDue(set.albPair)) due.push(...this.take(set.pubkey, set.albPair));
    return due;
  }
}
