import { describe, expect, it } from 'vitest';
import { keepUnchangedEntries } from '../../../src/ui/lib/orders';
import { bookEntry, orderbook } from './kdfAnswers';

const entry = bookEntry;
const book = orderbook;

describe('keepUnchangedEntries', () => {
  it('keeps the old object of an entry that shows the same (only its age moved), takes the new one otherwise', () => {
    const old = book([entry('u1', '2', '1', 5), entry('u2', '3', '1', 5)], [entry('u3', '1', '1', 5)]);
    const next = book([entry('u1', '2', '1', 9), entry('u2', '3', '0.5', 9)], [entry('u3', '1', '1', 9), entry('u4', '0.9', '1', 0)]);
    const merged = keepUnchangedEntries(old, next);
    expect(merged.asks[0]).toBe(old.asks[0]);
    expect(merged.asks[1]).toBe(next.asks[1]);
    expect(merged.bids[0]).toBe(old.bids[0]);
    expect(merged.bids[1]).toBe(next.bids[1]);
    expect(merged.numbids).toBe(2);
  });

  it('never carries an entry across sides or pairs', () => {
    const old = book([entry('u1', '2', '1', 5)], []);
    const moved = book([], [entry('u1', '2', '1', 5)]);
    expect(keepUnchangedEntries(old, moved).bids[0]).toBe(moved.bids[0]);
    const otherPair = book([entry('u1', '2', '1', 5)], [], 'C');
    expect(keepUnchangedEntries(old, otherPair)).toBe(otherPair);
    expect(keepUnchangedEntries(null, old)).toBe(old);
  });
});
