/**
 * The fast paths of MmNumber (gcd of safe integers, decimal text of a safe quotient, sums and
 * products reduced through small gcds) must give exactly what the plain bigint paths give, most of
 * all at the edge of 2^53 where floats stop being exact.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../src/shared/number';
import { MAX_NUMBER_BITS } from '../../../../src/shared/number/limits';

const fixture = JSON.parse(readFileSync('tests/fixtures/number/safe-boundaries.json', 'utf8')) as {
  cases: { numer: string; denom: string; decimal: string }[];
};

function bigGcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The decimal text of a terminating quotient, all in bigints (the path the fast one skips). */
function terminatingText(numer: bigint, denom: bigint): string | null {
  let [twos, fives, rest] = [0, 0, denom];
  while (rest % 2n === 0n) [rest, twos] = [rest / 2n, twos + 1];
  while (rest % 5n === 0n) [rest, fives] = [rest / 5n, fives + 1];
  if (rest !== 1n) return null;
  const scale = Math.max(twos, fives);
  const magnitude = numer < 0n ? -numer : numer;
  const digits = (magnitude * (10n ** BigInt(scale) / denom)).toString();
  if (digits.length > 100) return null;
  const padded = digits.padStart(scale + 1, '0');
  const text = scale === 0 ? padded : `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
  return (numer < 0n ? '-' : '') + text;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** Integers around 2^53 and small ones, both signs. */
const edgy = fc.oneof(
  fc.bigInt({ min: SAFE - 5000n, max: SAFE + 5000n }),
  fc.bigInt({ min: 1n, max: 10n ** 6n }),
  fc.bigInt({ min: 1n, max: SAFE * 4n }),
);
const signed = fc.tuple(edgy, fc.boolean()).map(([n, neg]) => (neg ? -n : n));
/** 2^a·5^b denominators with few decimals (the fast path) and more (past it). */
const twosFives = fc.tuple(fc.nat(25), fc.nat(25)).map(([a, b]) => 2n ** BigInt(a) * 5n ** BigInt(b));

describe('float fast paths equal the bigint paths', () => {
  it.each(fixture.cases)('$numer/$denom renders as KDF does', ({ numer, denom, decimal }) => {
    expect(MmNumber.of(BigInt(numer), BigInt(denom)).toDecimalString()).toBe(decimal);
  });

  it('reduces like a bigint gcd, also around 2^53 and at the size limit', () => {
    const huge = fc.bigInt({ min: 1n, max: 2n ** BigInt(MAX_NUMBER_BITS) - 1n });
    fc.assert(
      fc.property(fc.oneof(signed, huge), fc.oneof(edgy, huge), (p, q) => {
        const g = bigGcd(p, q);
        const n = MmNumber.of(p, q);
        expect([n.numer, n.denom]).toEqual([p / g, q / g]);
      }),
      { numRuns: 3000 },
    );
  });

  it('prints terminating quotients digit for digit as the bigint scaling does', () => {
    fc.assert(
      fc.property(signed, twosFives, (p, q) => {
        const n = MmNumber.of(p, q);
        const expected = terminatingText(n.numer, n.denom);
        if (expected !== null) expect(n.toDecimalString()).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });

  it('adds, subtracts, multiplies and divides to the fraction the plain cross products reduce to', () => {
    const huge = fc.bigInt({ min: 1n, max: 2n ** BigInt(MAX_NUMBER_BITS) - 1n });
    /** Prices and running totals: shared factors in the denominators, as sums over a book have. */
    const smooth = fc.array(fc.constantFrom(2n, 3n, 5n, 7n, 11n, 997n, 1009n), { minLength: 1, maxLength: 40 }).map((fs) => fs.reduce((a, b) => a * b, 1n));
    const number = fc.tuple(fc.oneof(signed, huge, smooth, fc.constant(0n)), fc.oneof(edgy, huge, smooth)).map(([p, q]) => MmNumber.of(p, q));
    const plain = (numer: bigint, denom: bigint): [bigint, bigint] => {
      const g = bigGcd(numer, denom) * (denom < 0n ? -1n : 1n);
      return numer === 0n ? [0n, 1n] : [numer / g, denom / g];
    };
    const fields = (n: MmNumber): [bigint, bigint] => [n.numer, n.denom];
    fc.assert(
      fc.property(number, number, (x, y) => {
        expect(fields(x.add(y))).toEqual(plain(x.numer * y.denom + y.numer * x.denom, x.denom * y.denom));
        expect(fields(x.sub(y))).toEqual(plain(x.numer * y.denom - y.numer * x.denom, x.denom * y.denom));
        expect(fields(x.mul(y))).toEqual(plain(x.numer * y.numer, x.denom * y.denom));
        if (y.isZero()) expect(() => x.div(y)).toThrow(RangeError);
        else expect(fields(x.div(y))).toEqual(plain(x.numer * y.denom, x.denom * y.numer));
      }),
      { numRuns: 4000 },
    );
  });

  it('hostile numbers at the size limit take the bigint paths: reduced exactly, printed from their leading digits', () => {
    const top = 2n ** BigInt(MAX_NUMBER_BITS) - 1n;
    const n = MmNumber.of(top * 3n, 2n ** 40n * 3n);
    expect([n.numer, n.denom]).toEqual([top, 2n ** 40n]);
    expect(n.toDecimalString().slice(0, 99)).toBe((top / 2n ** 40n).toString().slice(0, 99));
    expect([MmNumber.of(SAFE + 2n, SAFE + 1n).numer, MmNumber.of(SAFE + 2n, SAFE + 1n).denom]).toEqual([SAFE + 2n, SAFE + 1n]);
    expect(MmNumber.of(SAFE * 2n, SAFE).eq(MmNumber.of(2n))).toBe(true);
  });
});
