/**
 * Issue 9 item 1's tail: signed ordermatch messages that do not decode are dropped and cost their
 * author; an author of repeated ones is banned, so even its well-formed orders are ignored after,
 * however they are relayed. The seed that relayed them is not blamed.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeSigned } from '../../../src/node/p2p/envelope';
import { BAN_POINTS } from '../../../src/node/p2p/peerPenalties';
import { meshed, seedPeerId, startRawPeer, stopAll, WAIT } from '../p2p/helpers';
import { asks, startBookNode, stopBookNodes } from './bookNode';
import { RLTC_TOPIC as TOPIC, signedMakerOrder } from './signedOrders';

afterEach(async () => {
  await stopBookNodes();
  await stopAll();
});

describe('peer scoring', () => {
  it('undecodable ordermatch messages get their author banned; its valid orders are ignored afterwards', async () => {
    const bob = await startBookNode();
    await asks(bob, 'RLTC2');
    await meshed(bob.p2p, TOPIC);
    const raw = await startRawPeer();
    raw.services.pubsub.subscribe(TOPIC);
    await vi.waitFor(() => expect(raw.services.pubsub.getSubscribers(TOPIC).map(String)).toContain(seedPeerId()), WAIT);
    const key = secp256k1.utils.randomSecretKey();
    const order = (uuid: string): Uint8Array => signedMakerOrder(uuid, key);
    const first = '00000000-0000-4000-8000-00000000a001';
    await raw.services.pubsub.publish(TOPIC, order(first));
    await vi.waitFor(async () => expect(await asks(bob, 'RLTC2')).toEqual([first]), WAIT);

    // A signed message whose payload is no ordermatch message (an unknown variant), BAN_POINTS times.
    for (let i = 0; i < BAN_POINTS; i++) await raw.services.pubsub.publish(TOPIC, encodeSigned(new Uint8Array([0x81, 0x09 + i, 0xc0]), key));
    await vi.waitFor(() => expect(bob.logs.some((l) => l.includes(`banned ${raw.peerId.toString()}`))).toBe(true), WAIT);

    await raw.services.pubsub.publish(TOPIC, order('00000000-0000-4000-8000-00000000a002'));
    await vi.waitFor(() => expect(bob.p2p.droppedMessages).toBeGreaterThan(0), WAIT);
    expect(await asks(bob, 'RLTC2')).toEqual([first]);
    expect(bob.p2p.connectedPeers()).toContain(seedPeerId());
  });
});
