/**
 * KDF's legacy `validateaddress` and `convertaddress`, for coins whose family knows its address
 * encodings (capabilities/addressFormats.ts; UTXO in utxo/addressFormats.ts, EVM in
 * eth/addressFormats.ts, a QRC20 token its QTUM side's).
 *
 * `validateaddress` answers `{is_valid, reason?}` and never fails for a bad address;
 * `convertaddress` re-encodes the same hash in the format `to_address_format` names.
 */
import type { LegacyResult } from '../../shared/contract';
import type { NodeContext } from '../core/context';
import type { HandlerTable, LegacyAnswer } from '../core/handler';
import type { ParamReader } from '../../shared/params';
import { hasAddressFormats, type AddressCheck, type AddressFormats } from './capabilities/addressFormats';
import type { EnabledCoin } from './coin';
import { legacyCoin, legacyError } from './coinLookup';

/** Longer than any address of any coin (bech32 allows 90 characters): not parsed, not echoed. */
export const MAX_ADDRESS_LENGTH = 128;

/** KDF's `validate_address` of the coin, for an address of any length. */
export function validateCoinAddress(coin: AddressFormats, address: string): AddressCheck {
  if (address.length > MAX_ADDRESS_LENGTH) {
    return { isValid: false, reason: `Address is too long: ${address.length} characters, at most ${MAX_ADDRESS_LENGTH}` };
  }
  return coin.validateAddress(address);
}

function wireCheck(check: AddressCheck): LegacyResult<'validateaddress'>['result'] {
  return check.isValid ? { is_valid: true } : { is_valid: false, reason: check.reason };
}

function formatsOf(ctx: NodeContext, ticker: string, method: string): EnabledCoin & AddressFormats {
  const coin = legacyCoin(ctx, ticker);
  if (!hasAddressFormats(coin)) throw legacyError(`'${method}' is not supported for ${ticker}`);
  return coin;
}

async function validateAddress(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'validateaddress'>> {
  const ticker = args.str('coin');
  const address = args.str('address');
  return { result: wireCheck(validateCoinAddress(formatsOf(ctx, ticker, 'validateaddress'), address)) };
}

async function convertAddress(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'convertaddress'>> {
  const ticker = args.str('coin');
  const from = args.str('from');
  if (args.raw('to_address_format') === undefined) throw legacyError('missing field `to_address_format`');
  const coin = formatsOf(ctx, ticker, 'convertaddress');
  if (from.length > MAX_ADDRESS_LENGTH) throw legacyError(`Address is too long: ${from.length} characters, at most ${MAX_ADDRESS_LENGTH}`);
  return { result: { address: coin.convertAddress(from, args.raw('to_address_format')) } };
}

export const addressHandlers: HandlerTable = {
  validateaddress: { legacy: validateAddress },
  convertaddress: { legacy: convertAddress },
};
