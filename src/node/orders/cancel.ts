/**
 * `cancel_order` and `cancel_all_orders` (KDF's `cancel_order_rpc`, `cancel_orders_by`). An order
 * in the middle of matching (a reservation not yet connected, or a taker request with a match) is
 * never cancelled: `cancel_order` refuses, `cancel_all_orders` reports it as currently matching.
 * Cancelled orders are stored as ended in one write before the network hears of it; a failed write
 * fails the request with nothing cancelled.
 */
import { coinsOf, type OrdersCore } from './core';
import { orderRefusal } from './errors';
import { makerCancellable, takerCancellable } from './matching';
import type { MakerOrder, TakerOrder } from './types';

export type CancelBy = { type: 'All' } | { type: 'Pair'; base: string; rel: string } | { type: 'Coin'; ticker: string };

export interface CancelResult {
  cancelled: string[];
  currentlyMatching: string[];
}

/** False when no order of mine has this uuid. */
export async function cancelOrder(core: OrdersCore, uuid: string): Promise<boolean> {
  const found = core.makers.get(uuid) ?? core.takers.get(uuid);
  if (!found) return false;
  return core.withCoins([found], async () => {
    const maker = core.makers.get(uuid);
    const taker = core.takers.get(uuid);
    const order = maker ?? taker;
    if (!order) return false;
    if (maker ? !makerCancellable(maker) : taker && !takerCancellable(taker)) {
      throw orderRefusal.beingMatched(uuid);
    }
    await core.retire([{ order, reason: 'Cancelled' }]);
    return true;
  });
}

function selected(by: CancelBy, base: string, rel: string): boolean {
  if (by.type === 'All') return true;
  if (by.type === 'Pair') return base === by.base && rel === by.rel;
  return base === by.ticker || rel === by.ticker;
}

/** My orders `by` selects, makers first, each with whether it may be cancelled now. */
export function selectOrders(core: OrdersCore, by: CancelBy): { order: MakerOrder | TakerOrder; uuid: string; cancellable: boolean }[] {
  const makers = [...core.makers.values()]
    .filter((o) => selected(by, o.base, o.rel))
    .map((order) => ({ order, uuid: order.uuid, cancellable: makerCancellable(order) }));
  const takers = [...core.takers.values()]
    .filter((o) => selected(by, o.request.base, o.request.rel))
    .map((order) => ({ order, uuid: order.request.uuid, cancellable: takerCancellable(order) }));
  return [...makers, ...takers];
}

/**
 * Cancels what `by` selects among the orders whose coins are all in `held`, the coin locks the
 * caller holds (an order placed while the caller waited for them may trade other coins: it stays).
 */
export async function cancelSelected(core: OrdersCore, by: CancelBy, held: ReadonlySet<string>): Promise<CancelResult> {
  const picked = selectOrders(core, by).filter((p) => coinsOf(p.order).every((c) => held.has(c)));
  const cancel = picked.filter((p) => p.cancellable);
  await core.retire(cancel.map(({ order }) => ({ order, reason: 'Cancelled' })));
  return { cancelled: cancel.map((p) => p.uuid), currentlyMatching: picked.filter((p) => !p.cancellable).map((p) => p.uuid) };
}

export async function cancelAllOrders(core: OrdersCore, by: CancelBy): Promise<CancelResult> {
  const held = new Set(selectOrders(core, by).flatMap((p) => coinsOf(p.order)));
  return core.locks.run(held, () => cancelSelected(core, by, held));
}
