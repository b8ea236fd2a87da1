/**
 * The three wire forms of a KDF number (`x`, `x_rat`, `x_fraction`), read into and written from a
 * bigint numerator/denominator pair. Normalization (gcd, sign) is MmNumber's job, not this file's.
 */
import {
  MAX_DECIMAL_DIGITS,
  MAX_DECIMAL_EXPONENT,
  MAX_NUMBER_BITS,
  MAX_NUMBER_TEXT_LENGTH,
  MAX_RATIONAL_LIMBS,
} from './limits';
import { describeInput, MmNumberParseError } from './parse-error';

/** num-bigint `BigInt` as serde writes it: `[sign, u32 digits LE]`. */
export type BigIntJson = [-1 | 0 | 1, number[]];

/** num-rational `BigRational` as serde writes it: `[numer, denom]`, the denominator positive (KDF's contract `rational`). */
export type RationalJson = [BigIntJson, [1, number[]]];

/** KDF's `Fraction`: both parts as decimal integer strings. */
export interface FractionJson {
  numer: string;
  denom: string;
}

export interface Ratio {
  numer: bigint;
  denom: bigint;
}

/**
 * bigdecimal 0.3's `from_str` grammar (what KDF parses `"x"` with): optional sign, digits with an
 * optional point (`.5` and `5.` are fine), optional `e`/`E` exponent with optional sign. Rust's
 * BigInt parser would also skip `_` between digits; we reject that as garbage.
 */
const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const INTEGER_RE = /^[+-]?\d+$/;
const U32_MAX = 0xffff_ffff;

function tooLarge(what: string, input: unknown): MmNumberParseError {
  return new MmNumberParseError(
    'number_too_large',
    `${what} over the limit (${MAX_NUMBER_BITS} bits per part) in ${describeInput(input)}`,
  );
}

const PART_BOUND = 1n << BigInt(MAX_NUMBER_BITS);

/** Whether a numerator or denominator is below 2^MAX_NUMBER_BITS, as the limb bound holds rationals. */
function withinBits(n: bigint): boolean {
  return (n < 0n ? -n : n) < PART_BOUND;
}

/** Digits of a digit string without its leading zeros: the size of the integer it spells. */
function significantDigits(digits: string): number {
  let i = 0;
  while (i < digits.length && digits.charCodeAt(i) === 48) i++;
  return digits.length - i;
}

export function parseDecimalText(text: string): Ratio {
  if (text.length > MAX_NUMBER_TEXT_LENGTH) throw tooLarge('number text', text);
  const m = DECIMAL_RE.exec(text);
  const digits = (m?.[2] ?? '') + (m?.[3] ?? '');
  if (!m || digits === '') {
    throw new MmNumberParseError('invalid_decimal', `invalid decimal number ${describeInput(text)}`);
  }
  const exponent = m[4] === undefined ? 0 : Number(m[4]);
  if (Math.abs(exponent) > MAX_DECIMAL_EXPONENT) {
    throw new MmNumberParseError(
      'exponent_out_of_range',
      `decimal exponent out of range (±${MAX_DECIMAL_EXPONENT}) in ${describeInput(text)}`,
    );
  }
  const scale = (m[3] ?? '').length - exponent;
  // numer = digits · 10^max(0, -scale), denom = 10^max(0, scale): sized before they are built.
  if (scale > MAX_DECIMAL_EXPONENT || significantDigits(digits) + Math.max(0, -scale) > MAX_DECIMAL_DIGITS) {
    throw tooLarge('decimal number', text);
  }
  const magnitude = BigInt(digits);
  const signed = m[1] === '-' ? -magnitude : magnitude;
  const numer = scale >= 0 ? signed : signed * 10n ** BigInt(-scale);
  if (!withinBits(numer)) throw tooLarge('decimal number', text);
  return { numer, denom: 10n ** BigInt(Math.max(0, scale)) };
}

/** Reads `[[sign,[digits]],[sign,[digits]]]`; the denominator may be negative, not zero. */
export function parseRationalJson(value: readonly unknown[]): Ratio {
  if (value.length === 2 && (limbCount(value[0]) > MAX_RATIONAL_LIMBS || limbCount(value[1]) > MAX_RATIONAL_LIMBS)) {
    throw new MmNumberParseError(
      'number_too_large',
      `rational over the limit (${MAX_RATIONAL_LIMBS} u32 digits, ${MAX_NUMBER_BITS} bits per part)`,
    );
  }
  const numer = value.length === 2 ? decodeBigInt(value[0]) : undefined;
  const denom = value.length === 2 ? decodeBigInt(value[1]) : undefined;
  if (numer === undefined || denom === undefined) {
    throw new MmNumberParseError(
      'invalid_rational',
      `invalid rational ${describeInput(value)}, expected [[sign,[u32 digits]],[sign,[u32 digits]]]`,
    );
  }
  if (denom === 0n) throw new MmNumberParseError('zero_denominator', 'rational denominator is zero');
  return { numer, denom };
}

/** How many digits a `[sign, [digits]]` part claims; 0 for anything else (the shape check says why). */
function limbCount(part: unknown): number {
  return Array.isArray(part) && Array.isArray(part[1]) ? part[1].length : 0;
}

/**
 * One num-bigint `BigInt`: `[sign, magnitude]`, sign -1/0/1, magnitude u32 digits least
 * significant first. num-bigint silently turns `[0,[5]]` and `[1,[]]` into zero; we reject a sign
 * that disagrees with its digits instead, since such input is a client bug (the docs even carry
 * one, `[[0,[13]],[1,[4000]]]`, which KDF would read as 0). Zero digits at the top are harmless
 * and accepted, as num-bigint does. The magnitude is built from hex text in one step: linear in
 * the digit count, where shifting digit by digit was quadratic.
 */
function decodeBigInt(part: unknown): bigint | undefined {
  if (!Array.isArray(part) || part.length !== 2) return undefined;
  const [sign, digits] = part as [unknown, unknown];
  if ((sign !== -1 && sign !== 0 && sign !== 1) || !Array.isArray(digits)) return undefined;
  const hex: string[] = [];
  for (let i = digits.length - 1; i >= 0; i--) {
    const d: unknown = digits[i];
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > U32_MAX) return undefined;
    hex.push(d.toString(16).padStart(8, '0'));
  }
  const magnitude = hex.length === 0 ? 0n : BigInt(`0x${hex.join('')}`);
  if ((sign === 0) !== (magnitude === 0n)) return undefined;
  return sign === -1 ? -magnitude : magnitude;
}

/** u32 digits, least significant first, through hex text (linear, for the large numbers arithmetic makes). */
function u32Digits(magnitude: bigint): number[] {
  if (magnitude === 0n) return [];
  // Most amounts fit one digit: no text round trip for them.
  if (magnitude <= 0xffffffffn) return [Number(magnitude)];
  const hex = magnitude.toString(16);
  const digits: number[] = [];
  for (let end = hex.length; end > 0; end -= 8) digits.push(parseInt(hex.slice(Math.max(0, end - 8), end), 16));
  return digits;
}

/** The inverse of decodeBigInt. */
export function encodeBigInt(n: bigint): BigIntJson {
  return [n < 0n ? -1 : n > 0n ? 1 : 0, u32Digits(n < 0n ? -n : n)];
}

/** A rational's denominator, which MmNumber keeps positive; anything else is a bug, not input. */
export function encodeDenominator(n: bigint): [1, number[]] {
  if (n <= 0n) throw new RangeError(`a denominator must be positive, found ${n}`);
  return [1, u32Digits(n)];
}

/** An integer string, its length checked before the regex looks at it. */
function isIntegerText(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_NUMBER_TEXT_LENGTH && INTEGER_RE.test(v);
}

function isOverlongText(v: unknown): boolean {
  return typeof v === 'string' && v.length > MAX_NUMBER_TEXT_LENGTH;
}

/** Reads `{numer, denom}` integer strings (extra keys are ignored, as serde does). */
export function parseFractionJson(value: object): Ratio {
  const { numer, denom } = value as { numer?: unknown; denom?: unknown };
  if (!isIntegerText(numer) || !isIntegerText(denom)) {
    if (isOverlongText(numer) || isOverlongText(denom)) throw tooLarge('fraction', value);
    throw new MmNumberParseError(
      'invalid_fraction',
      `invalid fraction ${describeInput(value)}, expected {"numer":"<integer>","denom":"<integer>"}`,
    );
  }
  const unsigned = (text: string): string => text.replace(/^[+-]/, '');
  if (significantDigits(unsigned(numer)) > MAX_DECIMAL_DIGITS || significantDigits(unsigned(denom)) > MAX_DECIMAL_DIGITS) {
    throw tooLarge('fraction', value);
  }
  const n = BigInt(numer);
  const d = BigInt(denom);
  if (!withinBits(n) || !withinBits(d)) throw tooLarge('fraction', value);
  if (d === 0n) throw new MmNumberParseError('zero_denominator', 'fraction denominator is zero');
  return { numer: n, denom: d };
}

/** Significant digits KDF keeps in a quotient that needs more (bigdecimal 0.3 division). */
export const KDF_DIVISION_PRECISION = 100;

/**
 * KDF's `x` text: `BigDecimal(numer) / BigDecimal(denom)` printed with bigdecimal 0.3's Display
 * (mm2_number `from_ratio_to_dec`). For a reduced ratio with denom > 0 that means:
 * - zero is `"0"`, an integer is its plain digits, there is never an exponent or a `-0`;
 * - a quotient that ends within 100 significant digits is exact, with no trailing zeros
 *   (`"0.5"`, `"-2.25"`);
 * - any other (1/3, 1/7770, also 1/2^400) is cut at 100 significant digits, counted from the first
 *   non-zero digit and including integer digits, then rounded half-up on the next digit only. A
 *   carry is kept as written, so it can leave trailing zeros (`"0.1000…0"` for 0.0999…9 with 101
 *   nines), and an integer part over 100 digits prints with no point at all.
 */
export function renderDecimal(numer: bigint, denom: bigint): string {
  if (numer === 0n) return '0';
  if (denom === 1n) return numer.toString();
  const negative = numer < 0n;
  const exact = exactDecimal(negative ? -numer : numer, denom);
  if (exact !== null) return (negative ? '-' : '') + exact;
  // Like bigdecimal: shift the numerator by powers of ten until it reaches the denominator. One
  // multiplication for the digit-count difference, then at most one more step (a ten-fold loop was
  // quadratic in the digits).
  let shifted = negative ? -numer : numer;
  let lead = Math.max(0, denom.toString().length - shifted.toString().length);
  shifted *= 10n ** BigInt(lead);
  if (shifted < denom) {
    shifted *= 10n;
    lead++;
  }
  let digits = shifted / denom;
  let scale = lead;
  if (shifted % denom !== 0n) {
    const extra = Math.max(0, KDF_DIVISION_PRECISION - digits.toString().length);
    const scaled = shifted * 10n ** BigInt(extra);
    const rest = scaled % denom;
    digits = scaled / denom;
    scale += extra;
    if (rest === 0n) {
      // It terminated within the precision; KDF's digit loop stopped at the last non-zero digit.
      while (scale > lead && digits % 10n === 0n) {
        digits /= 10n;
        scale--;
      }
    } else if ((rest * 10n) / denom >= 5n) {
      digits += 1n;
    }
  }
  return (negative ? '-' : '') + placePoint(digits.toString(), scale);
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The fast path for the common case, a denominator of only 2s and 5s (amounts, prices with a few
 * decimals): the digits are exact, so scale once instead of dividing to 100 digits and trimming.
 * Null when the quotient does not terminate or has more than KDF's 100 significant digits.
 */
function exactDecimal(magnitude: bigint, denom: bigint): string | null {
  const factors = denom <= MAX_SAFE ? twosAndFivesOfSafe(Number(denom)) : twosAndFives(denom);
  if (!factors) return null;
  // A reduced fraction over 2^a·5^b has exactly max(a, b) decimals, the last one non-zero.
  const scale = Math.max(factors[0], factors[1]);
  const digits = safeDigits(magnitude, denom, scale) ?? (magnitude * (10n ** BigInt(scale) / denom)).toString();
  return digits.length <= KDF_DIVISION_PRECISION ? placePoint(digits, scale) : null;
}

/** 10^0 … 10^15 as floats: exact, and their products with a cofactor stay checkable against 2^53. */
const SAFE_POWERS = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * magnitude·10^scale/denom in floats when every step is a safe integer (floats are exact there);
 * null otherwise. `denom` divides 10^scale.
 */
function safeDigits(magnitude: bigint, denom: bigint, scale: number): string | null {
  if (scale >= SAFE_POWERS.length || magnitude > MAX_SAFE) return null;
  const cofactor = (SAFE_POWERS[scale] as number) / Number(denom);
  const digits = Number(magnitude) * cofactor;
  return Number.isSafeInteger(digits) ? String(digits) : null;
}

/** [a, b] when `denom` is 2^a·5^b, else null. */
function twosAndFives(denom: bigint): [number, number] | null {
  let rest = denom;
  let twos = 0;
  let fives = 0;
  while (rest % 2n === 0n) {
    rest /= 2n;
    twos++;
  }
  while (rest % 5n === 0n) {
    rest /= 5n;
    fives++;
  }
  return rest === 1n ? [twos, fives] : null;
}

/** The same on a safe integer, in floats (exact there): most denominators are, and bigint steps allocate. */
function twosAndFivesOfSafe(denom: number): [number, number] | null {
  let rest = denom;
  let twos = 0;
  let fives = 0;
  while (rest % 2 === 0) {
    rest /= 2;
    twos++;
  }
  while (rest % 5 === 0) {
    rest /= 5;
    fives++;
  }
  return rest === 1 ? [twos, fives] : null;
}

function placePoint(digits: string, scale: number): string {
  if (scale === 0) return digits;
  if (scale >= digits.length) return `0.${'0'.repeat(scale - digits.length)}${digits}`;
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
