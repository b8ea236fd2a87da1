import { describe, expect, it } from 'vitest';
import { ScriptStatusCache, type ScriptAnswer } from '../../../../../src/node/coins/utxo/scriptStatusCache';

const S1 = '11'.repeat(32);
const S2 = '22'.repeat(32);

/**
 * A fetch that counts its calls and answers with the call number, as from the server whose status
 * we hold (`consistent`); `held` answers only once `release()` is called.
 */
function counter(held = false, consistent = true): { fetch: () => Promise<ScriptAnswer<number>>; calls: () => number; release: () => void } {
  let n = 0;
  const waiting: (() => void)[] = [];
  return {
    fetch: () => {
      const answer = { value: ++n, consistent };
      return held ? new Promise((resolve) => waiting.push(() => resolve(answer))) : Promise.resolve(answer);
    },
    calls: () => n,
    release: () => {
      held = false;
      for (const w of waiting.splice(0)) w();
    },
  };
}

describe('ScriptStatusCache', () => {
  it('serves an unchanged status from the cache and refetches once after a change', async () => {
    const cache = new ScriptStatusCache(() => true);
    cache.setStatus(S1);
    const c = counter();
    expect(await cache.read('unspent', c.fetch)).toBe(1);
    for (let i = 0; i < 100; i++) expect(await cache.read('unspent', c.fetch)).toBe(1);
    expect(c.calls()).toBe(1);

    expect(cache.setStatus(S1)).toBe(false); // the same status again: nothing dropped
    expect(await cache.read('unspent', c.fetch)).toBe(1);
    expect(cache.setStatus(S2)).toBe(true);
    expect(await cache.read('unspent', c.fetch)).toBe(2);
    expect(await cache.read('unspent', c.fetch)).toBe(2);
    expect(c.calls()).toBe(2);
  });

  it('keeps a null status (a script without history) like any other', async () => {
    const cache = new ScriptStatusCache(() => true);
    cache.setStatus(null);
    const c = counter();
    await cache.read('history', c.fetch);
    await cache.read('history', c.fetch);
    expect(c.calls()).toBe(1);
    cache.setStatus(S1);
    await cache.read('history', c.fetch);
    expect(c.calls()).toBe(2);
  });

  it('keeps each read apart: unspent and history are fetched once each', async () => {
    const cache = new ScriptStatusCache(() => true);
    cache.setStatus(S1);
    const u = counter();
    const h = counter();
    await Promise.all([cache.read('unspent', u.fetch), cache.read('history', h.fetch), cache.read('unspent', u.fetch)]);
    expect([u.calls(), h.calls()]).toEqual([1, 1]);
  });

  it('shares one request between concurrent readers', async () => {
    const cache = new ScriptStatusCache(() => true);
    cache.setStatus(S1);
    const c = counter(true);
    const readers = Array.from({ length: 10 }, () => cache.read('unspent', c.fetch));
    c.release();
    expect(await Promise.all(readers)).toEqual(Array(10).fill(1));
    expect(c.calls()).toBe(1);
  });

  it('does not serve a read in flight when the status changed meanwhile, nor keep it', async () => {
    const cache = new ScriptStatusCache(() => true);
    cache.setStatus(S1);
    const c = counter(true);
    const before = cache.read('unspent', c.fetch);
    cache.setStatus(S2);
    const after = cache.read('unspent', c.fetch);
    c.release();
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await cache.read('unspent', c.fetch)).toBe(2);
    expect(c.calls()).toBe(2);
  });

  it('refetches after our own broadcast, before any notification', async () => {
    const cache = new ScriptStatusCache(() => true);
    cache.setStatus(S1);
    const c = counter();
    await cache.read('unspent', c.fetch);
    cache.invalidate();
    expect(await cache.read('unspent', c.fetch)).toBe(2);
    expect(await cache.read('unspent', c.fetch)).toBe(2);
  });

  it('keeps nothing while the subscription is not held by a server, or before a status is known', async () => {
    let live = false;
    const cache = new ScriptStatusCache(() => live);
    const c = counter();
    await cache.read('unspent', c.fetch); // no status yet
    cache.setStatus(S1);
    await cache.read('unspent', c.fetch); // orphaned subscription
    await cache.read('unspent', c.fetch);
    expect(c.calls()).toBe(3);
    live = true;
    await cache.read('unspent', c.fetch);
    await cache.read('unspent', c.fetch);
    expect(c.calls()).toBe(4);
    live = false; // the server went: a change could be missed
    await cache.read('unspent', c.fetch);
    expect(c.calls()).toBe(5);
  });

  it('treats a malformed status as a change and caches nothing until a good one', async () => {
    const cache = new ScriptStatusCache(() => true);
    cache.setStatus(S1);
    const c = counter();
    await cache.read('unspent', c.fetch);
    expect(cache.setStatus(undefined)).toBe(true);
    await cache.read('unspent', c.fetch);
    await cache.read('unspent', c.fetch);
    expect(c.calls()).toBe(3);
    cache.setStatus(S1);
    await cache.read('unspent', c.fetch);
    await cache.read('unspent', c.fetch);
    expect(c.calls()).toBe(4);
  });

  it('keeps no answer of another server than the one whose status it holds, but shares it while in flight', async () => {
    const cache = new ScriptStatusCache(() => true);
    cache.setStatus(S1);
    const c = counter(true, false);
    const readers = [cache.read('unspent', c.fetch), cache.read('unspent', c.fetch)];
    c.release();
    expect(await Promise.all(readers)).toEqual([1, 1]);
    await cache.read('unspent', c.fetch);
    expect(c.calls()).toBe(2);
  });

  it('forgets a failed fetch so that the next reader asks again', async () => {
    const cache = new ScriptStatusCache(() => true);
    cache.setStatus(S1);
    let n = 0;
    const failing = () => (++n === 1 ? Promise.reject(new Error('server gone')) : Promise.resolve({ value: n, consistent: true }));
    await expect(cache.read('unspent', failing)).rejects.toThrow('server gone');
    expect(await cache.read('unspent', failing)).toBe(2);
    expect(await cache.read('unspent', failing)).toBe(2);
    expect(n).toBe(2);
  });
});
