import { describe, expect, it } from 'vitest';
import { keepUnchangedEntries, type OrderbookEntry, type OrderbookResponse } from '../../../src/ui/lib/orders';

function entry(uuid: string, price: string, volume: string, age: number): OrderbookEntry {
  return {
    coin: 'A',
    address: 'addr',
    price,
    maxvolume: volume,
    min_volume: '0.001',
    pubkey: '02ab',
    age,
    uuid,
    is_mine: false,
    base_max_volume: volume,
    base_min_volume: '0.001',
    rel_max_volume: volume,
    rel_min_volume: '0.001',
    base_max_volume_aggr: volume,
    rel_max_volume_aggr: volume,
  };
}

function book(asks: OrderbookEntry[], bids: OrderbookEntry[], base = 'A'): OrderbookResponse {
  return { base, rel: 'B', asks, bids, numasks: asks.length, numbids: bids.length, timestamp: 0, total_asks_base_vol: '0', total_bids_base_vol: '0' };
}

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
