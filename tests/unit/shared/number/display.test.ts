/**
 * What the page needs besides KDF's arithmetic: a JSON number read as the decimal it was written
 * as, rounding for display (half away from zero, on the exact fraction) and percentage changes.
 * Every expected value is worked out by hand in the comment beside it.
 */
import { describe, expect, it } from 'vitest';
import { beforePercentChange, MmNumber, percentChange } from '../../../../src/shared/number';
import { MAX_DISPLAY_DIGITS } from '../../../../src/shared/number/rounding';

const n = (v: unknown): MmNumber => MmNumber.parse(v);
const frac = (x: MmNumber) => x.toFraction();

describe('a finite JSON number, read exactly as written', () => {
  it('is the decimal of its shortest text, not the binary double', () => {
    // JSON.parse gives the double nearest 0.1 (0.1000000000000000055511151231257827…); its shortest text is "0.1".
    expect(frac(n(JSON.parse('0.1')))).toEqual({ numer: '1', denom: '10' });
    expect(frac(n(JSON.parse('71.23')))).toEqual({ numer: '7123', denom: '100' });
    // 0.1 + 0.2 is the double printed 0.30000000000000004 (ECMAScript Number::toString).
    expect(frac(n(0.1 + 0.2))).toEqual({ numer: '7500000000000001', denom: '25000000000000000' });
    // 1e21 prints as "1e+21"; 2^53 + 1 is not a double, JSON.parse rounds it to 2^53 = 9007199254740992.
    expect(frac(n(JSON.parse('1e21')))).toEqual({ numer: '1' + '0'.repeat(21), denom: '1' });
    expect(frac(n(JSON.parse('9007199254740993')))).toEqual({ numer: '9007199254740992', denom: '1' });
    expect(n(JSON.parse('-0')).isZero()).toBe(true);
  });

  it('reads the largest and the smallest double without reaching the size bounds', () => {
    // Number.MAX_VALUE prints 1.7976931348623157e+308, Number.MIN_VALUE 5e-324.
    expect(frac(n(Number.MAX_VALUE))).toEqual({ numer: '17976931348623157' + '0'.repeat(292), denom: '1' });
    expect(frac(n(Number.MIN_VALUE))).toEqual({ numer: '1', denom: '2' + '0'.repeat(323) });
  });
});

describe('toFixed: rounded half away from zero to a number of decimals', () => {
  it.each([
    ['1.005', 2, '1.01'], // exactly half a cent: up (a double would hold 1.00499999… and print 1.00)
    ['2', 2, '2.00'],
    ['1234567.005', 2, '1234567.01'],
    ['9.995', 2, '10.00'], // the carry runs into the integer part
    ['0.004', 2, '0.00'],
    ['-0.005', 2, '-0.01'], // half away from zero, also below it
    ['-0.001', 2, '0.00'], // rounds to zero: no sign left
    ['2.5', 0, '3'],
    ['-2.5', 0, '-3'],
    ['2.4999', 0, '2'],
    ['47500.25', 0, '47500'],
    ['0.00000001', 8, '0.00000001'],
  ])('%s to %i places is %s', (value, places, text) => {
    expect(n(value).toFixed(places)).toBe(text);
  });

  it('rounds fractions that have no finite decimal', () => {
    expect(MmNumber.of(1n, 3n).toFixed(4)).toBe('0.3333');
    expect(MmNumber.of(2n, 3n).toFixed(4)).toBe('0.6667');
    expect(MmNumber.of(-1n, 777n).toFixed(6)).toBe('-0.001287'); // 1/777 = 0.00128700128…
  });

  it('refuses a count of places that is not a small non-negative integer', () => {
    for (const bad of [-1, 1.5, Number.NaN, MAX_DISPLAY_DIGITS + 1]) expect(() => MmNumber.ONE.toFixed(bad)).toThrow(RangeError);
    expect(MmNumber.ONE.toFixed(MAX_DISPLAY_DIGITS)).toBe('1.' + '0'.repeat(MAX_DISPLAY_DIGITS));
  });
});

describe('toSignificant: rounded half away from zero to significant digits, plain, no trailing zeros', () => {
  it.each([
    ['0.000123456', 4, '0.0001235'],
    ['123456', 4, '123500'],
    ['0.99996', 4, '1'], // 0.99996 → 1.000: the carry's zeros are dropped
    ['99.5', 2, '100'],
    ['0.0995', 2, '0.1'],
    ['0.1', 4, '0.1'],
    ['100', 2, '100'], // an exact power of ten keeps its place
    ['0.001', 1, '0.001'],
    ['-0.00098765', 2, '-0.00099'],
    ['0.27125', 4, '0.2713'], // half: away from zero
    ['-0.27125', 4, '-0.2713'],
    ['0', 3, '0'],
  ])('%s to %i digits is %s', (value, digits, text) => {
    expect(n(value).toSignificant(digits)).toBe(text);
  });

  it('rounds fractions with no finite decimal and the tiniest double', () => {
    expect(MmNumber.of(1n, 3n).toSignificant(4)).toBe('0.3333');
    expect(MmNumber.of(200n, 3n).toSignificant(3)).toBe('66.7');
    expect(n(Number.MIN_VALUE).toSignificant(3)).toBe('0.' + '0'.repeat(323) + '5');
  });

  it('refuses a digit count that is not a small positive integer', () => {
    for (const bad of [0, -1, 2.5, MAX_DISPLAY_DIGITS + 1]) expect(() => MmNumber.ONE.toSignificant(bad)).toThrow(RangeError);
  });
});

describe('percentage changes', () => {
  it('gives the change from one value to another in percent', () => {
    expect(percentChange(n('100'), n('97.5')).toDecimalString()).toBe('-2.5');
    expect(percentChange(n('0.8'), n('1')).toDecimalString()).toBe('25');
    // 3 → 4 is +1/3 = 100/3 %.
    expect(frac(percentChange(n('3'), n('4')))).toEqual({ numer: '100', denom: '3' });
    expect(() => percentChange(MmNumber.ZERO, MmNumber.ONE)).toThrow(RangeError);
  });

  it('undoes a change: what became `now` after `percent`', () => {
    expect(beforePercentChange(n('110'), n('10')).toDecimalString()).toBe('100');
    expect(beforePercentChange(n('97.5'), n('-2.5')).toDecimalString()).toBe('100');
    // +10^6 %: now = before × 10001.
    expect(frac(beforePercentChange(MmNumber.ONE, n('1e6')))).toEqual({ numer: '1', denom: '10001' });
    // +0.3817 % on 1: 1 / 1.003817 = 1000000/1003817.
    expect(frac(beforePercentChange(MmNumber.ONE, n('0.3817')))).toEqual({ numer: '1000000', denom: '1003817' });
    expect(() => beforePercentChange(MmNumber.ONE, n('-100'))).toThrow(RangeError);
  });
});
