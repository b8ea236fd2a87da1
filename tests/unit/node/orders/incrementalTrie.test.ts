import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import vectors from '../../../fixtures/orders/trieRoots.json';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import { IncrementalTrie } from '../../../../src/node/orders/incrementalTrie';
import { EMPTY_TRIE_ROOT, trieRoot } from '../../../../src/node/orders/orderTrie';

const hex = (b: Uint8Array): string => bytesToHex(b);

describe('the incremental pair trie', () => {
  it('roots the rustc vectors of 16-byte keys as paritytech/trie does, in any insertion order', () => {
    const cases = vectors.cases.filter((c) => c.entries.length > 0 && c.entries.every((e) => e.key.length === 32));
    expect(cases.length).toBeGreaterThan(0);
    for (const { entries, root } of cases) {
      for (const order of [entries, [...entries].reverse()]) {
        const trie = new IncrementalTrie(16);
        for (const e of order) trie.set(hexToBytes(e.key), hexToBytes(e.value));
        expect(hex(trie.root())).toBe(root);
      }
    }
  });

  it('after any history of sets and deletes, its root is the one of the set as it stands', () => {
    // Keys from a small alphabet of nibbles, so they share long prefixes and branches split and fold.
    const key = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => b.map((x, i) => (i < 12 ? x & 0x11 : x)));
    const value = fc.uint8Array({ minLength: 0, maxLength: 40 });
    const step = fc.oneof(fc.tuple(fc.constant('set' as const), key, value), fc.tuple(fc.constant('delete' as const), key, value));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 60 }), (steps, picks) => {
        const trie = new IncrementalTrie(16);
        const held = new Map<string, [Uint8Array, Uint8Array]>();
        steps.forEach(([op, k, v], i) => {
          // Deletes mostly name a key held, so removals happen.
          const known = [...held.values()];
          const target = op === 'delete' && known.length > 0 && (picks[i] ?? 0) % 4 !== 0 ? known[(picks[i] ?? 0) % known.length]![0] : k;
          if (op === 'set') {
            trie.set(target, v);
            held.set(hex(target), [target, v]);
          } else {
            trie.delete(target);
            held.delete(hex(target));
          }
          expect(hex(trie.root())).toBe(hex(trieRoot([...held.values()])));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('is empty again when every key is gone, and refuses keys of another length', () => {
    const trie = new IncrementalTrie(16);
    const a = new Uint8Array(16).fill(1);
    const b = new Uint8Array(16).fill(2);
    trie.set(a, new Uint8Array([1]));
    trie.set(b, new Uint8Array([2]));
    trie.delete(a);
    trie.delete(new Uint8Array(16).fill(3));
    expect(trie.root()).toEqual(trieRoot([[b, new Uint8Array([2])]]));
    trie.delete(b);
    expect(trie.root()).toEqual(EMPTY_TRIE_ROOT);
    expect(() => trie.set(new Uint8Array(15), new Uint8Array())).toThrow(RangeError);
  });
});
