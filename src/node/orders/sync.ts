/**
 * Keeping the orderbook complete (kdf-facts §5.3): a node subscribes to `orbk/A:B` when it first
 * trades or looks at a pair, and asks a peer for the pair's orders with KDF's `GetOrderbook`
 * request; makers send keep-alives every 30 s carrying the trie root of their orders on each pair,
 * and a node whose own root of that maker differs asks the peer that passed the keep-alive on for
 * that maker's orders (`SyncPubkeyOrderbookState`, pubkeySync.ts), else for the whole pair. It
 * also answers those requests, and KDF's best-orders requests, from its book.
 *
 * A `GetOrderbook` answer gives each maker's orders with the maker's own signed message whose root
 * is theirs (pairProof.ts); a set whose proof is present but wrong drops the whole answer and
 * penalizes its sender. A set without a proof (KDF relays send none) is taken only once its root
 * equals one its maker signed (unprovenSets.ts); it never adds or removes anything before that.
 */
import { MmNumber } from '../../shared/number';
import type { P2pMessage, PeerAnswer } from '../p2p/types';
import type { OrdersCore } from './core';
import {
  decodeBestOrdersRes,
  decodeGetOrderbookRes,
  decodeOrdermatchRequest,
  encodeBestOrdersRes,
  encodeGetOrderbookRes,
  encodeOrdermatchRequest,
  MAX_ORDERS_IN_RESPONSE,
  type OrdermatchRequest,
  type PubkeyOrders,
} from './messages/requests';
import { inOrder } from './inOrder';
import { encodeOrdermatchMessage } from './messages/codec';
import { PairProofError, readPairProof } from './messages/pairProof';
import type { PubkeyKeepAliveMsg } from './messages/types';
import { HeldCreations } from './heldCreations';
import { isCreatedInFuture } from './plausibility';
import { albOrderedPair, MAX_CLOCK_SKEW_MS, MAX_ORDERS_PER_MAKER, pairTrieRoot, sameBytes, TOMBSTONE_MS, type PairProof } from './orderbook';
import { EMPTY_TRIE_ROOT } from './orderTrie';
import { answerPubkeySync, requestPubkeySync } from './pubkeySync';
import type { OrderbookItem } from './types';
import { UnprovenSets } from './unprovenSets';

interface Subscription {
  unsubscribe: () => void;
  /** The pair's orders were received from a peer. */
  requested: boolean;
  subscribedAt: number;
}

/** One maker's set in a `GetOrderbook` answer: its proof when it has one, else its root to wait on. */
type CheckedSet = { group: PubkeyOrders; proof: PairProof } | { group: PubkeyOrders; proof: null; root: Uint8Array };

/** Checks one maker's set in an answer: a present proof must be a signed root of exactly these orders; throws PairProofError. */
function checkMakerSet(group: PubkeyOrders, albPair: string, now: number): CheckedSet {
  if (group.orders.length > MAX_ORDERS_PER_MAKER) throw new PairProofError(`${group.orders.length} orders of ${group.pubkey}, more than a maker may have`);
  if (group.orders.some((o) => albOrderedPair(o.base, o.rel) !== albPair)) {
    throw new PairProofError(`orders of ${group.pubkey} on another pair than ${albPair}`);
  }
  if (group.orders.some((o) => isCreatedInFuture(o, now))) throw new PairProofError(`an order of ${group.pubkey} created in the future`);
  let root: Uint8Array;
  try {
    root = pairTrieRoot(group.orders);
  } catch (e) {
    throw new PairProofError(`the orders of ${group.pubkey} repeat a uuid`, e);
  }
  if (group.proof.length === 0) return { group, proof: null, root };
  const proof = readPairProof(group.proof, group.pubkey, albPair);
  if (!sameBytes(root, proof.root)) {
    throw new PairProofError(`the orders of ${group.pubkey} on ${albPair} are not the ones its signed root covers`);
  }
  return { group, proof };
}

/** Per-maker sync requests in flight at once. */
const MAX_PUBKEY_SYNCS = 4;

/** KDF's order messages carry `H64::default()`: no statement about the maker's orders. */
const isZeroRoot = (root: Uint8Array): boolean => root.every((b) => b === 0);
/** A timestamp is whole seconds: a message signed in the second a pair was opened may read up to 1 s earlier. */
const TIMESTAMP_ROUNDING_MS = 1_000;

export class BookSync {
  private readonly topics = new Map<string, Subscription>();
  /** When each (maker, pair), and each pair as a whole, was last re-requested after a keep-alive, so a flood of them costs one request. */
  private readonly lastResync = new Map<string, number>();
  /** Per-maker sync requests in flight. */
  private pubkeySyncs = 0;
  private readonly unproven: UnprovenSets;
  private readonly held = new HeldCreations();

  constructor(
    private readonly core: OrdersCore,
    private readonly onMessage: (m: P2pMessage) => void,
  ) {
    this.unproven = new UnprovenSets(2 * core.timing.keepAliveMs);
  }

  isSubscribed(albPair: string): boolean {
    return this.topics.has(albPair);
  }

  /**
   * Subscribes to the pair's topic (orderbook tickers) and fills the book from a peer, until one has
   * answered or, as KDF's ORDERBOOK_REQUESTING_TIMEOUT, two keep-alive rounds have passed since
   * subscribing (by then keep-alives have brought every live maker's orders). `wait` makes the
   * caller wait for the answer (the `orderbook` RPC); otherwise it runs on.
   */
  async ensure(base: string, rel: string, wait: boolean): Promise<void> {
    const pair = albOrderedPair(base, rel);
    const now = this.core.now();
    let sub = this.topics.get(pair);
    if (!sub) {
      sub = { unsubscribe: this.core.deps.p2p.subscribe(`orbk/${pair}`, this.onMessage), requested: false, subscribedAt: now };
      this.topics.set(pair, sub);
    }
    if (sub.requested || now - sub.subscribedAt > 2 * this.core.timing.keepAliveMs) return;
    const request = this.requestOrderbook(pair);
    if (wait) await request;
    else void request;
  }

  /**
   * Whether a `MakerOrderCreated` of `pubkey` on `pair` signed at `timestamp` (s) waits for the
   * maker's next signed root there (heldCreations.ts): the pair was opened within a keep-alive
   * period, after the message was signed, and nothing the maker signed on the pair is held.
   */
  shouldHold(pubkey: string, pair: string, timestamp: number, now: number): boolean {
    const sub = this.topics.get(pair);
    if (!sub || now - sub.subscribedAt >= this.holdWindowMs) return false;
    if (timestamp * 1000 + TIMESTAMP_ROUNDING_MS > sub.subscribedAt) return false;
    return this.core.book.pairRoot(pubkey, pair) === null && this.unproven.currentSigned(pubkey, pair, now) === null;
  }

  hold(pubkey: string, pair: string, order: OrderbookItem): void {
    const kept = this.held.hold(pubkey, pair, order);
    this.core.deps.log('debug', `orders: ${kept ? 'holding' : 'no room to hold'} order ${order.uuid} of ${pubkey}, signed before ${pair} was opened, until the maker's next root`);
  }

  forgetHeld(pubkey: string, pair: string, uuid: string): void {
    this.held.forget(pubkey, pair, uuid);
  }

  /** Takes the held orders of pairs opened a keep-alive period ago: their makers stated no empty set. */
  releaseHeld(now: number): void {
    const due = this.held.takeDue((pair) => {
      const sub = this.topics.get(pair);
      return !sub || now - sub.subscribedAt >= this.holdWindowMs;
    });
    for (const order of due) if (this.topics.has(albOrderedPair(order.base, order.rel))) this.core.book.upsert(order, now);
  }

  /** A keep-alive period and the clock skew allowed: by then a maker that left the pair has said so. */
  private get holdWindowMs(): number {
    return this.core.timing.keepAliveMs + MAX_CLOCK_SKEW_MS;
  }

  /** Asks `peerId` (else any peer) for the pair's orders and takes in the verified ones. */
  async requestOrderbook(pair: string, peerId?: string): Promise<void> {
    const [base = '', rel = ''] = pair.split(':');
    const payload = encodeOrdermatchRequest({ type: 'GetOrderbook', base, rel });
    let answer: PeerAnswer | null = null;
    try {
      answer = (peerId ? await this.core.deps.p2p.request(payload, peerId) : null) ?? (await this.core.deps.p2p.request(payload));
    } catch (e) {
      this.core.deps.log('warn', `orders: GetOrderbook ${pair} failed: ${(e as Error).message}`);
    }
    if (!answer || !this.takeOrderbook(pair, answer)) return;
    const sub = this.topics.get(pair);
    if (sub) sub.requested = true;
  }

  /**
   * Checks every maker's set in the answer before taking any: a failure drops the answer and
   * penalizes its sender. Proven sets replace what we hold of their makers when their proof is not
   * older than what we have seen of them; unproven ones go through `takeUnproven`. False when the
   * answer was dropped.
   */
  private takeOrderbook(pair: string, answer: PeerAnswer): boolean {
    let checked: CheckedSet[];
    try {
      checked = decodeGetOrderbookRes(answer.payload)
        .filter((g) => g.pubkey !== this.core.myPubkey && g.orders.length > 0)
        .map((group) => checkMakerSet(group, pair, this.core.now()));
    } catch (e) {
      const reason = `bad GetOrderbook ${pair} answer: ${(e as Error).message}`;
      this.core.deps.log('warn', `orders: dropped a ${reason} from ${answer.peerId}`);
      this.core.deps.p2p.penalize(answer.peerId, reason);
      return false;
    }
    const now = this.core.now();
    for (const set of checked) {
      const { group } = set;
      if (!set.proof) {
        this.takeUnproven(group.pubkey, pair, group.orders, set.root, now);
        continue;
      }
      const refusal = this.core.book.admit(group.pubkey, set.proof.timestamp, now);
      if (refusal) {
        this.core.deps.log('debug', `orders: not taking ${group.pubkey}'s synced orders on ${pair}: ${refusal}`);
        continue;
      }
      this.core.book.replaceProven(group.pubkey, pair, group.orders, set.proof, now);
      this.unproven.noteSigned(group.pubkey, pair, set.proof, now);
    }
    return true;
  }

  /** A set without a proof: taken when its root is the one its maker last signed, else kept aside. */
  private takeUnproven(pubkey: string, pair: string, orders: OrderbookItem[], root: Uint8Array, now: number): void {
    const held = this.core.book.pairRoot(pubkey, pair);
    if (held && sameBytes(held, root)) return;
    const signed = this.unproven.currentSigned(pubkey, pair, now);
    if (signed && sameBytes(signed.root, root)) this.core.book.replaceProven(pubkey, pair, orders, signed, now);
    else this.unproven.park(pubkey, pair, orders, root, now);
  }

  /**
   * A maker's admitted signed message rooting its orders on `pair` (a keep-alive's root, an order
   * message's `pair_trie_root` after it was applied): a proof of what we hold when the roots agree,
   * and what a parked unproven set waits for. KDF's order messages carry a zero root
   * (`H64::default()`): kept as the maker's newest, it matches no set, so sets given before it
   * wait for the next keep-alive instead of being taken at a root the maker has since left.
   */
  onSignedRoot(pubkey: string, pair: string, proof: PairProof): void {
    const now = this.core.now();
    const root = this.core.book.pairRoot(pubkey, pair);
    if (root && sameBytes(root, proof.root)) this.core.book.noteProof(pubkey, pair, proof);
    const proven = this.unproven.noteSigned(pubkey, pair, proof, now);
    if (proven && !(root && sameBytes(root, proof.root))) this.core.book.replaceProven(pubkey, pair, proven.orders, proof, now);
  }

  /**
   * A maker's keep-alive (admitted, which marks it alive): where its root equals ours the signed
   * keep-alive becomes our proof of its orders; where it differs we miss something and ask the peer
   * that passed it on for that maker's orders, falling back to the whole pair from any peer. The
   * empty trie's root is the maker's signed statement that it has no orders on the pair (KDF
   * makers send it after their last order there): what we hold or hold back of it there goes.
   */
  onKeepAlive(pubkey: string, msg: PubkeyKeepAliveMsg, m: P2pMessage): void {
    const now = this.core.now();
    for (const [pair, root] of msg.trieRoots) {
      if (!this.isSubscribed(pair) || isZeroRoot(root)) continue;
      const proof = { envelope: m.envelope, root, timestamp: msg.timestamp };
      const held = this.held.take(pubkey, pair);
      if (sameBytes(root, EMPTY_TRIE_ROOT)) {
        if (held.length > 0) this.core.deps.log('debug', `orders: ${pubkey} has no orders on ${pair}: ${held.length} held orders dropped`);
        this.unproven.noteSigned(pubkey, pair, proof, now);
        this.core.book.replaceProven(pubkey, pair, [], proof, now);
        continue;
      }
      for (const order of held) this.core.book.upsert(order, now);
      this.onSignedRoot(pubkey, pair, proof);
      const ours = this.core.book.pairRoot(pubkey, pair);
      if (ours && sameBytes(ours, root)) continue;
      const key = `${pubkey} ${pair}`;
      if (now - (this.lastResync.get(key) ?? -Infinity) < this.core.timing.keepAliveMs / 2) continue;
      this.noteResync(key, now);
      void this.resync(pubkey, pair, proof, m.peerId);
    }
  }

  /**
   * At most MAX_PUBKEY_SYNCS per-maker requests at once (keys are cheap, so keep-alives of many
   * makers must not become as many requests), and the fallback to the whole pair at most once per
   * half keep-alive period per pair, as before per-maker sync.
   */
  private async resync(pubkey: string, pair: string, signed: PairProof, peerId: string): Promise<void> {
    if (this.pubkeySyncs < MAX_PUBKEY_SYNCS) {
      const isCurrent = (): boolean => this.unproven.currentSigned(pubkey, pair, this.core.now()) === signed;
      this.pubkeySyncs++;
      try {
        if (await requestPubkeySync(this.core, pubkey, pair, signed, peerId, isCurrent)) return;
      } finally {
        this.pubkeySyncs--;
      }
    }
    const now = this.core.now();
    if (now - (this.lastResync.get(pair) ?? -Infinity) < this.core.timing.keepAliveMs / 2) return;
    this.noteResync(pair, now);
    await this.requestOrderbook(pair, peerId);
  }

  /** Remembers a resync, forgetting ones too old to matter once many are held. */
  private noteResync(key: string, now: number): void {
    this.lastResync.set(key, now);
    if (this.lastResync.size <= 1_000) return;
    for (const [k, at] of this.lastResync) if (now - at >= this.core.timing.keepAliveMs / 2) this.lastResync.delete(k);
  }

  /**
   * One keep-alive per pair on which I have orders (KDF's `broadcast_keep_alive_for_pub`), and, for
   * TOMBSTONE_MS after my last order left a pair, one with the empty trie's root there (KDF sends
   * those for as long as it runs), so nodes opening the pair later know (heldCreations.ts).
   */
  async sendKeepAlives(): Promise<void> {
    const now = this.core.now();
    const timestamp = Math.floor(now / 1000);
    const roots = new Map<string, Uint8Array>();
    for (const pair of this.core.book.pairsOf(this.core.myPubkey)) roots.set(pair, this.core.book.pairRoot(this.core.myPubkey, pair) ?? EMPTY_TRIE_ROOT);
    for (const [pair, leftAt] of [...this.core.leftPairs]) {
      if (now - leftAt > TOMBSTONE_MS) this.core.leftPairs.delete(pair);
      else if (!roots.has(pair)) roots.set(pair, EMPTY_TRIE_ROOT);
    }
    for (const [pair, root] of roots) {
      await this.core.publish(`orbk/${pair}`, { type: 'PubkeyKeepAlive', msg: { trieRoots: new Map([[pair, root]]), timestamp } });
    }
  }

  /** Serves a peer's ordermatch request; null when this node has nothing to say about it. */
  answer(payload: Uint8Array): Uint8Array | null {
    let req: OrdermatchRequest | null;
    try {
      req = decodeOrdermatchRequest(payload);
    } catch {
      return null;
    }
    if (!req) return null;
    if (req.type === 'SyncPubkeyOrderbookState') return answerPubkeySync(this.core, req.pubkey, req.trieRoots);
    if (req.type === 'GetOrderbook') {
      const pair = albOrderedPair(req.base, req.rel);
      if (!this.isSubscribed(pair)) return null;
      const groups = this.provenOrders(pair);
      if (groups.reduce((n, g) => n + g.orders.length, 0) > MAX_ORDERS_IN_RESPONSE) return null;
      return encodeGetOrderbookRes(groups);
    }
    const best = bestOrders(this.core.book.all(), req.coin, req.action, req.type === 'BestOrders' ? req.volume : req.number);
    return best ? encodeBestOrdersRes(best) : null;
  }

  /** The pair's orders I can prove, each maker's with its signed root; mine with a keep-alive signed now. */
  private provenOrders(pair: string): PubkeyOrders[] {
    const my = this.core.myPubkey;
    const groups: PubkeyOrders[] = this.core.book
      .provenMakers(pair, my)
      .map(({ pubkey, proof, orders }) => ({ pubkey, lastKeepAlive: proof.timestamp, proof: proof.envelope, orders }));
    const mine = this.core.book.makerPairOrders(my, pair);
    if (mine.length > 0) {
      const timestamp = Math.floor(this.core.now() / 1000);
      const keepAlive = encodeOrdermatchMessage({ type: 'PubkeyKeepAlive', msg: { trieRoots: new Map([[pair, pairTrieRoot(mine)]]), timestamp } });
      groups.push({ pubkey: my, lastKeepAlive: timestamp, proof: this.core.deps.p2p.sign(keepAlive), orders: mine });
    }
    return groups;
  }

  /** Best orders from a peer, or null when none answers; an answer that does not decode penalizes its sender. */
  async requestBestOrders(req: OrdermatchRequest): Promise<Map<string, OrderbookItem[]> | null> {
    const answer = await this.core.deps.p2p.request(encodeOrdermatchRequest(req));
    if (!answer) return null;
    try {
      return decodeBestOrdersRes(answer.payload);
    } catch (e) {
      this.core.deps.p2p.penalize(answer.peerId, `bad best orders answer: ${(e as Error).message}`);
      throw e;
    }
  }

  stop(): void {
    for (const sub of this.topics.values()) sub.unsubscribe();
    this.topics.clear();
  }
}

const byPrice = (a: OrderbookItem, b: OrderbookItem): number => a.price.cmp(b.price) || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);

/**
 * KDF's `process_best_orders_p2p_request(_by_number)`: for each pair trading `coin`, the cheapest
 * orders, until `limit` (a volume of `coin`, or a number of orders) is reached; keyed by the other
 * coin. Null when no pair trades `coin`.
 */
export function bestOrders(
  orders: readonly OrderbookItem[],
  coin: string,
  action: 'buy' | 'sell',
  limit: MmNumber | number,
): Map<string, OrderbookItem[]> | null {
  const byOther = new Map<string, OrderbookItem[]>();
  for (const o of orders) {
    if ((action === 'buy' ? o.base : o.rel) !== coin) continue;
    const other = action === 'buy' ? o.rel : o.base;
    const list = byOther.get(other);
    if (list) list.push(o);
    else byOther.set(other, [o]);
  }
  if (byOther.size === 0) return null;
  const result = new Map<string, OrderbookItem[]>();
  for (const [other, list] of byOther) {
    const picked: OrderbookItem[] = [];
    let collected = MmNumber.ZERO;
    for (const o of inOrder(list, byPrice)) {
      if (typeof limit === 'number') {
        if (picked.length === limit) break;
        picked.push(o);
        continue;
      }
      const inCoin = (v: MmNumber): MmNumber => (action === 'buy' ? v : v.mul(o.price));
      if (inCoin(o.minVolume).gt(limit)) continue;
      picked.push(o);
      collected = collected.add(inCoin(o.maxVolume));
      if (collected.gte(limit)) break;
    }
    result.set(other, picked);
  }
  return result;
}
