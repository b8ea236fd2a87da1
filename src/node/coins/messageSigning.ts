/**
 * Message signatures as KDF makes them (`sign_message` / `verify_message`), the coin's
 * `sign_message_prefix` in front of the message:
 * - UTXO: Bitcoin's signed-message scheme. The digest is sha256d(varint(len prefix) ‖ prefix ‖
 *   varint(len message) ‖ message); the signature is 65 bytes, header 27 + 4 (compressed) +
 *   recovery id, then r ‖ s, in base64. A verifier recovers the key and compares its hash160 with
 *   the address's hash, so the same signature verifies for the key's P2PKH and P2WPKH address.
 * - EVM: EIP-191 `personal_sign`. The digest is keccak256(varint(len prefix) ‖ prefix ‖
 *   decimal length ‖ message) (with Ethereum's prefix, the usual "\x19Ethereum Signed Message:\n"
 *   framing); the signature is 0x ‖ r ‖ s ‖ v with v = 0 or 1, as KDF writes it.
 * Lengths are UTF-8 byte counts.
 */
import { concatBytes } from '@noble/hashes/utils.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base64 } from '@scure/base';
import { bytesToHex, hash160, keccak256, sha256d } from '../crypto';
import { MmError } from '../core/errors';

const utf8 = new TextEncoder();

/** Bitcoin's CompactSize length prefix. */
function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n);
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >>> 8);
  if (n <= 0xffffffff) return Uint8Array.of(0xfe, n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);
  throw new RangeError('message too long');
}

export function utxoMessageHash(prefix: string, message: string): Uint8Array {
  const p = utf8.encode(prefix);
  const m = utf8.encode(message);
  return sha256d(concatBytes(varint(p.length), p, varint(m.length), m));
}

export function ethMessageHash(prefix: string, message: string): Uint8Array {
  const p = utf8.encode(prefix);
  const m = utf8.encode(message);
  return keccak256(concatBytes(varint(p.length), p, utf8.encode(String(m.length)), m));
}

/** 65 bytes: recovery id first, then r ‖ s (low S, RFC 6979 nonce). */
function signRecoverable(hash: Uint8Array, privateKey: Uint8Array): { recovery: number; rs: Uint8Array } {
  const sig = secp256k1.sign(hash, privateKey, { prehash: false, lowS: true, format: 'recovered' });
  return { recovery: sig[0]!, rs: sig.subarray(1) };
}

/** Base64 compact signature with a compressed-key header (KDF signs only with compressed keys). */
export function signUtxoMessage(hash: Uint8Array, privateKey: Uint8Array): string {
  const { recovery, rs } = signRecoverable(hash, privateKey);
  return base64.encode(concatBytes(Uint8Array.of(27 + 4 + recovery), rs));
}

export function signEthMessage(hash: Uint8Array, privateKey: Uint8Array): string {
  const { recovery, rs } = signRecoverable(hash, privateKey);
  return `0x${bytesToHex(rs)}${bytesToHex(Uint8Array.of(recovery))}`;
}

/**
 * The hash160 of the key that made a base64 compact signature. Headers 27–34 are read as KDF reads
 * them (27 + 4 if compressed + recovery id); BIP137's segwit headers 35–42, which other wallets
 * write for P2SH-P2WPKH and P2WPKH addresses, are taken as compressed keys too.
 */
export function recoverUtxoSignerHash(signatureBase64: string, hash: Uint8Array): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = base64.decode(signatureBase64);
  } catch (e) {
    throw signatureDecoding(`Invalid base64: ${(e as Error).message}`);
  }
  if (bytes.length !== 65) throw signatureDecoding(`Invalid signature length ${bytes.length}: expected 65 bytes`);
  const header = bytes[0]!;
  if (header < 27 || header > 42) throw signatureDecoding(`Invalid signature header byte ${header}: expected 27..42`);
  const compressed = header >= 35 || ((header - 27) & 4) !== 0;
  const key = recoverKey(bytes.subarray(1), (header - 27) & 3, hash, compressed);
  return hash160(key);
}

/**
 * The EIP-55 address that made a 0x-hex r ‖ s ‖ v signature; v is 0/1 (KDF) or 27/28 (most
 * other wallets).
 */
export function recoverEthSigner(signatureHex: string, hash: Uint8Array): Uint8Array {
  const hex = signatureHex.startsWith('0x') ? signatureHex.slice(2) : signatureHex;
  if (!/^[0-9a-fA-F]{130}$/.test(hex)) throw signatureDecoding('Invalid signature: expected 65 bytes as hex');
  const bytes = Uint8Array.from(hex.match(/../g)!.map((b) => parseInt(b, 16)));
  const v = bytes[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) throw signatureDecoding(`Invalid signature recovery byte ${v}: expected 0, 1, 27 or 28`);
  const uncompressed = recoverKey(bytes.subarray(0, 64), recovery, hash, false);
  return keccak256(uncompressed.subarray(1)).subarray(12);
}

function recoverKey(rs: Uint8Array, recovery: number, hash: Uint8Array, compressed: boolean): Uint8Array {
  let key: Uint8Array;
  try {
    key = secp256k1.recoverPublicKey(concatBytes(Uint8Array.of(recovery), rs), hash, { prehash: false });
  } catch (e) {
    throw signatureDecoding(`Signature does not recover a public key: ${(e as Error).message}`);
  }
  return compressed ? key : secp256k1.Point.fromBytes(key).toBytes(false);
}

/** KDF's `VerificationError::SignatureDecodingError` (400). */
function signatureDecoding(reason: string): MmError {
  return new MmError({ errorType: 'SignatureDecodingError', message: `Signature decoding error: ${reason}`, errorData: reason, httpStatus: 400 });
}
