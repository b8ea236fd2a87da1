import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../src/shared/number';

const n = (v: unknown): MmNumber => MmNumber.parse(v);

describe('MmNumber arithmetic', () => {
  it('adds, subtracts, multiplies and divides exactly', () => {
    expect(n('0.1').add(n('0.2')).eq(n('0.3'))).toBe(true);
    expect(n('1').sub(n('1.5')).toDecimalString()).toBe('-0.5');
    expect(n('1.5').mul(n('-4')).toFraction()).toEqual({ numer: '-6', denom: '1' });
    expect(n('1').div(n('3')).mul(n('3')).eq(MmNumber.ONE)).toBe(true);
  });

  it('throws RangeError on division by zero', () => {
    expect(() => MmNumber.ONE.div(MmNumber.ZERO)).toThrow(RangeError);
    expect(() => MmNumber.of(1n, 0n)).toThrow(RangeError);
  });

  it('normalizes in of()', () => {
    expect(MmNumber.of(6n, -4n)).toEqual(MmNumber.of(-3n, 2n));
    expect(MmNumber.of(0n, -7n)).toBe(MmNumber.ZERO);
    expect(MmNumber.of(5n)).toEqual(MmNumber.of(10n, 2n));
  });

  it('has no negative zero', () => {
    const z = MmNumber.ZERO.neg();
    expect(z.toDecimalString()).toBe('0');
    expect(z.toRational()).toEqual([[0, []], [1, [1]]]);
    expect(n(-0).toDecimalString()).toBe('0');
    expect(n('-1').add(MmNumber.ONE).toFraction()).toEqual({ numer: '0', denom: '1' });
  });

  it('compares', () => {
    const [a, b] = [n('-0.5'), n({ numer: '1', denom: '3' })];
    expect(a.cmp(b)).toBe(-1);
    expect(b.cmp(a)).toBe(1);
    expect(a.cmp(n([[-1, [1]], [1, [2]]]))).toBe(0);
    expect([a.lt(b), a.lte(b), a.gt(b), a.gte(b), a.lte(a), a.gte(a)]).toEqual([true, true, false, false, true, true]);
    expect(MmNumber.min(a, b)).toBe(a);
    expect(MmNumber.max(a, b)).toBe(b);
    expect([a.isNegative(), a.isPositive(), a.isZero(), a.abs().eq(n('0.5'))]).toEqual([true, false, false, true]);
    expect([MmNumber.ZERO.isZero(), MmNumber.ZERO.isPositive(), MmNumber.ZERO.isNegative()]).toEqual([true, false, false]);
  });

  it('floors toward minus infinity', () => {
    expect(n('2.7').floor()).toBe(2n);
    expect(n('-2.7').floor()).toBe(-3n);
    expect(n('-3').floor()).toBe(-3n);
    expect(n('0.2').floor()).toBe(0n);
  });

  it('rejects bad decimals counts', () => {
    expect(() => MmNumber.ONE.toBaseUnits(-1)).toThrow(RangeError);
    expect(() => MmNumber.fromBaseUnits(1n, 1.5)).toThrow(RangeError);
  });

  it('returns an MmNumber given to parse unchanged', () => {
    const x = n('1.25');
    expect(MmNumber.parse(x)).toBe(x);
  });
});

describe('MmNumber wire output', () => {
  it('builds the x / x_rat / x_fraction triple', () => {
    expect(n({ numer: '1', denom: '7770' }).toJsonTriple('amount')).toEqual({
      amount:
        '0.0001287001287001287001287001287001287001287001287001287001287001287001287001287001287001287001287001287',
      amount_rat: [[1, [1]], [1, [7770]]],
      amount_fraction: { numer: '1', denom: '7770' },
    });
    const price = n('1').toJsonTriple('price');
    expect(price.price).toBe('1');
    expect(price.price_rat).toEqual([[1, [1]], [1, [1]]]);
    expect(price.price_fraction).toEqual({ numer: '1', denom: '1' });
  });

  it('serializes a bare MmNumber as its rational, like KDF', () => {
    expect(JSON.stringify({ v: n('-2.5') })).toBe('{"v":[[-1,[5]],[1,[2]]]}');
    expect(String(n('2.50'))).toBe('2.5');
  });
});
