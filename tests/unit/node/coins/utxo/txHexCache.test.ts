import { describe, expect, it } from 'vitest';
import { TxHexCache } from '../../../../../src/node/coins/utxo/txHexCache';

/** A server stand-in: answers `hex-<id>` and records every batch it was asked. */
function fakeFetch(): { fetch: (ids: string[]) => Promise<string[]>; batches: string[][] } {
  const batches: string[][] = [];
  return {
    batches,
    fetch: async (ids) => {
      batches.push(ids);
      await Promise.resolve();
      return ids.map((id) => `hex-${id}`);
    },
  };
}

describe('TxHexCache', () => {
  it('asks only for ids it does not hold, once each, and answers in order', async () => {
    const cache = new TxHexCache(10);
    const f = fakeFetch();
    expect(await cache.get(['a', 'b', 'a'], f.fetch)).toEqual(['hex-a', 'hex-b', 'hex-a']);
    expect(await cache.get(['b', 'c'], f.fetch)).toEqual(['hex-b', 'hex-c']);
    expect(f.batches).toEqual([['a', 'b'], ['c']]);
  });

  it('lets concurrent readers of one id share the request in flight', async () => {
    const cache = new TxHexCache(10);
    const f = fakeFetch();
    const [x, y] = await Promise.all([cache.get(['a', 'b'], f.fetch), cache.get(['b', 'a'], f.fetch)]);
    expect(x).toEqual(['hex-a', 'hex-b']);
    expect(y).toEqual(['hex-b', 'hex-a']);
    expect(f.batches).toEqual([['a', 'b']]);
  });

  it('keeps the most recently used within its size in characters', async () => {
    const cache = new TxHexCache(10); // two answers of 5 characters
    const f = fakeFetch();
    await cache.get(['a'], f.fetch);
    await cache.get(['b'], f.fetch);
    await cache.get(['a'], f.fetch); // a is now the most recent
    await cache.get(['c'], f.fetch); // b goes
    expect(cache.size).toBe(2);
    await cache.get(['a', 'b'], f.fetch);
    expect(f.batches).toEqual([['a'], ['b'], ['c'], ['b']]);
  });

  it('does not keep an answer bigger than its whole size, but still returns it', async () => {
    const cache = new TxHexCache(4);
    const f = fakeFetch();
    expect(await cache.get(['a'], f.fetch)).toEqual(['hex-a']);
    expect(cache.size).toBe(0);
  });

  it('forgets a failed batch and a short answer, so the next reader asks again', async () => {
    const cache = new TxHexCache(10);
    await expect(cache.get(['a'], () => Promise.reject(new Error('server gone')))).rejects.toThrow('server gone');
    await expect(cache.get(['a', 'b'], async () => ['hex-a'])).rejects.toThrow('no answer for transaction b');
    const f = fakeFetch();
    expect(await cache.get(['a', 'b'], f.fetch)).toEqual(['hex-a', 'hex-b']);
    expect(f.batches).toEqual([['b']]);
  });
});
