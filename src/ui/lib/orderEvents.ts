/**
 * The node's typed order events as the page reads them: `order_matched` (KDF's ORDER_STATUS stream
 * event: a match of my order, or its connection) and `order_status` (one of my orders changed).
 * Both are checked before use; what is not one of them is ignored. KDF names the swap after the
 * taker request, so a match carries the uuid of the swap it leads to.
 */
import type { OrderMatchedData, OrderStatusData } from '../../shared/wire';
import type { TrackedRequest } from './orders';
import { UUID_RE } from '../../shared/uuid';
import { isRecord } from '../../shared/guards';

const uuidOf = (v: unknown): string | null => (typeof v === 'string' && UUID_RE.test(v) ? v.toLowerCase() : null);

export interface OrderMatch {
  /** Whose order matched: my maker order (a taker's request matched it) or my taker request. */
  role: 'Maker' | 'Taker';
  /** MakerConnected / TakerConnected: the match is confirmed and its swap starts. */
  connected: boolean;
  /** The taker request's uuid, which the swap is named after. */
  swapUuid: string;
  makerOrderUuid: string;
}

const MATCH_TYPES: Record<OrderMatchedData['order_type'], { role: OrderMatch['role']; connected: boolean }> = {
  MakerMatch: { role: 'Maker', connected: false },
  MakerConnected: { role: 'Maker', connected: true },
  TakerMatch: { role: 'Taker', connected: false },
  TakerConnected: { role: 'Taker', connected: true },
};

/** An `order_matched` payload, or null when it is not one. */
export function readOrderMatched(data: unknown): OrderMatch | null {
  if (!isRecord(data) || typeof data.order_type !== 'string' || !Object.hasOwn(MATCH_TYPES, data.order_type)) return null;
  const kind = MATCH_TYPES[data.order_type as OrderMatchedData['order_type']];
  const match = data.order_data;
  if (!isRecord(match) || !isRecord(match.reserved)) return null;
  const swapUuid = uuidOf(match.reserved.taker_order_uuid);
  const makerOrderUuid = uuidOf(match.reserved.maker_order_uuid);
  return swapUuid && makerOrderUuid ? { ...kind, swapUuid, makerOrderUuid } : null;
}

export interface OrderChange {
  uuid: string;
  type: OrderStatusData['type'];
  status: OrderStatusData['status'];
}

const STATUSES = new Set<string>(['Created', 'Updated', 'Matched', 'Cancelled', 'Fulfilled', 'TimedOut', 'Converted'] satisfies OrderStatusData['status'][]);

/** An `order_status` payload (without the order itself: the page reads `my_orders` again), or null. */
export function readOrderStatus(data: unknown): OrderChange | null {
  if (!isRecord(data) || (data.type !== 'Maker' && data.type !== 'Taker') || typeof data.status !== 'string' || !STATUSES.has(data.status)) return null;
  const uuid = uuidOf(data.uuid);
  return uuid ? { uuid, type: data.type, status: data.status as OrderStatusData['status'] } : null;
}

/**
 * A tracked request after a change of its order: Fulfilled is its match confirmed (the swap named
 * after it starts), Converted its timeout turning it into a maker order, TimedOut its end unmatched,
 * Cancelled its cancellation. Other changes, and requests no longer matching, stay as they are.
 */
export function applyOrderChange(r: TrackedRequest, c: OrderChange): TrackedRequest {
  if (r.state !== 'matching' || r.uuid !== c.uuid || c.type !== 'Taker') return r;
  switch (c.status) {
    case 'Fulfilled':
      return { ...r, state: 'matched', swapUuid: r.uuid };
    case 'Converted':
      return { ...r, state: 'converted' };
    case 'TimedOut':
      return { ...r, state: 'ended' };
    case 'Cancelled':
      return { ...r, state: 'cancelled' };
    default:
      return r;
  }
}

/** A tracked request once a maker confirmed it (TakerMatch): the maker order it connects to. */
export function applyOrderMatch(r: TrackedRequest, m: OrderMatch): TrackedRequest {
  if (r.state !== 'matching' || m.role !== 'Taker' || r.uuid !== m.swapUuid) return r;
  return { ...r, makerOrderUuid: m.makerOrderUuid };
}
