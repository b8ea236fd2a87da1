import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MmNumber, MmNumberParseError, type FractionJson, type RationalJson } from '../../../../src/shared/number';

function fixture<T>(name: string): T[] {
  return JSON.parse(readFileSync(new URL(`../../../fixtures/number/${name}.json`, import.meta.url), 'utf8')) as T[];
}

interface ParseCase {
  description: string;
  input: unknown;
  expected: { decimal: string; rational: RationalJson; fraction: FractionJson };
}
interface ErrorCase {
  description: string;
  input: unknown;
  error: string;
}
interface BaseUnitsCase {
  description: string;
  input: { value: unknown; decimals: number };
  expected: { exact: string | null; floor: string };
}

function parseError(input: unknown): MmNumberParseError {
  try {
    MmNumber.parse(input);
  } catch (e) {
    if (e instanceof MmNumberParseError) return e;
    throw e;
  }
  throw new Error('parsed without error');
}

describe('MmNumber.parse fixtures', () => {
  it.each(fixture<ParseCase>('parse'))('$description', ({ input, expected }) => {
    const x = MmNumber.parse(input);
    expect(x.toDecimalString()).toBe(expected.decimal);
    expect(x.toRational()).toEqual(expected.rational);
    expect(x.toFraction()).toEqual(expected.fraction);
    // The canonical wire forms read back to the same number.
    expect(MmNumber.parse(expected.rational).eq(x)).toBe(true);
    expect(MmNumber.parse(expected.fraction).eq(x)).toBe(true);
  });
});

/** `[1, <hole>, 1]`: JSON cannot carry it, but a caller-built array can. */
const holeyDigits: number[] = [1];
holeyDigits[2] = 1;

describe('MmNumber.parse rejections', () => {
  it.each(fixture<ErrorCase>('parse-errors'))('$description', ({ input, error }) => {
    const e = parseError(input);
    expect(e.reason).toBe(error);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('MmNumberParseError');
  });

  it.each([
    ['NaN', Number.NaN, 'non_finite'],
    ['Infinity', Number.POSITIVE_INFINITY, 'non_finite'],
    ['-Infinity', Number.NEGATIVE_INFINITY, 'non_finite'],
    ['undefined', undefined, 'unsupported_type'],
    ['bigint', 5n, 'unsupported_type'],
    ['function', () => 1, 'unsupported_type'],
    ['sparse digit array', [[1, holeyDigits], [1, [1]]], 'invalid_rational'],
  ])('%s', (_name, input, reason) => {
    expect(parseError(input).reason).toBe(reason);
  });

  it('keeps long inputs out of the message', () => {
    expect(parseError('x'.repeat(10_000)).message.length).toBeLessThan(200);
  });
});

describe('base units fixtures', () => {
  it.each(fixture<BaseUnitsCase>('base-units'))('$description', ({ input, expected }) => {
    const x = MmNumber.parse(input.value);
    if (expected.exact === null) {
      expect(() => x.toBaseUnits(input.decimals)).toThrow(RangeError);
    } else {
      expect(x.toBaseUnits(input.decimals)).toBe(BigInt(expected.exact));
      expect(MmNumber.fromBaseUnits(BigInt(expected.exact), input.decimals).eq(x)).toBe(true);
    }
    expect(x.toBaseUnitsFloor(input.decimals)).toBe(BigInt(expected.floor));
  });
});
