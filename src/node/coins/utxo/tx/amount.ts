/**
 * Satoshis ↔ decimal text in coin units. The text is KDF's (`big_decimal_from_sat`, printed by
 * bigdecimal): exact, no trailing zeros, `"0"` for zero, never an exponent.
 */
import { MmNumber } from '../../../../shared/number';
import { MmError } from '../../../core/errors';

const DECIMAL = /^\d+(\.\d+)?$/;

export function satToDecimal(sat: bigint, decimals: number): string {
  return MmNumber.fromBaseUnits(sat, decimals).toDecimalString();
}

/** Exact satoshis of a plain non-negative decimal; more fraction digits than `decimals` is an error. */
export function decimalToSat(amount: string, decimals: number): bigint {
  if (!DECIMAL.test(amount)) throw invalidAmount(`'${amount}' is not a non-negative decimal number`);
  try {
    return MmNumber.parse(amount).toBaseUnits(decimals);
  } catch {
    throw invalidAmount(`${amount} has more than ${decimals} decimal places`);
  }
}

function invalidAmount(reason: string): MmError {
  const message = `Invalid amount: ${reason}`;
  return new MmError({ errorType: 'InvalidParam', message, errorData: message, httpStatus: 400 });
}
