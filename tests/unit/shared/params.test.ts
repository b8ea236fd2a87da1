import { describe, expect, it } from 'vitest';
import { items, ParamError, ParamReader } from '../../../src/shared/params';

function error(fn: () => unknown): ParamError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ParamError) return e;
    throw e;
  }
  throw new Error('expected a ParamError');
}

describe('ParamReader', () => {
  const r = new ParamReader({
    coin: 'LTC',
    n: 3,
    neg: -1,
    frac: 1.5,
    flag: true,
    nil: null,
    servers: [{ url: 'a:1' }, { url: 5 }],
    kind: 'WSS',
    nested: { deep: { x: 'y' } },
  });

  it('reads present fields of the right type', () => {
    expect(r.str('coin')).toBe('LTC');
    expect(r.uint('n')).toBe(3);
    expect(r.bool('flag')).toBe(true);
    expect(r.obj_('nested').obj_('deep').str('x')).toBe('y');
    expect(r.oneOf('kind', ['WS', 'WSS'] as const)).toBe('WSS');
  });

  it('treats null like an absent field for optional reads', () => {
    expect(r.optStr('nil')).toBeUndefined();
    expect(r.optBool('nil', false)).toBe(false);
    expect(r.optUint('absent')).toBeUndefined();
  });

  it.each([
    ['missing', () => r.str('absent'), 'absent', 'missing field `absent`'],
    ['wrong type', () => r.str('n'), 'n', 'invalid type for `n`: integer, expected a string'],
    ['negative integer', () => r.uint('neg'), 'neg', 'invalid type for `neg`: integer, expected a non-negative integer'],
    ['fraction for an integer', () => r.uint('frac'), 'frac', 'invalid type for `frac`: floating point, expected a non-negative integer'],
    ['nested path', () => r.obj_('nested').obj_('deep').uint('x'), 'nested.deep.x', 'invalid type for `nested.deep.x`: string, expected a non-negative integer'],
    ['array item path', () => r.arr('servers', (v, p) => new ParamReader(v, p).str('url')), 'servers[1].url', 'invalid type for `servers[1].url`: integer, expected a string'],
    ['string items', () => r.arr('servers', items.str), 'servers[0]', 'invalid type for `servers[0]`: object, expected a string'],
    ['unknown variant', () => r.oneOf('kind', ['TCP', 'SSL'] as const), 'kind', 'unknown variant `WSS` for `kind`, expected one of `TCP`, `SSL`'],
    ['not an object', () => new ParamReader([1], 'params'), 'params', 'invalid type for `params`: array, expected an object'],
  ])('names the field when it is %s', (_what, fn, field, message) => {
    const e = error(fn);
    expect(e.field).toBe(field);
    expect(e.message).toBe(message);
  });
});
