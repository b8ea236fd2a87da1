/**
 * Spend and refund transactions rebuilt from KDF's saved swaps: the same payment outpoint, fee,
 * output, version, lock time and sequence must give KDF's transaction byte for byte once its
 * recorded signature is put in, and that signature must verify against our legacy sighash over the
 * redeem script, so the two sign the same message.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import vectors from '../../../../../fixtures/swaps/htlc-kdf-vectors.json';
import coinsFile from '../../../../../fixtures/utxo/coins.json';
import { parseCoinsConfig } from '../../../../../../src/node/coins/config';
import { softwareSigner } from '../../../../../../src/node/coins/utxo/signer';
import { p2pkhScript } from '../../../../../../src/node/coins/utxo/tx';
import { bytesToHex, hash160, hexToBytes, keyPairFromPrivkey, privkeyFromPassphrase } from '../../../../../../src/node/crypto';
import { MmError } from '../../../../../../src/node/core/errors';
import { buildHtlcSpend } from '../../../../../../src/node/coins/utxo/swap/htlcSpend';
import { classifySpend, htlcInputOf, secretFromSpend } from '../../../../../../src/node/coins/utxo/swap/outcome';
import { SwapValidationError } from '../../../../../../src/node/coins/swapOps';
import { SighashCache } from '../../../../../../src/node/coins/utxo/tx/sighash';
import { htlcRefundScriptSig, htlcSpendScriptSig } from '../../../../../../src/node/coins/utxo/tx/scripts/htlc';

type Vector = (typeof vectors)[number];

/** The payment as far as the builder reads it: its hash (from the recorded input) and output 0. */
function paymentOf(v: Vector, recorded: Transaction): Transaction {
  return { getHash: () => Uint8Array.from(recorded.ins[0]!.hash), outs: [{ value: BigInt(v.payment_value), script: hexToBytes(v.payment_output_script) }] } as unknown as Transaction;
}

function recordedSignature(pushes: readonly string[]): Uint8Array {
  return hexToBytes(pushes[0]!);
}

async function rebuild(v: Vector, which: 'spend' | 'refund'): Promise<{ built: Transaction; recorded: Transaction; verified: boolean }> {
  const data = v[which]!;
  const recorded = Transaction.fromHex(data.tx_hex);
  const redeem = hexToBytes(v.redeem_script);
  const signature = recordedSignature(data.script_sig_pushes);
  const signerKey = hexToBytes(which === 'spend' ? v.receiver_pubkey : v.sender_pubkey);
  let verified = false;
  const built = await buildHtlcSpend({
    payment: paymentOf(v, recorded),
    redeem,
    to: Uint8Array.from(recorded.outs[0]!.script),
    fee: BigInt(v.payment_value) - recorded.outs[0]!.value,
    format: { kind: 'bitcoin', version: recorded.version },
    sequence: data.sequence,
    lockTime: recorded.locktime,
    sign: async (tx, index, scriptCode) => {
      const sighash = new SighashCache(tx, scriptCode).legacy(index);
      verified = secp256k1.verify(signature.subarray(0, -1), sighash, signerKey, { prehash: false, format: 'der', lowS: false });
      return signature;
    },
    scriptSig: (sig) =>
      which === 'spend' ? htlcSpendScriptSig(sig, hexToBytes(v.spend!.secret), redeem) : htlcRefundScriptSig(sig, redeem),
  });
  return { built, recorded, verified };
}

describe('HTLC spend and refund transactions against KDF saved swaps', () => {
  it.each(vectors.filter((v) => v.spend))('$description: the spend, byte for byte', async (v) => {
    const { built, recorded, verified } = await rebuild(v, 'spend');
    expect(verified).toBe(true);
    expect(built.toHex()).toBe(v.spend!.tx_hex);
    expect(built.ins[0]!.sequence).toBe(0xffffffff);
    expect(htlcInputOf(recorded, Uint8Array.from(recorded.ins[0]!.hash))).toBe(0);
    const outcome = classifySpend(recorded, 0, hexToBytes(v.redeem_script), hexToBytes(v.secret_hash));
    expect(outcome.type).toBe('Spent');
    expect(outcome.type === 'Spent' && bytesToHex(outcome.secret)).toBe(v.spend!.secret);
    expect(outcome.tx.txHash).toBe(recorded.getId());
    expect(bytesToHex(secretFromSpend(recorded, hexToBytes(v.secret_hash)))).toBe(v.spend!.secret);
  });

  it.each(vectors.filter((v) => v.refund))('$description: the refund, byte for byte', async (v) => {
    const { built, recorded, verified } = await rebuild(v, 'refund');
    expect(verified).toBe(true);
    expect(built.toHex()).toBe(v.refund!.tx_hex);
    expect(built.ins[0]!.sequence).toBe(0xfffffffe);
    expect(built.locktime).toBe(v.refund!.lock_time);
    expect(classifySpend(recorded, 0, hexToBytes(v.redeem_script), hexToBytes(v.secret_hash))).toEqual({
      type: 'Refunded',
      tx: { txHex: v.refund!.tx_hex, txHash: recorded.getId() },
    });
    expect(() => secretFromSpend(recorded, hexToBytes(v.secret_hash))).toThrow(SwapValidationError);
  });

  it('a spend revealing a secret of another hash, or spending another script, is not taken as an outcome', () => {
    const v = vectors.find((x) => x.spend)!;
    const recorded = Transaction.fromHex(v.spend!.tx_hex);
    expect(() => classifySpend(recorded, 0, hexToBytes(v.redeem_script), hash160(Uint8Array.of(1)))).toThrow(SwapValidationError);
    const otherRedeem = hexToBytes(vectors.find((x) => x.refund)!.redeem_script);
    expect(() => classifySpend(recorded, 0, otherRedeem, hexToBytes(v.secret_hash))).toThrow(/neither with the secret nor as a refund/);
    expect(htlcInputOf(recorded, new Uint8Array(32))).toBe(-1);
  });

  it('refuses to build a spend whose fee would take the whole payment, before signing', async () => {
    const v = vectors.find((x) => x.spend)!;
    const recorded = Transaction.fromHex(v.spend!.tx_hex);
    let signed = false;
    const attempt = buildHtlcSpend({
      payment: paymentOf(v, recorded),
      redeem: hexToBytes(v.redeem_script),
      to: Uint8Array.from(recorded.outs[0]!.script),
      fee: BigInt(v.payment_value),
      format: { kind: 'bitcoin', version: 1 },
      sequence: 0xffffffff,
      lockTime: 0,
      sign: async () => {
        signed = true;
        return new Uint8Array(72);
      },
      scriptSig: (sig) => sig,
    });
    const e = await attempt.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(MmError);
    expect((e as MmError).errorType).toBe('TransactionErr');
    expect((e as MmError).message).toBe(`HTLC spend fee ${v.payment_value} is greater than transaction output ${v.payment_value}`);
    expect(signed).toBe(false);
  });
});

describe('HTLC spend of a fork-id coin (BCH)', () => {
  it("is signed SIGHASH_ALL|FORKID over the redeem script and the payment's value, as BCH nodes check it", async () => {
    const v = vectors.find((x) => x.spend)!;
    const bch = parseCoinsConfig(coinsFile).coins.get('BCH')!;
    const key = keyPairFromPrivkey(privkeyFromPassphrase('bob passphrase'));
    const signer = softwareSigner(key);
    const redeem = hexToBytes(v.redeem_script);
    const value = BigInt(v.payment_value);
    const payment = { getHash: () => new Uint8Array(32).fill(5), outs: [{ value, script: hexToBytes(v.payment_output_script) }] } as unknown as Transaction;
    let signature: Uint8Array = new Uint8Array();
    const built = await buildHtlcSpend({
      payment,
      redeem,
      to: p2pkhScript(hash160(key.publicKey)),
      fee: 1000n,
      format: { kind: 'bitcoin', version: 1 },
      sequence: 0xffffffff,
      lockTime: 0,
      sign: async (tx, index, scriptCode, spent) => (signature = await signer.signScriptInput!(tx, index, scriptCode, spent, bch)),
      scriptSig: (sig) => htlcRefundScriptSig(sig, redeem),
    });
    expect(signature.at(-1)).toBe(0x41);
    const verifies = (hash: Uint8Array) => secp256k1.verify(signature.subarray(0, -1), hash, key.publicKey, { prehash: false, format: 'der', lowS: true });
    expect(verifies(built.hashForWitnessV0(0, redeem, value, 0x41))).toBe(true);
    expect(verifies(built.hashForWitnessV0(0, redeem, value - 1n, 0x41))).toBe(false);
    expect(verifies(built.hashForSignature(0, redeem, 0x41))).toBe(false);
    expect(bytesToHex(built.ins[0]!.script)).toBe(bytesToHex(htlcRefundScriptSig(signature, redeem)));
  });
});
