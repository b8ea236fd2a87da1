/** The params of the simple market-maker bot's methods (src/node/mmbot/config.ts reads them). */
import type { MmNumberInput, NoParams } from './common';

/** KDF's `VolumeSettings` (lp_ordermatch/lp_bot.rs): a fraction of the balance, or USD. */
export type BotVolume = { percentage: MmNumberInput } | { usd: MmNumberInput };

/** lp_ordermatch/lp_bot.rs `SimpleCoinMarketMakerCfg`, one per `BASE/REL` key. */
export type SimpleMakerPairCfg = {
  base: string;
  rel: string;
  /** The pair price × spread: 1.025 asks 2.5 % over the market. Ours refuses ≤ 0. */
  spread: MmNumberInput;
  enable: boolean;
  min_volume?: BotVolume;
  max_volume?: BotVolume;
  /** Sell the whole balance (KDF's `max`). */
  max?: boolean;
  base_confs?: number;
  base_nota?: boolean;
  rel_confs?: number;
  rel_nota?: boolean;
  /** Seconds a price may be old; default 300. */
  price_elapsed_validity?: number;
  check_last_bidirectional_trade_thresh_hold?: boolean;
  min_base_price?: MmNumberInput;
  min_rel_price?: MmNumberInput;
  min_pair_price?: MmNumberInput;
};

/**
 * lp_ordermatch/simple_market_maker.rs `StartSimpleMakerBotRequest`: `price_url` or `price_urls`
 * (KDF's endpoints by default), `bot_refresh_rate` in seconds (default and least 30).
 */
export type StartSimpleMakerBotParams = {
  cfg: Record<string, SimpleMakerPairCfg>;
  price_url?: string;
  price_urls?: string[];
  bot_refresh_rate?: number;
};

export interface MmBotParams {
  start_simple_market_maker_bot: { mmrpc: StartSimpleMakerBotParams };
  /** lp_ordermatch/simple_market_maker.rs `stop_simple_market_maker_bot`: reads nothing. */
  stop_simple_market_maker_bot: { mmrpc: NoParams };
}
