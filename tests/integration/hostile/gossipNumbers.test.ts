/**
 * Issue 9 attack 1 over the network, as observed: a `MakerOrderCreated` signed with a fresh key
 * whose price has 8,000 random u32 limbs in numerator and denominator (an ~80 KB message), and a
 * GetOrderbook answer carrying such a number. Two honest nodes (a node core answering RPC, and an
 * orders service) drop both within the number bound, keep answering `version` meanwhile, never
 * list the order, and penalize whoever handed them the bytes.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bytesToHex } from '../../../src/node/crypto';
import { albOrderedPair } from '../../../src/node/orders/orderbook';
import { MmNumber } from '../../../src/shared/number';
import { startOrderNode, type OrderNode } from '../orders/orderNode';
import { seedPeerId, startRawPeer, stopAll, WAIT } from '../p2p/helpers';
import { asks, startBookNode, stopBookNodes, type BookNode } from './bookNode';
import { follow, provokeResync, startForger, stopForgers, type Forger } from './forger';
import { randomLimbs, RLTC_TOPIC, signedMakerOrder, wireOnlyNumber } from './signedOrders';

/** The price: 8,000 random u32 limbs in numerator and denominator. */
const hugePrice = (): MmNumber =>
  wireOnlyNumber([
    [1, randomLimbs(8_000)],
    [1, randomLimbs(8_000)],
  ]);
/** Before the bound one such number blocked a node for 28 s; 2 shared cores, so the bound is generous. */
const VERSION_MS = 1_000;

let alice: OrderNode;
let bob: BookNode;
let forger: Forger;

beforeAll(async () => {
  alice = await startOrderNode('hostile gossip numbers');
  bob = await startBookNode();
  forger = await startForger();
});

afterAll(async () => {
  await stopForgers();
  await stopBookNodes();
  await alice?.stop();
  await stopAll();
});

const aliceLogs = (): string[] => alice.events.filter((e) => e.event === 'log').map((e) => (e.data as { line: string }).line);
const aliceAsks = async (): Promise<string[]> => {
  const reply = await alice.legacy('orderbook', { base: 'RLTC1', rel: 'RLTC2' });
  expect(reply.status).toBe(200);
  return (reply.body.asks as { uuid: string }[]).map((o) => o.uuid).sort();
};

/** Calls `version` back to back until `during` settles, then settles as it did; each call's time in ms. */
async function versionTimesDuring(during: Promise<unknown>): Promise<number[]> {
  let settled = false;
  let failure: { error: unknown } | null = null;
  const outcome = during.then(
    () => void (settled = true),
    (error: unknown) => void ((settled = true), (failure = { error })),
  );
  const times: number[] = [];
  while (!settled) {
    const start = performance.now();
    const reply = await alice.legacy('version');
    times.push(performance.now() - start);
    expect(reply.status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
  }
  await outcome;
  if (failure) throw (failure as { error: unknown }).error;
  return times;
}

describe('attack 1 over the network: an 8,000-limb price', () => {
  it('a GetOrderbook answer with one is dropped whole by both nodes and its sender judged; version keeps answering', async () => {
    const forgerKey = secp256k1.utils.randomSecretKey();
    const now = Math.floor(Date.now() / 1000);
    const uuid = '00000000-0000-4000-8000-00000000f001';
    forger.forge.answer = () => [
      {
        pubkey: bytesToHex(secp256k1.getPublicKey(forgerKey, true)),
        lastKeepAlive: now,
        proof: new Uint8Array(),
        orders: [
          {
            pubkey: bytesToHex(secp256k1.getPublicKey(forgerKey, true)),
            base: 'RLTC1',
            rel: 'RLTC2',
            price: hugePrice(),
            maxVolume: MmNumber.parse('1'),
            minVolume: MmNumber.parse('0.1'),
            uuid,
            createdAt: now,
            baseProtocolInfo: new Uint8Array(),
            relProtocolInfo: new Uint8Array(),
            confSettings: null,
          },
        ],
      },
    ];
    // Each honest node follows a pair the other does not, so the forger is the only peer with an answer for it
    // (an empty answer from the other would race it); following a pair asks the network for it at once.
    await vi.waitFor(() => expect(forger.p2p.connectedPeers()).toContain(seedPeerId()), WAIT);
    const [rltc2, ethdev] = [albOrderedPair('RLTC1', 'RLTC2'), albOrderedPair('RLTC1', 'ETHDEV')];
    const dropped = (lines: () => string[], pair: string): boolean =>
      lines().some((l) => l.includes(`dropped a bad GetOrderbook ${pair} answer: `) && l.includes('over the limit'));
    const attack = (async () => {
      expect(await aliceAsks()).toEqual([]);
      await follow(bob, 'ETHDEV');
      // Should a request have gone out before the forger was ready, its keep-alives make them ask again.
      await vi.waitFor(
        async () => {
          const done = [dropped(aliceLogs, rltc2), dropped(() => bob.logs, ethdev)];
          if (!done[0]) await provokeResync(forger.p2p, 'RLTC2');
          if (!done[1]) await provokeResync(forger.p2p, 'ETHDEV');
          expect(done).toEqual([true, true]);
        },
        { timeout: 30_000, interval: 1_000 },
      );
    })();
    const times = await versionTimesDuring(attack);
    expect(forger.answered()).toBeGreaterThan(0);
    expect(Math.max(...times)).toBeLessThan(VERSION_MS);

    // The answers reached them through the seed, which forwards requests: the peer that handed them over is judged
    // (a seed is exempt by design, and says so).
    const judged = (pair: string) => (l: string): boolean =>
      new RegExp(`(penalizing \\S+: |seed \\S+ relayed something bad \\()bad GetOrderbook ${pair} answer`).test(l);
    expect(aliceLogs().some(judged(rltc2))).toBe(true);
    expect(bob.logs.some(judged(ethdev))).toBe(true);
    expect(await aliceAsks()).toEqual([]);
    expect(await asks(bob, 'ETHDEV')).toEqual([]);
    forger.forge.answer = null;
  });

  it('a gossiped MakerOrderCreated with one never enters either book, costs its author, and version keeps answering', async () => {
    forger.forge.answer = null;
    await follow(bob, 'RLTC2');
    const raw = await startRawPeer();
    raw.services.pubsub.subscribe(RLTC_TOPIC);
    await vi.waitFor(() => expect(raw.services.pubsub.getSubscribers(RLTC_TOPIC).map(String)).toContain(seedPeerId()), WAIT);
    const key = secp256k1.utils.randomSecretKey();
    // A well-formed order of the same author first: it reaches both, so the mesh carries the attack too.
    const honest = '00000000-0000-4000-8000-00000000f002';
    await raw.services.pubsub.publish(RLTC_TOPIC, signedMakerOrder(honest, key));
    await vi.waitFor(async () => expect([await aliceAsks(), await asks(bob, 'RLTC2')]).toEqual([[honest], [honest]]), WAIT);

    const hostile = '00000000-0000-4000-8000-00000000f003';
    const message = signedMakerOrder(hostile, key, hugePrice());
    expect(message.length).toBeGreaterThan(75_000);
    const penalized = (l: string): boolean => l.includes(`penalizing ${raw.peerId.toString()}: malformed ordermatch message on ${RLTC_TOPIC}`);
    const published = raw.services.pubsub.publish(RLTC_TOPIC, message);
    const times = await versionTimesDuring(
      published.then(() => vi.waitFor(() => expect([aliceLogs().some(penalized), bob.logs.some(penalized)]).toEqual([true, true]), WAIT)),
    );
    expect(Math.max(...times)).toBeLessThan(VERSION_MS);
    expect(await aliceAsks()).toEqual([honest]);
    expect(await asks(bob, 'RLTC2')).toEqual([honest]);
  });
});
