import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inOrder } from '../../../../src/node/orders/inOrder';

describe('inOrder (a heap read lazily)', () => {
  it('yields what sorting yields, ties included, and leaves its input alone', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ key: fc.integer({ min: 0, max: 9 }), id: fc.nat() })), fc.nat(20), (items, take) => {
        const order = (a: { key: number; id: number }, b: { key: number; id: number }) => a.key - b.key || a.id - b.id;
        const text = (x: unknown) => JSON.stringify(x);
        const copy = [...items];
        const sorted = [...items].sort(order);
        expect([...inOrder(items, order)].map(text)).toEqual(sorted.map(text));
        const first: unknown[] = [];
        for (const x of inOrder(items, order)) {
          if (first.length === take) break;
          first.push(x);
        }
        expect(first.map(text)).toEqual(sorted.slice(0, take).map(text));
        expect(items).toEqual(copy);
      }),
    );
  });
});
