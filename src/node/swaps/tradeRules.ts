/**
 * The order rules KDF's order builders enforce (lp_ordermatch.rs `TakerOrderBuilder::build`,
 * `MakerOrderBuilder::build`; kdf-facts §5.1), in their order: base ≠ rel, price > 0 (maker), the
 * base volume ≥ the base coin's `min_trading_vol` and the rel volume (volume × price) ≥ the rel
 * coin's. A rel volume too low is reported in rel units.
 */
import { MmNumber } from '../../shared/number';
import type { SwapCoin } from './swapCoin';
import { swapError } from './swapErrors';

export function checkPrice(price: MmNumber): void {
  if (!price.isPositive()) throw swapError.priceTooLow(price, MmNumber.ZERO);
}

function checkVolumes(base: SwapCoin, rel: SwapCoin, baseAmount: MmNumber, relAmount: MmNumber): void {
  if (baseAmount.lt(base.fees.minTradingVol)) throw swapError.volumeTooLow(base.ticker, baseAmount, base.fees.minTradingVol);
  if (relAmount.lt(rel.fees.minTradingVol)) throw swapError.volumeTooLow(rel.ticker, relAmount, rel.fees.minTradingVol);
}

/** A taker request for `baseAmount` of base against `relAmount` of rel. */
export function validateTakerOrder(base: SwapCoin, rel: SwapCoin, baseAmount: MmNumber, relAmount: MmNumber): void {
  if (base.ticker === rel.ticker) throw swapError.baseEqualRel();
  checkVolumes(base, rel, baseAmount, relAmount);
}

/** A maker order selling `volume` of base at `price` rel each. */
export function validateMakerOrder(base: SwapCoin, rel: SwapCoin, price: MmNumber, volume: MmNumber): void {
  if (base.ticker === rel.ticker) throw swapError.baseEqualRel();
  checkPrice(price);
  checkVolumes(base, rel, volume, volume.mul(price));
}
