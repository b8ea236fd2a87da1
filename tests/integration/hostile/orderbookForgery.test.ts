/**
 * Issue 9 item 4 over the real network: a peer answering `GetOrderbook` with a forged order under
 * alice's pubkey, or with an empty set for her, gets nothing into bob's book and takes nothing out
 * of it; its answer is dropped whole. Honest answers, relayed by a node that is not alice, still
 * fill a late joiner's book, since they carry alice's own signature over her orders.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesToHex } from '../../../src/node/crypto';
import { decodeOrdermatchMessage, encodeOrdermatchMessage } from '../../../src/node/orders/messages/codec';
import { albOrderedPair, orderbookTopic } from '../../../src/node/orders/orderbook';
import { MmNumber } from '../../../src/shared/number';
import { decodeOrdermatchRequest, encodeGetOrderbookRes, type PubkeyOrders } from '../../../src/node/orders/messages/requests';
import type { OrderbookItem } from '../../../src/node/orders/types';
import { createP2p, type Libp2pP2p } from '../../../src/node/p2p/libp2pNode';
import type { P2pMessage } from '../../../src/node/p2p/types';
import { WebSocket } from 'ws';
import { meshed, seedAddr, seedPeerId, stopAll, WAIT } from '../p2p/helpers';
import { asks, sellOrder, startBookNode, stopBookNodes, type BookNode } from './bookNode';

afterEach(async () => {
  await stopBookNodes();
  await stopAll();
});

/** A peer with its own key that records what it sees on a topic and answers GetOrderbook as `forge` says (not at all until told). */
async function startForger(): Promise<{ p2p: Libp2pP2p; seen: P2pMessage[]; answered: () => number; forge: { answer: (() => PubkeyOrders[]) | null } }> {
  const p2p = await createP2p({ signingKey: secp256k1.utils.randomSecretKey(), seednodes: [seedAddr()], allowLoopback: true, webSocket: (url) => new WebSocket(url) });
  const seen: P2pMessage[] = [];
  const forge: { answer: (() => PubkeyOrders[]) | null } = { answer: null };
  let answered = 0;
  p2p.onRequest(async (payload) => {
    if (!forge.answer || decodeOrdermatchRequest(payload)?.type !== 'GetOrderbook') return null;
    answered++;
    return encodeGetOrderbookRes(forge.answer());
  });
  stopLater.push(p2p);
  return { p2p, seen, answered: () => answered, forge };
}
const stopLater: Libp2pP2p[] = [];
afterEach(async () => {
  await Promise.all(stopLater.splice(0).map((p) => p.stop()));
});

/** Makes `node` follow RLTC1/`rel` and waits until the seed relays that topic to it. */
async function follow(node: BookNode, rel: string): Promise<void> {
  await asks(node, rel);
  await meshed(node.p2p, orderbookTopic('RLTC1', rel));
}

/** The forger announces a keep-alive of its own on the pair: every follower asks the network for the pair. */
async function provokeResync(forger: Libp2pP2p, rel: string): Promise<void> {
  const pair = albOrderedPair('RLTC1', rel);
  const msg = { trieRoots: new Map([[pair, new Uint8Array(8).fill(3)]]), timestamp: Math.floor(Date.now() / 1000) };
  await forger.publish(`orbk/${pair}`, encodeOrdermatchMessage({ type: 'PubkeyKeepAlive', msg }));
}

const held = async (node: BookNode, rel: string, uuid: string): Promise<OrderbookItem | undefined> =>
  (await node.service.orderbook('RLTC1', rel)).asks.find((o) => o.uuid === uuid);

describe('GetOrderbook answers are checked against the makers’ signatures', () => {
  it('a forged order under alice’s key, or an empty set for her: bob’s book gets no forged order and keeps her real ones', async () => {
    const [alice, bob, carol] = await Promise.all([startBookNode(), startBookNode(), startBookNode()]);
    const forger = await startForger();
    forger.p2p.subscribe('orbk/RLTC1:RLTC2', (m) => forger.seen.push(m));
    for (const rel of ['RLTC2', 'ETHDEV']) await Promise.all([follow(alice, rel), follow(bob, rel)]);
    await meshed(forger.p2p, 'orbk/RLTC1:RLTC2');

    const onRltc2 = await alice.service.setPrice(sellOrder('RLTC2'));
    const onEthdev = await alice.service.setPrice(sellOrder('ETHDEV'));
    await vi.waitFor(async () => expect([await asks(bob, 'RLTC2'), await asks(bob, 'ETHDEV')]).toEqual([[onRltc2.uuid], [onEthdev.uuid]]), WAIT);

    // A late joiner gets alice's orders from whichever node answers, bob included: they carry her signature.
    await vi.waitFor(async () => expect(await asks(carol, 'RLTC2')).toEqual([onRltc2.uuid]), WAIT);

    // Alice leaves: from now on only the forger has answers (her orders stay in books until her keep-alives are missed).
    const realItem = (await held(bob, 'RLTC2', onRltc2.uuid))!;
    const aliceCreated = forger.seen.find((m) => bytesToHex(m.from) === alice.pubkeyHex && decodeOrdermatchMessage(m.payload).type === 'MakerOrderCreated')!;
    expect(aliceCreated).toBeDefined();
    await alice.stop();
    await carol.stop();

    const forged: OrderbookItem = { ...realItem, uuid: '00000000-0000-4000-8000-00000000beef', price: MmNumber.parse('0.01') };
    forger.forge.answer = () => [{ pubkey: alice.pubkeyHex, lastKeepAlive: 1, proof: aliceCreated.envelope, orders: [realItem, forged] }];
    await provokeResync(forger.p2p, 'RLTC2');
    await vi.waitFor(() => expect(bob.logs.some((l) => l.includes('dropped a bad GetOrderbook RLTC1:RLTC2'))).toBe(true), WAIT);
    expect(bob.logs.some((l) => l.includes('seeds are not penalized'))).toBe(true);
    expect(forger.answered()).toBeGreaterThan(0);
    expect(await asks(bob, 'RLTC2')).toEqual([onRltc2.uuid]);

    forger.forge.answer = () => [{ pubkey: alice.pubkeyHex, lastKeepAlive: 1, proof: new Uint8Array(), orders: [] }];
    const before = forger.answered();
    await provokeResync(forger.p2p, 'ETHDEV');
    await vi.waitFor(() => expect(forger.answered()).toBeGreaterThan(before), WAIT);
    await new Promise((r) => setTimeout(r, 500)); // bob has taken the answer in
    expect(await asks(bob, 'ETHDEV')).toEqual([onEthdev.uuid]);
    expect(bob.p2p.connectedPeers()).toContain(seedPeerId()); // the seed that relayed the answers is not cut off
  });
});
