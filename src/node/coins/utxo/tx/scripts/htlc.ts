/**
 * KDF's UTXO hash time-locked contract (kdf-facts §4.5, `utxo_common::payment_script`), byte for byte:
 *
 *   OP_IF <locktime u32 LE> OP_CHECKLOCKTIMEVERIFY OP_DROP <sender pubkey> OP_CHECKSIG
 *   OP_ELSE OP_SIZE 32 OP_EQUALVERIFY OP_HASH160 <secret hash> OP_EQUALVERIFY <receiver pubkey> OP_CHECKSIG
 *   OP_ENDIF
 *
 * The payment pays P2SH(redeem script); the receiver spends with `<sig> <secret> OP_0 <redeem>` and
 * the sender refunds after the lock time with `<sig> OP_1 <redeem>`. Reading a spend back (to learn
 * the secret) accepts only this exact shape, so a counterparty cannot feed the node another script.
 */
import { concatBytes } from '@noble/hashes/utils.js';
import { ofLength } from './length';

const OP_0 = 0x00;
const OP_PUSHDATA1 = 0x4c;
const OP_1 = 0x51;
const OP_IF = 0x63;
const OP_ELSE = 0x67;
const OP_ENDIF = 0x68;
const OP_DROP = 0x75;
const OP_SIZE = 0x82;
const OP_EQUALVERIFY = 0x88;
const OP_HASH160 = 0xa9;
const OP_CHECKSIG = 0xac;
const OP_CHECKLOCKTIMEVERIFY = 0xb1;

/** The redeem script's length: fixed, since every part of it has a fixed size. */
export const HTLC_REDEEM_SCRIPT_LEN = 107;

/** Sequence of a spend input (final) and of a refund input (non-final, so nLockTime is enforced). */
export const HTLC_SPEND_SEQUENCE = 0xffff_ffff;
export const HTLC_REFUND_SEQUENCE = 0xffff_fffe;

export interface HtlcTerms {
  /** Unix seconds after which the sender may refund (≤ u32). */
  locktime: number;
  /** 33-byte compressed key of the payment's sender: the refund key. */
  senderPubkey: Uint8Array;
  /** dhash160 of the secret, 20 bytes. */
  secretHash: Uint8Array;
  /** 33-byte compressed key of the payment's receiver: the spend key. */
  receiverPubkey: Uint8Array;
}

function u32le(n: number): Uint8Array {
  if (!Number.isInteger(n) || n < 0 || n > 0xffff_ffff) throw new RangeError(`HTLC lock time ${n} is not a u32`);
  return Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);
}

export function htlcRedeemScript(t: HtlcTerms): Uint8Array {
  return Uint8Array.of(
    OP_IF,
    4,
    ...u32le(t.locktime),
    OP_CHECKLOCKTIMEVERIFY,
    OP_DROP,
    33,
    ...ofLength(t.senderPubkey, 33, 'a sender pubkey'),
    OP_CHECKSIG,
    OP_ELSE,
    OP_SIZE,
    1,
    32,
    OP_EQUALVERIFY,
    OP_HASH160,
    20,
    ...ofLength(t.secretHash, 20, 'a secret hash'),
    OP_EQUALVERIFY,
    33,
    ...ofLength(t.receiverPubkey, 33, 'a receiver pubkey'),
    OP_CHECKSIG,
    OP_ENDIF,
  );
}

/** A minimal push of `data` (up to 255 bytes: signatures, secrets and the redeem script all fit). */
function push(data: Uint8Array): Uint8Array {
  if (data.length > 255) throw new RangeError(`push of ${data.length} bytes`);
  const head = data.length <= 75 ? Uint8Array.of(data.length) : Uint8Array.of(OP_PUSHDATA1, data.length);
  const out = new Uint8Array(head.length + data.length);
  out.set(head);
  out.set(data, head.length);
  return out;
}


/** The receiver's spend: `<sig+hashtype> <secret> OP_0 <redeem>`. */
export function htlcSpendScriptSig(signature: Uint8Array, secret: Uint8Array, redeem: Uint8Array): Uint8Array {
  return concatBytes(push(signature), push(ofLength(secret, 32, 'a swap secret')), Uint8Array.of(OP_0), push(redeem));
}

/**
 * The receiver's spend before the secret is known (KDF's maker-payment-spend preimage for a
 * watcher): `<sig+hashtype> <redeem>`; the watcher puts the secret and OP_0 between the two, which
 * the signature does not cover.
 */
export function htlcSpendPreimageScriptSig(signature: Uint8Array, redeem: Uint8Array): Uint8Array {
  return concatBytes(push(signature), push(redeem));
}

/** The sender's refund: `<sig+hashtype> OP_1 <redeem>`. */
export function htlcRefundScriptSig(signature: Uint8Array, redeem: Uint8Array): Uint8Array {
  return concatBytes(push(signature), Uint8Array.of(OP_1), push(redeem));
}

/**
 * The pushes and opcodes of a push-only script (pushes up to OP_PUSHDATA1, OP_0, OP_1), or null if
 * it is not one.
 */
export function readPushes(script: Uint8Array): (Uint8Array | number)[] | null {
  const items: (Uint8Array | number)[] = [];
  let i = 0;
  while (i < script.length) {
    const op = script[i++]!;
    let len: number;
    if (op >= 1 && op <= 75) len = op;
    else if (op === OP_PUSHDATA1 && i < script.length) len = script[i++]!;
    else if (op === OP_0 || op === OP_1) {
      items.push(op);
      continue;
    } else return null;
    if (i + len > script.length) return null;
    items.push(script.subarray(i, i + len));
    i += len;
  }
  return items;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The secret revealed by a spend of this HTLC: the scriptSig must be exactly
 * `<sig> <32-byte secret> OP_0 <expected redeem>`; null for anything else (a refund, another script).
 * The caller checks the secret against the hash it expects.
 */
export function htlcSecretFromSpend(scriptSig: Uint8Array, expectedRedeem: Uint8Array): Uint8Array | null {
  const items = readPushes(scriptSig);
  if (!items || items.length !== 4) return null;
  const [sig, secret, selector, redeem] = items;
  if (!(sig instanceof Uint8Array) || !(secret instanceof Uint8Array) || secret.length !== 32) return null;
  if (selector !== OP_0 || !(redeem instanceof Uint8Array) || !sameBytes(redeem, expectedRedeem)) return null;
  return secret;
}

/**
 * nLockTime of a refund: at least the HTLC's lock time, and at least MTP − 1 so the transaction is
 * final in the next block (KDF's `p2sh_tx_locktime`; KMD's own rule is in kmd/lockTime.ts).
 */
export function htlcRefundLockTime(htlcLocktime: number, medianTimePast: number): number {
  return Math.max(htlcLocktime, medianTimePast - 1);
}

/**
 * Whether a refund can enter the next block: its nLockTime (see above) must be below the tip's median
 * time past (BIP113) and at least the HTLC's lock time (CLTV), so MTP must have passed the lock time.
 * KDF tries once MTP ≥ lock time; at equality the refund is not yet final, so this waits one second more.
 */
export function htlcRefundable(htlcLocktime: number, medianTimePast: number): boolean {
  return medianTimePast > htlcLocktime;
}

/** Whether `scriptSig` is the sender's refund of this HTLC: exactly `<sig> OP_1 <expected redeem>`. */
export function htlcIsRefund(scriptSig: Uint8Array, expectedRedeem: Uint8Array): boolean {
  const items = readPushes(scriptSig);
  if (!items || items.length !== 3) return false;
  const [sig, selector, redeem] = items;
  return sig instanceof Uint8Array && selector === OP_1 && redeem instanceof Uint8Array && sameBytes(redeem, expectedRedeem);
}
