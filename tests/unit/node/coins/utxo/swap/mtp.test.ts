import { describe, expect, it } from 'vitest';
import { median, medianTimePast } from '../../../../../../src/node/coins/utxo/swap/mtp';

describe('median time past', () => {
  it('is the middle of the sorted timestamps (the upper middle for an even count)', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([7])).toBe(7);
  });

  it("asks back past the tip for a lagging server and takes the last 11 headers it has", async () => {
    const times = Array.from({ length: 100 }, (_, h) => 1_000 + h * 10);
    const asked: [number, number][] = [];
    const api = { headerTimes: async (start: number, count: number) => (asked.push([start, count]), times.slice(start, Math.min(start + count, 95))) };
    // Our tip is 99; the server has only up to 94: the MTP of 94 is the time of block 89.
    expect(await medianTimePast(api, 99)).toBe(1_000 + 89 * 10);
    expect(asked).toEqual([[79, 21]]);
    // A short chain: all its headers.
    expect(await medianTimePast({ headerTimes: async () => [30, 10, 20] }, 2)).toBe(20);
    await expect(medianTimePast({ headerTimes: async () => [] }, 5)).rejects.toThrow(/no headers/);
  });
});
