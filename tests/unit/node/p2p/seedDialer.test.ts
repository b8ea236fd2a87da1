/**
 * The seed loops against a scripted libp2p: each dial answers what the test says (a connection
 * under a peer id, or an error), so states, replacement and hang-ups can be followed exactly.
 */
import type { Libp2p } from '@libp2p/interface';
import { multiaddr } from '@multiformats/multiaddr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialFailure, SeedDialer } from '../../../../src/node/p2p/seedDialer';
import type { SeedStatusData } from '../../../../src/shared/wire';

class FakeConn extends EventTarget {
  constructor(readonly remotePeer: { toString(): string }) {
    super();
  }
  close(): void {
    this.dispatchEvent(new Event('close'));
  }
}

/** Dials answer from `answers` per address: a peer id connects, an Error fails. Missing: fails as refused. */
function fakeLibp2p(answers: Map<string, string | Error>) {
  const conns = new Map<string, FakeConn>();
  const hungUp: string[] = [];
  const dials: string[] = [];
  const libp2p = {
    async dial(addr: { toString(): string }) {
      dials.push(addr.toString());
      await Promise.resolve();
      const a = answers.get(addr.toString()) ?? new Error('connect ECONNREFUSED');
      if (a instanceof Error) throw a;
      const conn = new FakeConn({ toString: () => a });
      conns.set(a, conn);
      return conn;
    },
    getPeers: () => [...conns.keys()].map((id) => ({ toString: () => id })),
    async hangUp(peer: { toString(): string }) {
      hungUp.push(peer.toString());
      const c = conns.get(peer.toString());
      conns.delete(peer.toString());
      c?.close();
    },
  };
  return { libp2p: libp2p as unknown as Libp2p, conns, hungUp, dials };
}

const A = '/ip4/127.0.0.1/tcp/4001/ws';
const B = '/ip4/127.0.0.1/tcp/4002/ws';
let dialer: SeedDialer | null = null;
let stopDialer: AbortController | null = null;

// A test that failed half-way still ends its loops.
afterEach(async () => {
  stopDialer?.abort();
  await dialer?.ended();
});

function start(answers: Map<string, string | Error>, stop: AbortController) {
  stopDialer = stop;
  const signal = stop.signal;
  const f = fakeLibp2p(answers);
  const changes: SeedStatusData[][] = [];
  dialer = new SeedDialer(f.libp2p, signal, () => undefined, () => changes.push(dialer!.seeds));
  return { ...f, changes, dialer };
}

describe('SeedDialer', () => {
  it('reports connecting, then unreachable with the dial error in words, then connected', async () => {
    const answers = new Map<string, string | Error>([[A, new Error('connect ECONNREFUSED 127.0.0.1:4001')]]);
    const stop = new AbortController();
    const { dialer: d, changes } = start(answers, stop);
    d.setSeeds([multiaddr(A)]);
    expect(d.seeds).toEqual([{ addr: A, state: 'connecting' }]);
    await vi.waitFor(() => expect(d.seeds).toEqual([{ addr: A, state: 'unreachable', error: 'connect ECONNREFUSED 127.0.0.1:4001' }]));
    answers.set(A, 'peerA');
    await vi.waitFor(() => expect(d.seeds).toEqual([{ addr: A, state: 'connected' }]), { timeout: 5_000 });
    expect(d.isSeed('peerA')).toBe(true);
    // The node is told each change once (retries that fail the same way are not changes).
    expect(changes.map((c) => c[0]!.state)).toEqual(['connecting', 'unreachable', 'connected']);
    stop.abort();
    await d.ended();
  });

  it('a lost connection goes back to connecting and is dialled again', async () => {
    const stop = new AbortController();
    const { dialer: d, conns } = start(new Map([[A, 'peerA']]), stop);
    d.setSeeds([multiaddr(A)]);
    await vi.waitFor(() => expect(d.seeds[0]!.state).toBe('connected'));
    conns.get('peerA')!.close();
    conns.delete('peerA');
    await vi.waitFor(() => expect(d.seeds[0]!.state).toBe('connecting'));
    await vi.waitFor(() => expect(d.seeds[0]!.state).toBe('connected'), { timeout: 5_000 });
    stop.abort();
    await d.ended();
  });

  it('setSeeds dials the new seed, drops the removed one with its connection, keeps the network up', async () => {
    const stop = new AbortController();
    const { dialer: d, hungUp, dials } = start(new Map([[A, 'peerA'], [B, 'peerB']]), stop);
    d.setSeeds([multiaddr(A)]);
    await vi.waitFor(() => expect(d.seeds).toEqual([{ addr: A, state: 'connected' }]));
    d.setSeeds([multiaddr(B)]);
    expect(hungUp).toEqual(['peerA']);
    expect(d.isSeed('peerA')).toBe(false);
    await vi.waitFor(() => expect(d.seeds).toEqual([{ addr: B, state: 'connected' }]));
    // A kept seed is left alone: no new dial, no hang-up.
    const dialsBefore = dials.length;
    d.setSeeds([multiaddr(B), multiaddr(A)]);
    await vi.waitFor(() => expect(d.seeds.map((s) => s.state)).toEqual(['connected', 'connected']));
    expect(dials.slice(dialsBefore)).toEqual([A]);
    expect(hungUp).toEqual(['peerA']);
    stop.abort();
    await d.ended();
  });

  it('a pinned peer id counts as a seed before it ever answers; after stop the list cannot change', async () => {
    const stop = new AbortController();
    const { dialer: d } = start(new Map(), stop);
    d.setSeeds([multiaddr(`${A}/p2p/12D3KooWQh5rK3U8sT4QjzYcKMmSbUmmLBhBnZEXeWbSPUUmPdbm`)]);
    expect(d.isSeed('12D3KooWQh5rK3U8sT4QjzYcKMmSbUmmLBhBnZEXeWbSPUUmPdbm')).toBe(true);
    stop.abort();
    await d.ended();
    expect(() => d.setSeeds([multiaddr(B)])).toThrow(expect.objectContaining({ errorType: 'P2PError' }));
  });

  it('a browser WebSocket error event (no reason given) becomes words with the likely causes', () => {
    const ev = { type: 'error', target: {} };
    expect(dialFailure(ev)).toMatch(/^the WebSocket connection failed \(the browser gives no reason: the seed may be down/);
    expect(dialFailure(new AggregateError([ev], 'All multiaddr dials failed'))).toMatch(/^All multiaddr dials failed: the WebSocket connection failed/);
    expect(dialFailure(new Error('connect ECONNREFUSED 127.0.0.1:9'))).toBe('connect ECONNREFUSED 127.0.0.1:9');
  });
});
