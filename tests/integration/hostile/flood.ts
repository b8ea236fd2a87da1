/**
 * The flood of issue 26 as an attacker sends it, shared by the hostile test and the bench: valid
 * `MakerOrderCreated`s signed beforehand (signing is the attacker's cost, not the victim's), put on
 * the wire by a raw gossipsub peer in small batches, and a probe of how long the event loop of
 * this process (where the honest nodes run) is blocked meanwhile.
 */
import { randomUUID } from 'node:crypto';
import type { GossipSub } from '@libp2p/gossipsub';
import type { Libp2p } from '@libp2p/interface';
import { RLTC_TOPIC, signedMakerOrder } from './signedOrders';

/** `count` orders of 1 RLTC1 at price 1 signed by `key`. */
export function signedFlood(key: Uint8Array, count: number): Uint8Array[] {
  return Array.from({ length: count }, () => signedMakerOrder(randomUUID(), key));
}

/** Publishes `envelopes` on the RLTC pair, 20 at a time, letting the event loop turn between batches. */
export async function publishFlood(raw: Libp2p<{ pubsub: GossipSub }>, envelopes: readonly Uint8Array[]): Promise<void> {
  for (let i = 0; i < envelopes.length; i += 20) {
    await Promise.all(envelopes.slice(i, i + 20).map((e) => raw.services.pubsub.publish(RLTC_TOPIC, e)));
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * Measures the longest stall of the event loop from now until `stop`: a timer asked for every
 * PROBE_MS, each late by as long as the loop was busy (what a `version` poll would have waited).
 */
export function loopProbe(): { stop(): number } {
  const PROBE_MS = 5;
  let longest = 0;
  let last = performance.now();
  let timer: ReturnType<typeof setTimeout>;
  const tick = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last - PROBE_MS);
    last = now;
    timer = setTimeout(tick, PROBE_MS);
  };
  timer = setTimeout(tick, PROBE_MS);
  return {
    stop() {
      clearTimeout(timer);
      return Math.max(longest, performance.now() - last - PROBE_MS);
    },
  };
}
