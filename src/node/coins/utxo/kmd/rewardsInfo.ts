/**
 * KDF's `kmd_rewards_info`: every unspent output of the wallet with the interest it has accrued at
 * the chain's median time past, or why it accrues none, and the window it accrues in. Largest
 * outputs first, as KDF orders them (equal values by outpoint, so the order never depends on the
 * server's). Only KMD has rewards.
 */
import type { Unspent } from '../tx';
import { medianTimePast } from '../swap/mtp';
import { fundingLockTimes, type KmdChainView } from './claim';
import { kmdAccrueStartAt, kmdAccrueStopAt, kmdInterest, type KmdInterest } from './interest';

export interface KmdRewardsInfo {
  txid: string;
  /** Null while the funding transaction is in the mempool. */
  height: number | null;
  vout: number;
  value: bigint;
  lockTime: number;
  accrued: KmdInterest;
  /** Absent when the output will never accrue (KDF's `None`). */
  accrueStartAt?: number;
  accrueStopAt?: number;
}

/** The rewards of `unspents` (the wallet's listing). */
export async function kmdRewardsInfo(coin: KmdChainView, unspents: readonly Unspent[]): Promise<KmdRewardsInfo[]> {
  const sorted = [...unspents].sort((a, b) => (a.value !== b.value ? (a.value > b.value ? -1 : 1) : a.txid.localeCompare(b.txid) || a.vout - b.vout));
  const mtp = await medianTimePast(coin.api, coin.height);
  const lockTimes = await fundingLockTimes(coin, sorted.map((u) => u.txid));
  return sorted.map((u) => {
    const height = u.height > 0 ? u.height : null;
    const lockTime = lockTimes.get(u.txid) ?? 0;
    const accrued = kmdInterest({ height, value: u.value, lockTime }, mtp);
    // KDF gives the window for an output that accrues or will: accrued, in the mempool, or too young.
    const willAccrue = accrued.accrued || accrued.reason === 'TransactionInMempool' || accrued.reason === 'OneHourNotPassedYet';
    return {
      txid: u.txid,
      height,
      vout: u.vout,
      value: u.value,
      lockTime,
      accrued,
      ...(willAccrue ? { accrueStartAt: kmdAccrueStartAt(lockTime) } : {}),
      ...(willAccrue && height !== null ? { accrueStopAt: kmdAccrueStopAt(height, lockTime) } : {}),
    };
  });
}
