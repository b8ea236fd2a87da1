/**
 * The shape checker of tests/fixtures/kdf-shapes: strict as serde's `deny_unknown_fields` (a key
 * missing or extra is a difference), and strict about KDF's number forms.
 */
import { describe, expect, it } from 'vitest';
import { checkShape, type Shape } from '../../fixtures/kdf-shapes/shapeCheck';
import { loadShapes } from '../../fixtures/kdf-shapes/shapes';

const ok = (value: unknown, shape: Shape, defs = {}) => expect(checkShape(value, shape, defs)).toEqual([]);
const fails = (value: unknown, shape: Shape, defs = {}) => {
  const problems = checkShape(value, shape, defs);
  expect(problems.length).toBeGreaterThan(0);
  return problems;
};

describe('checkShape', () => {
  it('reports a missing key, an extra key and a wrong type with their paths', () => {
    const shape: Shape = { object: { coin: 'string', balance: 'decimal' } };
    ok({ coin: 'RLTC1', balance: '1.5' }, shape);
    expect(checkShape({ coin: 'RLTC1' }, shape)).toEqual(['$: missing key "balance"']);
    expect(checkShape({ coin: 'RLTC1', balance: '1', extra: 0 }, shape)).toEqual(['$: extra key "extra"']);
    expect(checkShape({ coin: 7, balance: '1' }, shape)).toEqual(['$.coin: expected string, got number 7']);
    fails([], shape);
    fails(null, shape);
  });

  it('lets optional keys be absent, but checks them when present', () => {
    const shape: Shape = { object: { is_valid: 'boolean' }, optional: { reason: 'string' } };
    ok({ is_valid: true }, shape);
    ok({ is_valid: false, reason: 'bad checksum' }, shape);
    fails({ is_valid: false, reason: null }, shape);
  });

  it('tells a nullable key (present, maybe null) from an optional one', () => {
    const shape: Shape = { object: { memo: { nullable: 'string' } } };
    ok({ memo: null }, shape);
    ok({ memo: 'x' }, shape);
    expect(checkShape({}, shape)).toEqual(['$: missing key "memo"']);
  });

  it("takes decimals only as KDF's plain decimal strings", () => {
    for (const good of ['0', '-1', '1.5', '0.00000001', '123456789012345678901234567890.1']) ok(good, 'decimal');
    for (const bad of [1.5, '1e-8', '.5', '1.', '+1', ' 1', '0x10', 'NaN', '', null]) fails(bad, 'decimal');
  });

  it("takes rationals only in num-rational's form: signed u32 digit lists, zero as [0, []], the denominator positive", () => {
    ok([[1, [1]], [1, [5]]], 'rational');
    ok([[0, []], [1, [1]]], 'rational');
    ok([[-1, [1345956701, 3]], [1, [12500000]]], 'rational');
    fails([[1, [1]], [-1, [5]]], 'rational');
    fails([[1, [1]], [0, []]], 'rational');
    fails([[0, [0]], [1, [1]]], 'rational');
    fails([[1, [1, 0]], [1, [1]]], 'rational');
    fails([[1, [2 ** 32]], [1, [1]]], 'rational');
    fails([[2, [1]], [1, [1]]], 'rational');
    fails(['1', '5'], 'rational');
    fails([[1, [1]]], 'rational');
  });

  it('takes fractions only as {numer, denom} integer strings with a non-zero denominator', () => {
    ok({ numer: '273', denom: '500000' }, 'fraction');
    ok({ numer: '-1', denom: '3' }, 'fraction');
    fails({ numer: 273, denom: 500000 }, 'fraction');
    fails({ numer: '1', denom: '0' }, 'fraction');
    fails({ numer: '1.5', denom: '2' }, 'fraction');
    fails({ numer: '1', denom: '2', extra: '3' }, 'fraction');
  });

  it('tells unsigned integers, signed integers and other numbers apart', () => {
    ok(7, 'uint');
    fails(-1, 'uint');
    fails(1.5, 'uint');
    fails('7', 'uint');
    ok(-7, 'int');
    ok(2.5, 'number');
    fails('2.5', 'number');
  });

  it('checks uuids and hex strings', () => {
    ok('e7af9713-576b-4ba3-9795-5a18c53d5fc2', 'uuid');
    fails('E7AF9713-576B-4BA3-9795-5A18C53D5FC2-', 'uuid');
    ok('00ff', 'hex');
    fails('0x00ff', 'hex');
    fails('abc', 'hex');
  });

  it('checks arrays, maps, tuples, consts, enums and alternatives item by item', () => {
    expect(checkShape(['a', 1], { array: 'string' })).toEqual(['$[1]: expected string, got number 1']);
    expect(checkShape({ a: '1', b: 2 }, { map: 'decimal' })).toEqual(['$.b: expected decimal, got number 2']);
    ok(['RLTC1', 'RLTC2'], { tuple: ['string', 'string'] });
    fails(['RLTC1'], { tuple: ['string', 'string'] });
    ok('2.0', { const: '2.0' });
    fails('2', { const: '2.0' });
    ok('Sell', { enum: ['Buy', 'Sell'] });
    fails('sell', { enum: ['Buy', 'Sell'] });
    const either: Shape = { oneOf: [{ object: { type: { const: 'Any' } } }, { object: { type: { const: 'Orders' }, data: { array: 'uuid' } } }] };
    ok({ type: 'Any' }, either);
    fails({ type: 'Any', data: [] }, either);
  });

  it('follows refs and refuses unknown refs and leaf types loudly', () => {
    ok({ spendable: '1', unspendable: '0' }, { ref: 'Balance' }, { Balance: { object: { spendable: 'decimal', unspendable: 'decimal' } } });
    expect(() => checkShape(1, { ref: 'Nope' })).toThrow(/unknown ref/);
    expect(() => checkShape(1, 'float')).toThrow(/unknown leaf/);
  });
});

describe('the shape files', () => {
  it('load, and every ref and leaf in them resolves', () => {
    const { defs, methods } = loadShapes();
    const walk = (shape: Shape): void => {
      if (typeof shape === 'string') return void checkShape(undefined, shape, defs);
      if ('ref' in shape) return void expect(defs[shape.ref], shape.ref).toBeDefined();
      if ('nullable' in shape) return walk(shape.nullable);
      if ('array' in shape) return walk(shape.array);
      if ('map' in shape) return walk(shape.map);
      if ('oneOf' in shape) return shape.oneOf.forEach(walk);
      if ('tuple' in shape) return shape.tuple.forEach(walk);
      if ('object' in shape) return [...Object.values(shape.object), ...Object.values(shape.optional ?? {})].forEach(walk);
    };
    Object.values(defs).forEach(walk);
    for (const m of methods.values()) {
      expect(m.source.length, m.method).toBeGreaterThan(10);
      for (const form of Object.values(m.formats)) {
        if (form?.success) walk(form.success.body);
        for (const variant of Object.values(form?.errors ?? {})) if (variant.error_data !== undefined) walk(variant.error_data);
      }
    }
    expect(methods.size).toBeGreaterThan(60);
  });
});
