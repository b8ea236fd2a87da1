/**
 * KMD's interest ("active user rewards") on one unspent output, exactly as KDF computes it
 * (`coins/utxo.rs` `kmd_interest`, after komodod's `komodo_interest.h`): integer satoshi arithmetic,
 * so a claim never asks for a satoshi more than the chain pays (komodod refuses such a transaction).
 * Constants checked against KDF's source:
 * - at least 10 KMD (1 000 000 000 sat) in the output;
 * - the funding transaction's nLockTime set, and a time (≥ 500 000 000), not a height;
 * - mined (a mempool output has no height) below KOMODO_ENDOFERA 7 777 777;
 * - at least 60 minutes since that lock time, counted to the current time (the chain's median time
 *   past, as KDF passes it); 59 of them are not paid;
 * - at most a year of minutes, and at most 31 days from block 1 000 000;
 * - value / (20 × 525 600) per minute (5 % a year), divided by 500 from the season 7 hard fork at
 *   height 3 484 958 (KIP-0001, 0.01 % a year).
 * KDF has no KOMODO_MAXMEMPOOLTIME in this rule; that one (3600 s) is komodod's bound on how far a
 * claiming transaction's own lock time may lag, which KDF meets when it picks that lock time (claim.ts).
 */

export const KMD_TICKER = 'KMD';

/** Only the ticker `KMD` earns interest (KDF's `supports_interest` is `ticker == "KMD"`). */
export function supportsInterest(ticker: string): boolean {
  return ticker === KMD_TICKER;
}

const KOMODO_ENDOFERA = 7_777_777;
const LOCKTIME_THRESHOLD = 500_000_000;
/** dPoW season 7 (30 June 2023): KIP-0001 cuts the rate 500-fold. */
const N_S7_HARDFORK_HEIGHT = 3_484_958;
const MINUTES_PER_YEAR = 525_600n;
/** Minutes for a 100 % reward at 5 % a year. */
const MINUTES_PER_AUR = 20n * MINUTES_PER_YEAR;
/** Outputs below 10 KMD accrue nothing. */
export const KMD_MIN_INTEREST_VALUE = 1_000_000_000n;
/** From block 1 000 000 the interest stops a month after the lock time. */
const ONE_MONTH_CAP_HEIGHT = 1_000_000;
const MONTH_MINUTES = 31n * 24n * 60n;
const HOUR = 3600;
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const MONTH_SECONDS = 31 * 24 * 60 * 60;

/** KDF's `KmdRewardsNotAccruedReason`, its variant names as it serialises them. */
export type KmdRewardsNotAccruedReason =
  | 'LocktimeNotSet'
  | 'LocktimeLessThanThreshold'
  | 'UtxoHeightGreaterThanEndOfEra'
  | 'UtxoAmountLessThanTen'
  | 'OneHourNotPassedYet'
  | 'TransactionInMempool';

export type KmdInterest = { accrued: true; sat: bigint } | { accrued: false; reason: KmdRewardsNotAccruedReason };

export interface KmdOutputAge {
  /** The height the funding transaction was mined at; null while it is in the mempool. */
  height: number | null;
  /** The output's value in satoshis. */
  value: bigint;
  /** The funding transaction's nLockTime. */
  lockTime: number;
}

/** The interest `output` has accrued by `currentTime` (unix seconds), in KDF's order of checks. */
export function kmdInterest(output: KmdOutputAge, currentTime: number): KmdInterest {
  const { height, value, lockTime } = output;
  const no = (reason: KmdRewardsNotAccruedReason): KmdInterest => ({ accrued: false, reason });
  if (value < KMD_MIN_INTEREST_VALUE) return no('UtxoAmountLessThanTen');
  if (lockTime === 0) return no('LocktimeNotSet');
  if (lockTime < LOCKTIME_THRESHOLD) return no('LocktimeLessThanThreshold');
  if (height === null) return no('TransactionInMempool');
  if (height >= KOMODO_ENDOFERA) return no('UtxoHeightGreaterThanEndOfEra');
  if (currentTime < lockTime) return no('OneHourNotPassedYet');
  let minutes = BigInt(Math.floor((currentTime - lockTime) / 60));
  if (minutes < 60n) return no('OneHourNotPassedYet');
  if (minutes > MINUTES_PER_YEAR) minutes = MINUTES_PER_YEAR;
  if (height >= ONE_MONTH_CAP_HEIGHT && minutes > MONTH_MINUTES) minutes = MONTH_MINUTES;
  minutes -= 59n;
  const perMinute = value / MINUTES_PER_AUR;
  const sat = height >= N_S7_HARDFORK_HEIGHT ? (perMinute * minutes) / 500n : perMinute * minutes;
  return { accrued: true, sat };
}

/** When interest starts to accrue: an hour after the lock time (KDF's `kmd_interest_accrue_start_at`). */
export function kmdAccrueStartAt(lockTime: number): number {
  return lockTime + HOUR;
}

/** When it stops: a year after the lock time, a month for outputs mined from block 1 000 000 (`kmd_interest_accrue_stop_at`). */
export function kmdAccrueStopAt(height: number, lockTime: number): number {
  return lockTime + (height < ONE_MONTH_CAP_HEIGHT ? YEAR_SECONDS : MONTH_SECONDS);
}
