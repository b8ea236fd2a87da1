/**
 * A swap watcher watching 1,000 KDF swaps (issue 22): the node's watcher service on a SQLite
 * dbdir, fed 1,000 distinct taker messages (each with its own fee, payments and preimages, built as
 * KDF builds them), answering from an in-process chain, so the figures are the watcher's own work
 * and not a server's: CPU per admitted message (decode, both preimages' signatures, the stored
 * record), the heap the 1,000 watches hold once all wait for the taker payment's spend, and the CPU
 * of one new block, on which every watch asks for its HTLC's history again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { platformClock } from '../src/node/swaps/engine/clock';
import { KDF_WATCHER_CONF } from '../src/node/swaps/watcher/conf';
import { watcherTopic } from '../src/node/swaps/watcher/message';
import { SwapWatcher } from '../src/node/swaps/watcher/service';
import { WatcherStore } from '../src/node/swaps/watcher/store';
import { openDbdir } from '../tools/host/hostDbdir';
import { FakeChain, kdfTakerSwap, LOCK, STARTED_AT, TAKER, type SwapParts } from '../tests/unit/node/swaps/watcher/fixtures';
import type { Figure } from './run';

const SWAPS = 1_000;
/** The bench wallet's database owner (any 20-byte hex). */
const OWNER = 'be'.repeat(20);

const round = (x: number): number => Math.round(x * 100) / 100;
const cpuMs = (from: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};
const heapMb = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

async function until(what: string, done: () => boolean | Promise<boolean>, ms = 300_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function watcherFigures(): Promise<Figure[]> {
  const chain = new FakeChain();
  const swaps: SwapParts[] = [];
  for (let i = 0; i < SWAPS; i++) {
    const uuid = `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
    const parts = await kdfTakerSwap({ startedAt: STARTED_AT + i, uuid });
    chain.add(parts.fee, 2);
    chain.add(parts.makerPayment, 2);
    chain.add(parts.takerPayment, 1);
    swaps.push(parts);
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-watcher-'));
  const dbdir = openDbdir(dir);
  const db = await WatcherStore.open(dbdir.storage, OWNER);
  const ops = { RLTC1: chain.ops('RLTC1'), RLTC2: chain.ops('RLTC2') } as Record<string, ReturnType<FakeChain['ops']>>;
  // The watcher's clock stands a few minutes into the swaps, which are all hours from their locks.
  const offset = Date.now() - (STARTED_AT + SWAPS + 300) * 1000;
  const watcher = new SwapWatcher({
    p2p: { subscribe: () => () => undefined },
    db,
    opsFor: (t) => ops[t],
    activeTickers: () => Object.keys(ops),
    isOwnSwap: () => false,
    clock: platformClock(() => Date.now() - offset),
    conf: { ...KDF_WATCHER_CONF, waitTakerPayment: 0 },
    paymentLocktime: LOCK,
    log: () => undefined,
    maxWatched: SWAPS,
  });
  try {
    const heapBefore = heapMb();
    await watcher.start();
    const admitted = process.cpuUsage();
    for (const [i, parts] of swaps.entries()) watcher.onMessage({ topic: watcherTopic('RLTC1'), payload: parts.payload, from: TAKER.publicKey, author: `peer-${i}` });
    const admitMs = cpuMs(admitted);
    const waiting = async () => (await db.active()).filter((r) => r.state.type === 'WaitForTakerPaymentSpend').length === SWAPS;
    await until('1,000 watches waiting for the spend', waiting);
    const allCpuMs = cpuMs(admitted);
    const heapWatching = heapMb();

    const callsBefore = chain.calls;
    const block = process.cpuUsage();
    const t0 = performance.now();
    chain.mine();
    await until('every watch asking again', () => chain.calls - callsBefore >= SWAPS);
    const blockMs = cpuMs(block);
    const blockWallMs = performance.now() - t0;
    return [
      { name: 'watcher: admitting one KDF message (decode, 2 signatures, checks)', value: round(admitMs / SWAPS), unit: 'ms CPU' },
      { name: 'watcher: 1,000 swaps from message to waiting for the spend (incl. stored states)', value: Math.round(allCpuMs), unit: 'ms CPU' },
      { name: 'watcher: heap of 1,000 watched swaps', value: round(heapWatching - heapBefore), unit: 'MB' },
      { name: 'watcher: one new block with 1,000 swaps watched (every HTLC looked at)', value: Math.round(blockMs), unit: 'ms CPU' },
      { name: 'watcher: one new block with 1,000 swaps watched, wall time', value: Math.round(blockWallMs), unit: 'ms' },
    ];
  } finally {
    await watcher.stop();
    db.close();
    dbdir.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
