/**
 * Orders as the node reports them (KDF's `orderbook`, `my_orders`, `sell`/`buy`, `setprice`,
 * `trade_preimage`; kdf-facts §1.3–1.4) and what the exchange page derives from them. Amounts
 * stay exact (MmNumber); floats only place points on the depth chart.
 */
import type { LegacyResult, MmRpcResult } from '../../shared/contract';
import { MmNumber } from '../../shared/number';

/** `orderbook`'s answer (KDF's `OrderbookResponse`) and one of its rows (`AggregatedOrderbookEntry`). */
export type OrderbookResponse = LegacyResult<'orderbook'>;
export type OrderbookEntry = OrderbookResponse['asks'][number];

/**
 * A maker order as `setprice` and `update_maker_order` answer it (KDF's `MakerOrderForRpc`):
 * without `my_orders`' `cancellable` and `available_amount`.
 */
export type MakerOrderAnswer = LegacyResult<'setprice'>['result'];

/** `my_orders`' `result`, and its maker and taker orders (KDF's `MakerOrderForMyOrdersRpc`, `TakerOrderForRpc`). */
export type MyOrders = LegacyResult<'my_orders'>['result'];
export type MakerOrderInfo = MyOrders['maker_orders'][string];
export type TakerOrderInfo = MyOrders['taker_orders'][string];

export type OrderType = TakerOrderInfo['order_type']['type'];
export type TradeMode = 'buy' | 'sell' | 'setprice';

/** `trade_preimage`'s result: a taker's (with the taker fee) or a maker's (with the maximum volume when asked). */
export type TradePreimage = MmRpcResult<'trade_preimage'>;
export type FeeInfo = TradePreimage['base_coin_fee'];

/** The volume a maker's preimage reports for a `max` order; undefined otherwise (a taker's has none). */
export function preimageVolume(p: TradePreimage): string | undefined {
  return 'volume' in p ? p.volume : undefined;
}

/** The trading fee and the network fee to send it: a taker's preimage only. */
export function takerFees(p: TradePreimage): { taker_fee?: FeeInfo; fee_to_send_taker_fee?: FeeInfo } {
  return 'taker_fee' in p ? { taker_fee: p.taker_fee, fee_to_send_taker_fee: p.fee_to_send_taker_fee } : {};
}

export function num(s: string): MmNumber | null {
  try {
    return MmNumber.parse(s);
  } catch {
    return null;
  }
}

/** `a / b` rounded toward −∞, for a positive `b`. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a < 0n && q * b !== a ? q - 1n : q;
}

/**
 * `n` rounded to `places` decimals: toward −∞ (`down`), toward +∞ (`up`) or half up (`half`).
 * Computed on the fraction's integers (one reduction at the end): the book rounds hundreds of
 * numbers per read.
 */
export function roundNumber(n: MmNumber, places: number, mode: 'down' | 'up' | 'half' = 'half'): MmNumber {
  const scale = 10n ** BigInt(places);
  const scaled = n.numer * scale;
  const d = n.denom;
  const units = mode === 'down' ? floorDiv(scaled, d) : mode === 'up' ? -floorDiv(-scaled, d) : floorDiv(2n * scaled + d, 2n * d);
  return MmNumber.of(units, scale);
}

/** A decimal string for display, rounded half up to `places` decimals; the input when unreadable. */
export function roundDecimal(s: string, places = 8, mode: 'down' | 'up' | 'half' = 'half'): string {
  const n = num(s);
  return n ? roundNumber(n, places, mode).toDecimalString() : s;
}

/** Decimals the page keeps in amounts it computes (UTXO coins' precision; ≤ the exact value when rounded down). */
export const AMOUNT_PLACES = 8;

/** `max_taker_vol`'s fraction as an amount to type: rounded down to 8 decimals, so never above the maximum. */
export function fractionToAmount(f: { numer: string; denom: string }, divideBy?: MmNumber): string | null {
  try {
    let n = MmNumber.parse({ numer: f.numer, denom: f.denom });
    if (divideBy) n = n.div(divideBy);
    return roundNumber(n, AMOUNT_PLACES, 'down').toDecimalString();
  } catch {
    return null;
  }
}

/** `a × b` of decimal strings, exactly; null when either is unreadable. */
export function mulDecimals(a: string, b: string): string | null {
  const x = num(a);
  const y = num(b);
  return x && y ? x.mul(y).toDecimalString() : null;
}

/** A positive decimal typed by the user (digits, optional dot): the error to show, or null. */
export function positiveInputError(raw: string, what: string): string | null {
  const s = raw.trim();
  if (s === '') return `Enter the ${what}.`;
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s)) return `The ${what} must be a number such as 0.5 (use a dot for decimals).`;
  const n = num(s);
  if (!n || !n.isPositive()) return `The ${what} must be greater than zero.`;
  return null;
}

/** Best ask − best bid, and that as a percentage of the best ask (2 decimals); null unless both sides have orders. */
export function spreadOf(book: OrderbookResponse): { amount: string; percent: string } | null {
  const ask = num(book.asks[0]?.price ?? '');
  const bid = num(book.bids[0]?.price ?? '');
  if (!ask || !bid || !ask.isPositive()) return null;
  const amount = ask.sub(bid);
  const percent = roundNumber(amount.div(ask).mul(MmNumber.of(100n)), 2).toDecimalString();
  return { amount: roundNumber(amount, AMOUNT_PLACES).toDecimalString(), percent };
}

export interface DepthPoint {
  price: number;
  volume: number;
}

/** Points per side the depth chart draws: a few per pixel of its 400-unit width is all it can show. */
export const DEPTH_POINTS = 400;

/**
 * The cumulative base volume at each price (from the node's `base_max_volume_aggr`), for drawing
 * only. A long side is thinned to about `maxPoints` evenly spaced levels, the best and the last (the
 * whole side's volume) always kept: the volume only grows outwards, so the steps merge but keep their shape.
 */
export function depthSeries(book: OrderbookResponse, maxPoints = DEPTH_POINTS): { asks: DepthPoint[]; bids: DepthPoint[] } {
  const points = (list: OrderbookEntry[]): DepthPoint[] => {
    const step = Math.max(1, Math.ceil(list.length / maxPoints));
    const picked = list.filter((_, i) => i % step === 0 || i === list.length - 1);
    return picked
      .map((e) => ({ price: Number(e.price), volume: Number(e.base_max_volume_aggr) }))
      .filter((p) => Number.isFinite(p.price) && Number.isFinite(p.volume));
  };
  return { asks: points(book.asks), bids: points(book.bids) };
}

/** What a book row shows of an entry; `age` changes on every read and is not shown. */
const SHOWN_FIELDS = ['uuid', 'price', 'base_max_volume', 'rel_max_volume', 'base_max_volume_aggr', 'base_min_volume', 'is_mine'] as const;

/**
 * `next` with each entry that shows the same as in `old` replaced by the old object, so a refresh
 * of an unchanged book re-renders no row (the page's lists are keyed by uuid and compare items by
 * identity).
 */
export function keepUnchangedEntries(old: OrderbookResponse | null, next: OrderbookResponse): OrderbookResponse {
  if (!old || old.base !== next.base || old.rel !== next.rel) return next;
  const before = new Map<string, OrderbookEntry>();
  for (const e of old.asks) before.set(`a${e.uuid}`, e);
  for (const e of old.bids) before.set(`b${e.uuid}`, e);
  const keep = (list: OrderbookEntry[], side: string): OrderbookEntry[] =>
    list.map((e) => {
      const o = before.get(side + e.uuid);
      return o && SHOWN_FIELDS.every((k) => o[k] === e[k]) ? o : e;
    });
  return { ...next, asks: keep(next.asks, 'a'), bids: keep(next.bids, 'b') };
}

/** A `sell`/`buy` request the page placed, followed until it is matched or ends. */
export interface TrackedRequest {
  uuid: string;
  action: 'Buy' | 'Sell';
  base: string;
  rel: string;
  volume: string;
  price: string;
  orderType: OrderType;
  /** ms: when the page sent it, later the node's created_at once seen. */
  createdAt: number;
  timeoutS: number;
  state: 'matching' | 'matched' | 'converted' | 'ended' | 'cancelled';
  /** The swap started by the match: KDF names it after the taker request. */
  swapUuid?: string;
  /** The maker order it connected to, when seen. */
  makerOrderUuid?: string;
}

/** KDF's taker order timeout: unmatched, a request then becomes a maker order (GoodTillCancelled) or ends. */
export const TAKER_TIMEOUT_S = 30;

/**
 * Where a request stands after a `my_orders` read. Still a taker order: matching. A maker order of
 * the same uuid: converted after its timeout. Gone before its timeout could end it: only a
 * confirmed match retires a request that early (the swap is named after it). Gone later: ended.
 */
export function followRequest(r: TrackedRequest, orders: MyOrders, nowMs: number): TrackedRequest {
  if (r.state !== 'matching') return r;
  const taker = orders.taker_orders[r.uuid];
  if (taker) {
    const makerOrderUuid = Object.keys(taker.matches)[0];
    return { ...r, createdAt: Math.max(r.createdAt, taker.created_at), ...(makerOrderUuid ? { makerOrderUuid } : {}) };
  }
  if (orders.maker_orders[r.uuid]) return { ...r, state: 'converted' };
  if (nowMs < r.createdAt + r.timeoutS * 1000) return { ...r, state: 'matched', swapUuid: r.uuid };
  return { ...r, state: 'ended' };
}
