/**
 * Keeps the node connected to its seeds, forever: each seed has its own loop that dials, waits
 * for the connection to close, and dials again, backing off (with jitter, up to MAX_RETRY_MS)
 * while a seed is unreachable. Loops run in the background, so a dead seed never blocks start-up
 * or the other seeds.
 *
 * A seed's identity: a multiaddr ending in `/p2p/<id>` pins it, and a seed answering under
 * another id is refused (that is what the pin is for; a seed keeps its id across restarts with its
 * key file). A multiaddr without `/p2p/` trusts the address: whichever id answers there is the
 * seed, so a seed that restarted with a new identity is reconnected to, and reported through
 * `onConnected` so the node knows the new id as a relay.
 */
import type { Libp2p } from '@libp2p/interface';
import type { Multiaddr } from '@multiformats/multiaddr';
import { once, sleep } from './abort';
import { errorMessage } from './errors';

export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 30_000;

export type P2pLog = (level: 'debug' | 'info' | 'warn' | 'error', line: string) => void;

/** Told each time a seed connection opens, with the peer id that answered. */
export type OnSeedConnected = (seed: Multiaddr, peerId: string) => void;

/** Starts one loop per seed; the returned promise settles once `signal` has aborted and every loop has ended. */
export function keepSeedsConnected(
  libp2p: Libp2p,
  seeds: readonly Multiaddr[],
  signal: AbortSignal,
  log: P2pLog,
  onConnected: OnSeedConnected = () => undefined,
): Promise<void> {
  return Promise.all(seeds.map((seed) => keepConnected(libp2p, seed, signal, log, onConnected))).then(() => undefined);
}

async function keepConnected(libp2p: Libp2p, seed: Multiaddr, signal: AbortSignal, log: P2pLog, onConnected: OnSeedConnected): Promise<void> {
  let delay = FIRST_RETRY_MS;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const conn = await libp2p.dial(seed, { signal });
      log('info', `p2p: connected to seed ${seed.toString()} (${conn.remotePeer.toString()})`);
      onConnected(seed, conn.remotePeer.toString());
      delay = FIRST_RETRY_MS;
      failures = 0;
      await once(conn, 'close', signal);
      if (signal.aborted) return;
      log('warn', `p2p: lost seed ${seed.toString()}`);
    } catch (e) {
      if (signal.aborted) return;
      // The first failure and then every tenth: a seed down for hours should not flood the log.
      if (failures++ % 10 === 0) log('warn', `p2p: cannot reach seed ${seed.toString()}: ${errorMessage(e)}`);
    }
    await sleep(delay * (0.8 + 0.4 * Math.random()), signal);
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  }
}
