/**
 * Gossip through the devnet's seed node: subscriptions reach the seed (which then relays the
 * topic), signed messages arrive with their author's key, bad envelopes never reach a handler,
 * and a node that joins late gets what is published after it joined.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeSigned } from '../../../src/node/p2p/envelope';
import { BAN_POINTS } from '../../../src/node/p2p/peerPenalties';
import { bytes, collect, freshTopic, meshed, seedAddr, seedPeerId, startNode, startRawPeer, stopAll, WAIT } from './helpers';

afterEach(stopAll);

describe('gossip through the seed', () => {
  it('devnet.json lists the seed as a ws multiaddr with its peer id', () => {
    expect(seedAddr()).toMatch(/^\/ip4\/127\.0\.0\.1\/tcp\/\d+\/ws\/p2p\/12D3Koo\w+$/);
  });

  it('a message signed by A reaches B and C with A as its author', async () => {
    const [a, b, c] = await Promise.all([startNode(), startNode(), startNode()]);
    const topic = freshTopic();
    const gotA = collect(a.p2p, topic);
    const gotB = collect(b.p2p, topic);
    const gotC = collect(c.p2p, topic);
    // Meshed with the seed means the subscription reached it and it subscribed in turn.
    await Promise.all([a, b, c].map((n) => meshed(n.p2p, topic)));

    await a.p2p.publish(topic, bytes(1, 2, 3));
    await vi.waitFor(() => expect(gotB.length + gotC.length).toBe(2), WAIT);
    for (const m of [gotB[0]!, gotC[0]!]) {
      expect(m).toEqual({ topic, payload: bytes(1, 2, 3), from: a.pubkey, peerId: seedPeerId(), author: a.p2p.peerId, envelope: encodeSigned(bytes(1, 2, 3), a.key) });
    }
    expect(gotA).toEqual([]); // no echo of one's own messages
  });

  it('forged and malformed envelopes are dropped and counted; handlers see only valid ones', async () => {
    const [b, raw] = await Promise.all([startNode(), startRawPeer()]);
    const topic = freshTopic();
    const got = collect(b.p2p, topic);
    raw.services.pubsub.subscribe(topic);
    await meshed(b.p2p, topic);
    await vi.waitFor(() => expect(raw.services.pubsub.getSubscribers(topic).map(String)).toContain(seedPeerId()), WAIT);

    const signer = bytes(...Array(32).fill(7));
    const forged = encodeSigned(bytes(1), signer);
    forged[forged.length - 1] = 2; // payload changed after signing
    await raw.services.pubsub.publish(topic, forged);
    await raw.services.pubsub.publish(topic, bytes(0xc1, 0, 0)); // not msgpack at all
    await raw.services.pubsub.publish(topic, encodeSigned(bytes(9), signer));

    await vi.waitFor(() => expect(got).toHaveLength(1), WAIT);
    expect(got[0]!.payload).toEqual(bytes(9));
    await vi.waitFor(() => expect(b.p2p.droppedMessages).toBe(2), WAIT);
  });

  it('an author of repeated bad envelopes is banned: its next valid messages are ignored though relayed by the seed', async () => {
    const [b, raw] = await Promise.all([startNode(), startRawPeer()]);
    const topic = freshTopic();
    const got = collect(b.p2p, topic);
    raw.services.pubsub.subscribe(topic);
    await meshed(b.p2p, topic);
    await vi.waitFor(() => expect(raw.services.pubsub.getSubscribers(topic).map(String)).toContain(seedPeerId()), WAIT);
    const signer = bytes(...Array(32).fill(5));
    await raw.services.pubsub.publish(topic, encodeSigned(bytes(1), signer));
    await vi.waitFor(() => expect(got).toHaveLength(1), WAIT);
    for (let i = 0; i < BAN_POINTS; i++) await raw.services.pubsub.publish(topic, bytes(0xc1, i));
    await vi.waitFor(() => expect(b.p2p.droppedMessages).toBe(BAN_POINTS), WAIT);
    await raw.services.pubsub.publish(topic, encodeSigned(bytes(2), signer));
    await vi.waitFor(() => expect(b.p2p.droppedMessages).toBe(BAN_POINTS + 1), WAIT);
    expect(got.map((m) => [...m.payload])).toEqual([[1]]);
    expect(b.p2p.connectedPeers()).toContain(seedPeerId()); // the relay is not blamed
  });

  it('a node joining late receives what is published after it joined', async () => {
    const [a, b] = await Promise.all([startNode(), startNode()]);
    const topic = freshTopic();
    const gotB = collect(b.p2p, topic);
    a.p2p.subscribe(topic, () => undefined);
    await Promise.all([meshed(a.p2p, topic), meshed(b.p2p, topic)]);
    await a.p2p.publish(topic, bytes(1));
    await vi.waitFor(() => expect(gotB).toHaveLength(1), WAIT);

    const late = await startNode();
    const gotLate = collect(late.p2p, topic);
    await meshed(late.p2p, topic);
    await a.p2p.publish(topic, bytes(2));
    await vi.waitFor(() => expect(gotLate.map((m) => [...m.payload])).toEqual([[2]]), WAIT);
    await vi.waitFor(() => expect(gotB.map((m) => [...m.payload])).toEqual([[1], [2]]), WAIT);
  });

  it('unsubscribing stops delivery', async () => {
    const [a, b] = await Promise.all([startNode(), startNode()]);
    const topic = freshTopic();
    const got: number[] = [];
    const off = b.p2p.subscribe(topic, (m) => got.push(m.payload[0]!));
    a.p2p.subscribe(topic, () => undefined);
    await Promise.all([meshed(a.p2p, topic), meshed(b.p2p, topic)]);
    await a.p2p.publish(topic, bytes(1));
    await vi.waitFor(() => expect(got).toEqual([1]), WAIT);
    off();
    expect(b.p2p.meshPeers(topic)).toEqual([]);
    await a.p2p.publish(topic, bytes(2));
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual([1]);
  });
});
