/**
 * The order methods' error types: KDF's `OrderbookRpcError` and `BestOrdersRpcError`, and
 * `OrderError` for the flat ordermatch handlers, which KDF answers with a text only. Which flat
 * refusal it was travels on the worker channel as an `OrderRefusal` reason (never in the JSON).
 */
export type OrdersErrorType =
  | 'BaseRelSame'
  | 'BaseRelSameOrderbookTickersAndProtocols'
  | 'CoinConfigNotFound'
  | 'CoinIsWalletOnly'
  | 'P2PSubscribeError'
  | 'P2PError'
  | 'CtxError'
  | 'InvalidSignedMessage'
  | 'SwapsNotSupported'
  | 'StorageError'
  | 'OrderError';

/** Which flat order refusal an `OrderError` is; its `error_data` on the channel is named beside each. */
export type OrderRefusal =
  /** The node has no key or no peer-to-peer network. */
  | 'OrdersUnavailable'
  /** `OrderCoinData`: base or rel is not active. */
  | 'CoinNotActive'
  /** `OrderCoinData`: base or rel is not in the coins file. */
  | 'CoinNotInConfig'
  /** `OrderCoinData`: base or rel is wallet-only. */
  | 'CoinIsWalletOnly'
  /** Base and rel are one coin, or share orderbook ticker and protocol. */
  | 'BaseEqualRel'
  /** `OrderPriceData`: a price under the threshold. */
  | 'PriceTooLow'
  /** `OrderVolumeData`: an amount under its threshold. */
  | 'VolumeTooLow'
  /** `OrderVolumeData` (`field: max_base_vol`, `threshold` the order's own min volume). */
  | 'VolumeBelowMinVolume'
  /** The order is being matched and cannot be cancelled now. */
  | 'OrderBeingMatched'
  /** No order with that uuid. */
  | 'NoSuchOrder'
  /** The order changed (a match came in) while it was being updated. */
  | 'OrderChanged';

export interface OrderCoinData {
  role: 'Base' | 'Rel' | null;
  /** Absent where KDF's text names no coin (a taker's inactive coin). */
  coin?: string;
}

export interface OrderPriceData {
  price: string;
  threshold: string;
}

/** KDF's names of an order's amounts, as its texts word them (`Max base vol`, `Rel amount`, …). */
export type OrderVolumeField = 'max_base_vol' | 'base_amount' | 'rel_amount' | 'max_rel_vol' | 'min_base_vol' | 'min_volume';

export interface OrderVolumeData {
  field: OrderVolumeField;
  volume: string;
  threshold: string;
}
