/**
 * Address and WIF encodings: Base58Check (double SHA-256 checksum) for the Bitcoin family,
 * bech32 v0 for P2WPKH, EIP-55 for Ethereum.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58check, bech32 } from '@scure/base';
import { MmError } from '../core/errors';
import { bytesToHex, hash160, keccak256, sha256 } from './hashes';

/** Base58Check with double SHA-256 (`createBase58check` hashes twice). */
const b58c = base58check(sha256);

/**
 * A 1-byte version (`pubtype`, e.g. 60 for KMD) or a multi-byte prefix (Zcash-style `taddr` byte
 * followed by `pubtype`), so coins with two-byte prefixes need no special case.
 */
export type AddressPrefix = number | Uint8Array;

export function p2pkhAddress(pubkey33: Uint8Array, prefix: AddressPrefix): string {
  return base58Address(hash160(pubkey33), prefix);
}

export function p2shAddress(scriptHash20: Uint8Array, prefix: AddressPrefix): string {
  if (scriptHash20.length !== 20) throw invalidInput('a script hash must be 20 bytes');
  return base58Address(scriptHash20, prefix);
}

/** Native segwit v0 key-hash address (BIP173). */
export function p2wpkhAddress(pubkey33: Uint8Array, hrp: string): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(hash160(pubkey33))]);
}

/** WIF of a compressed key (KDF only uses compressed keys, hence the trailing 0x01 flag). */
export function wifEncode(priv: Uint8Array, wiftype: number): string {
  if (priv.length !== 32) throw invalidInput('a private key must be 32 bytes');
  return b58c.encode(Uint8Array.from([byte(wiftype), ...priv, 1]));
}

/** EIP-55 address of a compressed (33) or uncompressed (65) secp256k1 public key. */
export function ethAddress(pubkey: Uint8Array): string {
  let uncompressed: Uint8Array;
  try {
    uncompressed = secp256k1.Point.fromBytes(pubkey).toBytes(false);
  } catch (e) {
    throw invalidInput('not a valid secp256k1 public key', e);
  }
  return toChecksumAddress(bytesToHex(keccak256(uncompressed.subarray(1)).subarray(12)));
}

/** EIP-55 mixed-case form of 40 hex digits, with or without `0x`. */
export function toChecksumAddress(hex40or0x: string): string {
  const body = hex40or0x.startsWith('0x') ? hex40or0x.slice(2) : hex40or0x;
  if (!/^[0-9a-fA-F]{40}$/.test(body)) throw invalidInput('an ETH address must be 40 hex digits');
  const lower = body.toLowerCase();
  const hash = bytesToHex(keccak256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/**
 * Whether an address is acceptable input: `0x` + 40 hex digits, and when it mixes cases the
 * EIP-55 checksum must match. All-lower/all-upper addresses carry no checksum and are accepted
 * (KDF's `valid_addr_from_str` is stricter and accepts only the exact EIP-55 form).
 */
export function isValidChecksumAddress(addr: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(addr)) return false;
  const body = addr.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(body) === addr;
}

function base58Address(hash20: Uint8Array, prefix: AddressPrefix): string {
  const p = typeof prefix === 'number' ? Uint8Array.of(byte(prefix)) : prefix;
  if (p.length === 0) throw invalidInput('an address prefix must not be empty');
  const payload = new Uint8Array(p.length + hash20.length);
  payload.set(p);
  payload.set(hash20, p.length);
  return b58c.encode(payload);
}

function byte(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > 255) throw invalidInput('a version byte must be an integer 0..255');
  return n;
}

function invalidInput(reason: string, cause?: unknown): MmError {
  const message = `Invalid address input: ${reason}`;
  return new MmError({ errorType: 'InvalidParam', message, errorData: message, httpStatus: 400, cause });
}
