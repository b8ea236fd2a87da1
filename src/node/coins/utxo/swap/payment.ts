/**
 * The HTLC payment of a UTXO coin (KDF's `generate_swap_payment_outputs` / `validate_payment`):
 * output 0 pays the amount to P2SH(hash160(redeem script)), output 1 is `OP_RETURN <secret hash>`
 * with value 0 (so the hash is on chain even if the swap data is lost), change follows. KDF uses
 * P2SH for segwit coins too (`Builder::build_p2sh`), and so does this: the redeem script is the
 * same and both nodes must compute the same output script. The receiver checks output 0 against
 * the redeem script it builds from the agreed terms, and its value exactly.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { hash160 } from '../../../crypto';
import { SwapValidationError, type HtlcTerms } from '../../swapOps';
import { opReturnScript, p2shScript, type TxOutput } from '../tx';
import { htlcRedeemScript } from '../tx/scripts/htlc';
import { sameBytes } from './bytes';

/** The output of the payment transaction holding the HTLC (KDF's `DEFAULT_SWAP_VOUT`). */
export const HTLC_VOUT = 0;

/** The redeem script of the agreed terms; terms that cannot make one are a SwapValidationError. */
export function redeemScriptOf(terms: HtlcTerms): Uint8Array {
  try {
    return htlcRedeemScript({
      locktime: terms.timeLock,
      senderPubkey: terms.senderPubkey,
      secretHash: terms.secretHash,
      receiverPubkey: terms.receiverPubkey,
    });
  } catch (e) {
    throw new SwapValidationError(`the swap terms make no HTLC: ${(e as Error).message}`, e);
  }
}

export function htlcOutputScript(redeem: Uint8Array): Uint8Array {
  return p2shScript(hash160(redeem));
}

export function paymentOutputs(terms: HtlcTerms, amountSat: bigint): TxOutput[] {
  return [
    { script: htlcOutputScript(redeemScriptOf(terms)), value: amountSat },
    { script: opReturnScript(terms.secretHash), value: 0n },
  ];
}

/** Output 0 is P2SH of the terms' redeem script and holds exactly `amountSat` (KDF compares `!=`). */
export function checkPaymentOutput(tx: Transaction, terms: HtlcTerms, amountSat: bigint): void {
  const out = tx.outs[HTLC_VOUT];
  if (!out) throw new SwapValidationError('the payment transaction has no outputs');
  if (!sameBytes(out.script, htlcOutputScript(redeemScriptOf(terms)))) {
    throw new SwapValidationError("the payment's output script is not the HTLC of the agreed terms");
  }
  if (out.value !== amountSat) throw new SwapValidationError(`the payment holds ${out.value} sat, expected exactly ${amountSat}`);
}
