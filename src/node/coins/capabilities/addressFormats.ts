/**
 * A coin's address encodings, for the legacy `validateaddress` and `convertaddress` and for
 * `verify_message`: which strings are addresses of the coin, and the same hash in another of the
 * coin's formats (KDF's `UtxoAddressFormat` / `EthAddressFormat`).
 */
import { jsonTypeName } from '../../../shared/params';
import { MmError } from '../../core/errors';
import type { EnabledCoin } from '../coin';
import { legacyError } from '../coinLookup';

export interface AddressCheck {
  isValid: boolean;
  reason?: string;
}

export interface AddressFormats {
  /** KDF's `validate_address`: a bad address is an answer with its reason, not a failure. */
  validateAddress(address: string): AddressCheck;
  /** `convertaddress`: `from` in the format `rawFormat` (the request's `to_address_format`) names; KDF's flat errors. */
  convertAddress(from: string, rawFormat: unknown): string;
}

export function hasAddressFormats(coin: EnabledCoin): coin is EnabledCoin & AddressFormats {
  const c = coin as Partial<AddressFormats>;
  return typeof c.validateAddress === 'function' && typeof c.convertAddress === 'function';
}

/** The check of an address `parse` decodes: its `InvalidAddress` failure becomes the reason. */
export function addressCheck(parse: () => unknown): AddressCheck {
  try {
    parse();
    return { isValid: true };
  } catch (e) {
    if (e instanceof MmError && e.errorType === 'InvalidAddress') return { isValid: false, reason: String(e.errorData) };
    throw e;
  }
}

/** `{format: ...}` as KDF's `<family>AddressFormat` reads it, `family` as its error names it (`UTXO`, `ETH`). */
export function readAddressFormat<F extends string>(raw: unknown, family: string, formats: readonly F[]): F {
  const format = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>).format : undefined;
  if (typeof format !== 'string' || !(formats as readonly string[]).includes(format)) {
    const found = typeof format === 'string' ? `unknown variant \`${format.slice(0, 64)}\`` : `invalid ${jsonTypeName(raw)}`;
    throw legacyError(`Error on parse ${family} address format: ${found}, expected one of ${formats.map((f) => `\`${f}\``).join(', ')}`);
  }
  return format as F;
}
