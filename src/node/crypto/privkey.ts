/**
 * KDF's "iguana" passphrase → secret rules (`crypto/src/privkey.rs` `private_from_seed`), in KDF's
 * order: a WIF, then `0x` + 32-byte hex, else the masked SHA-256 of the UTF-8 passphrase.
 */
import { base58 } from '@scure/base';
import { MmError } from '../core/errors';
import { bytesToHex, hexToBytes, keccak256, sha256, sha256d } from './hashes';
import { isValidPrivkey } from './keys';

export function privkeyFromPassphrase(passphrase: string): Uint8Array {
  const wif = wifSecret(passphrase);
  if (wif) return wif;
  if (passphrase.startsWith('0x')) return rawHexSecret(passphrase.slice(2));
  return secpPrivkeyFromHash(sha256(new TextEncoder().encode(passphrase)));
}

/**
 * KDF's `secp_privkey_from_hash`: clears and sets bits so any hash lands in the valid scalar range
 * (the curve25519-style clamp iguana has always used; it must stay bit-exact for address parity).
 */
function secpPrivkeyFromHash(hash: Uint8Array): Uint8Array {
  const h = Uint8Array.from(hash);
  h[0]! &= 248;
  h[31]! &= 127;
  h[31]! |= 64;
  return h;
}

/**
 * Returns the secret when the passphrase is a WIF, undefined when it is not one.
 * As KDF's `Private::from_str`: only a string that base58-decodes to 37 bytes (uncompressed) or to
 * 38 bytes with the 0x01 compression flag counts as a WIF; anything else ("bob passphrase" has a
 * space, which base58 lacks) is an ordinary passphrase. Once it has that shape, a bad checksum is an
 * error, not a fallback to hashing, so a mistyped WIF never silently opens another wallet.
 */
function wifSecret(passphrase: string): Uint8Array | undefined {
  let data: Uint8Array;
  try {
    data = base58.decode(passphrase);
  } catch {
    return undefined;
  }
  const compressed = data.length === 38;
  if (!compressed && data.length !== 37) return undefined;
  if (compressed && data[33] !== 1) return undefined;
  const body = data.subarray(0, data.length - 4);
  if (!hasKnownChecksum(body, data.subarray(data.length - 4))) {
    throw invalidPassphrase('Provided WIF passphrase has invalid checksum!');
  }
  if (!compressed) throw invalidPassphrase('We only support compressed keys at the moment');
  const secret = data.slice(1, 33);
  if (!isValidPrivkey(secret)) throw invalidPassphrase(OUT_OF_RANGE);
  return secret;
}

/**
 * KDF accepts a WIF checksummed with double SHA-256 (Bitcoin family) or Keccak-256 (SMART).
 * KDF also accepts double Groestl-512 (GRS); no Groestl implementation is installed, so such a WIF
 * is reported as having an invalid checksum here.
 */
function hasKnownChecksum(body: Uint8Array, checksum: Uint8Array): boolean {
  const want = bytesToHex(checksum);
  return bytesToHex(sha256d(body).subarray(0, 4)) === want || bytesToHex(keccak256(body).subarray(0, 4)) === want;
}

function rawHexSecret(hex: string): Uint8Array {
  if (hex.length !== 64 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw invalidPassphrase('Error parsing passphrase: a 0x passphrase must be followed by 64 hex digits');
  }
  const secret = hexToBytes(hex);
  if (!isValidPrivkey(secret)) throw invalidPassphrase(OUT_OF_RANGE);
  return secret;
}

const OUT_OF_RANGE = 'Invalid private key: the secret is zero or not below the secp256k1 curve order';

/** Passphrase errors carry only fixed texts: the passphrase itself never goes into a message. */
export function invalidPassphrase(message: string): MmError {
  return new MmError({ errorType: 'InvalidPassphrase', message, errorData: message, httpStatus: 400 });
}
