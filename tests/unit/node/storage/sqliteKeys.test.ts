import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Key } from '../../../../src/node/storage';
import { freshIdbFactory } from '../../../../tools/host/nodeIndexedDb';
import { encodeKey, keyAt } from '../../../../tools/host/sqliteKeys';

/** Keys of every supported kind, with the bytes an escape must handle (0x00, 0x01) and non-ASCII text. */
const key: fc.Arbitrary<Key> = fc.letrec<{ key: Key }>((tie) => ({
  key: fc.oneof(
    { depthSize: 'small' },
    fc.double({ noNaN: true }),
    fc.integer(),
    fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u0002', 'a', 'B', 'é', '€', '\u007f') }),
    fc.string(),
    fc.array(tie('key'), { maxLength: 4 }),
  ),
})).key;

describe('SQLite key encoding', () => {
  it("sorts byte-wise exactly as IndexedDB's cmp orders the keys", () => {
    const idb = freshIdbFactory();
    fc.assert(
      fc.property(key, key, (a, b) => {
        expect(Math.sign(Buffer.compare(encodeKey(a), encodeKey(b)))).toBe(idb.cmp(a, b));
      }),
      { numRuns: 2000 },
    );
  });

  it('treats -0 as 0 and refuses what is not a key', () => {
    expect(encodeKey(-0)).toEqual(encodeKey(0));
    for (const bad of [Number.NaN, null, undefined, true, {}, new Uint8Array(1), [1, null]]) {
      expect(() => encodeKey(bad)).toThrow(expect.objectContaining({ name: 'DataError' }) as Error);
    }
  });

  it('reads dotted and compound key paths, and nothing where a part is missing or invalid', () => {
    const record = { a: { b: 'x' }, n: 3, bad: true };
    expect(keyAt(record, 'a.b')).toBe('x');
    expect(keyAt(record, ['n', 'a.b'])).toEqual([3, 'x']);
    expect(keyAt(record, 'a.c')).toBeUndefined();
    expect(keyAt(record, ['n', 'bad'])).toBeUndefined();
    expect(keyAt('text', 'length')).toBeUndefined();
  });
});
