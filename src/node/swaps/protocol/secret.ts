/**
 * The maker's swap secret (kdf-facts §4.3). KDF draws 32 random bytes; here the secret is derived
 * from the wallet's private key and the swap uuid, so a maker who lost every stored swap can still
 * re-derive it from the seed and spend the taker's payment. HMAC-SHA256 output under a key the
 * counterparty never sees is indistinguishable from random bytes on the wire.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { hash160 } from '../../crypto';
import { LOWER_UUID_RE } from '../../../shared/uuid';

/** Domain tag: keeps these HMACs apart from any other use of the same key. */
const SWAP_SECRET_TAG = new TextEncoder().encode('browser-dex/swap-secret/v1:');


function uuidBytes(uuid: string): Uint8Array {
  const text = uuid.toLowerCase();
  if (!LOWER_UUID_RE.test(text)) throw new RangeError('swap uuid must be a hyphenated hex uuid');
  const hex = text.replaceAll('-', '');
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

/** 32 bytes: HMAC-SHA256(privkey, tag ‖ uuid bytes). */
export function deriveSwapSecret(privkey: Uint8Array, uuid: string): Uint8Array {
  if (privkey.length !== 32) throw new RangeError('swap secrets derive from a 32-byte private key');
  const message = new Uint8Array(SWAP_SECRET_TAG.length + 16);
  message.set(SWAP_SECRET_TAG);
  message.set(uuidBytes(uuid), SWAP_SECRET_TAG.length);
  return hmac(nobleSha256, privkey, message);
}

/** `SecretHashAlgo::DHASH160`: RIPEMD160(SHA256(secret)), used for every UTXO/EVM/QRC20 pair. */
export function secretHash(secret: Uint8Array): Uint8Array {
  return hash160(secret);
}
