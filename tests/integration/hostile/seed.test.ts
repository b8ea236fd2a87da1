/**
 * Seed node robustness (issue 9, items 6–7): one peer subscribing to 10,000 topics cannot stop the
 * seed relaying new pairs, a peer is held to a request budget, and a restarted seed is found again
 * by its nodes: with its data dir (its key file) it keeps its peer id; with a new identity, nodes that list it
 * without `/p2p/` follow it. Failures are logged with their messages. Each test runs its own seed.
 */
import '../../../src/node/p2p/polyfills';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { gossipsub, type GossipSub } from '@libp2p/gossipsub';
import { identify } from '@libp2p/identify';
import type { Libp2p } from '@libp2p/interface';
import { webSockets } from '@libp2p/websockets';
import { multiaddr } from '@multiformats/multiaddr';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { createLibp2p } from 'libp2p';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { createP2p, type Libp2pP2p } from '../../../src/node/p2p/libp2pNode';
import type { P2pMessage } from '../../../src/node/p2p/types';
import { BURST } from '../../../tools/seednode/rateLimit';
import { SEED_KEY_FILE, startSeedNode, type SeedNode } from '../../../tools/seednode/seed';

const WAIT = { timeout: 20_000, interval: 50 };
/** Seed restarts: the node's back-off may have grown to a few seconds. */
const RECONNECT = { timeout: 45_000, interval: 100 };

const running: { stop(): Promise<void> | void }[] = [];
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seed-test-'));
});

afterEach(async () => {
  await Promise.all(running.splice(0).map(async (n) => n.stop()));
  await rm(dir, { recursive: true, force: true });
});

async function seed(opts: { port?: number; dataDir?: string; keyFile?: string; maxRelayedTopics?: number; log?: (line: string) => void } = {}): Promise<SeedNode> {
  const s = await startSeedNode({ ...opts, port: opts.port ?? 0 });
  running.push(s);
  return s;
}

async function node(seednodes: string[], logs: string[] = []): Promise<Libp2pP2p> {
  const p2p = await createP2p({
    signingKey: secp256k1.utils.randomSecretKey(),
    seednodes,
    allowLoopback: true,
    webSocket: (url) => new WebSocket(url),
    log: (level, line) => logs.push(`${level}: ${line}`),
  });
  running.push(p2p);
  return p2p;
}

/** A bare gossipsub peer, to subscribe to whatever it likes. */
async function rawPeer(seedAddr: string): Promise<Libp2p<{ pubsub: GossipSub }>> {
  const libp2p = await createLibp2p({
    transports: [webSockets()],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux()],
    services: { identify: identify(), pubsub: gossipsub({ allowPublishToZeroTopicPeers: true, scoreParams: { IPColocationFactorWeight: 0 } }) },
  });
  running.push(libp2p);
  await libp2p.dial(multiaddr(seedAddr));
  return libp2p;
}

const portOf = (addr: string): number => Number(/\/tcp\/(\d+)\//.exec(addr)![1]);
const withoutPeerId = (addr: string): string => addr.split('/p2p/')[0]!;

/** Publishes from `a` until `b` has the message: true once relayed. */
async function relayed(a: Libp2pP2p, b: Libp2pP2p, topic: string): Promise<void> {
  const got: P2pMessage[] = [];
  const unsubscribe = b.subscribe(topic, (m) => got.push(m));
  a.subscribe(topic, () => undefined);
  await vi.waitFor(async () => {
    await a.publish(topic, new Uint8Array([1]));
    expect(got.length).toBeGreaterThan(0);
  }, WAIT);
  unsubscribe();
}

describe('seed: per-peer limits', () => {
  it('a peer subscribing to 10,000 topics does not stop new pairs being relayed, while it stays or after it leaves', async () => {
    const s = await seed();
    const [a, b] = await Promise.all([node([s.multiaddr]), node([s.multiaddr])]);
    await vi.waitFor(() => expect([a.connectedPeers(), b.connectedPeers()]).toEqual([[s.peerId], [s.peerId]]), WAIT);
    const attacker = await rawPeer(s.multiaddr);
    for (let i = 0; i < 10_000; i++) attacker.services.pubsub.subscribe(`orbk/FLOOD${i}:X`);
    await new Promise((r) => setTimeout(r, 2_000)); // the subscriptions reach the seed
    await relayed(a, b, 'orbk/NEW1:PAIR');
    await attacker.stop();
    await relayed(a, b, 'orbk/NEW2:PAIR');
  });

  it('peers that filled the seed’s topic cap do not hold a new pair back: it takes the place of one of their idle topics (issue 26)', async () => {
    const seedLog: string[] = [];
    const s = await seed({ maxRelayedTopics: 40, log: (l) => seedLog.push(l) });
    const [a, b] = await Promise.all([node([s.multiaddr]), node([s.multiaddr])]);
    await vi.waitFor(() => expect([a.connectedPeers(), b.connectedPeers()]).toEqual([[s.peerId], [s.peerId]]), WAIT);
    const attackers = await Promise.all([rawPeer(s.multiaddr), rawPeer(s.multiaddr)]);
    attackers.forEach((p, k) => {
      for (let i = 0; i < 25; i++) p.services.pubsub.subscribe(`orbk/FILL${k}x${i}:X`);
    });
    // The crowd's own topics beyond the cap replace none of theirs: they wait.
    await vi.waitFor(() => expect(seedLog.some((l) => /orbk\/FILL.* waits/.test(l))).toBe(true), WAIT);
    await relayed(a, b, 'orbk/LATE:PAIR');
    expect(seedLog.some((l) => /^seednode: orbk\/LATE:PAIR relayed in place of orbk\/FILL/.test(l))).toBe(true);
    await Promise.all(attackers.map((p) => p.stop()));
    await relayed(a, b, 'orbk/LATER:PAIR');
  });

  it('a peer past its request budget is refused; the seed still answers others', async () => {
    const s = await seed();
    const [greedy, answerer, other] = await Promise.all([node([s.multiaddr]), node([s.multiaddr]), node([s.multiaddr])]);
    answerer.onRequest(async (payload) => payload);
    await vi.waitFor(() => expect([greedy, answerer, other].map((n) => n.connectedPeers())).toEqual([[s.peerId], [s.peerId], [s.peerId]]), WAIT);
    const answers = await Promise.all(Array.from({ length: 3 * BURST }, (_, i) => greedy.request(new Uint8Array([i]))));
    const answered = answers.filter((a) => a !== null).length;
    expect(answered).toBeGreaterThanOrEqual(BURST);
    expect(answered).toBeLessThan(3 * BURST);
    expect(await other.request(new Uint8Array([7]))).toEqual({ payload: new Uint8Array([7]), peerId: s.peerId });
  });
});

describe('seed: restarts', () => {
  it('restarted on its data dir, the seed keeps its peer id (the key is in the dir) and nodes reconnect', async () => {
    const first = await seed({ dataDir: dir });
    expect((await stat(join(dir, SEED_KEY_FILE))).mode & 0o777).toBe(0o600);
    const logs: string[] = [];
    const n = await node([first.multiaddr], logs);
    await vi.waitFor(() => expect(n.connectedPeers()).toEqual([first.peerId]), WAIT);
    await first.stop();
    await vi.waitFor(() => expect(n.connectedPeers()).toEqual([]), WAIT);
    await new Promise((r) => setTimeout(r, 1_500)); // a few failed dials while it is down
    const second = await seed({ dataDir: dir, port: portOf(first.multiaddr) });
    expect(second.peerId).toBe(first.peerId);
    expect(second.multiaddr).toBe(first.multiaddr);
    await vi.waitFor(() => expect(n.connectedPeers()).toEqual([first.peerId]), RECONNECT);
    const failures = logs.filter((l) => l.includes('cannot reach seed'));
    expect(failures.length).toBeGreaterThan(0);
    for (const line of failures) {
      expect(line).not.toContain('[object Object]');
      expect(line).toMatch(/cannot reach seed \S+: \S/);
    }
  });

  it('restarted with a new identity: a node listing it without /p2p/ follows it; one pinning the old id does not', async () => {
    const first = await seed({ keyFile: join(dir, 'one.key') });
    const follower = await node([withoutPeerId(first.multiaddr)]);
    const pinnedLogs: string[] = [];
    const pinned = await node([first.multiaddr], pinnedLogs);
    await vi.waitFor(() => expect([follower.connectedPeers(), pinned.connectedPeers()]).toEqual([[first.peerId], [first.peerId]]), WAIT);
    await first.stop();
    const second = await seed({ keyFile: join(dir, 'two.key'), port: portOf(first.multiaddr) });
    expect(second.peerId).not.toBe(first.peerId);
    await vi.waitFor(() => expect(follower.connectedPeers()).toEqual([second.peerId]), RECONNECT);
    // The new seed is this node's relay: requests go through it.
    const answerer = await node([second.multiaddr]);
    answerer.onRequest(async () => new Uint8Array([42]));
    await vi.waitFor(() => expect(answerer.connectedPeers()).toEqual([second.peerId]), WAIT);
    expect(await follower.request(new Uint8Array([1]))).toEqual({ payload: new Uint8Array([42]), peerId: second.peerId });
    expect(pinned.connectedPeers()).not.toContain(second.peerId);
    // The pinned node says so on its next redial, which its back-off may not have reached yet.
    const refusals = (): string[] => pinnedLogs.filter((l) => l.includes('cannot reach seed'));
    await vi.waitFor(() => expect(refusals().length).toBeGreaterThan(0), RECONNECT);
    const refused = refusals();
    for (const line of refused) expect(line).not.toContain('[object Object]');
  });
});
