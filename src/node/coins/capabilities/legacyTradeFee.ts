/**
 * KDF's `MmCoin::get_trade_fee` (the legacy `get_trade_fee` RPC): a rough fee of one swap
 * transaction, older than the per-stage estimates of `TradeFees` (tradeFee.ts).
 */
import type { EnabledCoin } from '../coin';
import type { TradeFee } from '../tradeFee';

export interface LegacyTradeFee {
  /** In the coin that pays it: the coin itself, or a token's platform. */
  legacyTradeFee(): Promise<TradeFee>;
}

export function hasLegacyTradeFee(coin: EnabledCoin): coin is EnabledCoin & LegacyTradeFee {
  return typeof (coin as Partial<LegacyTradeFee>).legacyTradeFee === 'function';
}
