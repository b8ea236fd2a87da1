/**
 * Issue 26, attack 2: many small peers must not exhaust the seed's topics. 55 peers each subscribe
 * to 200 topics (11,000 in all, each peer within its own budget, more than the seed's 10,000), and
 * then two nodes open a new pair: the seed relays it while the crowd stays, in place of one of the
 * crowd's idle topics. The seed is tools/seednode's, started for this test alone (the crowd would
 * otherwise fill the devnet's seed for the files that run after).
 */
import '../../../src/node/p2p/polyfills';
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { gossipsub, type GossipSub } from '@libp2p/gossipsub';
import { identify } from '@libp2p/identify';
import type { Libp2p } from '@libp2p/interface';
import { webSockets } from '@libp2p/websockets';
import { multiaddr } from '@multiformats/multiaddr';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { createLibp2p } from 'libp2p';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { createP2p, type Libp2pP2p } from '../../../src/node/p2p/libp2pNode';
import type { P2pMessage } from '../../../src/node/p2p/types';
import { startSeedNode } from '../../../tools/seednode/seed';
import { MAX_RELAYED_TOPICS, MAX_TOPICS_PER_PEER } from '../../../tools/seednode/topicRelay';

const WAIT = { timeout: 60_000, interval: 100 };
const CROWD = 55;
const running: { stop(): Promise<void> | void }[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map(async (n) => n.stop()));
});

async function node(seed: string): Promise<Libp2pP2p> {
  const p2p = await createP2p({ signingKey: secp256k1.utils.randomSecretKey(), seednodes: [seed], allowLoopback: true, webSocket: (url) => new WebSocket(url) });
  running.push(p2p);
  return p2p;
}

async function crowdPeer(seed: string, index: number): Promise<Libp2p<{ pubsub: GossipSub }>> {
  const libp2p = await createLibp2p({
    transports: [webSockets()],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux()],
    services: { identify: identify(), pubsub: gossipsub({ allowPublishToZeroTopicPeers: true, scoreParams: { IPColocationFactorWeight: 0 } }) },
  });
  running.push(libp2p);
  // A loaded machine may time a handshake out: dial again, as a real crowd would.
  for (let attempt = 1; ; attempt++) {
    try {
      await libp2p.dial(multiaddr(seed));
      break;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
  for (let i = 0; i < MAX_TOPICS_PER_PEER; i++) libp2p.services.pubsub.subscribe(`orbk/CROWD${index}x${i}:X`);
  return libp2p;
}

describe('a crowd of small peers and the seed’s topics (issue 26)', () => {
  it(`${CROWD} peers × ${MAX_TOPICS_PER_PEER} topics: a pair opened afterwards is relayed while they stay`, async () => {
    const seedLog: string[] = [];
    const seed = await startSeedNode({ port: 0, log: (l) => seedLog.push(l) });
    running.push(seed);
    expect(CROWD * MAX_TOPICS_PER_PEER).toBeGreaterThan(MAX_RELAYED_TOPICS);
    const [a, b] = await Promise.all([node(seed.multiaddr), node(seed.multiaddr)]);
    await vi.waitFor(() => expect([a.connectedPeers(), b.connectedPeers()]).toEqual([[seed.peerId], [seed.peerId]]), WAIT);
    for (let i = 0; i < CROWD; i++) await crowdPeer(seed.multiaddr, i);
    // The seed is full: the crowd's last topics wait.
    await vi.waitFor(() => expect(seedLog.some((l) => /orbk\/CROWD.* waits/.test(l))).toBe(true), WAIT);

    const topic = 'orbk/DEVT18-ERC20:ETHDEV';
    const got: P2pMessage[] = [];
    b.subscribe(topic, (m) => got.push(m));
    a.subscribe(topic, () => undefined);
    const start = performance.now();
    await vi.waitFor(async () => {
      await a.publish(topic, new Uint8Array([1]));
      expect(got.length).toBeGreaterThan(0);
    }, WAIT);
    const relayedMs = performance.now() - start;
    expect(seedLog.some((l) => l.startsWith(`seednode: ${topic} relayed in place of orbk/CROWD`))).toBe(true);
    expect(relayedMs).toBeLessThan(30_000);
  }, 240_000);
});
