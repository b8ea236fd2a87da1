/**
 * Every KMD transaction the wallet builds claims the interest its inputs accrued, as KDF's
 * `UtxoTxBuilder` does through `calc_interest_if_required` for withdraws, the taker fee and HTLC
 * payments alike:
 * - the "now" interest is counted to is the chain's median time past, and the transaction's
 *   nLockTime is set to it (komodod pays interest only up to the claiming transaction's lock time);
 * - the interest is added to the change output (the planner's `interestOf`, KDF's `add_change`);
 * - a transaction that claims nothing gets lock time now − 3600 + 2 × 777 instead, the earliest
 *   komodod takes into its mempool (KOMODO_MAXMEMPOOLTIME, an hour, less a margin), so that its own
 *   outputs start to accrue as soon as they can.
 */
import type { TxPlan, TxPlanRequest, Unspent } from '../tx';
import { planTx } from '../tx';
import { medianTimePast } from '../swap/mtp';
import type { UtxoCoinView } from '../utxoCoinView';
import { fundingLockTime } from './fundingLockTime';
import { KMD_MIN_INTEREST_VALUE, kmdInterest, supportsInterest } from './interest';
import { kmdEarliestLockTime } from './lockTime';

/** What the KMD chain reads are needed for: the tip's time and the funding lock times. */
export type KmdChainView = Pick<UtxoCoinView, 'api' | 'height' | 'utxo'>;

/** The wallet's outputs with what each accrued by the chain's median time past `mtp`. */
interface KmdAccrual {
  mtp: number;
  /** Interest of each output, by `txid:vout`; outputs that accrued nothing are absent. */
  interest: Map<string, bigint>;
}

const outpoint = (u: Pick<Unspent, 'txid' | 'vout'>): string => `${u.txid}:${u.vout}`;

/**
 * The interest of `unspents` at the chain's median time past. Only outputs that can accrue (10 KMD
 * or more, mined) need their funding transaction, read raw through the coin's transaction cache.
 */
async function kmdAccrual(coin: KmdChainView, unspents: Unspent[]): Promise<KmdAccrual> {
  const mtp = await medianTimePast(coin.api, coin.height);
  const eligible = unspents.filter((u) => u.value >= KMD_MIN_INTEREST_VALUE && u.height > 0);
  const lockTimes = await fundingLockTimes(coin, eligible.map((u) => u.txid));
  const interest = new Map<string, bigint>();
  for (const u of eligible) {
    const accrued = kmdInterest({ height: u.height, value: u.value, lockTime: lockTimes.get(u.txid) ?? 0 }, mtp);
    if (accrued.accrued && accrued.sat > 0n) interest.set(outpoint(u), accrued.sat);
  }
  return { mtp, interest };
}

/** The lock times of the transactions `txids`, from their raw bytes. */
export async function fundingLockTimes(coin: Pick<UtxoCoinView, 'api' | 'utxo'>, txids: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(txids)];
  const hexes = await coin.api.rawTransactions(unique);
  return new Map(unique.map((id, i) => [id, fundingLockTime(hexes[i] ?? '', coin.utxo.consensusBranchId)]));
}

/** KDF's lock time of a wallet transaction that claims `interest` (see the module comment). */
function claimLockTime(interest: bigint, mtp: number, nowSec: number): number {
  return interest > 0n ? mtp : kmdEarliestLockTime(nowSec);
}

/**
 * Plans a wallet transaction of `coin`: for KMD with its inputs' interest in the change and KDF's
 * lock time; any other coin as `planTx` does, lock time 0.
 */
export async function planWalletTx(coin: KmdChainView & Pick<UtxoCoinView, 'ticker' | 'nowSec'>, req: TxPlanRequest): Promise<TxPlan> {
  if (!supportsInterest(coin.ticker)) return planTx(req);
  const { mtp, interest } = await kmdAccrual(coin, req.unspents);
  const plan = planTx({ ...req, interestOf: (inputs) => inputs.reduce((a, u) => a + (interest.get(outpoint(u)) ?? 0n), 0n) });
  return { ...plan, interest: plan.interest ?? 0n, lockTime: claimLockTime(plan.interest ?? 0n, mtp, coin.nowSec()) };
}
