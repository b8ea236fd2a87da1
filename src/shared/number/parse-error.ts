/**
 * Why an input could not be read as an MmNumber. The text never names the request field: the
 * dispatcher knows the field and wraps this error into its own typed RPC error.
 */
export type MmNumberParseReason =
  /** Not a string, number, rational array or fraction object (null, boolean, ...). */
  | 'unsupported_type'
  /** A JSON number that is NaN or ±Infinity. */
  | 'non_finite'
  /** A string that is not a decimal number (empty, garbage, `1.2.3`, `1e`, ...). */
  | 'invalid_decimal'
  /** A decimal exponent beyond ±MAX_DECIMAL_EXPONENT. */
  | 'exponent_out_of_range'
  /** An array that is not `[[sign,[u32...]],[sign,[u32...]]]` with a sign matching its digits. */
  | 'invalid_rational'
  /** An object without integer-string `numer` and `denom`. */
  | 'invalid_fraction'
  /** A rational or fraction whose denominator is zero. */
  | 'zero_denominator';

export class MmNumberParseError extends Error {
  constructor(
    readonly reason: MmNumberParseReason,
    message: string,
  ) {
    super(message);
    this.name = 'MmNumberParseError';
  }
}

/** A short JSON rendering of a rejected input for error texts (inputs may be huge). */
export function describeInput(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
