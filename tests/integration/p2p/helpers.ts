/**
 * Nodes for the p2p tests: `createP2p` nodes on the devnet's seed, and a bare gossipsub peer that
 * can put any bytes on a topic (to play a forger), all on 127.0.0.1 and all stopped by `stopAll`.
 */
import '../../../src/node/p2p/polyfills';
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { gossipsub, type GossipSub } from '@libp2p/gossipsub';
import { identify } from '@libp2p/identify';
import type { Libp2p } from '@libp2p/interface';
import { webSockets } from '@libp2p/websockets';
import { multiaddr } from '@multiformats/multiaddr';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { createLibp2p } from 'libp2p';
import { vi } from 'vitest';
import { WebSocket } from 'ws';
import { createP2p, type Libp2pP2p } from '../../../src/node/p2p/libp2pNode';
import type { P2pMessage } from '../../../src/node/p2p/types';
import { devnet } from '../devnet/daemon';

export const WAIT = { timeout: 10_000, interval: 20 };

const running: { stop(): void | Promise<void> }[] = [];

export const seedAddr = (): string => devnet().seednodes[0]!;
export const seedPeerId = (): string => seedAddr().split('/p2p/')[1]!;

export interface TestNode {
  p2p: Libp2pP2p;
  key: Uint8Array;
  pubkey: Uint8Array;
}

export async function startNode(seednodes: string[] = [seedAddr()]): Promise<TestNode> {
  const key = secp256k1.utils.randomSecretKey();
  const p2p = await createP2p({ signingKey: key, seednodes, allowLoopback: true, webSocket: (url) => new WebSocket(url) });
  running.push(p2p);
  return { p2p, key, pubkey: secp256k1.getPublicKey(key, true) };
}

/** A gossipsub peer without envelopes: publishes whatever bytes it is given. */
export async function startRawPeer(): Promise<Libp2p<{ pubsub: GossipSub }>> {
  const libp2p = await createLibp2p({
    transports: [webSockets()],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux()],
    services: {
      identify: identify(),
      pubsub: gossipsub({ allowPublishToZeroTopicPeers: true, scoreParams: { IPColocationFactorWeight: 0 } }),
    },
  });
  running.push(libp2p);
  await libp2p.dial(multiaddr(seedAddr()));
  return libp2p;
}

export async function stopAll(): Promise<void> {
  await Promise.all(running.splice(0).map(async (n) => n.stop()));
}

/** A fresh topic per test, so tests do not see each other's messages. */
export const freshTopic = (): string => `orbk/T${Math.random().toString(36).slice(2, 8)}:X`;

/** Subscribes and collects messages. */
export function collect(p2p: Libp2pP2p, topic: string): P2pMessage[] {
  const got: P2pMessage[] = [];
  p2p.subscribe(topic, (m) => got.push(m));
  return got;
}

/** Waits until the node's mesh for `topic` has the seed: then the seed relays the topic to it. */
export async function meshed(p2p: Libp2pP2p, topic: string): Promise<void> {
  await vi.waitFor(() => {
    if (!p2p.meshPeers(topic).includes(seedPeerId())) throw new Error(`not meshed with the seed on ${topic}`);
  }, WAIT);
}

export const bytes = (...b: number[]): Uint8Array => new Uint8Array(b);
