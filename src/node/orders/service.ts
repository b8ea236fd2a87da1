/**
 * The orders domain of one running node: my maker orders and taker requests, the orderbook of the
 * pairs it follows, and the ordermatch protocol on `orbk/<A>:<B>` (kdf-facts §5.1). It reacts to
 * signed gossip, serves peers' orderbook requests, keeps my orders alive on the network every
 * 30 s and runs KDF's housekeeping round. RPC handlers (`rpc.ts`) call the methods below.
 */
import type { MmNumber } from '../../shared/number';
import { bytesToHex } from '../crypto';
import { RateBuckets } from '../p2p/rateBuckets';
import type { P2pMessage } from '../p2p/types';
import { cancelAllOrders, cancelOrder, type CancelBy } from './cancel';
import { orderbookTicker } from './coins';
import { OrdersCore, UNREADABLE_RECORDS_EVENT, type OrdersDeps } from './core';
import { housekeeping } from './housekeeping';
import { setPrice, updateMakerOrder, type SetPriceRequest, type UpdateMakerOrderRequest } from './makerActions';
import { onTakerConnect, onTakerRequest } from './makerSide';
import { decodeOrdermatchMessage } from './messages/codec';
import type { BestOrdersAction } from './messages/requests';
import type { OrdermatchMessage } from './messages/types';
import { MAX_MAKERS, orderbookTopic } from './orderbook';
import { implausibility, isCreatedInFuture } from './plausibility';
import type { FinishedOrder, UnreadableRecord } from './persistence';
import { disableCoinOrders, type DisableCoinOutcome } from './disableCoin';
import type { ActiveSwaps } from '../swaps/activeSwaps';
import { bestOrders, BookSync } from './sync';
import { sellOrBuy, type SellBuyRequest } from './takerActions';
import { TakerMatcher } from './takerSide';
import type { MakerOrder, OrderbookItem, TakerOrder } from './types';

/**
 * A maker's orderbook messages at once, then per second, whoever passes them on (issue 26): enough
 * for an honest maker announcing all its orders (MAX_ORDERS_PER_MAKER) after a restart, checked
 * before anything is done with a message. Past it, its messages are dropped; keep-alives and the
 * per-maker sync bring back whatever an honest maker loses that way.
 */
export const MAKER_BURST = 1_200;
export const MAKER_RATE_PER_SECOND = 20;

export class OrdersService {
  private readonly makerBudgets = new RateBuckets(MAKER_BURST, MAKER_RATE_PER_SECOND, MAX_MAKERS);
  private readonly core: OrdersCore;
  private readonly sync: BookSync;
  private readonly matcher: TakerMatcher;
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private housekeeping: Promise<void> | null = null;
  /** `table/key` of every record found unreadable, reported once each. */
  private readonly unreadable = new Set<string>();
  private stopped = false;

  private constructor(deps: OrdersDeps) {
    this.core = new OrdersCore(deps);
    this.sync = new BookSync(this.core, (m) => void this.onMessage(m));
    this.matcher = new TakerMatcher(this.core);
  }

  /** Restores my saved orders (announced again once their coins are active), then starts serving. */
  static async start(deps: OrdersDeps): Promise<OrdersService> {
    const service = new OrdersService(deps);
    const core = service.core;
    if (deps.persistence) {
      const saved = await deps.persistence.load();
      for (const o of saved.makers) core.makers.set(o.uuid, o);
      for (const o of saved.takers) core.takers.set(o.request.uuid, o);
      service.reportUnreadable(saved.unreadable);
    }
    deps.p2p.onRequest(async (payload) => service.sync.answer(payload));
    service.timers.push(
      setInterval(() => void service.tick(), core.timing.tickMs),
      setInterval(() => void service.sync.sendKeepAlives(), core.timing.keepAliveMs),
    );
    return service;
  }

  /** 33-byte compressed hex: orderbook entries with it are mine. */
  get myPubkey(): string {
    return this.core.myPubkey;
  }

  /** The node's libp2p peer id (`get_my_peer_id`). */
  get peerId(): string {
    return this.core.deps.p2p.peerId;
  }

  setPrice(req: SetPriceRequest): Promise<MakerOrder> {
    return setPrice(this.core, this.sync, req);
  }

  updateMakerOrder(req: UpdateMakerOrderRequest): Promise<MakerOrder> {
    return updateMakerOrder(this.core, req);
  }

  sellOrBuy(req: SellBuyRequest): Promise<TakerOrder> {
    return sellOrBuy(this.core, this.sync, req);
  }

  cancelOrder(uuid: string): Promise<boolean> {
    return cancelOrder(this.core, uuid);
  }

  cancelAllOrders(by: CancelBy): Promise<{ cancelled: string[]; currentlyMatching: string[] }> {
    return cancelAllOrders(this.core, by);
  }

  /**
   * The most of `coin` a new maker order could offer now: the balance less what swaps and my open
   * orders hold, the orders in `except` left out (the order about to be replaced or resized).
   */
  makerVolumeAvailable(coin: string, except: ReadonlySet<string> = new Set()): Promise<MmNumber> {
    return this.core.deps.balance.maxMakerVolume(coin, this.core.lockedByOrders(except));
  }

  makerOrders(): MakerOrder[] {
    return [...this.core.makers.values()];
  }

  takerOrders(): TakerOrder[] {
    return [...this.core.takers.values()];
  }

  /** The finished orders kept in the history (empty without a store); unreadable ones are reported and left out. */
  async history(): Promise<FinishedOrder[]> {
    const read = await this.core.deps.persistence?.history();
    if (!read) return [];
    this.reportUnreadable(read.unreadable);
    return read.orders;
  }

  /** How many stored order records could not be read (each also logged and sent as an event). */
  get unreadableRecords(): number {
    return this.unreadable.size;
  }

  /** The swaps this node runs: a swap engine adds the swaps it runs and finishes those that end. */
  get activeSwaps(): ActiveSwaps {
    return this.core.activeSwaps;
  }

  /**
   * Cancels the coin's orders and, unless an order of it is matching or a swap uses it, runs
   * `disable` (which removes the coin) — all holding the coin's lock, so no order of it can be
   * placed in between. See `disableCoin.ts`.
   */
  disableCoin(ticker: string, coins: ReadonlySet<string>, disable: () => Promise<void>): Promise<DisableCoinOutcome> {
    return disableCoinOrders(this.core, ticker, coins, disable);
  }

  private reportUnreadable(records: readonly UnreadableRecord[]): void {
    for (const r of records) {
      const id = `${r.table}/${r.key}`;
      if (this.unreadable.has(id)) continue;
      this.unreadable.add(id);
      this.core.deps.log('error', `orders: skipped the unreadable record ${r.key} of ${r.table}: ${r.error}`);
      this.core.deps.emit?.(UNREADABLE_RECORDS_EVENT, { db: 'ordermatch', table: r.table, key: r.key, error: r.error, total: this.unreadable.size });
    }
  }

  /** The pair's orders: asks sell `base` for `rel`, bids sell `rel` for `base` (orderbook tickers). */
  async orderbook(base: string, rel: string): Promise<{ asks: OrderbookItem[]; bids: OrderbookItem[] }> {
    const b = orderbookTicker(this.core.deps.coins, base);
    const r = orderbookTicker(this.core.deps.coins, rel);
    await this.sync.ensure(b, r, true);
    return { asks: this.core.book.pairOrders(b, r), bids: this.core.book.pairOrders(r, b) };
  }

  /**
   * The best orders to buy or sell `coin` by the other coin, from this node's book and a peer's
   * answer (KDF asks one relay; every node here keeps only the pairs it follows).
   */
  async bestOrders(coin: string, action: BestOrdersAction, limit: MmNumber | number): Promise<Map<string, OrderbookItem[]>> {
    const ticker = orderbookTicker(this.core.deps.coins, coin);
    const req =
      typeof limit === 'number'
        ? ({ type: 'BestOrdersByNumber', coin: ticker, action, number: limit } as const)
        : ({ type: 'BestOrders', coin: ticker, action, volume: limit } as const);
    let remote: Map<string, OrderbookItem[]> | null = null;
    try {
      remote = await this.sync.requestBestOrders(req);
    } catch (e) {
      this.core.deps.log('warn', `orders: best orders request failed: ${(e as Error).message}`);
    }
    const known = new Map(this.core.book.all().map((o) => [o.uuid, o]));
    for (const o of [...(remote?.values() ?? [])].flat()) if (!known.has(o.uuid)) known.set(o.uuid, o);
    return bestOrders([...known.values()], ticker, action, limit) ?? new Map();
  }

  /** Stops timers and subscriptions; my orders stay stored for the next start. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.matcher.stop();
    this.sync.stop();
    await this.housekeeping;
    this.core.deps.persistence?.close();
  }

  /** One housekeeping round; a round still running makes the next one wait its turn. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.housekeeping) {
      this.housekeeping = housekeeping(this.core, this.sync)
        .catch((e: unknown) => this.core.deps.log('error', `orders: housekeeping failed: ${(e as Error).message}`))
        .finally(() => (this.housekeeping = null));
    }
    return this.housekeeping;
  }

  private async onMessage(m: P2pMessage): Promise<void> {
    let message: OrdermatchMessage;
    try {
      message = decodeOrdermatchMessage(m.payload);
    } catch (e) {
      this.core.deps.log('debug', `orders: dropped a malformed message on ${m.topic}: ${(e as Error).message}`);
      this.core.deps.p2p.penalize(m.author, `malformed ordermatch message on ${m.topic}`);
      return;
    }
    const pubkey = bytesToHex(m.from);
    if (pubkey === this.core.myPubkey || this.stopped) return;
    try {
      await this.dispatch(message, pubkey, m);
    } catch (e) {
      this.core.deps.log('warn', `orders: ${message.type} from ${pubkey} failed: ${(e as Error).message}`);
    }
  }

  private async dispatch(message: OrdermatchMessage, pubkey: string, m: P2pMessage): Promise<void> {
    const core = this.core;
    const id = pubkey.slice(2);
    const now = core.now();
    switch (message.type) {
      case 'MakerOrderCreated':
      case 'MakerOrderUpdated':
      case 'MakerOrderCancelled':
      case 'PubkeyKeepAlive': {
        if (!this.makerBudgets.take(pubkey)) {
          core.deps.log('debug', `orders: dropped a ${message.type} from ${pubkey}: over the maker's message rate`);
          return;
        }
        // Orderbook messages are taken in the maker's own order only (replays are dropped here).
        const refusal = core.book.admit(pubkey, message.msg.timestamp, now);
        if (refusal) {
          core.deps.log('debug', `orders: dropped a ${message.type} from ${pubkey}: ${refusal}`);
          return;
        }
        return this.onBookMessage(message, pubkey, m, now);
      }
      case 'TakerRequest':
        return onTakerRequest(core, id, message.msg);
      case 'MakerReserved':
        this.matcher.onMakerReserved(id, message.msg);
        return;
      case 'TakerConnect':
        return onTakerConnect(core, id, message.msg);
      case 'MakerConnected':
        return this.matcher.onMakerConnected(id, message.msg);
    }
  }

  /** An admitted orderbook message; one carrying the root of what we now hold is kept as that maker's proof. */
  private onBookMessage(message: Extract<OrdermatchMessage, { msg: { timestamp: number } }>, pubkey: string, m: P2pMessage, now: number): void {
    const book = this.core.book;
    const pair = m.topic.slice('orbk/'.length);
    switch (message.type) {
      case 'PubkeyKeepAlive':
        this.sync.onKeepAlive(pubkey, message.msg, m);
        return;
      case 'MakerOrderCreated': {
        const o = message.msg;
        if (orderbookTopic(o.base, o.rel) !== m.topic || this.core.makers.has(o.uuid)) return;
        const { timestamp: _t, pairTrieRoot: _r, ...fields } = o;
        const item = { ...fields, pubkey };
        if (!book.get(o.uuid) && book.isMakerFull(pubkey)) {
          this.core.deps.log('debug', `orders: dropped order ${o.uuid} of ${pubkey}: the maker has all the orders it may`);
          this.core.deps.p2p.penalize(m.author, `orders past a maker's bound on ${m.topic}`);
          return;
        }
        const implausible = isCreatedInFuture(item, now) ? 'a creation time in the future' : implausibility(item);
        if (implausible) {
          this.core.deps.log('debug', `orders: dropped order ${o.uuid} of ${pubkey}: ${implausible}`);
          return;
        }
        if (this.sync.shouldHold(pubkey, pair, o.timestamp, now)) return this.sync.hold(pubkey, pair, item);
        book.upsert(item, now);
        break;
      }
      case 'MakerOrderUpdated': {
        const order = book.get(message.msg.uuid);
        if (!order || orderbookTopic(order.base, order.rel) !== m.topic) return;
        book.applyUpdate(pubkey, message.msg, now);
        break;
      }
      case 'MakerOrderCancelled':
        book.cancel(message.msg.uuid, pubkey, now);
        this.sync.forgetHeld(pubkey, pair, message.msg.uuid);
        break;
    }
    this.sync.onSignedRoot(pubkey, pair, { envelope: m.envelope, root: message.msg.pairTrieRoot, timestamp: message.msg.timestamp });
  }
}

declare module '../core/context' {
  interface NodeServices {
    /** My orders and the orderbook. */
    orders: OrdersService;
  }
}
