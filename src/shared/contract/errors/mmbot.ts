/**
 * KDF's `StartSimpleMakerBotError` and `StopSimpleMakerBotError` (lp_ordermatch/simple_market_maker.rs):
 * the errors of `start_simple_market_maker_bot` / `stop_simple_market_maker_bot`.
 */
export type MmBotErrorType =
  | 'AlreadyStarted'
  | 'AlreadyStopped'
  | 'AlreadyStopping'
  | 'CannotStartFromStopping'
  | 'InvalidBotConfiguration'
  | 'Transport'
  | 'InternalError';

/**
 * Why a cycle placed no order for a pair (or cancelled the bot's order there): KDF's
 * `OrderProcessingError` variant names, which the page words and the bot's events carry.
 */
export type MmBotSkipReason =
  | 'ProviderUnknown'
  | 'PriceIsZero'
  | 'LastUpdatedTimestampInvalid'
  | 'PriceElapsedValidityExpired'
  | 'PriceBelowMinBasePrice'
  | 'PriceBelowMinRelPrice'
  | 'PriceBelowPairPrice'
  | 'AssetNotEnabled'
  | 'BalanceIsZero'
  | 'BalanceInternalError'
  | 'MinVolUsdAboveBalanceUsd'
  | 'MyRecentSwapsError'
  | 'OrderCreationError'
  | 'OrderUpdateError';
