/**
 * The simple swap: "give `from`, get `to`". The best price is read from the network with mmrpc
 * `best_orders` (action `sell` of `from`, `request_by` volume: the orders that buy `from` for
 * `to`, priced in `to` per `from`), one order is picked, and the taker request is a `sell` of
 * `from` matched to that order only (`match_by` Orders) and FillOrKill, so it never lingers as a
 * maker order the user did not ask for. The answer comes from other peers, so every entry is
 * checked before use; amounts stay exact (MmNumber).
 */
import type { LegacyParams, MmRpcParams } from '../../shared/contract/params';
import { MmNumber } from '../../shared/number';
import { num } from './orders';
import { UUID_RE } from '../../shared/uuid';
import { isRecord } from '../../shared/guards';

export interface BestOrder {
  uuid: string;
  /** `to` per 1 `from`, exact. */
  price: MmNumber;
  /** The `from` amounts this order takes, at least and at most. */
  minFrom: MmNumber;
  maxFrom: MmNumber;
  pubkey: string;
}

/** Entries read per coin: more than a page ever needs, so a flood cannot stall it. */
export const MAX_BEST_ENTRIES = 500;


/** KDF's number triple `{decimal, rational, fraction}`: the fraction is exact, the decimal may be cut. */
function tripleNumber(v: unknown): MmNumber | null {
  if (!isRecord(v)) return null;
  try {
    if (isRecord(v.fraction)) return MmNumber.parse(v.fraction);
  } catch {
    // Fall back to the decimal text.
  }
  return typeof v.decimal === 'string' ? num(v.decimal) : null;
}

/** The `best_orders` request for giving `amount` of `from`. */
export function bestOrdersParams(from: string, amount: string): MmRpcParams<'best_orders'> {
  return { coin: from, action: 'sell', request_by: { type: 'volume', value: amount }, exclude_mine: true };
}

/** The orders of the mmrpc `best_orders` result that give `to`, checked; malformed entries are left out. */
export function readBestOrders(result: unknown, to: string): BestOrder[] {
  if (!isRecord(result) || !isRecord(result.orders) || !Object.hasOwn(result.orders, to)) return [];
  const list = result.orders[to];
  if (!Array.isArray(list)) return [];
  const out: BestOrder[] = [];
  for (const e of list.slice(0, MAX_BEST_ENTRIES)) {
    if (!isRecord(e) || e.is_mine === true || typeof e.uuid !== 'string' || !UUID_RE.test(e.uuid)) continue;
    const price = tripleNumber(e.price);
    const minFrom = tripleNumber(e.base_min_volume);
    const maxFrom = tripleNumber(e.base_max_volume);
    if (!price || !minFrom || !maxFrom || !price.isPositive() || !maxFrom.isPositive() || minFrom.isNegative() || minFrom.gt(maxFrom)) continue;
    out.push({ uuid: e.uuid.toLowerCase(), price, minFrom, maxFrom, pubkey: typeof e.pubkey === 'string' ? e.pubkey : '' });
  }
  return out;
}

export type BestPick =
  | { kind: 'order'; order: BestOrder; receive: MmNumber }
  /** Nobody trades the pair. */
  | { kind: 'none' }
  /** Orders exist, but none takes this much: the most one order takes. */
  | { kind: 'tooLarge'; maxFrom: MmNumber }
  /** Orders exist, but each wants more: the least any takes. */
  | { kind: 'tooSmall'; minFrom: MmNumber };

/** The highest price among the orders that take `amount` whole (ties: the earlier uuid, for a stable pick). */
export function pickBest(orders: readonly BestOrder[], amount: MmNumber): BestPick {
  if (orders.length === 0) return { kind: 'none' };
  const fits = orders.filter((o) => o.minFrom.lte(amount) && o.maxFrom.gte(amount));
  if (fits.length === 0) {
    const maxFrom = orders.reduce((m, o) => MmNumber.max(m, o.maxFrom), MmNumber.ZERO);
    if (amount.gt(maxFrom)) return { kind: 'tooLarge', maxFrom };
    return { kind: 'tooSmall', minFrom: orders.reduce((m, o) => MmNumber.min(m, o.minFrom), orders[0]!.minFrom) };
  }
  const best = fits.reduce((b, o) => (o.price.gt(b.price) || (o.price.eq(b.price) && o.uuid < b.uuid) ? o : b));
  return { kind: 'order', order: best, receive: amount.mul(best.price) };
}

/**
 * How the quote stands when the user confirms, against the one shown: the same order at the same
 * price (place it), a better or a worse one (show it and ask again), or no order takes the amount.
 */
export function quoteChange(shown: BestOrder, now: BestPick): 'same' | 'better' | 'worse' | 'gone' {
  if (now.kind !== 'order') return 'gone';
  if (now.order.uuid === shown.uuid && now.order.price.eq(shown.price)) return 'same';
  return now.order.price.lt(shown.price) ? 'worse' : 'better';
}

/** The amount typed, when it is more than the balance the page knows; null when it fits or either is unknown. */
export function overBalance(amount: MmNumber, balance: string): MmNumber | null {
  const have = num(balance);
  return have !== null && amount.gt(have) ? have : null;
}

/** The `sell` arguments: the exact price as a fraction, matched to the one order, filled or killed. */
export function sellParams(from: string, to: string, amount: string, order: BestOrder): LegacyParams<'sell'> {
  return {
    base: from,
    rel: to,
    volume: amount,
    price: order.price.toFraction(),
    match_by: { type: 'Orders', data: [order.uuid] },
    order_type: { type: 'FillOrKill' },
  };
}
