/**
 * Our node with a KDF seed (a stand-in speaking the fork's relay protocol, kdfRelay.ts): it puts
 * the relay in its relay mesh and tells it so (else a KDF seed forwards it nothing), takes KDF's
 * unsigned Author-mode messages (the envelope inside proving the maker) and drops a second copy
 * as the same message id, and publishes to the relay although the relay never subscribes. Unsigned
 * messages from a peer that is not a relay are still refused.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { decodeSigned, encodeSigned } from '../../../src/node/p2p/envelope';
import { createP2p, type Libp2pP2p } from '../../../src/node/p2p/libp2pNode';
import type { P2pMessage } from '../../../src/node/p2p/types';
import { freshTopic, WAIT } from './helpers';
import { startFakeKdfRelay, type FakeKdfRelay } from './kdfRelay';

const started: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((n) => n.stop()));
});

async function nodeOn(relay: FakeKdfRelay): Promise<Libp2pP2p> {
  const p2p = await createP2p({
    signingKey: secp256k1.utils.randomSecretKey(),
    seednodes: [relay.multiaddr],
    allowLoopback: true,
    webSocket: (url) => new WebSocket(url),
  });
  started.push(p2p);
  return p2p;
}

describe("KDF's relay mesh", () => {
  it('joins the relay mesh, takes Author-mode messages once, and publishes through the relay', async () => {
    const relay = await startFakeKdfRelay();
    started.push(relay);
    const node = await nodeOn(relay);
    await vi.waitFor(() => expect(relay.includedBy).toContain(node.peerId), WAIT);

    const topic = freshTopic();
    const got: P2pMessage[] = [];
    node.subscribe(topic, (m) => got.push(m));
    await vi.waitFor(() => expect(relay.subscriptions.get(node.peerId)).toContain(topic), WAIT);

    const maker = secp256k1.utils.randomSecretKey();
    const envelope = encodeSigned(new TextEncoder().encode('an order'), maker);
    relay.sendAuthorMessage(node.peerId, topic, envelope, 42n);
    await vi.waitFor(() => expect(got).toHaveLength(1), WAIT);
    expect(new TextDecoder().decode(got[0]!.payload)).toBe('an order');
    expect(got[0]!.from).toEqual(secp256k1.getPublicKey(maker, true));
    expect(got[0]!.author).toBe(relay.peerId); // an unsigned `from` proves nothing: the relay is blamed

    // The same data and sequence number is the same message: not delivered twice. A forged
    // envelope is dropped whatever its id.
    relay.sendAuthorMessage(node.peerId, topic, envelope, 42n);
    const forged = encodeSigned(new TextEncoder().encode('another order'), maker);
    forged[forged.length - 1]! ^= 1;
    relay.sendAuthorMessage(node.peerId, topic, forged, 43n);
    const dropped = node.droppedMessages;
    await vi.waitFor(() => expect(node.droppedMessages).toBe(dropped + 1), WAIT);
    expect(got).toHaveLength(1);

    await node.publish(topic, new TextEncoder().encode('our order'));
    await vi.waitFor(() => expect(relay.published.some((p) => p.topic === topic)).toBe(true), WAIT);
    const ours = relay.published.find((p) => p.topic === topic)!;
    expect(ours.signed).toBe(true);
    expect(new TextDecoder().decode(decodeSigned(ours.data).payload)).toBe('our order');
  });

  it('refuses unsigned messages from a peer that never said it is a relay', async () => {
    const peer = await startFakeKdfRelay({ iAmRelay: false });
    started.push(peer);
    const node = await nodeOn(peer);
    const topic = freshTopic();
    const got: P2pMessage[] = [];
    node.subscribe(topic, (m) => got.push(m));
    await vi.waitFor(() => expect(peer.subscriptions.get(node.peerId)).toContain(topic), WAIT);
    const envelope = encodeSigned(new TextEncoder().encode('an order'), secp256k1.utils.randomSecretKey());
    await vi.waitFor(() => peer.sendAuthorMessage(node.peerId, topic, envelope, 7n), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(got).toEqual([]);
    expect(node.droppedMessages).toBe(0); // refused by gossipsub before any envelope check
    expect(peer.includedBy).not.toContain(node.peerId);
  });
});
