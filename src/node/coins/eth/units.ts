/**
 * Base units ↔ decimal text for EVM coins: wei for ETH (18 decimals), the token's smallest unit
 * for ERC20, gwei (9 decimals) for gas prices given by the user. The text is KDF's: exact, no
 * trailing zeros, no exponent.
 */
import { MmNumber } from '../../../shared/number';
import { ParamError } from '../../../shared/params';

export const ETH_DECIMALS = 18;
export const GWEI_DECIMALS = 9;

export function formatUnits(amount: bigint, decimals: number): string {
  return MmNumber.fromBaseUnits(amount, decimals).toDecimalString();
}

/** Exact base units of a request number; finer than the coin allows is a ParamError on `field`. */
export function toBaseUnits(amount: MmNumber, decimals: number, field: string): bigint {
  try {
    return amount.toBaseUnits(decimals);
  } catch {
    throw new ParamError(field, `\`${field}\` ${amount.toDecimalString()} has more than ${decimals} decimal places`);
  }
}
