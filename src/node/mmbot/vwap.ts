/**
 * KDF's `check_last_bidirectional_trade_thresh_hold` (simple_market_maker.rs `vwap`): the price
 * is raised to the volume-weighted average of the node's last swaps on the pair when that is
 * higher, so the bot does not sell below what it has been trading at.
 */
import { MmNumber } from '../../shared/number';

/** One of my swaps as KDF's `my_info` gives it, with whether it finished successfully. */
export interface PastTrade {
  success: boolean;
  myAmount: MmNumber;
  otherAmount: MmNumber;
}

/** KDF's upper bound on the swaps read per side (LATEST_SWAPS_LIMIT). */
export const LATEST_SWAPS_LIMIT = 1000;

/** rel per base over the successful swaps, or null when they have no volume. */
function average(swaps: readonly PastTrade[], sellingBase: boolean): MmNumber | null {
  let rel = MmNumber.ZERO;
  let base = MmNumber.ZERO;
  for (const s of swaps) {
    if (!s.success) continue;
    rel = rel.add(sellingBase ? s.otherAmount : s.myAmount);
    base = base.add(sellingBase ? s.myAmount : s.otherAmount);
  }
  return rel.isZero() || base.isZero() ? null : rel.div(base);
}

/**
 * `baseSwaps`: my swaps that sold base for rel; `relSwaps`: those that sold rel for base (newest
 * first, at most LATEST_SWAPS_LIMIT each). A side without swaps does not count; a side whose swaps
 * all failed counts at the calculated price, as in KDF.
 */
export function vwap(baseSwaps: readonly PastTrade[], relSwaps: readonly PastTrade[], calculated: MmNumber): MmNumber {
  if (baseSwaps.length === 0 && relSwaps.length === 0) return calculated;
  const baseVwap = average(baseSwaps, true) ?? calculated;
  const relVwap = average(relSwaps, false) ?? calculated;
  if (baseVwap.eq(calculated) && relVwap.eq(calculated)) return calculated;
  let total = MmNumber.ZERO;
  let sides = 0n;
  if (baseSwaps.length > 0) {
    total = total.add(baseVwap);
    sides += 1n;
  }
  if (relSwaps.length > 0) {
    total = total.add(relVwap);
    sides += 1n;
  }
  const price = total.div(MmNumber.of(sides));
  return price.gt(calculated) ? price : calculated;
}
