/**
 * HD ("enable_hd") mode: BIP39 English mnemonics with an empty BIP39 password, BIP32 derivation.
 */
import { HDKey } from '@scure/bip32';
import * as bip39 from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { MmError } from '../core/errors';
import { keyPairFromPrivkey, type KeyPair } from './keys';
import { invalidPassphrase } from './privkey';

export { HDKey };

/**
 * KDF's "mm2 internal" key: P2P identity and DB namespace in HD mode. The last three levels are
 * deliberately non-hardened (`mm2_internal_der_path`).
 */
export const MM2_INTERNAL_KEY_PATH = "m/44'/141'/2147483647/0/0";

/** A fresh 12-word mnemonic (128 bits from crypto.getRandomValues). */
export function generateMnemonic(): string {
  return bip39.generateMnemonic(wordlist, 128);
}

export function validateMnemonic(m: string): boolean {
  return bip39.validateMnemonic(normalizeWords(m), wordlist);
}

/** The BIP32 master key of a mnemonic, with the empty BIP39 password as KDF uses. */
export function hdRootFromMnemonic(m: string): HDKey {
  return HDKey.fromMasterSeed(bip39Seed(m));
}

/**
 * The 64-byte BIP39 seed. As KDF (`Mnemonic::parse_in_normalized` + `to_seed_normalized`), words are
 * split on any whitespace and rejoined by single spaces, so stray spaces or a trailing newline open
 * the same wallet. KDF always passes the empty password; BIP39's official vectors use "TREZOR".
 */
export function bip39Seed(m: string, password = ''): Uint8Array {
  const words = normalizeWords(m);
  if (!bip39.validateMnemonic(words, wordlist)) {
    throw invalidPassphrase('Passphrase is not a valid BIP39 mnemonic');
  }
  return bip39.mnemonicToSeedSync(words, password);
}

/**
 * The same seed through WebCrypto's PBKDF2 (the worker's and Node's native one): unlocking an HD
 * wallet spends most of its key work on these 2,048 rounds of HMAC-SHA512, which the JS version
 * takes some 200 ms for. Without WebCrypto, the JS version.
 */
export async function bip39SeedAsync(m: string, password = ''): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return bip39Seed(m, password);
  const words = normalizeWords(m);
  if (!bip39.validateMnemonic(words, wordlist)) throw invalidPassphrase('Passphrase is not a valid BIP39 mnemonic');
  const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text.normalize('NFKD'));
  const key = await subtle.importKey('raw', utf8(words), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt: utf8(`mnemonic${password}`), iterations: 2048 }, key, 512);
  return new Uint8Array(bits);
}

export function deriveKeyPair(root: HDKey, path: string): KeyPair {
  let child: HDKey;
  try {
    child = root.derive(path);
  } catch (e) {
    const message = `Invalid derivation path '${path}'`;
    throw new MmError({ errorType: 'InvalidParam', message, errorData: message, httpStatus: 400, cause: e });
  }
  if (!child.privateKey) throw new MmError({ errorType: 'InternalError', message: 'HD key has no private key' });
  return keyPairFromPrivkey(child.privateKey);
}

function normalizeWords(m: string): string {
  return m.trim().split(/\s+/).join(' ');
}
