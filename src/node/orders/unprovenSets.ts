/**
 * Orders a sync answer gave without a proof (a KDF relay leaves `last_signed_pubkey_payload`
 * empty), and the newest root each maker has signed per pair. An unproven set is taken only when
 * its trie root equals the newest root its maker signed in a message we received and verified (a
 * keep-alive or an order message); until then it waits aside, bounded in orders and in time, and
 * never adds or removes anything. Taking it makes that signed message its proof.
 */
import { sameBytes, type PairProof } from './orderbook';
import type { OrderbookItem } from './types';

/** Orders held aside at once, over all sets (each set is at most one maker's cap). */
export const MAX_PARKED_ORDERS = 2_000;
/** Signed roots remembered at once (one per maker and pair), the oldest forgotten first. */
export const MAX_SIGNED_ROOTS = 10_000;

interface Parked {
  orders: OrderbookItem[];
  root: Uint8Array;
  until: number;
}

const key = (pubkey: string, albPair: string): string => `${pubkey} ${albPair}`;

export class UnprovenSets {
  private readonly signed = new Map<string, { proof: PairProof; at: number }>();
  private readonly parked = new Map<string, Parked>();
  private parkedOrders = 0;

  /** `lifetimeMs`: how long a set waits and a signed root counts as the maker's current one (2 keep-alive periods). */
  constructor(private readonly lifetimeMs: number) {}

  /**
   * A verified, admitted message of `pubkey` rooting its orders on `albPair`, received at `now`.
   * Returns the parked set it proves, if any (taken out of waiting).
   */
  noteSigned(pubkey: string, albPair: string, proof: PairProof, now: number): { orders: OrderbookItem[]; proof: PairProof } | null {
    const k = key(pubkey, albPair);
    const held = this.signed.get(k);
    if (held && held.proof.timestamp > proof.timestamp) return null;
    this.signed.delete(k);
    this.signed.set(k, { proof, at: now });
    for (const oldest of this.signed.keys()) {
      if (this.signed.size <= MAX_SIGNED_ROOTS) break;
      this.signed.delete(oldest);
    }
    const waiting = this.parked.get(k);
    if (!waiting || waiting.until <= now || !sameBytes(waiting.root, proof.root)) return null;
    this.unpark(k);
    return { orders: waiting.orders, proof };
  }

  /** The newest root `pubkey` signed for `albPair`, while it is recent enough to be current. */
  currentSigned(pubkey: string, albPair: string, now: number): PairProof | null {
    const held = this.signed.get(key(pubkey, albPair));
    return held && held.at + this.lifetimeMs > now ? held.proof : null;
  }

  /** An unproven set (already checked to be `pubkey`'s, on `albPair`, within its cap) waits for a signed root equal to `root`. */
  park(pubkey: string, albPair: string, orders: OrderbookItem[], root: Uint8Array, now: number): void {
    const k = key(pubkey, albPair);
    this.unpark(k);
    this.expire(now);
    if (orders.length > MAX_PARKED_ORDERS) return;
    for (const oldest of this.parked.keys()) {
      if (this.parkedOrders + orders.length <= MAX_PARKED_ORDERS) break;
      this.unpark(oldest);
    }
    this.parked.set(k, { orders, root, until: now + this.lifetimeMs });
    this.parkedOrders += orders.length;
  }

  /** How many orders wait (for tests and logs). */
  get waiting(): number {
    return this.parkedOrders;
  }

  private expire(now: number): void {
    for (const [k, p] of this.parked) if (p.until <= now) this.unpark(k);
  }

  private unpark(k: string): void {
    const p = this.parked.get(k);
    if (!p) return;
    this.parked.delete(k);
    this.parkedOrders -= p.orders.length;
  }
}
