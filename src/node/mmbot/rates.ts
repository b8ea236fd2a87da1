/** A pair's rates from two USD prices: KDF's `TickerInfosRegistry::get_cex_rates` (lp_price.rs). */
import type { MmNumber } from '../../shared/number';
import { priceKeys, type PriceRegistry, type TickerPrice } from './priceClient';

/** KDF's `RateInfos`: a pair's USD prices and `price` = base / rel, as of the older of the two. */
export interface RateInfos {
  basePrice: MmNumber;
  relPrice: MmNumber;
  price: MmNumber;
  lastUpdatedTimestamp: number;
}

function lookup(registry: PriceRegistry, ticker: string): TickerPrice | undefined {
  for (const key of priceKeys(ticker)) {
    const found = registry.get(key);
    if (found) return found;
  }
  return undefined;
}

/**
 * Null as KDF's `None` (which the bot reads as `Provider::Unknown`): a ticker missing, priced by an
 * unknown provider or without an update time, or a rel priced at zero.
 */
export function cexRates(registry: PriceRegistry, base: string, rel: string): RateInfos | null {
  const b = lookup(registry, base);
  const r = lookup(registry, rel);
  if (!b || !r) return null;
  if (b.provider === 'unknown' || r.provider === 'unknown' || b.lastUpdatedTimestamp === 0 || r.lastUpdatedTimestamp === 0) return null;
  if (r.lastPrice.isZero()) return null;
  return {
    basePrice: b.lastPrice,
    relPrice: r.lastPrice,
    price: b.lastPrice.div(r.lastPrice),
    lastUpdatedTimestamp: Math.min(b.lastUpdatedTimestamp, r.lastUpdatedTimestamp),
  };
}
