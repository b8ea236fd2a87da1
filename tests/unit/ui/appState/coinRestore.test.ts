import { describe, expect, it } from 'vitest';
import { restoreCoins, restorePlan, TREZOR_REASON, type RestoreItem } from '../../../../src/ui/lib/coinRestore';
import type { SavedCoin } from '../../../../src/ui/lib/savedCoins';

const utxo = (ticker: string, extra: Partial<SavedCoin> = {}): SavedCoin =>
  ({ kind: 'electrum', ticker, txHistory: true, servers: [{ url: '127.0.0.1:1', protocol: 'WS' }], ...extra }) as SavedCoin;
const evm = (ticker: string): SavedCoin => ({
  kind: 'evm',
  ticker,
  txHistory: true,
  evm: { urls: ['http://127.0.0.1:8545'], swapContract: `0x${'1'.repeat(40)}`, fallbackSwapContract: null, gasStation: null },
});

/** An activation the test settles by hand, to watch what runs at the same time. */
function deferredActivations() {
  const running = new Map<string, { resolve: () => void; reject: (e: unknown) => void }>();
  const started: string[] = [];
  let maxAtOnce = 0;
  const activate = (s: SavedCoin): Promise<unknown> =>
    new Promise<void>((resolve, reject) => {
      started.push(s.ticker);
      running.set(s.ticker, {
        resolve: () => {
          running.delete(s.ticker);
          resolve();
        },
        reject: (e) => {
          running.delete(s.ticker);
          reject(e);
        },
      });
      maxAtOnce = Math.max(maxAtOnce, running.size);
    });
  return { running, started, activate, maxAtOnce: () => maxAtOnce };
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('restoring remembered coins', () => {
  it('activates coins side by side, a few at a time, and reports each state', async () => {
    const d = deferredActivations();
    const reports: RestoreItem[] = [];
    const saved = ['A', 'B', 'C', 'D', 'E'].map((t) => utxo(t));
    const done = restoreCoins(saved, { activate: d.activate, describe: () => 'no', platformOf: () => null, report: (i) => reports.push(i) }, 3);
    await tick();
    expect(d.started).toEqual(['A', 'B', 'C']);
    expect(reports.filter((r) => r.state === 'waiting').map((r) => r.ticker)).toEqual(['A', 'B', 'C', 'D', 'E']);
    d.running.get('B')?.resolve();
    await tick();
    // A lane freed: the next coin starts without waiting for the slow ones.
    expect(d.started).toEqual(['A', 'B', 'C', 'D']);
    for (const t of ['A', 'C', 'D']) d.running.get(t)?.resolve();
    await tick();
    d.running.get('E')?.resolve();
    const result = await done;
    expect(result.map((r) => r.state)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(d.maxAtOnce()).toBe(3);
    expect(reports.filter((r) => r.ticker === 'A').map((r) => r.state)).toEqual(['waiting', 'activating', 'ok']);
  });

  it('gives a failure its reason in words and goes on with the others', async () => {
    const result = await restoreCoins([utxo('A'), utxo('B')], {
      activate: (s) => (s.ticker === 'A' ? Promise.reject(new Error('boom')) : Promise.resolve()),
      describe: (e, ticker) => `${ticker}: ${(e as Error).message}`,
      platformOf: () => null,
      report: () => undefined,
    });
    expect(result).toEqual([
      { ticker: 'A', state: 'failed', reason: 'A: boom' },
      { ticker: 'B', state: 'ok', reason: null },
    ]);
  });

  it('activates tokens after their platform, and not at all when it failed', async () => {
    const order: string[] = [];
    const result = await restoreCoins([evm('TOKEN1'), evm('ETHDEV'), evm('TOKEN2'), evm('BADPLAT'), evm('TOKEN3')], {
      activate: async (s) => {
        order.push(s.ticker);
        await tick();
        if (s.ticker === 'BADPLAT') throw new Error('down');
      },
      describe: () => 'the node is down',
      platformOf: (t) => ({ TOKEN1: 'ETHDEV', TOKEN2: 'ETHDEV', TOKEN3: 'BADPLAT' })[t] ?? null,
      report: () => undefined,
    });
    expect(order.slice(0, 2).sort()).toEqual(['BADPLAT', 'ETHDEV']);
    expect(order.slice(2).sort()).toEqual(['TOKEN1', 'TOKEN2']);
    expect(result.find((r) => r.ticker === 'TOKEN3')).toEqual({ ticker: 'TOKEN3', state: 'failed', reason: 'Its platform BADPLAT is not active.' });
  });

  it('leaves coins on a Trezor account until a Trezor is connected', async () => {
    const activated: string[] = [];
    const deps = {
      activate: (s: SavedCoin) => {
        activated.push(s.ticker);
        return Promise.resolve();
      },
      describe: () => '',
      platformOf: () => null,
      report: () => undefined,
    };
    const saved = [utxo('RLTC1'), utxo('TRZ', { trezor: true })];
    expect(restorePlan(saved).map((i) => i.state)).toEqual(['waiting', 'skipped']);
    const result = await restoreCoins(saved, deps);
    expect(activated).toEqual(['RLTC1']);
    expect(result[1]).toEqual({ ticker: 'TRZ', state: 'skipped', reason: TREZOR_REASON });
    activated.length = 0;
    await restoreCoins(saved, { ...deps, trezorConnected: true });
    expect(activated).toEqual(['RLTC1', 'TRZ']);
  });

  it('does nothing for an empty list', async () => {
    expect(await restoreCoins([], { activate: () => Promise.reject(new Error('x')), describe: () => '', platformOf: () => null, report: () => undefined })).toEqual([]);
  });
});
