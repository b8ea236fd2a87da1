/**
 * The simulated device's keys and coin rules: a BIP32 wallet from mnemonic + passphrase (the
 * passphrase is the BIP39 password, as on a Trezor), the address formats of a few coins, and the
 * scripts behind addresses. Browser-safe: only the project's crypto libraries.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bech32, createBase58check } from '@scure/base';
import { hash160, p2pkhAddress, p2wpkhAddress } from '../../../../../src/node/crypto';
import { FailureType, InputScriptType } from '../../../../../src/node/hw/trezor/protobuf';

/** Address and xpub parameters of a coin, by its Trezor `coin_name`. */
export interface SimCoin {
  p2pkh: number;
  p2sh: number;
  /** Bech32 prefix; absent for coins without segwit. */
  hrp?: string;
  xpubMagic: number;
  /** Zcash-layout transactions from version 3 on (the firmware's `coin.overwintered`). */
  overwintered?: boolean;
}

export const SIM_COINS: Readonly<Record<string, SimCoin>> = {
  Bitcoin: { p2pkh: 0, p2sh: 5, hrp: 'bc', xpubMagic: 0x0488b21e },
  Testnet: { p2pkh: 111, p2sh: 196, hrp: 'tb', xpubMagic: 0x043587cf },
  Regtest: { p2pkh: 111, p2sh: 196, hrp: 'bcrt', xpubMagic: 0x043587cf },
  Litecoin: { p2pkh: 48, p2sh: 50, hrp: 'ltc', xpubMagic: 0x019da462 },
  Komodo: { p2pkh: 60, p2sh: 85, xpubMagic: 0x0488b21e, overwintered: true },
};

const b58c = createBase58check(sha256);

export class SimFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function walletRoot(mnemonic: string, passphrase: string): HDKey {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic, passphrase));
}

export function deriveNode(root: HDKey, addressN: readonly number[]): HDKey {
  return addressN.reduce((node, index) => node.deriveChild(index), root);
}

export function xpubOf(node: HDKey, coin: SimCoin): string {
  const { depth, index, parentFingerprint } = node;
  const versions = { public: coin.xpubMagic, private: 0 };
  return new HDKey({ versions, depth, index, parentFingerprint, chainCode: node.chainCode!, publicKey: node.publicKey! })
    .publicExtendedKey;
}

export function p2pkhScript(pubkey: Uint8Array): Uint8Array {
  return Uint8Array.of(0x76, 0xa9, 0x14, ...hash160(pubkey), 0x88, 0xac);
}

export function p2wpkhScript(pubkey: Uint8Array): Uint8Array {
  return Uint8Array.of(0x00, 0x14, ...hash160(pubkey));
}

export function addressOf(pubkey: Uint8Array, coin: SimCoin, witness: boolean): string {
  if (!witness) return p2pkhAddress(pubkey, coin.p2pkh);
  if (!coin.hrp) throw new SimFailure(FailureType.DataError, 'Segwit not enabled on this coin');
  return p2wpkhAddress(pubkey, coin.hrp);
}

/** The scriptPubKey an address pays to, as the firmware derives it for an external output. */
export function scriptForAddress(address: string, coin: SimCoin): Uint8Array {
  if (coin.hrp && address.toLowerCase().startsWith(`${coin.hrp}1`)) {
    const decoded = safe(() => bech32.decode(address as `${string}1${string}`));
    const [version, ...data] = decoded?.words ?? [];
    const program = safe(() => bech32.fromWords(data)) ?? new Uint8Array(0);
    if (version === 0 && (program.length === 20 || program.length === 32)) {
      return Uint8Array.of(0x00, program.length, ...program);
    }
  } else {
    const raw = safe(() => b58c.decode(address));
    if (raw?.length === 21 && raw[0] === coin.p2pkh) return Uint8Array.of(0x76, 0xa9, 0x14, ...raw.subarray(1), 0x88, 0xac);
    if (raw?.length === 21 && raw[0] === coin.p2sh) return Uint8Array.of(0xa9, 0x14, ...raw.subarray(1), 0x87);
  }
  throw new SimFailure(FailureType.DataError, 'Invalid address');
}

/** P2WPKH or P2PKH (the default); the simulator knows no other kinds. */
export function isWitness(scriptType: number | undefined): boolean {
  if (scriptType === InputScriptType.SPENDWITNESS) return true;
  if (scriptType === undefined || scriptType === InputScriptType.SPENDADDRESS) return false;
  throw new SimFailure(FailureType.DataError, `Unsupported script type ${scriptType}`);
}

function safe<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}
