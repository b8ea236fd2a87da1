/**
 * Rounding for display: the page shows a fiat value to its currency's decimals and a small price
 * to a few significant digits, while the value itself stays an exact fraction. Half away from zero
 * (2.5 → 3, −2.5 → −3), the rule of bookkeeping, on the fraction's integers (no float anywhere).
 * Inputs are a reduced fraction with a positive denominator, as MmNumber holds them.
 */

/** The most decimals or significant digits a display asks for; more is a caller's bug. */
export const MAX_DISPLAY_DIGITS = 100;

function checkCount(what: string, n: number, min: number): void {
  if (!Number.isInteger(n) || n < min || n > MAX_DISPLAY_DIGITS) {
    throw new RangeError(`${what} must be an integer from ${min} to ${MAX_DISPLAY_DIGITS}, got ${n}`);
  }
}

/** magnitude/denom · 10^shift (shift may be negative) rounded half up, for a magnitude ≥ 0. */
function roundedUnits(magnitude: bigint, denom: bigint, shift: number): bigint {
  const scaled = shift >= 0 ? magnitude * 10n ** BigInt(shift) : magnitude;
  const divisor = shift >= 0 ? denom : denom * 10n ** BigInt(-shift);
  const units = scaled / divisor;
  return 2n * (scaled % divisor) >= divisor ? units + 1n : units;
}

/** `units` · 10^-places as plain decimal text with exactly `places` decimals. */
function withPoint(units: bigint, places: number): string {
  if (places <= 0) return units.toString() + '0'.repeat(-places);
  const digits = units.toString().padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * numer/denom rounded to `places` decimals (0 to MAX_DISPLAY_DIGITS), every one written:
 * 1.005 → "1.01", 2 → "2.00". A value that rounds to zero is written without a sign ("0.00", not
 * "-0.00"): there is nothing negative left to show.
 */
export function fixedText(numer: bigint, denom: bigint, places: number): string {
  checkCount('places', places, 0);
  const units = roundedUnits(numer < 0n ? -numer : numer, denom, places);
  return (numer < 0n && units !== 0n ? '-' : '') + withPoint(units, places);
}

/**
 * numer/denom rounded to `digits` significant digits (1 to MAX_DISPLAY_DIGITS), in plain notation
 * with no trailing zeros after the point: 0.000123456 → "0.0001235", 123456 → "123500" at 4,
 * 0.99996 → "1" (the carry adds a digit, which is a zero and so dropped).
 */
export function significantText(numer: bigint, denom: bigint, digits: number): string {
  checkCount('digits', digits, 1);
  if (numer === 0n) return '0';
  const magnitude = numer < 0n ? -numer : numer;
  // The leading digit's power of ten, e with 10^e ≤ |x| < 10^(e+1): the digit counts put it at
  // one of two places, one comparison picks.
  let lead = magnitude.toString().length - denom.toString().length;
  const atLeastPower = lead >= 0 ? magnitude >= denom * 10n ** BigInt(lead) : magnitude * 10n ** BigInt(-lead) >= denom;
  if (!atLeastPower) lead--;
  const places = digits - 1 - lead;
  let text = withPoint(roundedUnits(magnitude, denom, places), places);
  if (text.includes('.')) text = text.replace(/\.?0+$/, '');
  return (numer < 0n ? '-' : '') + text;
}
