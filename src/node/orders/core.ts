/**
 * The state the orders modules share: my maker and taker orders, the orderbook, the network, the
 * store and the clock, with the small operations every module needs (publish a message, announce
 * a maker order, what my orders lock). Kept free of message handling so the modules that handle
 * messages, RPCs and timers can all build on it without importing one another.
 */
import { MmNumber } from '../../shared/number';
import { bytesToHex } from '../crypto';
import type { P2p } from '../p2p/types';
import { ActiveSwaps } from '../swaps/activeSwaps';
import type { OrderBalance } from './balance';
import { CoinLocks } from './coinLocks';
import { configuredOrderbookTicker, protocolInfo, type OrderCoins } from './coins';
import { availableAmount, makerBaseTicker, makerRelTicker } from './matching';
import { orderStorageError } from './errors';
import { OrderEvents } from './events';
import { encodeOrdermatchMessage } from './messages/codec';
import type { OrdermatchMessage } from './messages/types';
import { albOrderedPair, Orderbook, orderbookTopic } from './orderbook';
import { EMPTY_TRIE_ROOT } from './orderTrie';
import type { OrdersPersistence } from './persistence';
import type { EndedOrder, MakerOrder, OrderbookItem, SwapStart, TakerOrder } from './types';

/** KDF's timing constants (lp_ordermatch.rs); tests shorten them. */
export interface OrdersTiming {
  /** MIN_ORDER_KEEP_ALIVE_INTERVAL */
  keepAliveMs: number;
  /** MAKER_ORDER_TIMEOUT: a maker silent this long is dropped from the orderbook. */
  makerOrderTimeoutMs: number;
  /** ORDER_MATCH_TIMEOUT: a reservation not connected this long frees its volume. */
  orderMatchTimeoutMs: number;
  /** How long a taker collects MakerReserved answers before picking the best. */
  reservedCollectMs: number;
  /** The housekeeping loop's period (KDF's ordermatch loop sleeps 0.777 s). */
  tickMs: number;
}

const KDF_TIMING: OrdersTiming = {
  keepAliveMs: 30_000,
  makerOrderTimeoutMs: 90_000,
  orderMatchTimeoutMs: 30_000,
  reservedCollectMs: 3_000,
  tickMs: 777,
};

export interface OrdersDeps {
  p2p: P2p;
  /** The node's 33-byte compressed public key (the key that signs its p2p messages). */
  pubkey: Uint8Array;
  coins: OrderCoins;
  balance: OrderBalance;
  /** null: orders live in memory only. */
  persistence: OrdersPersistence | null;
  now(): number;
  log(level: 'debug' | 'info' | 'warn' | 'error', line: string): void;
  /** Sends an event to whoever watches the node (the page): unreadable stored records, my orders' changes. */
  emit?(event: string, data: unknown): void;
  /** A match connected: the swap with this uuid may start. */
  onSwapStart?(start: SwapStart): void;
  /** The swaps this node runs, shared with the swap engine (a fresh set when there is none). */
  activeSwaps?: ActiveSwaps;
  timing?: Partial<OrdersTiming>;
}

/** An event per stored order record that could not be read: `{db, table, key, error, total}`. */
export { UNREADABLE_RECORDS_EVENT } from '../../shared/wire';

const seconds = (ms: number): number => Math.floor(ms / 1000);

export class OrdersCore {
  readonly makers = new Map<string, MakerOrder>();
  readonly takers = new Map<string, TakerOrder>();
  readonly book = new Orderbook();
  /** 33-byte compressed hex, as orderbook entries show pubkeys. */
  readonly myPubkey: string;
  /** 32-byte x-only hex, as taker requests and reservations name nodes. */
  readonly myId: string;
  readonly timing: OrdersTiming;
  /** Held while an order of the coin is checked, stored and put in memory, or changed, or ended. */
  readonly locks = new CoinLocks();
  /** The swaps this node runs; a swap engine adds and finishes its own through the service. */
  readonly activeSwaps: ActiveSwaps;
  /** Tells the page of my orders' changes, each once it is stored and made. */
  readonly events: OrderEvents;
  /**
   * Pairs my last order left, and when: keep-alives go on stating the empty set there for a while,
   * as KDF's do, so nodes that open the pair later learn it (heldCreations.ts).
   */
  readonly leftPairs = new Map<string, number>();

  constructor(readonly deps: OrdersDeps) {
    this.activeSwaps = deps.activeSwaps ?? new ActiveSwaps();
    this.events = new OrderEvents((event, data) => deps.emit?.(event, data), (level, line) => deps.log(level, line));
    this.myPubkey = bytesToHex(deps.pubkey);
    this.myId = this.myPubkey.slice(2);
    this.timing = { ...KDF_TIMING, ...deps.timing };
  }

  now(): number {
    return this.deps.now();
  }

  /** Signs and gossips; a network failure is logged, as KDF's broadcast is fire-and-forget. */
  async publish(topic: string, message: OrdermatchMessage): Promise<void> {
    try {
      await this.deps.p2p.publish(topic, encodeOrdermatchMessage(message));
    } catch (e) {
      this.deps.log('warn', `orders: cannot publish ${message.type} on ${topic}: ${(e as Error).message}`);
    }
  }

  /**
   * Store write before speaking: a failure throws StorageError, so the caller announces nothing
   * and leaves its state as it was.
   */
  async persist(what: string, write: (p: OrdersPersistence) => Promise<void>): Promise<void> {
    if (!this.deps.persistence) return;
    try {
      await write(this.deps.persistence);
    } catch (e) {
      throw orderStorageError(what, e);
    }
  }

  /**
   * The same from a message handler or timer, where nobody waits for an answer: false when the
   * write failed (logged with its message), and the caller then neither acts nor speaks.
   */
  async persistOrLog(what: string, write: (p: OrdersPersistence) => Promise<void>): Promise<boolean> {
    try {
      await this.persist(what, write);
      return true;
    } catch (e) {
      this.deps.log('error', `orders: ${(e as Error).message}`);
      return false;
    }
  }

  /** My maker order as the orderbook (and every peer) sees it: its available volume. */
  makerItem(order: MakerOrder): OrderbookItem {
    const base = this.deps.coins.configs.get(order.base);
    const rel = this.deps.coins.configs.get(order.rel);
    return {
      pubkey: this.myPubkey,
      base: makerBaseTicker(order),
      rel: makerRelTicker(order),
      price: order.price,
      maxVolume: availableAmount(order),
      minVolume: order.minBaseVol,
      uuid: order.uuid,
      createdAt: seconds(this.now()),
      baseProtocolInfo: base ? protocolInfo(base) : new Uint8Array(),
      relProtocolInfo: rel ? protocolInfo(rel) : new Uint8Array(),
      confSettings: order.confSettings,
    };
  }

  /** Puts my maker order in the orderbook and tells the network (KDF's `maker_order_created_p2p_notify`). */
  async announce(order: MakerOrder): Promise<void> {
    const item = this.makerItem(order);
    this.book.upsert(item, this.now());
    this.leftPairs.delete(albOrderedPair(item.base, item.rel));
    const msg = { ...item, confSettings: order.confSettings, timestamp: item.createdAt, pairTrieRoot: this.pairRoot(item.base, item.rel) };
    await this.publish(orderbookTopic(item.base, item.rel), { type: 'MakerOrderCreated', msg });
  }

  /** Takes my maker order off the book and tells the network. */
  async withdraw(order: MakerOrder): Promise<void> {
    this.book.remove(order.uuid);
    const pair = albOrderedPair(makerBaseTicker(order), makerRelTicker(order));
    if (!this.book.pairRoot(this.myPubkey, pair)) this.leftPairs.set(pair, this.now());
    const msg = { uuid: order.uuid, timestamp: seconds(this.now()), pairTrieRoot: this.pairRoot(makerBaseTicker(order), makerRelTicker(order)) };
    await this.publish(orderbookTopic(makerBaseTicker(order), makerRelTicker(order)), { type: 'MakerOrderCancelled', msg });
  }

  /** Tells the network my order's new available volume (and whatever else `changes` holds). */
  async announceUpdate(order: MakerOrder, changes: { price?: boolean; minVolume?: boolean; conf?: boolean } = {}): Promise<void> {
    const item = this.makerItem(order);
    const known = this.book.get(order.uuid);
    this.book.upsert({ ...item, createdAt: known?.createdAt ?? item.createdAt }, this.now());
    await this.publish(orderbookTopic(item.base, item.rel), {
      type: 'MakerOrderUpdated',
      msg: {
        uuid: order.uuid,
        newMaxVolume: item.maxVolume,
        ...(changes.price && { newPrice: order.price }),
        ...(changes.minVolume && { newMinVolume: order.minBaseVol }),
        ...(changes.conf && { confSettings: order.confSettings }),
        timestamp: seconds(this.now()),
        pairTrieRoot: this.pairRoot(item.base, item.rel),
      },
    });
  }

  /**
   * My orders end: first stored as ended (in the history when asked for), then dropped from memory,
   * the page told, and the order taken off the book and the network told. Throws StorageError
   * having changed and told nothing.
   */
  async retire(ended: readonly EndedOrder[]): Promise<void> {
    if (ended.length === 0) return;
    await this.persist(`ended orders ${ended.map((e) => uuidOf(e.order)).join(', ')}`, (p) => p.finish(ended, this.now()));
    for (const { order } of ended) {
      if ('request' in order) this.takers.delete(order.request.uuid);
      else this.makers.delete(order.uuid);
    }
    for (const { order, reason } of ended) this.events.ended(reason, order);
    for (const { order } of ended) if (!('request' in order)) await this.withdraw(order);
  }

  /** `retire` from a message handler or timer: a failed write is logged and the orders stay, to be tried again. */
  async retireOrLog(ended: readonly EndedOrder[]): Promise<void> {
    try {
      await this.retire(ended);
    } catch (e) {
      this.deps.log('error', `orders: ${(e as Error).message}`);
    }
  }

  /** A match connected: the swap is known as active from now on, and whoever runs swaps is told. */
  swapStarted(start: SwapStart): void {
    this.activeSwaps.add(start.swapUuid, [start.base, start.rel]);
    this.deps.onSwapStart?.(start);
  }

  /** Runs `fn` holding the locks of the coins `orders` trade (see CoinLocks). */
  withCoins<T>(orders: Iterable<MakerOrder | TakerOrder>, fn: () => Promise<T>): Promise<T> {
    return this.locks.run([...orders].flatMap(coinsOf), fn);
  }

  /**
   * What my open orders promise of `coin`, leaving out `except`: a maker order its volume not yet
   * handed to a swap, a taker request what it would send.
   */
  lockedByOrders(except: ReadonlySet<string> = new Set()): (coin: string) => MmNumber {
    return (coin) => {
      let sum = MmNumber.ZERO;
      for (const o of this.makers.values()) {
        if (o.base !== coin || except.has(o.uuid)) continue;
        let inSwaps = MmNumber.ZERO;
        for (const m of o.matches.values()) if (m.connected) inSwaps = inSwaps.add(m.reserved.baseAmount);
        sum = sum.add(o.maxBaseVol.sub(inSwaps));
      }
      for (const o of this.takers.values()) {
        if (except.has(o.request.uuid)) continue;
        const sends = o.request.action === 'Sell' ? o.request.base : o.request.rel;
        if (sends === coin) sum = sum.add(o.request.action === 'Sell' ? o.request.baseAmount : o.request.relAmount);
      }
      return sum;
    };
  }

  /** The root of my orders on the pair as the book now holds them, which my orderbook messages carry (a peer's proof of them). */
  private pairRoot(base: string, rel: string): Uint8Array {
    return this.book.pairRoot(this.myPubkey, albOrderedPair(base, rel)) ?? EMPTY_TRIE_ROOT;
  }

  orderbookTickerOf(ticker: string): string | null {
    return configuredOrderbookTicker(this.deps.coins, ticker);
  }
}

/** The coins an order trades: the ones its balance check reads and its swap would spend. */
export function coinsOf(order: MakerOrder | TakerOrder): string[] {
  return 'request' in order ? [order.request.base, order.request.rel] : [order.base, order.rel];
}

export function uuidOf(order: MakerOrder | TakerOrder): string {
  return 'request' in order ? order.request.uuid : order.uuid;
}
