/**
 * A secp256k1 key pair as the node uses it everywhere: KDF only ever works with compressed public
 * keys (33 bytes), so that is the only form kept here.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { MmError } from '../core/errors';

export interface KeyPair {
  privateKey: Uint8Array;
  /** 33-byte compressed SEC1 public key. */
  publicKey: Uint8Array;
}

/** True when `priv` is 32 bytes in [1, n-1], i.e. usable as a secp256k1 secret. */
export function isValidPrivkey(priv: Uint8Array): boolean {
  return priv.length === 32 && secp256k1.utils.isValidSecretKey(priv);
}

export function keyPairFromPrivkey(priv: Uint8Array): KeyPair {
  if (!isValidPrivkey(priv)) {
    const message = 'Invalid private key: must be 32 bytes, non-zero and below the secp256k1 curve order';
    throw new MmError({ errorType: 'InvalidPrivKey', message, errorData: message, httpStatus: 400 });
  }
  return { privateKey: Uint8Array.from(priv), publicKey: secp256k1.getPublicKey(priv, true) };
}
