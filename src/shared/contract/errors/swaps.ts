/**
 * KDF's `TradePreimageRpcError` (lp_swap/trade_preimage.rs; also the balance checks and
 * `max_maker_vol`), `MySwapStatusError` / `MyRecentSwapsErr` (swap_v2_rpcs.rs), and the flat swap
 * methods' failures, which are untyped in KDF and named here for the worker channel.
 */
export type SwapsErrorType =
  | 'NotSufficientBalance'
  | 'NotSufficientBaseCoinBalance'
  | 'VolumeTooLow'
  | 'CoinIsWalletOnly'
  | 'BaseEqualRel'
  | 'PriceTooLow'
  | 'NoSwapWithUuid'
  | 'UnsupportedSwapType'
  | 'FromUuidSwapNotFound'
  | 'InvalidTimeStampRange'
  | 'SwapStatusError'
  | 'ImportSwapsError'
  | 'ExportSwapsError'
  | 'RecoverFundsError'
  /** Ours: a swap watcher message refused before any chain request (never an RPC answer; logs and counters). */
  | 'WatcherRefusal';
