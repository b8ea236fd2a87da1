/**
 * What order the bot wants for a pair this cycle: KDF's `checks_order_prerequisites` and
 * `prepare_order` (simple_market_maker.rs) as a pure function of the rates, the pair's config,
 * the balance the order may use and the clock. The balance is the base coin's, less what swaps
 * and the node's other orders hold (KDF reads the whole balance and lets the order fail).
 */
import type { MmBotSkipReason } from '../../shared/contract/errors';
import { MmNumber } from '../../shared/number';
import { DEFAULT_PRICE_VALIDITY, type PairConfig } from './config';
import type { RateInfos } from './rates';

export interface OrderPlan {
  /** The pair's price × spread. */
  price: MmNumber;
  /** Base volume; zero with `max`, where the orders service takes what the balance allows. */
  volume: MmNumber;
  max: boolean;
  minVolume: MmNumber | undefined;
}

export interface Refusal {
  reason: MmBotSkipReason;
  /** KDF's words for it. */
  message: string;
}

const refuse = (reason: MmBotSkipReason, message: string): Refusal => ({ reason, message });

/** A timestamp this far ahead of the clock is not trusted to be fresh (ours: KDF takes any). */
const MAX_FUTURE_SECONDS = 300;

/** KDF's checks in its order; null when the rates may be used. */
export function priceRefusal(rates: RateInfos | null, cfg: PairConfig, pair: string, nowSeconds: number): Refusal | null {
  if (!rates) return refuse('ProviderUnknown', `Rates from provider are Unknown - skipping for ${pair}`);
  if (rates.price.isZero()) return refuse('PriceIsZero', `Price from provider is zero - skipping for ${pair}`);
  if (cfg.minBasePrice && rates.basePrice.lt(cfg.minBasePrice)) {
    return refuse('PriceBelowMinBasePrice', `Price of base coin ${rates.basePrice.toDecimalString()} is below min_base_price ${cfg.minBasePrice.toDecimalString()}`);
  }
  if (cfg.minRelPrice && rates.relPrice.lt(cfg.minRelPrice)) {
    return refuse('PriceBelowMinRelPrice', `Price of rel coin ${rates.relPrice.toDecimalString()} is below min_rel_price ${cfg.minRelPrice.toDecimalString()}`);
  }
  if (cfg.minPairPrice && rates.price.lt(cfg.minPairPrice)) {
    return refuse('PriceBelowPairPrice', `Price of pair ${pair} (${rates.price.toDecimalString()}) is below min_pair_price ${cfg.minPairPrice.toDecimalString()}`);
  }
  const elapsed = nowSeconds - rates.lastUpdatedTimestamp;
  if (elapsed < -MAX_FUTURE_SECONDS) return refuse('LastUpdatedTimestampInvalid', `Last updated price timestamp is invalid - skipping for ${pair}`);
  const validity = cfg.priceElapsedValidity ?? DEFAULT_PRICE_VALIDITY;
  if (elapsed > validity) {
    return refuse(
      'PriceElapsedValidityExpired',
      `Last updated price timestamp elapsed ${elapsed} is more than the elapsed validity ${validity} - skipping for ${pair}`,
    );
  }
  return null;
}

/**
 * KDF's `prepare_order` after its checks: a `max_volume` percentage of 1 or more, or a USD
 * amount the balance does not reach, means `max`; `min_volume` is a fraction of the volume (of
 * the balance with `max`) or a USD amount, which the balance must reach.
 */
export function planOrder(rates: RateInfos, cfg: PairConfig, balance: MmNumber): OrderPlan | Refusal {
  if (!balance.isPositive()) return refuse('BalanceIsZero', 'Balance is zero - skipping');
  const price = rates.price.mul(cfg.spread);
  let max = cfg.max ?? false;
  let volume = MmNumber.ZERO;
  const maxVolume = cfg.maxVolume;
  if (maxVolume?.kind === 'percentage') {
    if (maxVolume.value.gte(MmNumber.ONE)) max = true;
    else volume = maxVolume.value.mul(balance);
  } else if (maxVolume?.kind === 'usd') {
    if (balance.mul(rates.basePrice).lt(maxVolume.value)) max = true;
    else volume = maxVolume.value.div(rates.basePrice);
  }
  let minVolume: MmNumber | undefined;
  const min = cfg.minVolume;
  if (min?.kind === 'percentage') {
    minVolume = min.value.mul(max ? balance : volume);
  } else if (min?.kind === 'usd') {
    if (balance.mul(rates.basePrice).lt(min.value)) return refuse('MinVolUsdAboveBalanceUsd', 'Base balance is less than the min_vol_usd - skipping');
    minVolume = min.value.div(rates.basePrice);
  }
  return { price, volume, max, minVolume };
}

export function isRefusal(p: OrderPlan | Refusal): p is Refusal {
  return 'reason' in p;
}
