/**
 * EVM addresses as `withdraw` reads them (KDF `valid_addr_from_str`): the `0x` prefix is required,
 * 40 hex digits follow, and a mixed-case address must match its EIP-55 checksum. Single-case
 * addresses carry no checksum and are accepted. Addresses are shown EIP-55 everywhere.
 */
import { isValidChecksumAddress, toChecksumAddress } from '../../crypto';
import { coinError } from '../coinErrors';

/** The EIP-55 form of a valid `to`, or InvalidAddress with KDF's reason. */
export function parseAddress(input: string): string {
  if (!input.startsWith('0x')) throw coinError.invalidAddress('Address must be prefixed with 0x');
  if (!/^0x[0-9a-fA-F]{40}$/.test(input)) throw coinError.invalidAddress(`Invalid address '${input}': expected 0x and 40 hex digits`);
  if (!isValidChecksumAddress(input)) throw coinError.invalidAddress('Invalid address checksum');
  return toChecksumAddress(input);
}

export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}

