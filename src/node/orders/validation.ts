/**
 * KDF's checks of a new order (lp_ordermatch.rs `MakerOrderBuilder::build`,
 * `TakerOrderBuilder::build`, `validate_price`, `validate_and_get_min_vol`, `validate_max_vol`),
 * with its messages. Each check throws before anything is stored or sent.
 */
import { MmNumber } from '../../shared/number';
import type { EnabledCoin } from '../coins/coin';
import { minTradingVolume, type OrderCoins } from './coins';
import { orderRefusal, swapsNotSupported } from './errors';

/** The smallest price `sell`/`buy` accept (lp_auto_buy). */
const MIN_TAKER_PRICE = MmNumber.of(1n, 100_000_000n);

/** An active coin that may trade; `taker` selects KDF's sell/buy wording, else setprice's. */
export function tradeableCoin(coins: OrderCoins, ticker: string, role: 'Base' | 'Rel', taker: boolean): EnabledCoin {
  const coin = coins.enabled.get(ticker);
  if (!coin) throw orderRefusal.coinNotActive(role, ticker, taker);
  if (coin.config.walletOnly) throw orderRefusal.coinIsWalletOnly(`${role} coin`, ticker, role);
  if (coin.tradeFees && !coin.swapOps) throw swapsNotSupported(ticker, coin.config.protocol.type);
  return coin;
}

export function validatePrice(price: MmNumber): void {
  if (!price.isPositive()) throw orderRefusal.priceTooLow(price, MmNumber.ZERO, `Price ${price.toDecimalString()} is too low, required: 0`);
}

/** The smallest min volume the pair allows at `price`: max(base min, rel min / price). */
function minVolumeThreshold(base: EnabledCoin, rel: EnabledCoin, price: MmNumber): MmNumber {
  return MmNumber.max(minTradingVolume(base), minTradingVolume(rel).div(price));
}

/** The order's min volume: as given, else the threshold; an explicit one below the threshold fails. */
export function validateMinVolume(base: EnabledCoin, rel: EnabledCoin, price: MmNumber, minVolume: MmNumber | undefined): MmNumber {
  const threshold = minVolumeThreshold(base, rel, price);
  const actual = minVolume ?? threshold;
  if (actual.lt(threshold)) throw orderRefusal.volumeTooLow('min_base_vol', actual, threshold);
  return actual;
}

/** Volume at least the explicit min volume, the base coin's min, and worth the rel coin's min at `price`. */
export function validateMaxVolume(
  base: EnabledCoin,
  rel: EnabledCoin,
  price: MmNumber,
  volume: MmNumber,
  minVolume: MmNumber | undefined,
): void {
  if (minVolume && volume.lt(minVolume)) {
    throw orderRefusal.volumeBelowMinVolume(volume, minVolume);
  }
  const minBase = minTradingVolume(base);
  if (volume.lt(minBase)) throw orderRefusal.volumeTooLow('max_base_vol', volume, minBase);
  const relVolume = volume.mul(price);
  const minRel = minTradingVolume(rel);
  if (relVolume.lt(minRel)) throw orderRefusal.volumeTooLow('max_rel_vol', relVolume, minRel);
}

/** A maker order's checks; returns its min volume. */
export function validateMakerOrder(
  base: EnabledCoin,
  rel: EnabledCoin,
  price: MmNumber,
  volume: MmNumber,
  minVolume: MmNumber | undefined,
): MmNumber {
  if (base.ticker === rel.ticker) throw orderRefusal.baseEqualRel('Rel coin can not be same as base');
  validatePrice(price);
  const actualMin = validateMinVolume(base, rel, price, minVolume);
  validateMaxVolume(base, rel, price, volume, minVolume);
  return actualMin;
}

/** A taker request's checks (amounts in the request's base and rel); returns its min volume. */
export function validateTakerOrder(
  base: EnabledCoin,
  rel: EnabledCoin,
  price: MmNumber,
  volume: MmNumber,
  minVolume: MmNumber | undefined,
): MmNumber {
  if (price.lt(MIN_TAKER_PRICE)) throw orderRefusal.priceTooLow(price, MIN_TAKER_PRICE, 'Price is too low, minimum is 0.00000001');
  if (base.ticker === rel.ticker) throw orderRefusal.baseEqualRel('Rel coin can not be same as base');
  const relVolume = volume.mul(price);
  const minBase = minTradingVolume(base);
  const minRel = minTradingVolume(rel);
  if (volume.lt(minBase)) throw orderRefusal.volumeTooLow('base_amount', volume, minBase);
  if (relVolume.lt(minRel)) throw orderRefusal.volumeTooLow('rel_amount', relVolume, minRel);
  const threshold = minVolumeThreshold(base, rel, price);
  const actualMin = minVolume ?? threshold;
  if (actualMin.lt(threshold)) throw orderRefusal.volumeTooLow('min_volume', actualMin, threshold);
  if (volume.lt(actualMin)) throw orderRefusal.volumeBelowMinVolume(volume, actualMin);
  return actualMin;
}
