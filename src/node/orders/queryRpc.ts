/**
 * The orders domain's read-only RPCs, flat-format as KDF serves them (dispatcher_legacy.rs):
 * `order_status`, `orders_history_by_filter`, `orderbook_depth`, `get_my_peer_id` and
 * `coins_needed_for_kick_start`. Failures are KDF's flat `{error}` strings with 500.
 */
import { ParamError, type ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import type { Def } from '../../shared/contract';
import type { HandlerTable, LegacyAnswer } from '../core/handler';
import { orderRefusal, ordersUnavailable } from './errors';
import { coinsNeededForKickStart } from './kickStart';
import { orderbookDepth, pairItem } from './orderbookDepth';
import { rowToWire, selectOrders, type OrdersFilter, type RowsPage } from './ordersHistory';
import type { OrdersService } from './service';
import type { MakerOrder, TakerOrder } from './types';
import { parseUuid } from './uuid';
import { makerOrderForMyOrders, makerOrderToWire, takerOrderToWire } from './wire';

function orders(ctx: NodeContext): OrdersService {
  if (!ctx.orders) throw ordersUnavailable();
  return ctx.orders;
}

function openOrders(service: OrdersService): (MakerOrder | TakerOrder)[] {
  return [...service.makerOrders(), ...service.takerOrders()];
}

/** KDF's `OrderForRpc`: `{type, order}` with the order as `setprice` / `my_orders` show it. */
/** KDF's `OrderForRpc`, tagged by `type`. */
function orderForRpc(order: MakerOrder | TakerOrder): { type: 'Maker'; order: Def<'SetPriceResult'> } | { type: 'Taker'; order: Def<'TakerOrderRpcResult'> } {
  return 'request' in order ? { type: 'Taker', order: takerOrderToWire(order) } : { type: 'Maker', order: makerOrderToWire(order) };
}

/**
 * An open order as `my_orders` shows it (answered bare, without `result`, as KDF does); else the
 * ended one from the history with its end reason as `cancellation_reason`.
 */
async function orderStatus(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'order_status'>> {
  const uuid = parseUuid(args.str('uuid'));
  if (!uuid) throw new ParamError('uuid', 'invalid uuid for `uuid`');
  const service = orders(ctx);
  const maker = service.makerOrders().find((o) => o.uuid === uuid);
  if (maker) return { type: 'Maker', order: makerOrderForMyOrders(maker) };
  const taker = service.takerOrders().find((o) => o.request.uuid === uuid);
  if (taker) return { type: 'Taker', order: takerOrderToWire(taker) };
  const ended = (await service.history()).find((f) => ('request' in f.order ? f.order.request.uuid : f.order.uuid) === uuid);
  if (!ended) throw orderRefusal.noSuchOrder(uuid);
  return { ...orderForRpc(ended.order), cancellation_reason: ended.reason };
}

function filterArgs(args: ParamReader): OrdersFilter {
  const filter: OrdersFilter = {};
  const strings = { order_type: 'orderType', initial_action: 'initialAction', base: 'base', rel: 'rel', status: 'status' } as const;
  for (const [field, key] of Object.entries(strings)) {
    const value = args.optStr(field);
    if (value !== undefined) filter[key] = value;
  }
  const numbers = { from_price: 'fromPrice', to_price: 'toPrice', from_volume: 'fromVolume', to_volume: 'toVolume' } as const;
  for (const [field, key] of Object.entries(numbers)) {
    const value = args.optNum(field);
    if (value !== undefined) filter[key] = value;
  }
  const fromTimestamp = args.optUint('from_timestamp');
  const toTimestamp = args.optUint('to_timestamp');
  if (fromTimestamp !== undefined) filter.fromTimestamp = fromTimestamp;
  if (toTimestamp !== undefined) filter.toTimestamp = toTimestamp;
  if (args.has('was_taker')) filter.wasTaker = args.bool('was_taker');
  return filter;
}

/** Ours: `limit` (with `page_number`, from 1) pages the rows; without it every row is answered, as KDF does. */
function pageArgs(args: ParamReader): RowsPage | undefined {
  const pageNumber = args.optUint('page_number') ?? 1;
  if (pageNumber < 1) throw new ParamError('page_number', 'invalid value for `page_number`: expected a nonzero integer');
  const limit = args.optUint('limit');
  if (limit === undefined) return undefined;
  if (limit < 1) throw new ParamError('limit', 'invalid value for `limit`: expected a nonzero integer');
  return { skip: (pageNumber - 1) * limit, limit };
}

/**
 * KDF's `orders_history_by_filter`: the rows of my orders kept in the history, newest first,
 * `found_records` counting every match, and with `include_details` each order as `OrderForRpc`.
 */
async function ordersHistoryByFilter(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'orders_history_by_filter'>> {
  const filter = filterArgs(args);
  const includeDetails = args.optBool('include_details', false);
  const page = pageArgs(args);
  const service = orders(ctx);
  const { rows, total } = selectOrders(openOrders(service), await service.history(), filter, page);
  return {
    result: {
      orders: rows.map(rowToWire),
      details: includeDetails ? rows.map((r) => orderForRpc(r.order)) : [],
      found_records: total,
      warnings: [],
    },
  };
}

/** Pairs one `orderbook_depth` may ask for: each is followed like an `orderbook` call (a topic, a fetch). */
export const MAX_DEPTH_PAIRS = 100;

async function orderbookDepthRpc(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'orderbook_depth'>> {
  const pairs = args.arr('pairs', pairItem);
  if (pairs.length > MAX_DEPTH_PAIRS) throw new ParamError('pairs', `at most ${MAX_DEPTH_PAIRS} pairs, got ${pairs.length}`);
  const service = orders(ctx);
  return { result: await orderbookDepth(pairs, ctx.coinsConfig, (base, rel) => service.orderbook(base, rel)) };
}

export const orderQueryHandlers: HandlerTable = {
  order_status: { legacy: orderStatus },
  orders_history_by_filter: { legacy: ordersHistoryByFilter },
  orderbook_depth: { legacy: orderbookDepthRpc },
  get_my_peer_id: { legacy: async (ctx) => ({ result: orders(ctx).peerId }) },
  coins_needed_for_kick_start: {
    legacy: async (ctx) => {
      const swaps = (await ctx.swaps?.history()) ?? [];
      const mine = ctx.orders ? openOrders(ctx.orders) : [];
      return { result: coinsNeededForKickStart(swaps, mine, ctx.enabledCoins) };
    },
  },
};
