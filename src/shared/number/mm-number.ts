/**
 * MmNumber: KDF's exact number type (a `BigRational` in mm2_number), on plain bigints.
 *
 * Amounts, prices and fees stay exact fractions through every calculation; only the wire's `x`
 * text is a (KDF-identical) rounded decimal. Values are immutable and always normalized: the
 * fraction is reduced and the denominator positive, so equal numbers have equal fields.
 */
import {
  encodeBigInt,
  encodeDenominator,
  parseDecimalText,
  parseFractionJson,
  parseRationalJson,
  renderDecimal,
  type FractionJson,
  type Ratio,
  type RationalJson,
} from './codec';
import { describeInput, MmNumberParseError } from './parse-error';
import { fixedText, significantText } from './rounding';

/** `{x, x_rat, x_fraction}` for a field prefix `x`, as KDF's `construct_detailed!` builds them. */
export type MmNumberTriple<P extends string> = { [K in P]: string } & {
  [K in `${P}_rat`]: RationalJson;
} & { [K in `${P}_fraction`]: FractionJson };

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  // Most amounts are safe integers, and a big one meets a small one in a step: floats are exact
  // there, and bigint steps allocate.
  while (y !== 0n) {
    if (x <= MAX_SAFE && y <= MAX_SAFE) return BigInt(gcdOfSafe(Number(x), Number(y)));
    [x, y] = [y, x % y];
  }
  return x;
}

function gcdOfSafe(a: number, b: number): number {
  let [x, y] = [a, b];
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

function pow10(decimals: number): bigint {
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  return 10n ** BigInt(decimals);
}

export class MmNumber {
  static readonly ZERO = new MmNumber(0n, 1n);
  static readonly ONE = new MmNumber(1n, 1n);

  /** Use `of`/`parse`/`fromBaseUnits`: they guarantee the normal form this constructor assumes. */
  private constructor(
    readonly numer: bigint,
    readonly denom: bigint,
  ) {}

  /** numer/denom reduced; throws RangeError on a zero denominator. */
  static of(numer: bigint, denom: bigint = 1n): MmNumber {
    if (denom === 0n) throw new RangeError('Division by zero');
    if (numer === 0n) return MmNumber.ZERO;
    const sign = denom < 0n ? -1n : 1n;
    const g = gcd(numer, denom) * sign;
    return new MmNumber(numer / g, denom / g);
  }

  private static ofRatio(r: Ratio): MmNumber {
    return MmNumber.of(r.numer, r.denom);
  }

  /**
   * Reads any input form KDF accepts for an MmNumber field: a decimal string, a JSON number (read
   * through its shortest decimal text, so 0.1 is exactly 1/10, as KDF reads the raw JSON text), a
   * rational array or a fraction object. Throws MmNumberParseError otherwise.
   */
  static parse(value: unknown): MmNumber {
    if (value instanceof MmNumber) return value;
    if (typeof value === 'string') return MmNumber.ofRatio(parseDecimalText(value));
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) {
        throw new MmNumberParseError('non_finite', `${describeInput(value)} is not a finite number`);
      }
      return MmNumber.ofRatio(parseDecimalText(String(value)));
    }
    if (Array.isArray(value)) return MmNumber.ofRatio(parseRationalJson(value));
    if (typeof value === 'object' && value !== null) return MmNumber.ofRatio(parseFractionJson(value));
    throw new MmNumberParseError(
      'unsupported_type',
      `expected a decimal string, number, rational or fraction, got ${describeInput(value)}`,
    );
  }

  /** `amount` smallest units of a coin with `decimals` decimals (satoshis → BTC, wei → ETH). */
  static fromBaseUnits(amount: bigint, decimals: number): MmNumber {
    return MmNumber.of(amount, pow10(decimals));
  }

  static min(a: MmNumber, b: MmNumber): MmNumber {
    return a.lte(b) ? a : b;
  }

  static max(a: MmNumber, b: MmNumber): MmNumber {
    return a.gte(b) ? a : b;
  }

  add(o: MmNumber): MmNumber {
    return MmNumber.sum(this.numer, this.denom, o.numer, o.denom);
  }

  sub(o: MmNumber): MmNumber {
    return MmNumber.sum(this.numer, this.denom, -o.numer, o.denom);
  }

  mul(o: MmNumber): MmNumber {
    return MmNumber.product(this.numer, this.denom, o.numer, o.denom);
  }

  /** Throws RangeError on division by zero. */
  div(o: MmNumber): MmNumber {
    if (o.numer === 0n) throw new RangeError('Division by zero');
    return o.numer < 0n ? MmNumber.product(this.numer, this.denom, -o.denom, -o.numer) : MmNumber.product(this.numer, this.denom, o.denom, o.numer);
  }

  /**
   * a/b + c/d of reduced fractions (b, d > 0), reduced through gcd(b, d) and then gcd(t, that)
   * alone (Knuth, TAOCP 4.5.1). Reducing the plain sum would take a gcd of two numbers as large as
   * b·d, and a running total over many prices has a denominator of hundreds of bits.
   */
  private static sum(a: bigint, b: bigint, c: bigint, d: bigint): MmNumber {
    const fast = MmNumber.safeSum(a, b, c, d);
    if (fast) return fast;
    const g = gcd(b, d);
    const t = g === 1n ? a * d + c * b : a * (d / g) + c * (b / g);
    if (t === 0n) return MmNumber.ZERO;
    if (g === 1n) return new MmNumber(t, b * d);
    const h = gcd(t, g);
    return new MmNumber(t / h, (b / g) * (d / h));
  }

  /**
   * `sum` in floats when all four parts are safe integers and every product and sum stays one
   * (floats are exact there, and a step past 2^53 cannot come out as a safe integer): running
   * totals of amounts and prices with a few decimals. Undefined when a step leaves that range.
   */
  private static safeSum(a: bigint, b: bigint, c: bigint, d: bigint): MmNumber | undefined {
    if (a > MAX_SAFE || a < -MAX_SAFE || c > MAX_SAFE || c < -MAX_SAFE || b > MAX_SAFE || d > MAX_SAFE) return undefined;
    const [x, y, p, q] = [Number(a), Number(b), Number(c), Number(d)];
    const g = gcdOfSafe(y, q);
    const [u, v] = [x * (q / g), p * (y / g)];
    const t = u + v;
    if (!Number.isSafeInteger(u) || !Number.isSafeInteger(v) || !Number.isSafeInteger(t)) return undefined;
    if (t === 0) return MmNumber.ZERO;
    const h = gcdOfSafe(Math.abs(t), g);
    const denom = (y / g) * (q / h);
    return Number.isSafeInteger(denom) ? new MmNumber(BigInt(t / h), BigInt(denom)) : undefined;
  }

  /** (a/b)·(c/d) of reduced fractions (b, d > 0): cross-cancelled first, so the result is reduced as built. */
  private static product(a: bigint, b: bigint, c: bigint, d: bigint): MmNumber {
    if (a === 0n || c === 0n) return MmNumber.ZERO;
    const g1 = gcd(a, d);
    const g2 = gcd(c, b);
    return new MmNumber((a / g1) * (c / g2), (b / g2) * (d / g1));
  }

  neg(): MmNumber {
    return this.numer === 0n ? this : new MmNumber(-this.numer, this.denom);
  }

  abs(): MmNumber {
    return this.numer < 0n ? this.neg() : this;
  }

  /** -1, 0 or 1 as this is less than, equal to or greater than `o`. */
  cmp(o: MmNumber): -1 | 0 | 1 {
    const l = this.numer * o.denom;
    const r = o.numer * this.denom;
    return l < r ? -1 : l > r ? 1 : 0;
  }

  eq(o: MmNumber): boolean {
    return this.numer === o.numer && this.denom === o.denom;
  }

  lt(o: MmNumber): boolean {
    return this.cmp(o) < 0;
  }

  lte(o: MmNumber): boolean {
    return this.cmp(o) <= 0;
  }

  gt(o: MmNumber): boolean {
    return this.cmp(o) > 0;
  }

  gte(o: MmNumber): boolean {
    return this.cmp(o) >= 0;
  }

  isZero(): boolean {
    return this.numer === 0n;
  }

  isNegative(): boolean {
    return this.numer < 0n;
  }

  isPositive(): boolean {
    return this.numer > 0n;
  }

  /** The greatest integer ≤ this (toward −∞, so floor(-0.5) is -1). */
  floor(): bigint {
    const q = this.numer / this.denom;
    return this.numer < 0n && q * this.denom !== this.numer ? q - 1n : q;
  }

  /** Exact smallest units; throws RangeError if this has more precision than `decimals`. */
  toBaseUnits(decimals: number): bigint {
    const scaled = this.mul(MmNumber.of(pow10(decimals)));
    if (scaled.denom !== 1n) {
      throw new RangeError(`${this.toDecimalString()} has more than ${decimals} decimal places`);
    }
    return scaled.numer;
  }

  /**
   * Smallest units rounded toward −∞. For the non-negative amounts KDF converts this equals its
   * truncating `(amount * 10^decimals).to_u64()`; for negatives it never overstates what is owed.
   */
  toBaseUnitsFloor(decimals: number): bigint {
    return this.mul(MmNumber.of(pow10(decimals))).floor();
  }

  /** The `x` field: KDF's decimal text (see renderDecimal for the exact rounding rule). */
  toDecimalString(): string {
    return renderDecimal(this.numer, this.denom);
  }

  /**
   * For display: rounded half away from zero to `places` decimals (0–100), all of them written
   * (1.005 → "1.01", 2 → "2.00"); a value that rounds to zero has no sign. The value stays exact.
   */
  toFixed(places: number): string {
    return fixedText(this.numer, this.denom, places);
  }

  /**
   * For display: rounded half away from zero to `digits` significant digits (1–100), in plain
   * notation without trailing zeros (0.000123456 → "0.0001235" and 123456 → "123500" at 4).
   */
  toSignificant(digits: number): string {
    return significantText(this.numer, this.denom, digits);
  }

  /** The `x_rat` field. */
  toRational(): RationalJson {
    return [encodeBigInt(this.numer), encodeDenominator(this.denom)];
  }

  /** The `x_fraction` field. */
  toFraction(): FractionJson {
    return { numer: this.numer.toString(), denom: this.denom.toString() };
  }

  /** `{[prefix]: x, [prefix_rat]: …, [prefix_fraction]: …}` for spreading into a response. */
  toJsonTriple<P extends string>(prefix: P): MmNumberTriple<P> {
    return {
      [prefix]: this.toDecimalString(),
      [`${prefix}_rat`]: this.toRational(),
      [`${prefix}_fraction`]: this.toFraction(),
    } as MmNumberTriple<P>;
  }

  /** KDF derives `Serialize` on MmNumber itself, so a bare MmNumber field goes out as `x_rat`. */
  toJSON(): RationalJson {
    return this.toRational();
  }

  toString(): string {
    return this.toDecimalString();
  }
}
