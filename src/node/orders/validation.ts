/**
 * KDF's checks of a new order (lp_ordermatch.rs `MakerOrderBuilder::build`,
 * `TakerOrderBuilder::build`, `validate_price`, `validate_and_get_min_vol`, `validate_max_vol`),
 * with its messages. Each check throws before anything is stored or sent.
 */
import { MmNumber } from '../../shared/number';
import type { EnabledCoin } from '../coins/coin';
import { minTradingVolume, type OrderCoins } from './coins';
import { orderError, swapsNotSupported } from './errors';

const dec = (n: MmNumber): string => n.toDecimalString();

/** The smallest price `sell`/`buy` accept (lp_auto_buy). */
const MIN_TAKER_PRICE = MmNumber.of(1n, 100_000_000n);

/** An active coin that may trade; `taker` selects KDF's sell/buy wording, else setprice's. */
export function tradeableCoin(coins: OrderCoins, ticker: string, role: 'Base' | 'Rel', taker: boolean): EnabledCoin {
  const coin = coins.enabled.get(ticker);
  if (!coin) throw orderError(taker ? `${role} coin is not found or inactive` : `${role} coin ${ticker} is not found`);
  if (coin.config.walletOnly) throw orderError(`${role} coin ${ticker} is wallet only`);
  if (coin.tradeFees && !coin.swapOps) throw swapsNotSupported(ticker, coin.config.protocol.type);
  return coin;
}

export function validatePrice(price: MmNumber): void {
  if (!price.isPositive()) throw orderError(`Price ${dec(price)} is too low, required: 0`);
}

/** The smallest min volume the pair allows at `price`: max(base min, rel min / price). */
function minVolumeThreshold(base: EnabledCoin, rel: EnabledCoin, price: MmNumber): MmNumber {
  return MmNumber.max(minTradingVolume(base), minTradingVolume(rel).div(price));
}

/** The order's min volume: as given, else the threshold; an explicit one below the threshold fails. */
export function validateMinVolume(base: EnabledCoin, rel: EnabledCoin, price: MmNumber, minVolume: MmNumber | undefined): MmNumber {
  const threshold = minVolumeThreshold(base, rel, price);
  const actual = minVolume ?? threshold;
  if (actual.lt(threshold)) throw orderError(`Min base vol ${dec(actual)} is too low, required: ${dec(threshold)}`);
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
    throw orderError(`Max base vol ${dec(volume)} is below min base vol: ${dec(minVolume)}`);
  }
  const minBase = minTradingVolume(base);
  if (volume.lt(minBase)) throw orderError(`Max base vol ${dec(volume)} is too low, required: ${dec(minBase)}`);
  const relVolume = volume.mul(price);
  const minRel = minTradingVolume(rel);
  if (relVolume.lt(minRel)) throw orderError(`Max rel vol ${dec(relVolume)} is too low, required: ${dec(minRel)}`);
}

/** A maker order's checks; returns its min volume. */
export function validateMakerOrder(
  base: EnabledCoin,
  rel: EnabledCoin,
  price: MmNumber,
  volume: MmNumber,
  minVolume: MmNumber | undefined,
): MmNumber {
  if (base.ticker === rel.ticker) throw orderError('Rel coin can not be same as base');
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
  if (price.lt(MIN_TAKER_PRICE)) throw orderError('Price is too low, minimum is 0.00000001');
  if (base.ticker === rel.ticker) throw orderError('Rel coin can not be same as base');
  const relVolume = volume.mul(price);
  const minBase = minTradingVolume(base);
  const minRel = minTradingVolume(rel);
  if (volume.lt(minBase)) throw orderError(`Base amount ${dec(volume)} is too low, required: ${dec(minBase)}`);
  if (relVolume.lt(minRel)) throw orderError(`Rel amount ${dec(relVolume)} is too low, required: ${dec(minRel)}`);
  const threshold = minVolumeThreshold(base, rel, price);
  const actualMin = minVolume ?? threshold;
  if (actualMin.lt(threshold)) throw orderError(`Min volume ${dec(actualMin)} is too low, required: ${dec(threshold)}`);
  if (volume.lt(actualMin)) throw orderError(`Max base vol ${dec(volume)} is below min base vol: ${dec(actualMin)}`);
  return actualMin;
}
