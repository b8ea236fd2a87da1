/** HTLC payment outputs and the receiver's check of them, on KDF's saved swaps. */
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import vectors from '../../../../../fixtures/swaps/htlc-kdf-vectors.json';
import { MmNumber } from '../../../../../../src/shared/number';
import { bytesToHex, hexToBytes } from '../../../../../../src/node/crypto';
import { SwapValidationError, type HtlcTerms } from '../../../../../../src/node/coins/swapOps';
import { checkPaymentOutput, paymentOutputs, redeemScriptOf } from '../../../../../../src/node/coins/utxo/swap/payment';

type Vector = (typeof vectors)[number];

const termsOf = (v: Vector): HtlcTerms => ({
  timeLock: v.locktime,
  senderPubkey: hexToBytes(v.sender_pubkey),
  receiverPubkey: hexToBytes(v.receiver_pubkey),
  secretHash: hexToBytes(v.secret_hash),
  amount: MmNumber.fromBaseUnits(BigInt(v.payment_value), 8),
});

function paymentTx(v: Vector, value = BigInt(v.payment_value)): Transaction {
  const tx = new Transaction();
  tx.addInput(new Uint8Array(32).fill(9), 0);
  for (const o of paymentOutputs(termsOf(v), value)) tx.addOutput(o.script, o.value);
  return tx;
}

describe('HTLC payment outputs', () => {
  it.each(vectors)('$description: P2SH of the redeem script with the amount, then OP_RETURN <secret hash>', (v) => {
    const outs = paymentOutputs(termsOf(v), BigInt(v.payment_value));
    expect(outs.map((o) => [bytesToHex(o.script), o.value])).toEqual([
      [v.payment_output_script, BigInt(v.payment_value)],
      [`6a14${v.secret_hash}`, 0n],
    ]);
    expect(bytesToHex(redeemScriptOf(termsOf(v)))).toBe(v.redeem_script);
  });

  it.each(vectors)('$description: the receiver accepts exactly the agreed terms', (v) => {
    const terms = termsOf(v);
    const tx = paymentTx(v);
    expect(() => checkPaymentOutput(tx, terms, BigInt(v.payment_value))).not.toThrow();
    const refused = (t: HtlcTerms, amount: bigint, message: string) => {
      expect(() => checkPaymentOutput(tx, t, amount)).toThrow(SwapValidationError);
      expect(() => checkPaymentOutput(tx, t, amount)).toThrow(message);
    };
    const value = BigInt(v.payment_value);
    refused(terms, value + 1n, `holds ${value} sat, expected exactly ${value + 1n}`);
    refused(terms, value - 1n, `expected exactly ${value - 1n}`);
    refused({ ...terms, timeLock: terms.timeLock + 1 }, value, 'not the HTLC of the agreed terms');
    refused({ ...terms, secretHash: new Uint8Array(20) }, value, 'not the HTLC of the agreed terms');
    refused({ ...terms, receiverPubkey: terms.senderPubkey }, value, 'not the HTLC of the agreed terms');
    refused({ ...terms, senderPubkey: terms.receiverPubkey }, value, 'not the HTLC of the agreed terms');
  });

  it('terms that make no HTLC and a transaction without outputs are validation errors', () => {
    const v = vectors[0]!;
    const terms = termsOf(v);
    expect(() => redeemScriptOf({ ...terms, secretHash: new Uint8Array(32) })).toThrow(SwapValidationError);
    expect(() => redeemScriptOf({ ...terms, receiverPubkey: new Uint8Array(65) })).toThrow(SwapValidationError);
    expect(() => redeemScriptOf({ ...terms, timeLock: 2 ** 32 })).toThrow(SwapValidationError);
    expect(() => checkPaymentOutput(new Transaction(), terms, 1n)).toThrow('has no outputs');
  });
});
