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
  | 'zero_denominator'
  /** Text, digits, exponent or limbs beyond the one size bound of `limits.ts`. */
  | 'number_too_large';

export class MmNumberParseError extends Error {
  constructor(
    readonly reason: MmNumberParseReason,
    message: string,
  ) {
    super(message);
    this.name = 'MmNumberParseError';
  }
}

const PREVIEW_LENGTH = 80;

/** A container being rendered: its remaining keys (or indexes) and where the next one is. */
interface Open {
  value: Record<string, unknown> | unknown[];
  keys: readonly string[] | null;
  next: number;
}

/**
 * A short JSON rendering of a rejected input for error texts. Inputs may be huge or nested
 * thousands deep, so it walks iteratively and stops at 80 characters: its cost is bounded by the
 * preview, never by the input (no JSON.stringify of the whole value, no recursion).
 */
export function describeInput(value: unknown): string {
  let text = '';
  const stack: Open[] = [];
  let pending: unknown = value;
  let hasPending = true;
  while (text.length <= PREVIEW_LENGTH && (hasPending || stack.length > 0)) {
    if (hasPending) {
      hasPending = false;
      if (Array.isArray(pending)) {
        text += '[';
        stack.push({ value: pending, keys: null, next: 0 });
      } else if (typeof pending === 'object' && pending !== null) {
        text += '{';
        stack.push({ value: pending as Record<string, unknown>, keys: Object.keys(pending), next: 0 });
      } else {
        text += scalarText(pending);
      }
      continue;
    }
    const top = stack[stack.length - 1]!;
    const size = top.keys ? top.keys.length : (top.value as unknown[]).length;
    if (top.next >= size) {
      text += top.keys ? '}' : ']';
      stack.pop();
      continue;
    }
    if (top.next > 0) text += ',';
    const key = top.keys ? top.keys[top.next]! : top.next;
    if (top.keys) text += `${JSON.stringify((key as string).slice(0, PREVIEW_LENGTH))}:`;
    pending = (top.value as Record<string | number, unknown>)[key];
    hasPending = true;
    top.next++;
  }
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 3)}...` : text;
}

function scalarText(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.slice(0, PREVIEW_LENGTH + 1));
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return typeof v; // undefined, bigint, function, symbol: JSON has no text for them
}
