import { describe, expect, it } from 'vitest';
import { Pacer } from '../../../../src/node/p2p/pacer';
import { RateBuckets } from '../../../../src/node/p2p/rateBuckets';

const busy = (ms: number): void => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('the pacer', () => {
  it('runs a burst in order, in slices that let a timer in between', async () => {
    const errors: unknown[] = [];
    const pacer = new Pacer((e) => errors.push(e), 10, 1_000);
    const ran: number[] = [];
    const timerSawRun: number[] = [];
    for (let i = 0; i < 60; i++) pacer.offer(() => (busy(2), ran.push(i)));
    pacer.offer(() => {
      throw new Error('one task fails');
    });
    pacer.offer(() => ran.push(60));
    // A timer set now fires between slices, long before the 120 ms of work is done.
    await new Promise<void>((r) => setTimeout(() => (timerSawRun.push(ran.length), r()), 0));
    await new Promise<void>((r) => pacer.offer(() => r()));
    expect(ran).toEqual(Array.from({ length: 61 }, (_, i) => i));
    expect(timerSawRun[0]).toBeGreaterThan(0);
    expect(timerSawRun[0]).toBeLessThan(60);
    expect(errors).toEqual([new Error('one task fails')]);
  });

  it('refuses tasks beyond its bound, except those that must run', async () => {
    const pacer = new Pacer(() => undefined, 10, 3);
    const ran: string[] = [];
    expect([1, 2, 3, 4].map((i) => pacer.offer(() => ran.push(`t${i}`)))).toEqual([true, true, true, false]);
    expect(pacer.offer(() => ran.push('must'), true)).toBe(true);
    expect(pacer.queued).toBe(4);
    await new Promise<void>((r) => pacer.offer(() => r(), true));
    expect(ran).toEqual(['t1', 't2', 't3', 'must']);
    expect(pacer.queued).toBe(0);
  });
});

describe('rate buckets', () => {
  it('give a burst, then the rate, per key; the table forgets the least recently used key', () => {
    let now = 0;
    const buckets = new RateBuckets(3, 2, 2, () => now);
    expect([1, 2, 3, 4].map(() => buckets.take('a'))).toEqual([true, true, true, false]);
    expect(buckets.take('b')).toBe(true);
    now = 500; // one token back at 2 a second
    expect([buckets.take('a'), buckets.take('a')]).toEqual([true, false]);
    buckets.take('c'); // a third key: 'b', the least recently used, is forgotten and starts full again
    expect([1, 2, 3, 4].map(() => buckets.take('b'))).toEqual([true, true, true, false]);
  });
});
