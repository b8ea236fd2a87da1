/**
 * The order methods' error types. KDF's `OrderbookRpcError` and `BestOrdersRpcError` are typed on
 * the wire; its flat ordermatch handlers answer only a text, so the types after them are ours and
 * travel on the worker channel only (beside KDF's `{error}` body), for the page to tell the
 * refusals apart without reading texts.
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
  /** Ours: any other flat order refusal. */
  | 'OrderError'
  /** Ours: the node has no key or no peer-to-peer network. */
  | 'OrdersUnavailable'
  /** Ours: an order's volume or minimum volume under its threshold (`error_data`: `OrderVolumeTooLow`). */
  | 'OrderVolumeTooLow'
  /** Ours: a maximum volume under the order's own minimum (`error_data`: `{volume, min_volume}`). */
  | 'VolumeBelowMinVolume'
  /** Ours: a non-positive price (`error_data`: `{price}`). */
  | 'PriceTooLow'
  /** Ours: base and rel are one coin. */
  | 'BaseEqualRel'
  /** Ours: base or rel is not active (`error_data`: `{coin?, role}`). */
  | 'NoSuchCoin'
  /** Ours: the order is being matched and cannot be cancelled or changed now. */
  | 'OrderBeingMatched'
  /** Ours: no order with that uuid. */
  | 'NoSuchOrder'
  /** Ours: the order changed (a match came in) while it was being updated. */
  | 'OrderChanged';
