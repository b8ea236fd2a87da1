/**
 * `orders_history_by_filter`'s rows (KDF's `my_orders` table, `FilteringOrder`): one per order kept
 * in the history (`save_in_history`), open or ended. KDF writes the row when the order is made
 * (status `Created`), on `update_maker_order` (`Updated`) and when it ends (the end reason); here
 * the row is derived from the order itself, open ones from memory and ended ones from the store,
 * so the two can never disagree. Rows are newest first (`created_at` descending), as KDF's query.
 *
 * A GoodTillCancelled request that became a maker order keeps its taker row as KDF's `my_orders`
 * table does (`delete_my_taker_order(ToMaker)`, then `update_was_taker`): the request's action,
 * pair, price, volume and creation time, type `Maker`, `was_taker` 1, status `ToMaker`, last
 * updated at the conversion. An update then writes the maker's price and volume (`Updated`), and
 * the end only its status, both over the same row.
 */
import type { LegacyResult } from '../../shared/contract';
import type { MmNumber } from '../../shared/number';
import type { FinishedOrder } from './persistence';
import type { MakerOrder, TakerOrder, TakerOrigin } from './types';

export interface HistoryRow {
  uuid: string;
  orderType: 'Maker' | 'Taker';
  /** `Sell` for a maker order; the taker's action otherwise. */
  initialAction: 'Sell' | 'Buy';
  /** A maker order that began as a GoodTillCancelled taker request. */
  wasTaker: boolean;
  base: string;
  rel: string;
  /** A maker's price; a taker's rel amount per base. */
  price: MmNumber;
  /** A maker's `max_base_vol`; a taker's base amount. */
  volume: MmNumber;
  /** ms */
  createdAt: number;
  /** ms: the last change of the order, or its end. */
  lastUpdated: number;
  status: string;
  order: MakerOrder | TakerOrder;
  /** The status an ended order's `order_status` names as `cancellation_reason`. */
  ended: boolean;
}

export function openOrderRow(order: MakerOrder | TakerOrder): HistoryRow {
  if ('request' in order) {
    const q = order.request;
    const common = { uuid: q.uuid, orderType: 'Taker' as const, initialAction: q.action, base: q.base, rel: q.rel, wasTaker: false };
    return { ...common, price: q.relAmount.div(q.baseAmount), volume: q.baseAmount, createdAt: order.createdAt, lastUpdated: order.createdAt, status: 'Created', order, ended: false };
  }
  if (order.takerOrigin) return convertedRow(order, order.takerOrigin);
  return {
    uuid: order.uuid,
    orderType: 'Maker',
    initialAction: 'Sell',
    wasTaker: order.wasTaker,
    base: order.base,
    rel: order.rel,
    price: order.price,
    volume: order.maxBaseVol,
    createdAt: order.createdAt,
    lastUpdated: order.updatedAt,
    status: order.changesHistory.length > 0 ? 'Updated' : 'Created',
    order,
    ended: false,
  };
}

function convertedRow(order: MakerOrder, origin: TakerOrigin): HistoryRow {
  const q = origin.request;
  const updated = order.changesHistory.length > 0;
  return {
    uuid: order.uuid,
    orderType: 'Maker',
    initialAction: q.action,
    wasTaker: true,
    base: q.base,
    rel: q.rel,
    price: updated ? order.price : q.relAmount.div(q.baseAmount),
    volume: updated ? order.maxBaseVol : q.baseAmount,
    createdAt: origin.createdAt,
    lastUpdated: order.updatedAt,
    status: updated ? 'Updated' : 'ToMaker',
    order,
    ended: false,
  };
}

export function endedOrderRow(finished: FinishedOrder): HistoryRow {
  return { ...openOrderRow(finished.order), lastUpdated: finished.finishedAt, status: finished.reason, ended: true };
}

/** KDF's `MyOrdersFilter`; every field is optional and the given ones must all hold. */
export interface OrdersFilter {
  orderType?: string;
  initialAction?: string;
  base?: string;
  rel?: string;
  fromPrice?: MmNumber;
  toPrice?: MmNumber;
  fromVolume?: MmNumber;
  toVolume?: MmNumber;
  /** ms, against `created_at`, both ends included. */
  fromTimestamp?: number;
  toTimestamp?: number;
  wasTaker?: boolean;
  status?: string;
}

/** A page of the selection: `limit` rows after `skip` (ours; KDF's RPC answers every row). */
export interface RowsPage {
  skip: number;
  limit: number;
}

function matches(row: HistoryRow, f: OrdersFilter): boolean {
  return (
    (f.orderType === undefined || row.orderType === f.orderType) &&
    (f.initialAction === undefined || row.initialAction === f.initialAction) &&
    (f.base === undefined || row.base === f.base) &&
    (f.rel === undefined || row.rel === f.rel) &&
    (f.fromPrice === undefined || row.price.gte(f.fromPrice)) &&
    (f.toPrice === undefined || row.price.lte(f.toPrice)) &&
    (f.fromVolume === undefined || row.volume.gte(f.fromVolume)) &&
    (f.toVolume === undefined || row.volume.lte(f.toVolume)) &&
    (f.fromTimestamp === undefined || row.createdAt >= f.fromTimestamp) &&
    (f.toTimestamp === undefined || row.createdAt <= f.toTimestamp) &&
    (f.wasTaker === undefined || row.wasTaker === f.wasTaker) &&
    (f.status === undefined || row.status === f.status)
  );
}

const newestFirst = (a: HistoryRow, b: HistoryRow): number => b.createdAt - a.createdAt || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);

/**
 * The rows of my open orders and of the ended ones (an order in both, which a crash between the
 * two writes could leave, counts as ended), filtered, newest first, and the page asked for.
 */
export function selectOrders(
  open: readonly (MakerOrder | TakerOrder)[],
  ended: readonly FinishedOrder[],
  filter: OrdersFilter,
  page?: RowsPage,
): { rows: HistoryRow[]; total: number } {
  const byUuid = new Map<string, HistoryRow>();
  for (const o of open) if (o.saveInHistory) byUuid.set('request' in o ? o.request.uuid : o.uuid, openOrderRow(o));
  for (const f of ended) byUuid.set('request' in f.order ? f.order.request.uuid : f.order.uuid, endedOrderRow(f));
  const selected = [...byUuid.values()].filter((r) => matches(r, filter)).sort(newestFirst);
  const rows = page ? selected.slice(page.skip, page.skip + page.limit) : selected;
  return { rows, total: selected.length };
}

/** KDF's `FilteringOrder`: price and volume as JSON floats, `was_taker` as 0 or 1. */
export function rowToWire(row: HistoryRow): LegacyResult<'orders_history_by_filter'>['result']['orders'][number] {
  return {
    uuid: row.uuid,
    order_type: row.orderType,
    initial_action: row.initialAction,
    base: row.base,
    rel: row.rel,
    price: Number(row.price.toDecimalString()),
    volume: Number(row.volume.toDecimalString()),
    created_at: row.createdAt,
    last_updated: row.lastUpdated,
    was_taker: row.wasTaker ? 1 : 0,
    status: row.status,
  };
}
