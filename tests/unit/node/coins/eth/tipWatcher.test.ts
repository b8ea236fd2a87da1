import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EthChainApi } from '../../../../../src/node/coins/eth/chainApi';
import { pollInterval, TipWatcher } from '../../../../../src/node/coins/eth/tipWatcher';

describe('pollInterval', () => {
  it('polls once per average block time, within 1 s and 15 s; 5 s when unknown', () => {
    expect(pollInterval(undefined)).toBe(5000);
    expect(pollInterval(0.25)).toBe(1000);
    expect(pollInterval(3)).toBe(3000);
    expect(pollInterval(15)).toBe(15000);
    expect(pollInterval(600)).toBe(15000);
  });
});

describe('TipWatcher', () => {
  afterEach(() => vi.useRealTimers());

  it('calls listeners once per new tip, one eth_blockNumber per tick, and survives errors', async () => {
    vi.useFakeTimers();
    const answers: (number | Error)[] = [10, 10, 11, new Error('down'), 12];
    let calls = 0;
    const api = {
      blockNumber: async () => {
        calls++;
        const a = answers.shift() ?? 12;
        if (a instanceof Error) throw a;
        return a;
      },
    } as unknown as EthChainApi;
    const logs: string[] = [];
    const w = new TipWatcher(api, 1000, (_l, line) => logs.push(line));
    const seen: number[] = [];
    w.onBlock((h) => seen.push(h));
    await w.start();
    expect(w.height).toBe(10);
    for (let i = 0; i < 4; i++) await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([11, 12]);
    expect(calls).toBe(5);
    expect(logs).toEqual(['eth_blockNumber failed: down']);
    w.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(5);
  });
});
