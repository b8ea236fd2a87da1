/**
 * The rewards a KMD transaction claimed, for history entries (KDF's `calc_interest_of_tx` and
 * `update_kmd_rewards`): the interest each input had accrued at the transaction's own lock time.
 * The history's fee is then inputs + rewards − outputs, and the rewards were claimed by us when
 * every input was ours and we are among the receivers.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { bytesToHex } from '../../../crypto';
import { kmdInterest } from './interest';

/** What is known of an output a KMD transaction spends. */
export interface SpentKmdOutput {
  value: bigint;
  /** Its funding transaction's lock time. */
  lockTime: number;
  /** Its funding transaction's height; null while in the mempool. */
  height: number | null;
}

/** The interest `tx` claimed; inputs whose spent output is not known (`spent` gives undefined) claim nothing. */
export function claimedRewards(tx: Transaction, spent: (txid: string, vout: number) => SpentKmdOutput | undefined): bigint {
  if (tx.isCoinbase()) return 0n;
  let rewards = 0n;
  for (const input of tx.ins) {
    const output = spent(bytesToHex(Uint8Array.from(input.hash).reverse()), input.index);
    if (!output) continue;
    const interest = kmdInterest(output, tx.locktime);
    if (interest.accrued) rewards += interest.sat;
  }
  return rewards;
}

/** KDF's `claimed_by_me`: every sender is our address and it is among the receivers. */
export function claimedByMe(from: readonly string[], to: readonly string[], myAddress: string): boolean {
  return from.every((a) => a === myAddress) && to.includes(myAddress);
}
