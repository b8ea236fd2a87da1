/**
 * Keeps the node connected to its seeds: each seed has its own loop that dials, waits for the
 * connection to close, and dials again, backing off (with jitter) while a seed is unreachable.
 * Loops run in the background, so a dead seed never blocks start-up or the other seeds.
 */
import type { Libp2p } from '@libp2p/interface';
import type { Multiaddr } from '@multiformats/multiaddr';
import { once, sleep } from './abort';

export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 30_000;

export type P2pLog = (level: 'debug' | 'info' | 'warn' | 'error', line: string) => void;

/** Starts one loop per seed; the returned promise settles once `signal` has aborted and every loop has ended. */
export function keepSeedsConnected(libp2p: Libp2p, seeds: readonly Multiaddr[], signal: AbortSignal, log: P2pLog): Promise<void> {
  return Promise.all(seeds.map((seed) => keepConnected(libp2p, seed, signal, log))).then(() => undefined);
}

async function keepConnected(libp2p: Libp2p, seed: Multiaddr, signal: AbortSignal, log: P2pLog): Promise<void> {
  let delay = FIRST_RETRY_MS;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const conn = await libp2p.dial(seed, { signal });
      log('info', `p2p: connected to seed ${seed.toString()}`);
      delay = FIRST_RETRY_MS;
      failures = 0;
      await once(conn, 'close', signal);
      if (signal.aborted) return;
      log('warn', `p2p: lost seed ${seed.toString()}`);
    } catch (e) {
      if (signal.aborted) return;
      // The first failure and then every tenth: a seed down for hours should not flood the log.
      if (failures++ % 10 === 0) log('warn', `p2p: cannot reach seed ${seed.toString()}: ${e instanceof Error ? e.message : String(e)}`);
    }
    await sleep(delay * (0.8 + 0.4 * Math.random()), signal);
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  }
}
