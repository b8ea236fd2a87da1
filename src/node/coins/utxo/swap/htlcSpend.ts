/**
 * The transaction that spends or refunds an HTLC payment (KDF's `p2sh_spending_tx`): one input,
 * the payment's output 0, with the given sequence; one output of its value less the fee to our own
 * script; the lock time given (0 on a spend, past the HTLC's on a refund), in the coin's layout. The
 * input is signed SIGHASH_ALL over the redeem script (not a witness program: legacy, fork-id on BCH
 * or ZIP-243 on Zcash-layout coins, the last two committing to the payment's value), then its
 * scriptSig is built around the signature.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { newTx, type TxFormat } from '../tx/txFormat';
import { htlcSpendFeeTooHigh } from './errors';
import { HTLC_VOUT } from './payment';

export interface HtlcSpendRequest {
  /** The payment being spent; its output `HTLC_VOUT` is the HTLC. */
  payment: Transaction;
  redeem: Uint8Array;
  /** Our own output script. */
  to: Uint8Array;
  fee: bigint;
  /** The coin's transaction layout and version. */
  format: TxFormat;
  sequence: number;
  lockTime: number;
  /** The signature (DER + hashtype) of input 0, which spends `value` sat, over the redeem script. */
  sign(tx: Transaction, index: number, scriptCode: Uint8Array, value: bigint): Promise<Uint8Array>;
  /** The scriptSig around that signature: the spend's or the refund's. */
  scriptSig(signature: Uint8Array): Uint8Array;
}

export async function buildHtlcSpend(req: HtlcSpendRequest): Promise<Transaction> {
  const value = req.payment.outs[HTLC_VOUT]?.value ?? 0n;
  if (req.fee >= value) throw htlcSpendFeeTooHigh(req.fee, value);
  const tx = newTx(req.format);
  tx.locktime = req.lockTime;
  tx.addInput(req.payment.getHash(), HTLC_VOUT, req.sequence);
  tx.addOutput(req.to, value - req.fee);
  tx.setInputScript(0, req.scriptSig(await req.sign(tx, 0, req.redeem, value)));
  return tx;
}
