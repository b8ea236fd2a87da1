/**
 * Issue 26, attack 1: a flood of valid orders. Fresh keys sign hundreds to thousands of `MakerOrderCreated`s
 * on RLTC1/RLTC2 and publish them through the devnet's seed; two honest nodes following the pair
 * keep answering (liveness asserted loosely here; the bench measures it), still see an honest
 * maker's new order, hold no maker past its bound, and ban the author that pushed past it. An
 * honest maker with hundreds of orders is seen whole.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_ORDERS_PER_MAKER } from '../../../src/node/orders/orderbook';
import { bytesToHex } from '../../../src/node/crypto';
import { MmNumber } from '../../../src/shared/number';
import { meshed, seedAddr, seedPeerId, startRawPeer, stopAll } from '../p2p/helpers';
import { asks, sellOrder, startBookNode, stopBookNodes, type BookNode } from './bookNode';
import { floodPeer, loopProbe, publishFlood, signedFlood } from './flood';
import { RLTC_TOPIC } from './signedOrders';

afterEach(async () => {
  await stopBookNodes();
  await stopAll();
});

const SLOW = { timeout: 180_000, interval: 200 };
/** Loose: the issue saw 20–36 s; the bench measures the figure (target 100 ms) without the test's load around it. */
const LIVE_MS = 2_000;

async function following(): Promise<[BookNode, BookNode]> {
  const nodes = await Promise.all([startBookNode(), startBookNode()]);
  await Promise.all(nodes.map(async (n) => {
    await asks(n, 'RLTC2');
    await meshed(n.p2p, RLTC_TOPIC);
  }));
  return nodes as [BookNode, BookNode];
}

async function attacker() {
  const raw = await startRawPeer();
  raw.services.pubsub.subscribe(RLTC_TOPIC);
  await vi.waitFor(() => expect(raw.services.pubsub.getSubscribers(RLTC_TOPIC).map(String)).toContain(seedPeerId()), SLOW);
  return raw;
}

/** Polls `node`'s orderbook every 200 ms until stopped; returns the slowest answer, ms. */
function pollAnswers(node: BookNode): { stop(): Promise<number> } {
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      await node.service.orderbook('RLTC1', 'RLTC2').catch(() => (running = false));
      slowest = Math.max(slowest, performance.now() - start);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return slowest;
    },
  };
}

const makerOrders = async (node: BookNode, pubkey: string): Promise<number> =>
  (await node.service.orderbook('RLTC1', 'RLTC2')).asks.filter((o) => o.pubkey === pubkey).length;

describe('a flood of valid orders (issue 26)', () => {
  it('1,500 orders from one key: honest nodes keep answering, take an honest order, hold the key to its bound and ban its author', async () => {
    const [alice, bob] = await following();
    const raw = await attacker();
    const key = secp256k1.utils.randomSecretKey();
    const flooder = bytesToHex(secp256k1.getPublicKey(key, true));
    const flood = signedFlood(key, 1_500);

    const probe = loopProbe();
    const answers = pollAnswers(bob);
    let longestBlock: number;
    let slowestAnswer: number;
    try {
      await publishFlood(raw, flood);
      const order = await alice.service.setPrice(sellOrder('RLTC2'));
      await vi.waitFor(async () => expect(await asks(bob, 'RLTC2')).toContain(order.uuid), SLOW);
      await vi.waitFor(() => expect(bob.logs.some((l) => l.includes(`banned ${raw.peerId.toString()}`))).toBe(true), SLOW);
    } finally {
      longestBlock = probe.stop();
      slowestAnswer = await answers.stop();
    }

    expect(longestBlock).toBeLessThan(LIVE_MS);
    expect(slowestAnswer).toBeLessThan(LIVE_MS);
    for (const node of [alice, bob]) {
      const held = await makerOrders(node, flooder);
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThanOrEqual(MAX_ORDERS_PER_MAKER);
    }
    expect(bob.p2p.connectedPeers()).toContain(seedPeerId());
  }, 300_000);

  it('100 orders from each of 10 keys, each sent by a peer of its own: every order is taken, honest nodes keep answering', async () => {
    const [, bob] = await following();
    const keys = Array.from({ length: 10 }, () => secp256k1.utils.randomSecretKey());
    const peers = await Promise.all(keys.map(() => floodPeer(seedAddr())));
    await vi.waitFor(() => expect(peers.every((p) => p.services.pubsub.getSubscribers(RLTC_TOPIC).map(String).includes(seedPeerId()))).toBe(true), SLOW);
    const floods = keys.map((k) => signedFlood(k, 100));
    const probe = loopProbe();
    const pubkeys = keys.map((k) => bytesToHex(secp256k1.getPublicKey(k, true)));
    let longestBlock: number;
    try {
      await Promise.all(peers.map((p, i) => publishFlood(p, floods[i]!)));
      await vi.waitFor(async () => expect(await Promise.all(pubkeys.map((p) => makerOrders(bob, p)))).toEqual(pubkeys.map(() => 100)), SLOW);
    } finally {
      longestBlock = probe.stop();
      await Promise.all(peers.map((p) => p.stop()));
    }
    expect(longestBlock).toBeLessThan(LIVE_MS);
  }, 300_000);

  it('an honest maker with 300 orders is seen whole by a node that follows the pair', async () => {
    const [alice, bob] = await following();
    const placed: string[] = [];
    for (let i = 0; i < 300; i++) {
      placed.push((await alice.service.setPrice({ ...sellOrder('RLTC2', `${2 + i / 1000}`), volume: MmNumber.parse('0.1') })).uuid);
    }
    await vi.waitFor(async () => expect(await asks(bob, 'RLTC2')).toEqual([...placed].sort()), SLOW);
    expect(bob.logs.filter((l) => l.includes(alice.pubkeyHex) && /dropped|penaliz/.test(l))).toEqual([]);
  }, 240_000);
});
