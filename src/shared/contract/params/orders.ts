/** The params of the orders methods (KDF's mm2_main/src/lp_ordermatch.rs and lp_ordermatch/). */
import type { MmNumberInput, NoParams } from './common';

/** The confirmations an order asks of each side; absent fields take the coins' own settings. */
type ConfOverrides = {
  base_confs?: number;
  base_nota?: boolean;
  rel_confs?: number;
  rel_nota?: boolean;
};

/** lp_ordermatch.rs `SetPriceReq`. */
export type SetPriceParams = ConfOverrides & {
  base: string;
  rel: string;
  price: MmNumberInput;
  /** Default 0; ignored with `max`. */
  volume?: MmNumberInput;
  /** Default false: offer the whole spendable balance of `base`. */
  max?: boolean;
  /** Default: the coin's minimum trading volume. */
  min_volume?: MmNumberInput;
  /** Default true: cancel this pair's other maker orders. */
  cancel_previous?: boolean;
  /** Default true. */
  save_in_history?: boolean;
};

/** lp_ordermatch.rs `MakerOrderUpdateReq`: only what is given changes. */
export type UpdateMakerOrderParams = ConfOverrides & {
  uuid: string;
  new_price?: MmNumberInput;
  /** Added to (or, negative, taken from) the order's volume. */
  volume_delta?: MmNumberInput;
  min_volume?: MmNumberInput;
  /** Offer the whole spendable balance of `base`. */
  max?: boolean;
};

/** KDF's `MatchBy` (mm2_rpc/src/data/legacy/orders.rs), tagged `type`/`data`: default `Any`. */
export type MatchBy = { type: 'Any' } | { type: 'Orders'; data: string[] } | { type: 'Pubkeys'; data: string[] };

/** mm2_rpc/src/data/legacy/orders.rs `SellBuyRequest` (its `method` is the envelope's). */
export type SellBuyParams = ConfOverrides & {
  base: string;
  rel: string;
  price: MmNumberInput;
  volume: MmNumberInput;
  /** Default: the coin's minimum trading volume. */
  min_volume?: MmNumberInput;
  /** Default `{"type": "Any"}`. */
  match_by?: MatchBy;
  /** KDF's `OrderType`, default `GoodTillCancelled`. */
  order_type?: { type: 'GoodTillCancelled' | 'FillOrKill' };
  /** Seconds the order waits for a maker before it becomes a maker order (or ends, FillOrKill); default 30. */
  timeout?: number;
  /** Default true. */
  save_in_history?: boolean;
};

/** lp_ordermatch.rs `CancelBy`, tagged `type`/`data`. */
export type CancelBy = { type: 'All' } | { type: 'Pair'; data: { base: string; rel: string } } | { type: 'Coin'; data: { ticker: string } };

/** lp_ordermatch.rs `MyOrdersFilter`: every filter optional; this node adds paging. */
export type OrdersHistoryFilterParams = {
  order_type?: string;
  initial_action?: string;
  base?: string;
  rel?: string;
  from_price?: MmNumberInput;
  to_price?: MmNumberInput;
  from_volume?: MmNumberInput;
  to_volume?: MmNumberInput;
  /** Seconds since the epoch. */
  from_timestamp?: number;
  to_timestamp?: number;
  was_taker?: boolean;
  status?: string;
  /** Default false: with true, `details` holds each order. */
  include_details?: boolean;
  /** Ours: rows per page (from `page_number`, default 1); without it every row, as KDF answers. */
  limit?: number;
  page_number?: number;
};

/** lp_ordermatch/best_orders.rs `BestOrdersAction`. */
type BestOrdersAction = 'buy' | 'sell';

export interface OrdersParams {
  setprice: { legacy: SetPriceParams };
  update_maker_order: { legacy: UpdateMakerOrderParams };
  sell: { legacy: SellBuyParams };
  buy: { legacy: SellBuyParams };
  /** lp_ordermatch.rs `CancelOrderReq`. */
  cancel_order: { legacy: { uuid: string } };
  /** lp_ordermatch.rs `cancel_all_orders_rpc`: `req["cancel_by"]`. */
  cancel_all_orders: { legacy: { cancel_by: CancelBy } };
  /** lp_ordermatch.rs `my_orders`: reads nothing. */
  my_orders: { legacy: NoParams };
  /**
   * mm2_rpc/src/data/legacy/orders.rs `OrderbookRequest`; the flat form takes `limit` as well
   * (ours, ignored by KDF): only the best `limit` asks and bids, the counts staying the whole book's.
   */
  orderbook: { legacy: { base: string; rel: string; limit?: number }; mmrpc: { base: string; rel: string } };
  /**
   * Flat: best_orders.rs `BestOrdersRequest`. 2.0: `BestOrdersRequestV2`, `request_by` tagged
   * `type`/`value` (a volume, or a number of orders), `exclude_mine` default false.
   */
  best_orders: {
    legacy: { coin: string; action: BestOrdersAction; volume: MmNumberInput };
    mmrpc: {
      coin: string;
      action: BestOrdersAction;
      request_by: { type: 'volume'; value: MmNumberInput } | { type: 'number'; value: number };
      exclude_mine?: boolean;
    };
  };
  /** lp_ordermatch/orderbook_depth.rs `OrderbookDepthReq`: `[base, rel]` pairs (this node takes at most MAX_DEPTH_PAIRS). */
  orderbook_depth: { legacy: { pairs: [string, string][] } };
  /** lp_ordermatch.rs `OrderStatusReq`. */
  order_status: { legacy: { uuid: string } };
  orders_history_by_filter: { legacy: OrdersHistoryFilterParams };
  /** rpc/lp_commands/legacy.rs `get_my_peer_id`: reads nothing. */
  get_my_peer_id: { legacy: NoParams };
  /** lp_swap.rs `coins_needed_for_kick_start`: reads nothing. */
  coins_needed_for_kick_start: { legacy: NoParams };
  /**
   * rpc/lp_commands/legacy.rs `disable_coin`: `req["coin"]`, `force_disable` default false (a
   * platform with enabled tokens is then disabled with them instead of kept passive).
   */
  disable_coin: { legacy: { coin: string; force_disable?: boolean } };
}
