/**
 * The data of the node's `mm_bot` event: what the simple market-maker bot did, typed for the page.
 * `Started` / `Stopping` / `Stopped` are KDF's `TradingBotEvent`s (lp_bot.rs); the rest tell the
 * bot's orders and why a pair has none, which KDF only logs. Numbers are decimal strings.
 */
import type { MmBotSkipReason } from './contract/errors/mmbot';

/** The prices an order of the bot was sized and priced from. */
export interface MmBotPriceData {
  /** USD prices of base and rel, and the pair's price before the spread. */
  base_price: string;
  rel_price: string;
  cex_price: string;
  /** Seconds since the older of the two prices was updated at the source. */
  price_age: number;
}

export interface MmBotOrderData extends MmBotPriceData {
  /** `BASE/REL`, the key of the bot's `cfg`. */
  pair: string;
  uuid: string;
  /** The order's price: the pair's price × spread. */
  price: string;
  /** The order's volume in base, as placed (with `max`, what the balance allowed). */
  volume: string;
  max: boolean;
}

export type MmBotEventData =
  | { type: 'Started'; nb_pairs: number }
  | { type: 'Stopping'; bot_refresh_rate: number }
  | { type: 'Stopped'; nb_orders: number }
  | ({ type: 'OrderCreated' } & MmBotOrderData)
  | ({ type: 'OrderUpdated' } & MmBotOrderData)
  | { type: 'OrderCancelled'; pair: string; uuid: string; reason: MmBotSkipReason | 'PricesUnavailable' | 'PairDisabled' | 'BotStopped' }
  /** The pair has no bot order this cycle; `message` says why in KDF's words. */
  | { type: 'PairSkipped'; pair: string; reason: MmBotSkipReason; message: string }
  /** No price source answered: every bot order was cancelled. */
  | { type: 'PricesUnavailable'; error: string }
  /** A cycle ended: from the price read to the last order placed, updated or cancelled. */
  | { type: 'CycleDone'; pairs: number; duration_ms: number };
