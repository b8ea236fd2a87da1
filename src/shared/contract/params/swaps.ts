/** The params of the swaps methods: previews, volumes, statuses, recovery. */
import type { MmNumberInput, NoParams } from './common';

/** mm2_main/src/lp_swap/trade_preimage.rs `TradePreimageRequest`. */
export type TradePreimageParams = {
  base: string;
  rel: string;
  /** KDF's `TradePreimageMethod`: the order the preview is for. */
  swap_method: 'setprice' | 'buy' | 'sell';
  price: MmNumberInput;
  /** Default 0 (which the volume rules then refuse); ignored with `max`. */
  volume?: MmNumberInput;
  /** Default false; only `setprice` takes it. */
  max?: boolean;
};

/** A swap named by its uuid. */
type SwapUuid = { uuid: string };

/**
 * KDF's `MyRecentSwapsReq` (lp_swap.rs): `PagingOptions` (common/common.rs) and `MySwapsFilter`,
 * flattened; the same in the flat form and in mmrpc 2.0 (swap_v2_rpcs.rs `MyRecentSwapsRequest`).
 */
export type MyRecentSwapsParams = {
  /** Default 10. */
  limit?: number;
  /** Default 1; ignored with `from_uuid`. */
  page_number?: number;
  /** The page starts after this swap. */
  from_uuid?: string;
  my_coin?: string;
  other_coin?: string;
  /** Seconds since the epoch. */
  from_timestamp?: number;
  to_timestamp?: number;
};

/** swap_v2_rpcs.rs `ActiveSwapsRequest`: `include_status` defaults to false. */
type ActiveSwapsParams = { include_status?: boolean };

export interface SwapsParams {
  trade_preimage: { legacy: TradePreimageParams; mmrpc: TradePreimageParams };
  /** lp_swap/taker_swap.rs `MaxTakerVolRequest`: `trade_with` defaults to `coin` itself (the fee of a swap with itself). */
  max_taker_vol: { legacy: { coin: string; trade_with?: string } };
  /** lp_swap/max_maker_vol_rpc.rs `MaxMakerVolRequest`. */
  max_maker_vol: { mmrpc: { coin: string } };
  /** rpc/lp_commands/legacy.rs `min_trading_vol`: `req["coin"]`. */
  min_trading_vol: { legacy: { coin: string } };
  /** coins/lp_coins.rs `get_trade_fee`: `req["coin"]`. */
  get_trade_fee: { legacy: { coin: string } };
  /** Flat: lp_swap.rs `my_swap_status` reads `req["params"]["uuid"]`; 2.0: swap_v2_rpcs.rs `MySwapStatusRequest`. */
  my_swap_status: { legacy: { params: SwapUuid }; mmrpc: SwapUuid };
  my_recent_swaps: { legacy: MyRecentSwapsParams; mmrpc: MyRecentSwapsParams };
  active_swaps: { legacy: ActiveSwapsParams; mmrpc: ActiveSwapsParams };
  /** lp_swap.rs `recover_funds_of_swap`: `req["params"]["uuid"]`. */
  recover_funds_of_swap: { legacy: { params: SwapUuid } };
  /**
   * lp_swap.rs `import_swaps`: `req["swaps"]`, KDF's `SavedSwap`s (lp_swap/saved_swap.rs) as
   * `export_swaps` answers them; the node checks each record (at most MAX_IMPORT_SWAPS at once).
   */
  import_swaps: { legacy: { swaps: unknown[] } };
  /** Ours, not KDF's (the rescue file, README): reads nothing. */
  export_swaps: { legacy: NoParams };
  /** lp_swap.rs `GetLockedAmountReq`. */
  get_locked_amount: { mmrpc: { coin: string } };
  /** Ours, not KDF's (swap watchers, README): reads nothing. */
  watcher_status: { mmrpc: NoParams };
}
