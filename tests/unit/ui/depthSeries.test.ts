import { describe, expect, it } from 'vitest';
import { DEPTH_POINTS, depthSeries, type OrderbookEntry } from '../../../src/ui/lib/orders';
import { orderbook } from './kdfAnswers';

/** A side of `n` levels priced from `start` by `step`, each adding 1 to the running volume. */
function side(n: number, start: number, step: number): OrderbookEntry[] {
  return Array.from({ length: n }, (_, i) => ({ price: String(start + i * step), base_max_volume_aggr: String(i + 1) }) as OrderbookEntry);
}

const book = orderbook;

describe('depthSeries', () => {
  it('keeps every level of a short book', () => {
    const d = depthSeries(book(side(3, 1.1, 0.1), side(2, 0.9, -0.1)));
    expect(d.asks.map((p) => p.volume)).toEqual([1, 2, 3]);
    expect(d.bids.map((p) => p.price)).toEqual([0.9, 0.8]);
  });

  it('thins 5,000 levels a side to about the drawable count, keeping the best price and the whole volume', () => {
    const d = depthSeries(book(side(5000, 1.001, 0.001), side(5000, 0.999, -0.0001)));
    for (const [points, best] of [[d.asks, 1.001], [d.bids, 0.999]] as const) {
      expect(points.length).toBeLessThanOrEqual(DEPTH_POINTS + 1);
      expect(points.length).toBeGreaterThan(DEPTH_POINTS / 2);
      expect(points[0]!.price).toBeCloseTo(best);
      expect(points.at(-1)!.volume).toBe(5000);
      // Still a cumulative step line: the volume only grows outwards.
      expect(points.every((p, i) => i === 0 || p.volume > points[i - 1]!.volume)).toBe(true);
    }
  });

  it('leaves out levels whose numbers do not read', () => {
    const asks = [...side(2, 1, 1), { price: 'x', base_max_volume_aggr: '3' } as OrderbookEntry];
    expect(depthSeries(book(asks, [])).asks).toHaveLength(2);
  });
});
