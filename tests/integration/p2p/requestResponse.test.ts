/**
 * KDF's request-response through the seed: a node with no connection but the seed asks, the seed
 * passes the request to its other peers, and the first Ok answer comes back.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytes, seedPeerId, startNode, stopAll, WAIT } from './helpers';

afterEach(stopAll);

const connected = async (...nodes: Awaited<ReturnType<typeof startNode>>[]): Promise<void> => {
  await vi.waitFor(() => {
    for (const n of nodes) expect(n.p2p.connectedPeers()).toContain(seedPeerId());
  }, WAIT);
};

describe('request-response A → seed → B', () => {
  it("A gets B's answer through the seed; B sees the seed as the asking peer", async () => {
    const [a, b, c] = await Promise.all([startNode(), startNode(), startNode()]);
    const seen: [number[], string][] = [];
    b.p2p.onRequest(async (payload, peerId) => {
      seen.push([[...payload], peerId]);
      return bytes(...payload, 0xbb);
    });
    c.p2p.onRequest(async () => null); // C has nothing: None, which does not win over B's Ok
    await connected(a, b, c);

    expect(a.p2p.connectedPeers()).toEqual([seedPeerId()]);
    expect(await a.p2p.request(bytes(1, 2))).toEqual({ payload: bytes(1, 2, 0xbb), peerId: seedPeerId() });
    expect(await a.p2p.request(bytes(3), seedPeerId())).toEqual({ payload: bytes(3, 0xbb), peerId: seedPeerId() });
    expect(seen).toEqual([
      [[1, 2], seedPeerId()],
      [[3], seedPeerId()],
    ]);
  });

  it('a large answer (400 KB, ~600 KB as rmp ints) crosses intact', async () => {
    const [a, b] = await Promise.all([startNode(), startNode()]);
    const big = Uint8Array.from({ length: 400_000 }, (_, i) => i % 251);
    b.p2p.onRequest(async () => big);
    await connected(a, b);
    expect((await a.p2p.request(bytes(1)))?.payload).toEqual(big);
  });

  it('null when no peer has an answer: None, an error, or a peer not connected', async () => {
    const [a, b, c] = await Promise.all([startNode(), startNode(), startNode()]);
    b.p2p.onRequest(async () => null);
    c.p2p.onRequest(async () => {
      throw new Error('cannot answer');
    });
    await connected(a, b, c);
    expect(await a.p2p.request(bytes(1))).toBeNull();
    expect(await a.p2p.request(bytes(1), c.p2p.peerId)).toBeNull(); // not directly connected
  });

  it('a node whose only seed is dead starts at once and answers null', async () => {
    const started = Date.now();
    const lonely = await startNode([`/ip4/127.0.0.1/tcp/9/ws/p2p/${seedPeerId()}`]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lonely.p2p.connectedPeers()).toEqual([]);
    expect(await lonely.p2p.request(bytes(1))).toBeNull();
  });
});
