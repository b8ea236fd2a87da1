/**
 * The digests the node needs (Bitcoin-family addresses, WIF checksums, ETH addresses) and strict hex
 * conversion, all on Uint8Array so callers never juggle string encodings.
 */
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { MmError } from '../core/errors';

export function sha256(b: Uint8Array): Uint8Array {
  return nobleSha256(b);
}

/** SHA256(SHA256(b)): Base58Check checksums and transaction ids. */
export function sha256d(b: Uint8Array): Uint8Array {
  return nobleSha256(nobleSha256(b));
}

/** RIPEMD160(SHA256(b)): P2PKH/P2WPKH key hashes and the wallet's DB namespace. */
export function hash160(b: Uint8Array): Uint8Array {
  return ripemd160(nobleSha256(b));
}

/** Ethereum's Keccak-256 (the pre-standard padding, not SHA3-256). */
export function keccak256(b: Uint8Array): Uint8Array {
  return keccak_256(b);
}

const HEX_DIGITS = '0123456789abcdef';

/** Lowercase hex without prefix. */
export function bytesToHex(b: Uint8Array): string {
  let out = '';
  for (const byte of b) out += HEX_DIGITS[byte >> 4]! + HEX_DIGITS[byte & 15]!;
  return out;
}

/**
 * Strict hex decoding: even length and hex digits only (either case), no `0x` prefix. Errors say
 * what is wrong but never echo the input, which may be a secret.
 */
export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) throw invalidHex('odd number of digits');
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw invalidHex('non-hex character');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function invalidHex(reason: string): MmError {
  const message = `Invalid hex string: ${reason}`;
  return new MmError({ errorType: 'InvalidParam', message, errorData: message, httpStatus: 400 });
}
