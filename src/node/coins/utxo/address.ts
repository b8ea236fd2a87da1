/**
 * UTXO addresses of one coin: the wallet's own address, and `withdraw`'s `to` checked against the
 * coin's networks. As KDF (`address_from_str` + `output_script_checked`), a destination is accepted
 * only in this coin's own encodings: Base58Check with its P2PKH/P2SH prefix (a Zcash-style `taddr`
 * byte in front when the coin has one), or, when the coin has a `bech32_hrp`, a bech32 witness v0
 * program. Bech32m (witness v1+, taproot) is refused as KDF refuses it (`UnsupportedAddressVariant`).
 * A coin with `address_format: cashaddress` (Bitcoin Cash) shows its address as a cashaddress of its
 * `network` and takes destinations as cashaddresses of that network (the prefix may be left out:
 * the checksum commits to it) or, as KDF does, in the legacy Base58 form.
 */
import { base58check, bech32, bech32m } from '@scure/base';
import { bytesToHex, hash160, p2pkhAddress, p2wpkhAddress, sha256 } from '../../crypto';
import { MmError } from '../../core/errors';
import { coinError } from '../coinErrors';
import type { CoinConfig, UtxoParams } from '../config';
import { decodeCashAddr, encodeCashAddr, type CashAddrKind, type CashAddress } from './cashaddr';
import { outputScript, type UtxoAddressKind } from './tx/scripts';
import { errorMessage } from '../../../shared/errorChain';

export type { UtxoAddressKind };

export interface DecodedAddress {
  kind: UtxoAddressKind;
  /** The scriptPubKey paying to this address. */
  script: Uint8Array;
  /** Key hash (P2PKH/P2WPKH), script hash (P2SH) or witness script hash (P2WSH). */
  hash: Uint8Array;
}

const b58c = base58check(sha256);
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** The wallet's address: bech32 P2WPKH for `address_format: segwit`, else Base58 P2PKH. */
export function myAddress(coin: CoinConfig, publicKey: Uint8Array): string {
  const utxo = utxoParams(coin);
  switch (utxo.addressFormat.format) {
    case 'segwit':
      if (!utxo.bech32Hrp) throw coinError.internal(`${coin.ticker} has address_format segwit but no bech32_hrp`);
      return p2wpkhAddress(publicKey, utxo.bech32Hrp);
    case 'standard':
      return p2pkhAddress(publicKey, p2pkhPrefix(utxo));
    case 'cashaddress':
      return cashAddress(utxo.addressFormat.network, 'p2pkh', hash160(publicKey));
  }
}

/** The cashaddress of `network` paying to a P2PKH or P2SH `hash`. */
export function cashAddress(network: string, kind: CashAddrKind, hash: Uint8Array): string {
  return encodeCashAddr({ prefix: network, kind, hash });
}

/**
 * The cashaddress a P2PKH or P2SH `script` pays to on a coin whose format is cashaddress (KDF's
 * history shows BCH addresses so); undefined otherwise, and the caller's Base58/bech32 form applies.
 */
export function cashAddressOfScript(coin: CoinConfig, script: Uint8Array): string | undefined {
  const format = coin.utxo?.addressFormat;
  if (format?.format !== 'cashaddress') return undefined;
  const candidates = [['p2pkh', script.subarray(3, 23)], ['p2sh', script.subarray(2, 22)]] as const;
  for (const [kind, hash] of candidates) {
    if (hash.length === 20 && sameBytes(outputScript(kind, hash), script)) return cashAddress(format.network, kind, hash);
  }
  return undefined;
}

/** Parses `address` as a destination of `coin`; anything else is an `InvalidAddress` error. */
export function decodeAddress(coin: CoinConfig, address: string): DecodedAddress {
  const utxo = utxoParams(coin);
  const sep = address.lastIndexOf('1');
  const hrp = sep > 0 ? address.slice(0, sep).toLowerCase() : '';
  if (utxo.bech32Hrp && hrp === utxo.bech32Hrp.toLowerCase()) return decodeSegwit(coin.ticker, address);

  let payload: Uint8Array;
  try {
    payload = b58c.decode(address);
  } catch {
    const format = utxo.addressFormat;
    if (format.format === 'cashaddress' && bech32Prefix(address) === undefined) return decodeCash(coin.ticker, format.network, address);
    throw coinError.invalidAddress(whyNotBase58(coin.ticker, utxo, address));
  }
  return decodeBase58(coin.ticker, utxo, payload);
}

/**
 * A cashaddress of the coin's own network, P2PKH or P2SH of a 20-byte hash (KDF's `from_cashaddress`).
 * A string that could have been meant as Base58 is told so too, since it was tried as both.
 */
function decodeCash(ticker: string, network: string, address: string): DecodedAddress {
  let decoded: CashAddress;
  try {
    decoded = decodeCashAddr(address, network.toLowerCase());
  } catch (e) {
    if (!BASE58.test(address) || !(e instanceof MmError)) throw e;
    throw coinError.invalidAddress(`neither a Base58Check address (invalid checksum) nor a cashaddress (${String(e.errorData)})`);
  }
  const { prefix, kind, hash } = decoded;
  if (prefix !== network.toLowerCase()) {
    throw coinError.invalidAddress(`cashaddress prefix '${prefix}' is not ${ticker}'s network '${network}'`);
  }
  if (hash.length !== 20) throw coinError.invalidAddress(`a ${kind.toUpperCase()} address carries a 20-byte hash, this one has ${hash.length}`);
  return { kind, hash, script: outputScript(kind, hash) };
}

function decodeBase58(ticker: string, utxo: UtxoParams, payload: Uint8Array): DecodedAddress {
  const p2pkh = p2pkhPrefix(utxo);
  const p2sh = p2shPrefix(utxo);
  const prefix = payload.subarray(0, p2pkh.length);
  const hash = payload.slice(p2pkh.length);
  const kind = sameBytes(prefix, p2pkh) ? 'p2pkh' : sameBytes(prefix, p2sh) ? 'p2sh' : undefined;
  if (!kind) {
    throw coinError.invalidAddress(
      `address prefix ${bytesToHex(prefix)} is neither ${ticker}'s P2PKH (${bytesToHex(p2pkh)}) nor P2SH (${bytesToHex(p2sh)}) prefix`,
    );
  }
  if (hash.length !== 20) throw coinError.invalidAddress(`a ${kind.toUpperCase()} address carries a 20-byte hash, this one has ${hash.length}`);
  return { kind, hash, script: outputScript(kind, hash) };
}

function decodeSegwit(ticker: string, address: string): DecodedAddress {
  let words: number[];
  try {
    words = bech32.decode(address as `${string}1${string}`).words;
  } catch (e) {
    const v = bech32mVersion(address);
    if (v === 0) throw coinError.invalidAddress('a witness v0 address must use the bech32 checksum, not bech32m');
    if (v !== undefined) throw coinError.invalidAddress(`bech32m (witness v${v}) addresses are not supported for ${ticker}`);
    throw coinError.invalidAddress(`not a valid bech32 address (${errorMessage(e)})`);
  }
  const [version, ...data] = words;
  if (version !== 0) throw coinError.invalidAddress(`witness version ${String(version)} is not supported, only v0`);
  let hash: Uint8Array;
  try {
    hash = bech32.fromWords(data);
  } catch {
    throw coinError.invalidAddress('the witness program is not a whole number of bytes');
  }
  if (hash.length === 20) return { kind: 'p2wpkh', hash, script: outputScript('p2wpkh', hash) };
  if (hash.length === 32) return { kind: 'p2wsh', hash, script: outputScript('p2wsh', hash) };
  throw coinError.invalidAddress(`a v0 witness program must be 20 or 32 bytes, this one has ${hash.length}`);
}

/** A precise reason for a string that is not Base58Check, naming another network when it is one. */
function whyNotBase58(ticker: string, utxo: UtxoParams, address: string): string {
  const other = bech32Prefix(address);
  if (other !== undefined) {
    return utxo.bech32Hrp
      ? `bech32 prefix '${other}' is not ${ticker}'s '${utxo.bech32Hrp}'`
      : `${ticker} has no bech32 (segwit) addresses`;
  }
  if (BASE58.test(address)) return 'invalid Base58Check checksum';
  if (address.includes(':')) return `${ticker} does not use cashaddress (Bitcoin Cash) addresses`;
  return `'${address}' is neither a Base58Check nor a bech32 address`;
}

function bech32Prefix(address: string): string | undefined {
  for (const codec of [bech32, bech32m]) {
    try {
      return codec.decode(address as `${string}1${string}`).prefix;
    } catch {
      // try the other checksum
    }
  }
  return undefined;
}

function bech32mVersion(address: string): number | undefined {
  try {
    return bech32m.decode(address as `${string}1${string}`).words[0];
  } catch {
    return undefined;
  }
}

function p2pkhPrefix(utxo: UtxoParams): Uint8Array {
  return withTaddr(utxo, utxo.pubtype);
}

function p2shPrefix(utxo: UtxoParams): Uint8Array {
  return withTaddr(utxo, utxo.p2shtype);
}

/** KDF puts the coin's one `taddr` byte in front of both the P2PKH and the P2SH version byte. */
function withTaddr(utxo: UtxoParams, version: number): Uint8Array {
  return utxo.taddr ? Uint8Array.of(utxo.taddr, version) : Uint8Array.of(version);
}

function utxoParams(coin: CoinConfig): UtxoParams {
  if (!coin.utxo) throw coinError.internal(`${coin.ticker} is not a UTXO coin`);
  return coin.utxo;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
