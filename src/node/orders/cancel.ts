/**
 * `cancel_order` and `cancel_all_orders` (KDF's `cancel_order_rpc`, `cancel_orders_by`). An order
 * in the middle of matching (a reservation not yet connected, or a taker request with a match) is
 * never cancelled: `cancel_order` refuses, `cancel_all_orders` reports it as currently matching.
 */
import type { OrdersCore } from './core';
import { orderError } from './errors';
import { makerCancellable, takerCancellable } from './matching';

export type CancelBy = { type: 'All' } | { type: 'Pair'; base: string; rel: string } | { type: 'Coin'; ticker: string };

/** False when no order of mine has this uuid. */
export async function cancelOrder(core: OrdersCore, uuid: string): Promise<boolean> {
  const maker = core.makers.get(uuid);
  if (maker) {
    if (!makerCancellable(maker)) throw orderError(`Order ${uuid} is being matched now, can't cancel`);
    await core.retireMaker(maker, 'Cancelled');
    return true;
  }
  const taker = core.takers.get(uuid);
  if (!taker) return false;
  if (!takerCancellable(taker)) throw orderError(`Order ${uuid} is being matched now, can't cancel`);
  await core.retireTaker(taker, 'Cancelled');
  return true;
}

function selected(by: CancelBy, base: string, rel: string): boolean {
  if (by.type === 'All') return true;
  if (by.type === 'Pair') return base === by.base && rel === by.rel;
  return base === by.ticker || rel === by.ticker;
}

export async function cancelAllOrders(core: OrdersCore, by: CancelBy): Promise<{ cancelled: string[]; currentlyMatching: string[] }> {
  const cancelled: string[] = [];
  const currentlyMatching: string[] = [];
  for (const order of [...core.makers.values()]) {
    if (!selected(by, order.base, order.rel)) continue;
    if (!makerCancellable(order)) {
      currentlyMatching.push(order.uuid);
      continue;
    }
    cancelled.push(order.uuid);
    await core.retireMaker(order, 'Cancelled');
  }
  for (const order of [...core.takers.values()]) {
    const { uuid, base, rel } = order.request;
    if (!selected(by, base, rel)) continue;
    if (!takerCancellable(order)) {
      currentlyMatching.push(uuid);
      continue;
    }
    cancelled.push(uuid);
    await core.retireTaker(order, 'Cancelled');
  }
  return { cancelled, currentlyMatching };
}
