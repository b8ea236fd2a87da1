/** Percentage changes, exactly: a price's 24 h change applied backwards, and a total's change. */
import { MmNumber } from './mm-number';

const HUNDRED = MmNumber.of(100n);

/** The change from `from` to `to` in percent, (to − from) / from × 100. RangeError when `from` is zero. */
export function percentChange(from: MmNumber, to: MmNumber): MmNumber {
  return to.sub(from).div(from).mul(HUNDRED);
}

/**
 * What a change of `percent` turned into `now`: now / (1 + percent/100). RangeError at −100 %,
 * where every earlier value ends at zero and none can be told.
 */
export function beforePercentChange(now: MmNumber, percent: MmNumber): MmNumber {
  return now.mul(HUNDRED).div(HUNDRED.add(percent));
}
