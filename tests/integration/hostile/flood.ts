/**
 * The flood of issue 26 as an attacker sends it, shared by the hostile test and the bench: valid
 * `MakerOrderCreated`s signed beforehand (signing is the attacker's cost, not the victim's), put on
 * the wire by a raw gossipsub peer in small batches, and a probe of how long the event loop of
 * this process (where the honest nodes run) is blocked meanwhile.
 */
import '../../../src/node/p2p/polyfills';
import { randomUUID } from 'node:crypto';
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { gossipsub, type GossipSub } from '@libp2p/gossipsub';
import { identify } from '@libp2p/identify';
import type { Libp2p } from '@libp2p/interface';
import { webSockets } from '@libp2p/websockets';
import { multiaddr } from '@multiformats/multiaddr';
import { createLibp2p } from 'libp2p';
import { RLTC_TOPIC, signedMakerOrder } from './signedOrders';

/**
 * A bare gossipsub peer on `seed`: the attacker's mouth (its own libp2p identity). It publishes on
 * the RLTC pair without following it (the seed, which relays the pair, takes its messages), so it
 * does not spend this process's time receiving the flood back.
 */
export async function floodPeer(seed: string): Promise<Libp2p<{ pubsub: GossipSub }>> {
  const libp2p = await createLibp2p({
    transports: [webSockets()],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux()],
    services: { identify: identify(), pubsub: gossipsub({ allowPublishToZeroTopicPeers: true, scoreParams: { IPColocationFactorWeight: 0 } }) },
  });
  await libp2p.dial(multiaddr(seed));
  return libp2p;
}

/** `count` orders of 1 RLTC1 at price 1 signed by `key`. */
export function signedFlood(key: Uint8Array, count: number): Uint8Array[] {
  return Array.from({ length: count }, () => signedMakerOrder(randomUUID(), key));
}

/**
 * Publishes `envelopes` on the RLTC pair, `batch` at a time, letting the event loop turn between
 * batches: the attacker's own work (gossipsub signs each message) stays out of what the probe sees.
 */
export async function publishFlood(raw: Libp2p<{ pubsub: GossipSub }>, envelopes: readonly Uint8Array[], batch = 20): Promise<void> {
  for (let i = 0; i < envelopes.length; i += batch) {
    await Promise.all(envelopes.slice(i, i + batch).map((e) => raw.services.pubsub.publish(RLTC_TOPIC, e)));
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
