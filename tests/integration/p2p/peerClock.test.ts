/**
 * The peer time check between a node and a seed of its own (started here, on 127.0.0.1), with
 * the clock injected: in step, each side reads the other's `GetPeerUtcTimestamp` answer and keeps
 * the connection; a node whose clock is a minute ahead is hung up on by the seed and hangs up on
 * the seed itself, as KDF's nodes do past MAX_TIME_GAP_FOR_CONNECTED_PEER.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { WebSocket } from 'ws';
import { createP2p, type Libp2pP2p } from '../../../src/node/p2p/libp2pNode';
import { encodeNetworkInfoRequest, decodeUtcTimestamp } from '../../../src/node/p2p/kdf/networkInfo';
import { startSeedNode, type SeedNode } from '../../../tools/seednode/seed';
import { WAIT } from './helpers';

const started: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((n) => n.stop()));
});

async function seed(): Promise<SeedNode> {
  const s = await startSeedNode({ port: 0 });
  started.push(s);
  return s;
}

async function node(seedAddr: string, now?: () => number): Promise<Libp2pP2p> {
  const p2p = await createP2p({
    signingKey: secp256k1.utils.randomSecretKey(),
    seednodes: [seedAddr],
    allowLoopback: true,
    webSocket: (url) => new WebSocket(url),
    ...(now && { now }),
  });
  started.push(p2p);
  return p2p;
}

describe('peer time check', () => {
  it('keeps peers whose clocks agree, each having read the other', async () => {
    const s = await seed();
    const n = await node(s.multiaddr);
    await vi.waitFor(() => {
      expect(n.peerClocks.checked).toBeGreaterThanOrEqual(1);
      expect(s.peerClocks.checked).toBeGreaterThanOrEqual(1);
    }, WAIT);
    expect(n.peerClocks.rejected).toBe(0);
    expect(s.peerClocks.rejected).toBe(0);
    expect(n.connectedPeers()).toContain(s.peerId);

    const answer = await n.request(encodeNetworkInfoRequest('GetPeerUtcTimestamp'), s.peerId);
    expect(answer?.peerId).toBe(s.peerId);
    expect(Math.abs(decodeUtcTimestamp(answer!.payload) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('disconnects a node whose clock is a minute ahead, from one side or the other', async () => {
    const s = await seed();
    const n = await node(s.multiaddr, () => Date.now() + 60_000);
    // Both ask on connect; whichever side reads the other's answer first hangs up, and the other
    // side's question then goes unanswered (KDF lets an unanswered peer pass), so under load only one
    // side may count the rejection. Each side's rule alone is in the unit tests.
    await vi.waitFor(() => {
      expect(s.peerClocks.rejected + n.peerClocks.rejected).toBeGreaterThanOrEqual(1);
    }, WAIT);
  });
});
