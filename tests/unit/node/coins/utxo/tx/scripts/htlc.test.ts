import { describe, expect, it } from 'vitest';
import vectors from '../../../../../../fixtures/swaps/htlc-kdf-vectors.json';
import { bytesToHex, hash160, hexToBytes } from '../../../../../../../src/node/crypto';
import { p2shScript } from '../../../../../../../src/node/coins/utxo/tx/scripts';
import {
  HTLC_REDEEM_SCRIPT_LEN,
  HTLC_REFUND_SEQUENCE,
  HTLC_SPEND_SEQUENCE,
  htlcRedeemScript,
  htlcRefundable,
  htlcRefundLockTime,
  htlcRefundScriptSig,
  htlcSecretFromSpend,
  htlcSpendScriptSig,
} from '../../../../../../../src/node/coins/utxo/tx/scripts/htlc';

/** The scriptSig of a vector, rebuilt from its pushes (opcodes written as `OP_xx`). */
function scriptSigOf(pushes: readonly string[]): Uint8Array {
  const parts: number[] = [];
  for (const p of pushes) {
    if (p.startsWith('OP_')) parts.push(parseInt(p.slice(3), 16));
    else {
      const b = hexToBytes(p);
      if (b.length > 75) parts.push(0x4c);
      parts.push(b.length, ...b);
    }
  }
  return Uint8Array.from(parts);
}

const terms = (v: (typeof vectors)[number]) => ({
  locktime: v.locktime,
  senderPubkey: hexToBytes(v.sender_pubkey),
  secretHash: hexToBytes(v.secret_hash),
  receiverPubkey: hexToBytes(v.receiver_pubkey),
});

describe('UTXO HTLC: KDF saved swaps (taker_swap.rs tests), byte for byte', () => {
  it.each(vectors)('$description: redeem script and P2SH output', (v) => {
    const redeem = htlcRedeemScript(terms(v));
    expect(redeem.length).toBe(HTLC_REDEEM_SCRIPT_LEN);
    expect(bytesToHex(redeem)).toBe(v.redeem_script);
    expect(bytesToHex(p2shScript(hash160(redeem)))).toBe(v.payment_output_script);
  });

  it.each(vectors.filter((v) => v.spend))('$description: spend scriptSig and the secret read back', (v) => {
    const spend = v.spend!;
    const redeem = htlcRedeemScript(terms(v));
    const recorded = scriptSigOf(spend.script_sig_pushes);
    const [sig] = spend.script_sig_pushes;
    expect(bytesToHex(htlcSpendScriptSig(hexToBytes(sig!), hexToBytes(spend.secret), redeem))).toBe(bytesToHex(recorded));
    expect(bytesToHex(htlcSecretFromSpend(recorded, redeem)!)).toBe(spend.secret);
    expect(bytesToHex(hash160(hexToBytes(spend.secret)))).toBe(v.secret_hash);
    expect(spend.sequence).toBe(HTLC_SPEND_SEQUENCE);
  });

  it.each(vectors.filter((v) => v.refund))('$description: refund scriptSig, sequence and lock time', (v) => {
    const refund = v.refund!;
    const redeem = htlcRedeemScript(terms(v));
    const recorded = scriptSigOf(refund.script_sig_pushes);
    expect(bytesToHex(htlcRefundScriptSig(hexToBytes(refund.script_sig_pushes[0]!), redeem))).toBe(bytesToHex(recorded));
    expect(refund.sequence).toBe(HTLC_REFUND_SEQUENCE);
    // KDF set nLockTime to MTP − 1, past the HTLC's lock time; the same rule gives it back.
    expect(htlcRefundLockTime(v.locktime, refund.lock_time + 1)).toBe(refund.lock_time);
    expect(refund.lock_time).toBeGreaterThanOrEqual(v.locktime);
    // A refund is not a spend: no secret comes out of it.
    expect(htlcSecretFromSpend(recorded, redeem)).toBeNull();
  });
});

describe('UTXO HTLC: reading spends an attacker wrote', () => {
  const v = vectors.find((x) => x.spend)!;
  const redeem = htlcRedeemScript(terms(v));
  const sig = hexToBytes(v.spend!.script_sig_pushes[0]!);
  const secret = hexToBytes(v.spend!.secret);

  it('refuses a spend of another redeem script', () => {
    const other = htlcRedeemScript({ ...terms(v), locktime: v.locktime + 1 });
    expect(htlcSecretFromSpend(htlcSpendScriptSig(sig, secret, other), redeem)).toBeNull();
  });

  it.each([
    ['a truncated push', (s: Uint8Array) => s.subarray(0, s.length - 1)],
    ['a trailing opcode', (s: Uint8Array) => Uint8Array.from([...s, 0x51])],
    ['a non-push opcode', (s: Uint8Array) => Uint8Array.from([0x76, ...s])],
    ['an empty script', () => new Uint8Array(0)],
  ])('refuses %s', (_, mangle) => {
    expect(htlcSecretFromSpend(mangle(htlcSpendScriptSig(sig, secret, redeem)), redeem)).toBeNull();
  });

  it('refuses a secret of the wrong size', () => {
    const short = Uint8Array.from([0x47, ...sig.subarray(0, 0x47), 31, ...secret.subarray(0, 31), 0x00, 0x4c, redeem.length, ...redeem]);
    expect(htlcSecretFromSpend(short, redeem)).toBeNull();
  });
});

describe('UTXO HTLC: when a refund can be mined', () => {
  it.each([
    { mtp: 999, refundable: false },
    { mtp: 1000, refundable: false },
    { mtp: 1001, refundable: true },
  ])('lock time 1000, tip MTP $mtp → $refundable', ({ mtp, refundable }) => {
    expect(htlcRefundable(1000, mtp)).toBe(refundable);
    // Whenever it is refundable the refund's nLockTime satisfies both CLTV and BIP113 finality.
    if (refundable) {
      const lockTime = htlcRefundLockTime(1000, mtp);
      expect(lockTime).toBeGreaterThanOrEqual(1000);
      expect(lockTime).toBeLessThan(mtp);
    }
  });

  it('refuses lock times that are not u32', () => {
    const v = vectors[0]!;
    expect(() => htlcRedeemScript({ ...terms(v), locktime: 2 ** 32 })).toThrow(RangeError);
    expect(() => htlcRedeemScript({ ...terms(v), locktime: -1 })).toThrow(RangeError);
  });
});
