/**
 * What the page hears of my orders: typed events, never log lines. `order_matched` is KDF's
 * ORDER_STATUS stream event (`OrderStatusEvent`, lp_ordermatch/order_events.rs) with the match as
 * `my_orders` shows it; `order_status` tells each change of one of my orders. Callers speak only
 * after the change is stored and applied, so the page is never told of a change a failed write
 * undid; the data is built at once, so later changes to the order do not alter what was sent.
 */
import { NodeEvents, type OrderMatchedData, type OrderStatusData } from '../../shared/wire';
import type { MakerMatch, MakerOrder, OrderEndReason, TakerMatch, TakerOrder } from './types';
import { makerMatchToWire, makerOrderForMyOrders, takerMatchToWire, takerOrderToWire } from './wire';

export type OrderStatus = OrderStatusData['status'];

type Emit = (event: string, data: unknown) => void;
type Log = (level: 'debug' | 'info' | 'warn' | 'error', line: string) => void;

/** The status an order that leaves the active set is reported with: a balance gone counts as a cancellation. */
const END_STATUS: Record<OrderEndReason, OrderStatus> = {
  Cancelled: 'Cancelled',
  InsufficientBalance: 'Cancelled',
  Fulfilled: 'Fulfilled',
  TimedOut: 'TimedOut',
  ToMaker: 'Converted',
};

export class OrderEvents {
  constructor(
    private readonly emit: Emit,
    private readonly log: Log,
  ) {}

  /** A taker request matched my maker order (MakerMatch), or its taker connected (MakerConnected). */
  makerMatch(orderType: 'MakerMatch' | 'MakerConnected', match: MakerMatch): void {
    this.send(NodeEvents.orderMatched, { order_type: orderType, order_data: makerMatchToWire(match) } satisfies OrderMatchedData);
  }

  /** My taker request connected to a maker (TakerMatch), or the maker confirmed (TakerConnected). */
  takerMatch(orderType: 'TakerMatch' | 'TakerConnected', match: TakerMatch): void {
    this.send(NodeEvents.orderMatched, { order_type: orderType, order_data: takerMatchToWire(match) } satisfies OrderMatchedData);
  }

  /** My order, still active, changed: it is sent as it is now. */
  changed(status: OrderStatus, order: MakerOrder | TakerOrder): void {
    const data: OrderStatusData =
      'request' in order
        ? { uuid: order.request.uuid, type: 'Taker', status, order: takerOrderToWire(order) }
        : { uuid: order.uuid, type: 'Maker', status, order: makerOrderForMyOrders(order) };
    this.send(NodeEvents.orderStatus, data);
  }

  /** My order left the active set for `reason`. */
  ended(reason: OrderEndReason, order: MakerOrder | TakerOrder): void {
    const data: OrderStatusData =
      'request' in order
        ? { uuid: order.request.uuid, type: 'Taker', status: END_STATUS[reason], order: null }
        : { uuid: order.uuid, type: 'Maker', status: END_STATUS[reason], order: null };
    this.send(NodeEvents.orderStatus, data);
  }

  /** The change is already stored and made: a watcher that cannot take the event must not undo or stop it. */
  private send(event: string, data: OrderMatchedData | OrderStatusData): void {
    try {
      this.emit(event, data);
    } catch (e) {
      this.log('warn', `orders: cannot send ${event}: ${(e as Error).message}`);
    }
  }
}
