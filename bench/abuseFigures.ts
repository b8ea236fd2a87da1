/**
 * Network abuse at scale (issue 26), measured on real libp2p: a seed of its own (tools/seednode, in
 * its own process, so its relaying is not counted against the node measured), honest orders nodes
 * in this process, and the attackers of tests/integration/hostile. Figures:
 * - the longest event-loop block of this process (a timer every 5 ms, how late it fired) while
 *   10,000 valid orders from one key arrive, and while 1,000 from each of 10 keys (10 authors)
 *   arrive; the orders are signed before the clock starts (the attacker's cost). Target ≤ 100 ms;
 * - how long a pair opened after 55 peers subscribed to 200 topics each takes to be relayed (that
 *   seed in this process, with the crowd);
 * - a late joiner's book after a captured, cancelled order is replayed to it: how many of its
 *   polls (every 100 ms, for two keep-alive periods) showed the order, and how long it was held.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { WebSocket } from 'ws';
import { spawnSeedNode } from '../devnet/seednode';
import { bytesToHex } from '../src/node/crypto';
import { decodeOrdermatchMessage } from '../src/node/orders/messages/codec';
import { MAX_ORDERS_PER_MAKER } from '../src/node/orders/orderbook';
import { decodeSigned } from '../src/node/p2p/envelope';
import { createP2p } from '../src/node/p2p/libp2pNode';
import { startSeedNode } from '../tools/seednode/seed';
import { MAX_TOPICS_PER_PEER } from '../tools/seednode/topicRelay';
import { asks, sellOrder, startBookNode, stopBookNodes, type BookNode } from '../tests/integration/hostile/bookNode';
import { floodPeer, loopProbe, publishFlood, signedFlood } from '../tests/integration/hostile/flood';
import { RLTC_TOPIC } from '../tests/integration/hostile/signedOrders';
import type { Figure } from './run';

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 300_000): Promise<void> {
  const start = Date.now();
  let told = start;
  while (!(await check())) {
    if (Date.now() > start + timeoutMs) throw new Error(`timed out waiting for ${what}`);
    if (Date.now() - told > 30_000) {
      told = Date.now();
      console.error(`bench abuse: still waiting for ${what} (${Math.round((told - start) / 1000)} s)`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function follower(seed: string, seedId: string, timing?: { keepAliveMs: number }): Promise<BookNode> {
  const node = await startBookNode(undefined, timing, seed);
  await asks(node, 'RLTC2');
  await until('the seed relaying the pair', () => node.p2p.meshPeers(RLTC_TOPIC).includes(seedId));
  return node;
}

const held = async (node: BookNode, pubkeys: Set<string>): Promise<number> =>
  (await node.service.orderbook('RLTC1', 'RLTC2')).asks.filter((o) => pubkeys.has(o.pubkey)).length;

/** The longest block while `keys[i]` sign `perKey` orders each, sent by one attacking peer per key; and what the node took. */
async function flood(seed: string, seedId: string, keys: number, perKey: number): Promise<{ ms: number; taken: number }> {
  const bob = await follower(seed, seedId);
  const secrets = Array.from({ length: keys }, () => secp256k1.utils.randomSecretKey());
  const pubkeys = new Set(secrets.map((k) => bytesToHex(secp256k1.getPublicKey(k, true))));
  const peers = await Promise.all(secrets.map(() => floodPeer(seed)));
  await until('the attackers on the pair', () => peers.every((p) => p.services.pubsub.getSubscribers(RLTC_TOPIC).map(String).includes(seedId)));
  const envelopes = secrets.map((k) => signedFlood(k, perKey));
  const probe = loopProbe();
  // 20 messages a turn in all, however many attackers, as one attacker sends them.
  await Promise.all(peers.map((p, i) => publishFlood(p, envelopes[i]!, Math.max(1, Math.floor(20 / keys)))));
  // Done when the node holds what it may of each key (its whole flood, up to a maker's bound), or
  // when what it holds has not moved for 5 s (past its queue's bound, a burst is dropped, not queued).
  const expected = keys * Math.min(perKey, MAX_ORDERS_PER_MAKER);
  let last = 0;
  let since = Date.now();
  await until('the flood worked off', async () => {
    const now = await held(bob, pubkeys);
    if (now !== last) [last, since] = [now, Date.now()];
    return now === expected || (now > 0 && Date.now() - since > 5_000);
  }, 900_000);
  const ms = probe.stop();
  await Promise.all(peers.map((p) => p.stop()));
  await stopBookNodes();
  return { ms: Math.round(ms), taken: last };
}

async function crowdedPairRelay(): Promise<number> {
  const seed = await startSeedNode({ port: 0 });
  const stops: (() => Promise<void> | void)[] = [() => seed.stop()];
  try {
    const node = async () => {
      const p2p = await createP2p({ signingKey: secp256k1.utils.randomSecretKey(), seednodes: [seed.multiaddr], allowLoopback: true, webSocket: (url) => new WebSocket(url) });
      stops.push(() => p2p.stop());
      return p2p;
    };
    const [a, b] = await Promise.all([node(), node()]);
    await until('both nodes on the seed', () => a.connectedPeers().includes(seed.peerId) && b.connectedPeers().includes(seed.peerId));
    for (let i = 0; i < 55; i++) {
      const peer = await floodPeer(seed.multiaddr);
      stops.push(() => peer.stop());
      for (let t = 0; t < MAX_TOPICS_PER_PEER; t++) peer.services.pubsub.subscribe(`orbk/CROWD${i}x${t}:X`);
    }
    await new Promise((r) => setTimeout(r, 5_000)); // the crowd's subscriptions reach the seed
    const topic = 'orbk/DEVT18-ERC20:ETHDEV';
    let got = 0;
    b.subscribe(topic, () => got++);
    a.subscribe(topic, () => undefined);
    const start = performance.now();
    await until('the new pair relayed', async () => {
      await a.publish(topic, new Uint8Array([1]));
      return got > 0;
    }, 120_000);
    return Math.round(performance.now() - start);
  } finally {
    await Promise.all(stops.map(async (s) => s()));
  }
}

/** Polls of a late joiner that showed a replayed cancelled order, and how long it held the replay before the maker's empty root dropped it. */
async function lateJoiner(seed: string, seedId: string): Promise<{ shown: number; heldMs: number }> {
  const timing = { keepAliveMs: 5_000 };
  const [alice] = await Promise.all([follower(seed, seedId, timing), follower(seed, seedId, timing)]);
  const capturer = await floodPeer(seed);
  capturer.services.pubsub.subscribe(RLTC_TOPIC);
  const captured: Uint8Array[] = [];
  capturer.services.pubsub.addEventListener('message', (evt) => void captured.push(evt.detail.data));
  await until('the capturer on the pair', () => capturer.services.pubsub.getSubscribers(RLTC_TOPIC).map(String).includes(seedId));
  await alice.service.setPrice(sellOrder('ETHDEV'));
  const order = await alice.service.setPrice(sellOrder('RLTC2'));
  const isCreated = (e: Uint8Array): boolean => {
    const { pubkey, payload } = decodeSigned(e);
    return bytesToHex(pubkey) === alice.pubkeyHex && decodeOrdermatchMessage(payload).type === 'MakerOrderCreated';
  };
  await until('the creation captured', () => captured.some(isCreated));
  await alice.service.cancelOrder(order.uuid);
  await new Promise((r) => setTimeout(r, 3_000));
  const carol = await follower(seed, seedId, timing);
  await capturer.services.pubsub.publish(RLTC_TOPIC, captured.find(isCreated)!);
  const start = performance.now();
  let shown = 0;
  let heldMs = 0;
  for (const end = Date.now() + 2 * timing.keepAliveMs; Date.now() < end; ) {
    if ((await asks(carol, 'RLTC2')).includes(order.uuid)) shown++;
    if (!heldMs && carol.logs.some((l) => l.includes(`${alice.pubkeyHex} has no orders on RLTC1:RLTC2`))) heldMs = performance.now() - start;
    await new Promise((r) => setTimeout(r, 100));
  }
  await capturer.stop();
  await stopBookNodes();
  return { shown, heldMs: Math.round(heldMs) };
}

export async function abuseFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-abuse-'));
  const seed = await spawnSeedNode(join(dir, 'seednode.log'));
  const seedId = seed.multiaddr.split('/p2p/')[1]!;
  try {
    const one = await flood(seed.multiaddr, seedId, 1, 10_000);
    const ten = await flood(seed.multiaddr, seedId, 10, 1_000);
    const late = await lateJoiner(seed.multiaddr, seedId);
    const relayMs = await crowdedPairRelay();
    return [
      { name: 'longest event-loop block while 10,000 valid orders from one key arrive (ms)', value: one.ms, unit: 'ms' },
      { name: 'orders of that key taken into the book (its bound: 1,000)', value: one.taken, unit: 'orders' },
      { name: 'longest event-loop block while 1,000 valid orders from each of 10 keys arrive (ms)', value: ten.ms, unit: 'ms' },
      { name: 'orders of those keys taken into the book', value: ten.taken, unit: 'orders' },
      { name: 'a pair opened under 55 peers × 200 topics: relayed after (ms)', value: relayMs, unit: 'ms' },
      { name: 'late joiner: polls showing a replayed cancelled order (of 100)', value: late.shown, unit: 'polls' },
      { name: 'late joiner: the replay held until the maker’s empty root dropped it (ms)', value: late.heldMs, unit: 'ms' },
    ];
  } finally {
    seed.process.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
