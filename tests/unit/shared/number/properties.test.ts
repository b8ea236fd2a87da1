import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MmNumber, type RationalJson } from '../../../../src/shared/number';

const bigMagnitude = 2n ** 130n;
const integer = fc.oneof(fc.bigInt({ min: -1000n, max: 1000n }), fc.bigInt({ min: -bigMagnitude, max: bigMagnitude }));
const positive = fc.oneof(fc.bigInt({ min: 1n, max: 1000n }), fc.bigInt({ min: 1n, max: bigMagnitude }));
const mm = fc.tuple(integer, positive).map(([p, q]) => MmNumber.of(p, q));
const nonZero = mm.filter((x) => !x.isZero());
/** m / (2^a 5^b): terminating, with at most ~85 significant digits (under KDF's 100). */
const terminating = fc
  .tuple(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.nat(60), fc.nat(60))
  .map(([m, a, b]) => MmNumber.of(m, 2n ** BigInt(a) * 5n ** BigInt(b)));
/** Runs of nines around the 100-digit cut, where rounding carries and exact quotients stop early. */
const nines = fc
  .tuple(fc.integer({ min: 90, max: 110 }), fc.bigInt({ min: 1n, max: 20n }), fc.nat(3), fc.constantFrom(1n, 3n, 7n))
  .map(([k, j, e, f]) => MmNumber.of(10n ** BigInt(k) - j, 10n ** BigInt(k + e) * f));

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b);
}

/** Digit-by-digit transcription of bigdecimal 0.3's impl_division + Display, as an oracle. */
function referenceDecimal(numer: bigint, denom: bigint): string {
  if (numer === 0n) return '0';
  if (denom === 1n) return numer.toString();
  let num = numer < 0n ? -numer : numer;
  let scale = 0;
  while (num < denom) {
    num *= 10n;
    scale++;
  }
  let quotient = num / denom;
  let remainder = num % denom;
  if (remainder !== 0n) {
    let precision = quotient.toString().length;
    remainder *= 10n;
    while (remainder !== 0n && precision < 100) {
      quotient = quotient * 10n + remainder / denom;
      remainder = (remainder % denom) * 10n;
      precision++;
      scale++;
    }
    if (remainder !== 0n && remainder / denom >= 5n) quotient += 1n;
  }
  const s = quotient.toString();
  let text = s;
  if (scale >= s.length) text = `0.${'0'.repeat(scale - s.length)}${s}`;
  else if (scale > 0) text = `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`;
  return (numer < 0n ? '-' : '') + text;
}

function isCanonicalPart([sign, digits]: [number, number[]]): boolean {
  const top = digits[digits.length - 1];
  return (sign === 0) === (digits.length === 0) && (top === undefined || top !== 0);
}

describe('MmNumber properties', () => {
  it('reads back its rational, also through JSON text', () => {
    fc.assert(
      fc.property(mm, (x) => {
        expect(MmNumber.parse(x.toRational()).eq(x)).toBe(true);
        expect(MmNumber.parse(JSON.parse(JSON.stringify(x.toRational())) as RationalJson).eq(x)).toBe(true);
      }),
    );
  });

  it('reads back its fraction', () => {
    fc.assert(fc.property(mm, (x) => MmNumber.parse(x.toFraction()).eq(x)));
  });

  it('reads back its decimal text when the decimal terminates', () => {
    fc.assert(fc.property(terminating, (x) => MmNumber.parse(x.toDecimalString()).eq(x)));
  });

  it('renders decimals exactly like bigdecimal 0.3 division', () => {
    fc.assert(fc.property(fc.oneof(mm, nines), (x) => x.toDecimalString() === referenceDecimal(x.numer, x.denom)));
  });

  it('is always in canonical form', () => {
    fc.assert(
      fc.property(mm, mm, (a, b) => {
        for (const x of [a, b, a.add(b), a.sub(b), a.mul(b), a.neg(), a.abs()]) {
          expect(x.denom > 0n && gcd(x.numer, x.denom) === 1n).toBe(true);
          const [numer, denom] = x.toRational();
          expect(isCanonicalPart(numer) && isCanonicalPart(denom) && denom[0] === 1).toBe(true);
          expect(x.toDecimalString()).not.toMatch(/^-0$|e/);
        }
      }),
    );
  });

  it('satisfies a + b - b = a and a * b / b = a', () => {
    fc.assert(fc.property(mm, mm, (a, b) => a.add(b).sub(b).eq(a)));
    fc.assert(fc.property(mm, nonZero, (a, b) => a.mul(b).div(b).eq(a)));
  });

  it('orders consistently with the sign of the difference', () => {
    fc.assert(
      fc.property(mm, mm, (a, b) => {
        const d = a.sub(b);
        const sign = d.isZero() ? 0 : d.isNegative() ? -1 : 1;
        expect(a.cmp(b)).toBe(sign);
        expect(b.cmp(a)).toBe(sign === 0 ? 0 : -sign); // not -0: toBe tells -0 from 0
        expect(a.lt(b)).toBe(sign < 0);
        expect(a.eq(b)).toBe(sign === 0);
        expect(MmNumber.min(a, b).lte(MmNumber.max(a, b))).toBe(true);
      }),
    );
  });

  it('converts to and from base units', () => {
    fc.assert(
      fc.property(mm, fc.nat(30), (x, decimals) => {
        const floor = x.toBaseUnitsFloor(decimals);
        const lower = MmNumber.fromBaseUnits(floor, decimals);
        const upper = MmNumber.fromBaseUnits(floor + 1n, decimals);
        expect(lower.lte(x) && x.lt(upper)).toBe(true);
        if (lower.eq(x)) expect(x.toBaseUnits(decimals)).toBe(floor);
        else expect(() => x.toBaseUnits(decimals)).toThrow(RangeError);
      }),
    );
  });

  it('floors to the greatest integer not above the value', () => {
    fc.assert(
      fc.property(mm, (x) => {
        const f = MmNumber.of(x.floor());
        return f.lte(x) && x.lt(f.add(MmNumber.ONE));
      }),
    );
  });
});
