/**
 * "My orders" with many orders: the maker orders in the user's terms, sorted (by pair, then price;
 * or newest first) and cut into pages, so the page renders a page of rows, never all of them.
 * Prices of different pairs do not compare, so a price sort groups by pair first.
 */
import type { MakerOrderInfo } from './orders';
import type { MakerOrderView, PlacedSide } from './orderView';
import { makerOrderView } from './orderView';

export type OrderSort = 'price-asc' | 'price-desc' | 'newest';

export const ORDER_SORTS: { id: OrderSort; label: string }[] = [
  { id: 'price-asc', label: 'Price, low to high' },
  { id: 'price-desc', label: 'Price, high to low' },
  { id: 'newest', label: 'Newest first' },
];

/** Rows per page: few enough that a page renders well within one 50 ms frame budget. */
export const ORDERS_PAGE_SIZE = 20;

export interface ListedOrder {
  order: MakerOrderInfo;
  view: MakerOrderView;
}

/** Every maker order with its view (a page-placed buy turned back round), sorted as asked. */
export function sortedOrders(orders: readonly MakerOrderInfo[], placedBuys: ReadonlySet<string>, sort: OrderSort): ListedOrder[] {
  const listed = orders.map((order) => {
    const placed: PlacedSide = placedBuys.has(order.uuid) ? 'Buy' : 'Sell';
    return { order, view: makerOrderView(order, placed) };
  });
  const newest = (a: ListedOrder, b: ListedOrder): number => b.order.created_at - a.order.created_at || a.order.uuid.localeCompare(b.order.uuid);
  if (sort === 'newest') return listed.sort(newest);
  const sign = sort === 'price-asc' ? 1 : -1;
  return listed.sort((a, b) => {
    const pair = `${a.view.base}/${a.view.rel}`.localeCompare(`${b.view.base}/${b.view.rel}`);
    return pair || sign * a.view.price.cmp(b.view.price) || newest(a, b);
  });
}

export interface Page<T> {
  items: T[];
  /** 0-based, clamped to the pages there are. */
  page: number;
  pages: number;
  /** 1-based positions of the first and last item shown (0, 0 when empty). */
  from: number;
  to: number;
}

/** Page `page` of `list` (clamped: a page past the end after orders went shows the last one). */
export function pageOf<T>(list: readonly T[], page: number, size = ORDERS_PAGE_SIZE): Page<T> {
  const pages = Math.max(1, Math.ceil(list.length / size));
  const p = Math.min(Math.max(0, Math.floor(Number.isFinite(page) ? page : 0)), pages - 1);
  const items = list.slice(p * size, (p + 1) * size);
  return { items, page: p, pages, from: items.length ? p * size + 1 : 0, to: p * size + items.length };
}
