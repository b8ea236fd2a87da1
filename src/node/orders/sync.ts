/**
 * Keeping the orderbook complete (kdf-facts §5.3, simplified): a node subscribes to `orbk/A:B`
 * when it first trades or looks at a pair, and asks a peer for the pair's orders with KDF's
 * `GetOrderbook` request; makers send keep-alives every 30 s carrying a digest of their orders on
 * each pair, and a node whose own digest of that maker differs asks again (KDF asks for a trie
 * diff instead). It also answers those requests, and KDF's best-orders requests, from its book.
 */
import { MmNumber } from '../../shared/number';
import type { P2pMessage } from '../p2p/types';
import type { OrdersCore } from './core';
import {
  decodeBestOrdersRes,
  decodeGetOrderbookRes,
  decodeOrdermatchRequest,
  encodeBestOrdersRes,
  encodeGetOrderbookRes,
  encodeOrdermatchRequest,
  type OrdermatchRequest,
  type PubkeyOrders,
} from './messages/requests';
import type { PubkeyKeepAliveMsg } from './messages/types';
import { albOrderedPair } from './orderbook';
import type { OrderbookItem } from './types';

/** KDF's MAX_ORDERS_NUMBER_IN_ORDERBOOK_RESPONSE. */
const MAX_ORDERS_IN_RESPONSE = 1000;

interface Subscription {
  unsubscribe: () => void;
  /** The pair's orders were received from a peer. */
  requested: boolean;
  subscribedAt: number;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export class BookSync {
  private readonly topics = new Map<string, Subscription>();
  /** When each pair was last re-requested after a keep-alive, so a flood of them costs one request. */
  private readonly lastResync = new Map<string, number>();

  constructor(
    private readonly core: OrdersCore,
    private readonly onMessage: (m: P2pMessage) => void,
  ) {}

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

  /** Asks `peerId` (else any peer) for the pair's orders and takes them in; `only` limits that to one maker. */
  async requestOrderbook(pair: string, peerId?: string, only?: string): Promise<void> {
    const [base = '', rel = ''] = pair.split(':');
    const payload = encodeOrdermatchRequest({ type: 'GetOrderbook', base, rel });
    let answer: PubkeyOrders[] | null = null;
    try {
      const bytes = (peerId && (await this.core.deps.p2p.request(payload, peerId))) || (await this.core.deps.p2p.request(payload));
      answer = bytes ? decodeGetOrderbookRes(bytes) : null;
    } catch (e) {
      this.core.deps.log('warn', `orders: GetOrderbook ${pair} failed: ${(e as Error).message}`);
    }
    if (!answer) return;
    const now = this.core.now();
    for (const { pubkey, orders } of answer) {
      if (pubkey === this.core.myPubkey || (only && pubkey !== only)) continue;
      this.core.book.replacePubkeyPair(pubkey, pair, orders, now);
    }
    const sub = this.topics.get(pair);
    if (sub) sub.requested = true;
  }

  /** A maker's keep-alive: it is alive; where its digest differs from ours, we miss something. */
  onKeepAlive(pubkey: string, msg: PubkeyKeepAliveMsg, peerId: string): void {
    const now = this.core.now();
    this.core.book.keepAlive(pubkey, now);
    for (const [pair, root] of msg.trieRoots) {
      if (!this.isSubscribed(pair) || root.every((b) => b === 0)) continue;
      const ours = this.core.book.pairRoot(pubkey, pair);
      if (ours && sameBytes(ours, root)) continue;
      const last = this.lastResync.get(pair) ?? -Infinity;
      if (now - last < this.core.timing.keepAliveMs / 2) continue;
      this.lastResync.set(pair, now);
      void this.requestOrderbook(pair, peerId, pubkey);
    }
  }

  /** One keep-alive per pair on which I have orders (KDF's `broadcast_keep_alive_for_pub`). */
  async sendKeepAlives(): Promise<void> {
    const timestamp = Math.floor(this.core.now() / 1000);
    for (const pair of this.core.book.pairsOf(this.core.myPubkey)) {
      const root = this.core.book.pairRoot(this.core.myPubkey, pair);
      if (!root) continue;
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
    if (req.type === 'GetOrderbook') {
      if (!this.isSubscribed(albOrderedPair(req.base, req.rel))) return null;
      const groups = this.core.book.byPubkey(req.base, req.rel, this.core.now());
      if (groups.reduce((n, g) => n + g.orders.length, 0) > MAX_ORDERS_IN_RESPONSE) return null;
      return encodeGetOrderbookRes(groups);
    }
    const best = bestOrders(this.core.book.all(), req.coin, req.action, req.type === 'BestOrders' ? req.volume : req.number);
    return best ? encodeBestOrdersRes(best) : null;
  }

  /** Best orders from a peer, or null when none answers. */
  async requestBestOrders(req: OrdermatchRequest): Promise<Map<string, OrderbookItem[]> | null> {
    const bytes = await this.core.deps.p2p.request(encodeOrdermatchRequest(req));
    return bytes ? decodeBestOrdersRes(bytes) : null;
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
  const relevant = orders.filter((o) => (action === 'buy' ? o.base === coin : o.rel === coin));
  if (relevant.length === 0) return null;
  const byOther = new Map<string, OrderbookItem[]>();
  for (const o of [...relevant].sort(byPrice)) {
    const other = action === 'buy' ? o.rel : o.base;
    byOther.set(other, [...(byOther.get(other) ?? []), o]);
  }
  const result = new Map<string, OrderbookItem[]>();
  for (const [other, list] of byOther) {
    if (typeof limit === 'number') {
      result.set(other, list.slice(0, limit));
      continue;
    }
    const picked: OrderbookItem[] = [];
    let collected = MmNumber.ZERO;
    for (const o of list) {
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
