/**
 * The relay-mesh adapter's guards: it refuses a gossipsub whose private methods are not the ones
 * it wraps (an upgrade would otherwise lose KDF's network silently), and its message ids are
 * KDF's. Its behaviour with a relay is in tests/integration/p2p/kdfRelay.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { GossipSub, Message } from '@libp2p/gossipsub';
import type { Libp2p } from '@libp2p/interface';
import { kdfMessageId } from '../../../../src/node/p2p/kdf/messageId';
import { KdfRelayMesh } from '../../../../src/node/p2p/kdf/relayMesh';

const fakeLibp2p = (pubsub: object): Libp2p<{ pubsub: GossipSub }> => ({ services: { pubsub } }) as unknown as Libp2p<{ pubsub: GossipSub }>;

describe('KdfRelayMesh', () => {
  it('refuses a gossipsub without the internals it wraps, naming what is missing', () => {
    const mesh = new KdfRelayMesh(() => undefined);
    expect(() => mesh.attach(fakeLibp2p({}))).toThrow(/decodeRpc, handleReceivedRpc, validateReceivedMessage/);
    const almost = { decodeRpc() {}, handleReceivedRpc() {}, validateReceivedMessage() {}, selectPeersToPublish() {}, selectPeersToForward() {} };
    expect(() => mesh.attach(fakeLibp2p(almost))).toThrow(expect.objectContaining({ errorType: 'P2PError', message: expect.stringMatching(/streamsOutbound/) }));
  });

  it("identifies messages by KDF's id: with the sequence number when signed, none when unsigned and unknown", () => {
    const mesh = new KdfRelayMesh(() => undefined);
    const data = new TextEncoder().encode('hello');
    expect(mesh.messageId({ type: 'signed', data, sequenceNumber: 1n, topic: 't' } as unknown as Message)).toEqual(kdfMessageId(data, 1n));
    expect(mesh.messageId({ type: 'unsigned', data, topic: 't' })).toEqual(kdfMessageId(data, undefined));
  });
});
