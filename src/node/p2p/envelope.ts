/**
 * KDF's signed envelope (`encode_and_sign` / `decode_signed`, kdf-facts §5.2): the msgpack array
 * `[ {0: bin(33 compressed pubkey)}, bin(64 compact signature), bin(payload) ]`, where the
 * signature is secp256k1 ECDSA over sha256(payload). Signatures are RFC 6979 deterministic with
 * low S, as libsecp256k1 makes them, so the same key and payload give KDF's exact bytes; and only
 * low-S signatures verify, as in libsecp256k1.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '../crypto';
import { EnvelopeError } from './errors';
import { decodeMsgpack, encodeMsgpack, MsgpackError, readBin, StructReader, variant, readVariant } from './msgpack';

/** `PublicKey::Secp256k1` is variant 0 of KDF's `PublicKey` enum. */
const SECP256K1_PUBKEY = 0;

export interface SignedPayload {
  /** 33-byte compressed secp256k1 public key of the signer. */
  pubkey: Uint8Array;
  payload: Uint8Array;
}

/** Signs `payload` with a 32-byte secp256k1 secret and wraps it in the envelope. */
export function encodeSigned(payload: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const signature = secp256k1.sign(sha256(payload), privateKey, { prehash: false, lowS: true, format: 'compact' });
  const pubkey = secp256k1.getPublicKey(privateKey, true);
  return encodeMsgpack([variant(SECP256K1_PUBKEY, pubkey), signature, payload]);
}

/** Decodes and verifies an envelope; throws EnvelopeError (reason `encoding`, `pubkey` or `signature`). */
export function decodeSigned(bytes: Uint8Array): SignedPayload {
  let pubkey: Uint8Array;
  let signature: Uint8Array;
  let payload: Uint8Array;
  try {
    const s = new StructReader(decodeMsgpack(bytes), '$', 3);
    const key = s.next(readVariant);
    if (key.index !== SECP256K1_PUBKEY) throw new MsgpackError(key.path, `unknown public key type ${key.index}`);
    pubkey = readBin(key.value, key.path);
    signature = s.next((v, p) => readBin(v, p, 64));
    payload = s.next(readBin);
  } catch (e) {
    if (e instanceof MsgpackError) throw new EnvelopeError('encoding', `not a signed message: ${e.message}`, e);
    throw e;
  }
  if (pubkey.length !== 33 || !secp256k1.utils.isValidPublicKey(pubkey, true)) {
    throw new EnvelopeError('pubkey', `not a compressed secp256k1 public key (${pubkey.length} bytes)`);
  }
  let valid: boolean;
  try {
    valid = secp256k1.verify(signature, sha256(payload), pubkey, { prehash: false, lowS: true, format: 'compact' });
  } catch (e) {
    throw new EnvelopeError('signature', 'malformed signature', e);
  }
  if (!valid) throw new EnvelopeError('signature', 'invalid message signature');
  return { pubkey, payload };
}
