/**
 * The keys a running node holds, derived once from the passphrase at startup, in either of KDF's
 * two modes: iguana (one key for every coin) or HD (BIP44 per coin).
 */
import { MmError } from '../core/errors';
import { bytesToHex, hash160 } from './hashes';
import { bip39SeedAsync, deriveKeyPair, HDKey, hdRootFromMnemonic, MM2_INTERNAL_KEY_PATH } from './hd';
import { keyPairFromPrivkey, type KeyPair } from './keys';
import { privkeyFromPassphrase } from './privkey';

export interface NodeKeys {
  mode: 'iguana' | 'hd';
  /** KDF's "mm2 internal" key pair: iguana key, or m/44'/141'/2147483647/0/0 in HD mode. Used for P2P identity, DB names. */
  internal: KeyPair;
  /** hex of hash160(internal.publicKey): names the wallet's IndexedDB databases (MAIN::<rmd160>::<db>). */
  rmd160Hex: string;
  /** The key of a coin's address. Iguana: always the iguana key. HD: derivationPath (e.g. "m/44'/141'") + /account'/change/index. */
  coinKeyPair(derivationPath: string | undefined, account?: number, change?: number, index?: number): KeyPair;
  /**
   * The public key at the same path, derived from the chain's cached extended public key (one
   * non-hardened step instead of five from the root): what scanning and listing addresses need.
   */
  addressPublicKey(derivationPath: string | undefined, account: number, change: number, index: number): Uint8Array;
}

/** `deriveNodeKeys` with an HD wallet's seed computed by the native PBKDF2 (`bip39SeedAsync`): what a node start uses. */
export async function deriveNodeKeysAsync(passphrase: string, opts: { enableHd: boolean }): Promise<NodeKeys> {
  return deriveNodeKeys(passphrase, opts.enableHd ? { enableHd: true, seed: await bip39SeedAsync(passphrase) } : opts);
}

/** `seed`: the mnemonic's BIP39 seed when already computed. */
export function deriveNodeKeys(passphrase: string, opts: { enableHd: boolean; seed?: Uint8Array }): NodeKeys {
  if (!opts.enableHd) {
    const internal = keyPairFromPrivkey(privkeyFromPassphrase(passphrase));
    return { mode: 'iguana', internal, rmd160Hex: rmd160Hex(internal), coinKeyPair: () => internal, addressPublicKey: () => internal.publicKey };
  }

  const root = opts.seed ? HDKey.fromMasterSeed(opts.seed) : hdRootFromMnemonic(passphrase);
  const internal = deriveKeyPair(root, MM2_INTERNAL_KEY_PATH);
  const cache = new Map<string, KeyPair>();
  /** `m/purpose'/coin_type'/account'/chain` → its public-only node. */
  const chainNodes = new Map<string, HDKey>();
  return {
    mode: 'hd',
    internal,
    rmd160Hex: rmd160Hex(internal),
    coinKeyPair(derivationPath, account = 0, change = 0, index = 0) {
      const coin = pathToCoin(derivationPath);
      const path = `${coin}/${childIndex('account', account)}'/${chain(change)}/${childIndex('address_index', index)}`;
      let pair = cache.get(path);
      if (!pair) {
        pair = deriveKeyPair(root, path);
        cache.set(path, pair);
      }
      return pair;
    },
    addressPublicKey(derivationPath, account, change, index) {
      const path = `${pathToCoin(derivationPath)}/${childIndex('account', account)}'/${chain(change)}`;
      let node = chainNodes.get(path);
      if (!node) {
        node = HDKey.fromExtendedKey(root.derive(path).publicExtendedKey);
        chainNodes.set(path, node);
      }
      const child = node.deriveChild(childIndex('address_index', index)).publicKey;
      if (!child) throw new MmError({ errorType: 'InternalError', message: 'HD key has no public key' });
      return child;
    },
  };
}

function rmd160Hex(pair: KeyPair): string {
  return bytesToHex(hash160(pair.publicKey));
}

/** A coin's `derivation_path` is `m/purpose'/coin_type'`; the account level and below come from the request. */
function pathToCoin(derivationPath: string | undefined): string {
  if (derivationPath === undefined || derivationPath === '') {
    throw invalidParam("Coin has no derivation_path: 'derivation_path' field is not found in config");
  }
  const m = /^m\/(\d+)'\/(\d+)'$/.exec(derivationPath);
  if (!m || !isChildIndex(Number(m[1])) || !isChildIndex(Number(m[2]))) {
    throw invalidParam(`Error deserializing 'derivation_path': expected m/purpose'/coin_type', got '${derivationPath}'`);
  }
  return derivationPath;
}

/** BIP44 chain: 0 external (receive), 1 internal (change), as KDF's `Bip44Chain`. */
function chain(change: number): number {
  if (change !== 0 && change !== 1) throw invalidParam(`Invalid chain ${change}: expected 0 (external) or 1 (internal)`);
  return change;
}

function childIndex(name: string, n: number): number {
  if (!isChildIndex(n)) throw invalidParam(`Invalid ${name} ${n}: expected an integer 0..2147483647`);
  return n;
}

function isChildIndex(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < 0x80000000;
}

function invalidParam(message: string): MmError {
  return new MmError({ errorType: 'InvalidParam', message, errorData: message, httpStatus: 400 });
}
