/**
 * KMD's lock-time rules. komodod takes a transaction into its mempool only if its nLockTime is
 * less than an hour old (KOMODO_MAXMEMPOOLTIME), and pays interest only up to that lock time; KDF
 * therefore sets, where other coins use the chain's median time past, "now − 3600 + 2 × 777": an
 * hour back plus a margin for clock skew (`calc_interest_if_required`, `p2sh_tx_locktime`).
 */
import { htlcRefundLockTime } from '../tx/scripts/htlc';
import { supportsInterest } from './interest';

const KMD_LOCKTIME_OFFSET = -3600 + 2 * 777;

/** The earliest lock time komodod takes now (unix seconds). */
export function kmdEarliestLockTime(nowSec: number): number {
  return nowSec + KMD_LOCKTIME_OFFSET;
}

/**
 * KDF's `p2sh_tx_locktime`: the nLockTime of an HTLC spend or refund, at least the HTLC's lock
 * time; for KMD at least the earliest lock time komodod takes, for other coins MTP − 1.
 */
export function p2shLockTime(ticker: string, htlcLockTime: number, medianTimePast: number, nowSec: number): number {
  if (!supportsInterest(ticker)) return htlcRefundLockTime(htlcLockTime, medianTimePast);
  return Math.max(htlcLockTime, kmdEarliestLockTime(nowSec));
}
