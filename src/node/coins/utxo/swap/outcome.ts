/**
 * What a transaction spending an HTLC payment reveals (KDF's `search_for_swap_tx_spend`,
 * `extract_secret`): the receiver's spend carries the secret, the sender's refund does not.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { SwapValidationError, type HtlcOutcome } from '../../swapOps';
import { hash160 as dhash160 } from '../../../crypto';
import { htlcIsRefund, htlcSecretFromSpend, readPushes } from '../tx/scripts/htlc';
import { sameBytes } from './bytes';
import { HTLC_VOUT } from './payment';
import { toSwapTx } from './txBytes';

/** The input of `tx` spending output `HTLC_VOUT` of the payment `paymentHash` (natural byte order), if any. */
export function htlcInputOf(tx: Transaction, paymentHash: Uint8Array): number {
  return tx.ins.findIndex((input) => input.index === HTLC_VOUT && sameBytes(input.hash, paymentHash));
}

/**
 * The outcome `spender` (which spends the payment at input `index`) makes: Spent with the secret,
 * which must hash to `secretHash`, or Refunded; anything else spends a different script and is an error.
 */
export function classifySpend(spender: Transaction, index: number, redeem: Uint8Array, secretHash: Uint8Array): HtlcOutcome {
  const scriptSig = spender.ins[index]?.script ?? new Uint8Array(0);
  const secret = htlcSecretFromSpend(scriptSig, redeem);
  if (secret && sameBytes(dhash160(secret), secretHash)) return { type: 'Spent', tx: toSwapTx(spender), secret };
  if (htlcIsRefund(scriptSig, redeem)) return { type: 'Refunded', tx: toSwapTx(spender) };
  throw new SwapValidationError(`transaction ${spender.getId()} spends the payment neither with the secret nor as a refund`);
}

/**
 * The 32-byte push of any input that hashes to `secretHash` (KDF's `extract_secret_v2`: the spender
 * may add inputs of its own, and only the hash tells which push is the secret).
 */
export function secretFromSpend(spend: Transaction, secretHash: Uint8Array): Uint8Array {
  for (const input of spend.ins) {
    for (const item of readPushes(input.script) ?? []) {
      if (item instanceof Uint8Array && item.length === 32 && sameBytes(dhash160(item), secretHash)) return item;
    }
  }
  throw new SwapValidationError("Couldn't extract secret");
}
