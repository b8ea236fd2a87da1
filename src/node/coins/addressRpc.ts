/**
 * KDF's legacy `validateaddress` and `convertaddress` for UTXO and EVM coins.
 *
 * `validateaddress` answers `{is_valid, reason?}` and never fails for a bad address: UTXO addresses
 * are valid in the coin's own encodings only (its P2PKH/P2SH prefixes, bech32 with its hrp when
 * the coin has `segwit: true`, a cashaddress of its network when that is its format); EVM
 * addresses need `0x`, 40 hex digits and, in mixed case, the EIP-55 checksum.
 *
 * `convertaddress` re-encodes the same hash: UTXO `standard` ↔ `segwit`, `standard` ↔
 * `cashaddress` (for a coin whose own format is cashaddress, with the request's `network` as the
 * prefix, as KDF), EVM `mixedcase`. Unlike KDF, a script-hash address is never turned into a
 * key-hash one (P2SH stays P2SH under `standard` and `cashaddress`, and has no `segwit` form; P2WSH
 * has no `standard` form): KDF's conversion would give an address whose funds no one can spend.
 */
import type { NodeContext } from '../core/context';
import type { HandlerTable } from '../core/handler';
import { base58check, bech32 } from '@scure/base';
import { sha256, toChecksumAddress } from '../crypto';
import { MmError } from '../core/errors';
import { jsonTypeName, type ParamReader } from '../../shared/params';
import { legacyCoin, legacyError } from './coinLookup';
import { parseAddress } from './eth/address';
import { cashAddress, decodeAddress, type DecodedAddress } from './utxo/address';
import { coinFamily, type CoinFamily } from './walletKeys';
import type { UtxoCoin } from './utxo/utxoCoin';

/** Longer than any address of any coin (bech32 allows 90 characters): not parsed, not echoed. */
export const MAX_ADDRESS_LENGTH = 128;

export interface AddressCheck {
  isValid: boolean;
  reason?: string;
}

/** KDF's `validate_address` of the coin's family. */
export function validateCoinAddress(family: CoinFamily, address: string): AddressCheck {
  if (address.length > MAX_ADDRESS_LENGTH) {
    return { isValid: false, reason: `Address is too long: ${address.length} characters, at most ${MAX_ADDRESS_LENGTH}` };
  }
  try {
    if (family.kind === 'eth') parseAddress(address);
    else checkedUtxoAddress(family.coin, address);
    return { isValid: true };
  } catch (e) {
    if (e instanceof MmError && e.errorType === 'InvalidAddress') return { isValid: false, reason: String(e.errorData) };
    throw e;
  }
}

/** KDF's `checked_address_from_str`: the coin's encodings, bech32 only when the coin has `segwit`. */
export function checkedUtxoAddress(coin: UtxoCoin, address: string): DecodedAddress {
  const decoded = decodeAddress(coin.config, address);
  if ((decoded.kind === 'p2wpkh' || decoded.kind === 'p2wsh') && !coin.utxo.segwit) {
    throw invalidAddress(`Segwit not activated in the config for ${coin.ticker}`);
  }
  return decoded;
}

function invalidAddress(reason: string): MmError {
  return new MmError({ errorType: 'InvalidAddress', message: `Invalid address: ${reason}`, errorData: reason, httpStatus: 400 });
}

function wireCheck(check: AddressCheck): Record<string, unknown> {
  return check.isValid ? { is_valid: true } : { is_valid: false, reason: check.reason };
}

function familyOf(ctx: NodeContext, ticker: string, method: string): CoinFamily {
  const family = coinFamily(legacyCoin(ctx, ticker));
  if (!family) throw legacyError(`'${method}' is not supported for ${ticker}`);
  return family;
}

async function validateAddress(ctx: NodeContext, args: ParamReader): Promise<unknown> {
  const ticker = args.str('coin');
  const address = args.str('address');
  return { result: wireCheck(validateCoinAddress(familyOf(ctx, ticker, 'validateaddress'), address)) };
}

async function convertAddress(ctx: NodeContext, args: ParamReader): Promise<unknown> {
  const ticker = args.str('coin');
  const from = args.str('from');
  if (args.raw('to_address_format') === undefined) throw legacyError('missing field `to_address_format`');
  const family = familyOf(ctx, ticker, 'convertaddress');
  if (from.length > MAX_ADDRESS_LENGTH) throw legacyError(`Address is too long: ${from.length} characters, at most ${MAX_ADDRESS_LENGTH}`);
  const rawFormat = args.raw('to_address_format');
  const format = readFormat(rawFormat, family.kind);
  const address = family.kind === 'eth' ? convertEth(from, format) : convertUtxo(family.coin, from, format, rawFormat);
  return { result: { address } };
}

/** `{format: ...}` as KDF's `UtxoAddressFormat` / `EthAddressFormat` read it. */
function readFormat(raw: unknown, kind: CoinFamily['kind']): string {
  const family = kind === 'eth' ? 'ETH' : 'UTXO';
  const formats = kind === 'eth' ? ['singlecase', 'mixedcase'] : ['standard', 'segwit', 'cashaddress'];
  const format = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>).format : undefined;
  if (typeof format !== 'string' || !formats.includes(format)) {
    const found = typeof format === 'string' ? `unknown variant \`${format.slice(0, 64)}\`` : `invalid ${jsonTypeName(raw)}`;
    throw legacyError(`Error on parse ${family} address format: ${found}, expected one of ${formats.map((f) => `\`${f}\``).join(', ')}`);
  }
  return format;
}

function convertEth(from: string, format: string): string {
  if (format === 'singlecase') throw legacyError('conversion is available only to mixed-case');
  if (!from.startsWith('0x')) throw legacyError('Address must be prefixed with 0x');
  if (!/^0x[0-9a-fA-F]{40}$/.test(from)) throw legacyError(`Invalid address '${from}': expected 0x and 40 hex digits`);
  return toChecksumAddress(from);
}

const b58c = base58check(sha256);

function convertUtxo(coin: UtxoCoin, from: string, format: string, rawFormat: unknown): string {
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
      return b58c.encode(Uint8Array.from([...withTaddr(coin, version), ...decoded.hash]));
    }
    case 'segwit': {
      if (!utxo.bech32Hrp) throw legacyError('Cannot convert to a segwit address for a coin with no bech32_hrp in config');
      if (decoded.kind === 'p2sh') throw legacyError(`A P2SH address has no segwit form in ${coin.ticker}: its script is not known`);
      return bech32.encode(utxo.bech32Hrp, [0, ...bech32.toWords(decoded.hash)]);
    }
    default: {
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
function withTaddr(coin: UtxoCoin, version: number): Uint8Array {
  return coin.utxo.taddr ? Uint8Array.of(coin.utxo.taddr, version) : Uint8Array.of(version);
}

export const addressHandlers: HandlerTable = {
  validateaddress: { legacy: validateAddress },
  convertaddress: { legacy: convertAddress },
};
