import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../src/shared/number';
import type { PairProof } from '../../../../src/node/orders/orderbook';
import type { OrderbookItem } from '../../../../src/node/orders/types';
import { MAX_PARKED_ORDERS, MAX_SIGNED_ROOTS, UnprovenSets } from '../../../../src/node/orders/unprovenSets';

const A = '02' + 'aa'.repeat(32);
const B = '02' + 'bb'.repeat(32);
const order = (i: number): OrderbookItem => ({
  pubkey: A,
  base: 'X',
  rel: 'Y',
  price: MmNumber.ONE,
  maxVolume: MmNumber.ONE,
  minVolume: MmNumber.ZERO,
  uuid: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
  createdAt: 1,
  baseProtocolInfo: new Uint8Array(),
  relProtocolInfo: new Uint8Array(),
  confSettings: null,
});
const root = (b: number): Uint8Array => new Uint8Array(8).fill(b);
const proof = (b: number, timestamp: number): PairProof => ({ envelope: new Uint8Array([b]), root: root(b), timestamp });
const LIFETIME = 60_000;

describe('unproven sets waiting for their maker’s signed root', () => {
  it('a parked set is given back only for a signed root equal to its own, once', () => {
    const sets = new UnprovenSets(LIFETIME);
    sets.park(A, 'X:Y', [order(1)], root(1), 0);
    expect(sets.noteSigned(A, 'X:Y', proof(2, 10), 1)).toBeNull();
    expect(sets.noteSigned(B, 'X:Y', proof(1, 10), 1)).toBeNull();
    expect(sets.noteSigned(A, 'X:Z', proof(1, 10), 1)).toBeNull();
    expect(sets.noteSigned(A, 'X:Y', proof(1, 11), 2)?.orders).toEqual([order(1)]);
    expect(sets.noteSigned(A, 'X:Y', proof(1, 12), 3)).toBeNull();
    expect(sets.waiting).toBe(0);
  });

  it('a set waits at most its lifetime (two keep-alive periods)', () => {
    const sets = new UnprovenSets(LIFETIME);
    sets.park(A, 'X:Y', [order(1)], root(1), 0);
    expect(sets.noteSigned(A, 'X:Y', proof(1, 10), LIFETIME)).toBeNull();
  });

  it('an older signed message does not replace the newest root, and a signed root stops counting after the lifetime', () => {
    const sets = new UnprovenSets(LIFETIME);
    const newer = proof(2, 20);
    sets.noteSigned(A, 'X:Y', newer, 0);
    sets.noteSigned(A, 'X:Y', proof(1, 19), 1);
    expect(sets.currentSigned(A, 'X:Y', 2)).toBe(newer);
    expect(sets.currentSigned(A, 'X:Y', LIFETIME)).toBeNull();
  });

  it('holds at most MAX_PARKED_ORDERS orders, the oldest sets leaving first; a set over the cap is not kept', () => {
    const sets = new UnprovenSets(LIFETIME);
    const half = Array.from({ length: MAX_PARKED_ORDERS / 2 }, (_, i) => order(i));
    sets.park(A, 'X:Y', half, root(1), 0);
    sets.park(A, 'X:Z', half, root(2), 0);
    sets.park(B, 'X:Y', [order(0)], root(3), 0);
    expect(sets.waiting).toBe(MAX_PARKED_ORDERS / 2 + 1);
    expect(sets.noteSigned(A, 'X:Y', proof(1, 10), 1)).toBeNull();
    expect(sets.noteSigned(A, 'X:Z', proof(2, 10), 1)?.orders).toHaveLength(MAX_PARKED_ORDERS / 2);
    sets.park(A, 'X:Y', Array.from({ length: MAX_PARKED_ORDERS + 1 }, (_, i) => order(i)), root(4), 2);
    expect(sets.waiting).toBe(1);
  });

  it('remembers at most MAX_SIGNED_ROOTS signed roots, forgetting the oldest', () => {
    const sets = new UnprovenSets(LIFETIME);
    const first = proof(1, 1);
    sets.noteSigned(A, 'P0:Q', first, 0);
    for (let i = 1; i <= MAX_SIGNED_ROOTS; i++) sets.noteSigned(A, `P${i}:Q`, proof(1, 1), 0);
    expect(sets.currentSigned(A, 'P0:Q', 1)).toBeNull();
    expect(sets.currentSigned(A, `P${MAX_SIGNED_ROOTS}:Q`, 1)).not.toBeNull();
  });
});
