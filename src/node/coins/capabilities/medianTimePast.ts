/**
 * The header times a coin's lock times are checked against (KDF's Electrum `get_median_time_past`),
 * for `get_current_mtp`; the median itself is taken by the RPC.
 */
import type { EnabledCoin } from '../coin';

export interface MedianTimePast {
  /** The times of the coin's `mtp_block_count` headers ending at the tip (from block 0 while the chain is shorter). */
  mtpHeaderTimes(): Promise<number[]>;
}

export function hasMedianTimePast(coin: EnabledCoin): coin is EnabledCoin & MedianTimePast {
  return typeof (coin as Partial<MedianTimePast>).mtpHeaderTimes === 'function';
}
