/**
 * An EVM coin's address encodings (KDF's `EthAddressFormat`): an address needs `0x`, 40 hex digits
 * and, in mixed case, the EIP-55 checksum; conversion is to the mixed-case (checksummed) form only.
 */
import { toChecksumAddress } from '../../crypto';
import { addressCheck, readAddressFormat, type AddressCheck } from '../capabilities/addressFormats';
import { legacyError } from '../coinLookup';
import { parseAddress } from './address';

export function validateEthAddress(address: string): AddressCheck {
  return addressCheck(() => parseAddress(address));
}

export function convertEthAddress(from: string, rawFormat: unknown): string {
  const format = readAddressFormat(rawFormat, 'ETH', ['singlecase', 'mixedcase'] as const);
  if (format === 'singlecase') throw legacyError('conversion is available only to mixed-case');
  if (!from.startsWith('0x')) throw legacyError('Address must be prefixed with 0x');
  if (!/^0x[0-9a-fA-F]{40}$/.test(from)) throw legacyError(`Invalid address '${from}': expected 0x and 40 hex digits`);
  return toChecksumAddress(from);
}
