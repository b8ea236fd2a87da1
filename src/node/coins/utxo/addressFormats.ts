/**
 * A UTXO coin's address encodings (KDF's `UtxoAddressFormat`): an address is valid in the coin's
 * own encodings only (its P2PKH/P2SH prefixes, bech32 with its hrp when the coin has `segwit: true`,
 * a cashaddress of its network when that is its format). Conversion re-encodes the same hash:
 * `standard` ↔ `segwit`, `standard` ↔ `cashaddress` (for a coin whose own format is cashaddress,
 * with the request's `network` as the prefix, as KDF). Unlike KDF, a script-hash address is never
 * turned into a key-hash one (P2SH stays P2SH under `standard` and `cashaddress`, and has no
 * `segwit` form; P2WSH has no `standard` form): KDF's conversion would give an address whose funds
 * no one can spend.
 */
import { base58check, bech32 } from '@scure/base';
import { jsonTypeName } from '../../../shared/params';
import { sha256 } from '../../crypto';
import { MmError } from '../../core/errors';
import { addressCheck, readAddressFormat, type AddressCheck } from '../capabilities/addressFormats';
import { coinError } from '../coinErrors';
import { legacyError } from '../coinLookup';
import type { CoinConfig, UtxoParams } from '../config';
import { cashAddress, decodeAddress, type DecodedAddress } from './address';

/** What the encodings read of the coin. */
export interface AddressCoin {
  readonly ticker: string;
  readonly config: CoinConfig;
  readonly utxo: UtxoParams;
}

/** KDF's `checked_address_from_str`: the coin's encodings, bech32 only when the coin has `segwit`. */
export function checkedUtxoAddress(coin: AddressCoin, address: string): DecodedAddress {
  const decoded = decodeAddress(coin.config, address);
  if ((decoded.kind === 'p2wpkh' || decoded.kind === 'p2wsh') && !coin.utxo.segwit) {
    throw coinError.invalidAddress(`Segwit not activated in the config for ${coin.ticker}`);
  }
  return decoded;
}

export function validateUtxoAddress(coin: AddressCoin, address: string): AddressCheck {
  return addressCheck(() => checkedUtxoAddress(coin, address));
}

const b58c = base58check(sha256);

export function convertUtxoAddress(coin: AddressCoin, from: string, rawFormat: unknown): string {
  const format = readAddressFormat(rawFormat, 'UTXO', ['standard', 'segwit', 'cashaddress'] as const);
  let decoded: DecodedAddress;
  try {
    decoded = checkedUtxoAddress(coin, from);
  } catch (e) {
    if (e instanceof MmError && e.errorType === 'InvalidAddress') throw legacyError(String(e.errorData));
    throw e;
  }
  const utxo = coin.utxo;
  switch (format) {
    case 'standard': {
      if (decoded.kind === 'p2wsh') throw legacyError(`A P2WSH address has no standard (Base58) form in ${coin.ticker}`);
      const version = decoded.kind === 'p2sh' ? utxo.p2shtype : utxo.pubtype;
      return b58c.encode(Uint8Array.from([...withTaddr(utxo, version), ...decoded.hash]));
    }
    case 'segwit': {
      if (!utxo.bech32Hrp) throw legacyError('Cannot convert to a segwit address for a coin with no bech32_hrp in config');
      if (decoded.kind === 'p2sh') throw legacyError(`A P2SH address has no segwit form in ${coin.ticker}: its script is not known`);
      return bech32.encode(utxo.bech32Hrp, [0, ...bech32.toWords(decoded.hash)]);
    }
    case 'cashaddress': {
      if (utxo.addressFormat.format !== 'cashaddress') {
        throw legacyError(`${coin.ticker} does not use cashaddress: it is the address format of Bitcoin Cash coins`);
      }
      if (decoded.kind === 'p2wpkh' || decoded.kind === 'p2wsh') throw legacyError(`A segwit address has no cashaddress form in ${coin.ticker}`);
      return cashAddress(cashNetwork(rawFormat), decoded.kind, decoded.hash);
    }
  }
}

/** The `network` of `{format: "cashaddress", network}`: any letters-and-digits prefix, as KDF takes it. */
function cashNetwork(rawFormat: unknown): string {
  const network = (rawFormat as Record<string, unknown>).network;
  if (network === undefined) throw legacyError('Error on parse UTXO address format: missing field `network`');
  if (typeof network !== 'string') throw legacyError(`Error on parse UTXO address format: invalid type ${jsonTypeName(network)} for \`network\`, expected a string`);
  if (!/^[a-zA-Z0-9]{1,64}$/.test(network)) throw legacyError(`'${network.slice(0, 64)}' is not a cashaddress network prefix: letters and digits only`);
  return network;
}

/** KDF puts the coin's `taddr` byte, when it has one, in front of the version byte. */
function withTaddr(utxo: UtxoParams, version: number): Uint8Array {
  return utxo.taddr ? Uint8Array.of(utxo.taddr, version) : Uint8Array.of(version);
}
