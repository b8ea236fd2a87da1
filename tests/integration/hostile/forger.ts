/**
 * A peer of the hostile tests that answers `GetOrderbook` as the test says, and the moves that
 * make honest nodes ask it: following a pair, and a keep-alive with a root nobody holds. Stopped
 * by `stopForgers`.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { WebSocket } from 'ws';
import { encodeOrdermatchMessage } from '../../../src/node/orders/messages/codec';
import { decodeOrdermatchRequest, encodeGetOrderbookRes, type PubkeyOrders } from '../../../src/node/orders/messages/requests';
import { albOrderedPair, orderbookTopic } from '../../../src/node/orders/orderbook';
import { createP2p, type Libp2pP2p } from '../../../src/node/p2p/libp2pNode';
import type { P2pMessage } from '../../../src/node/p2p/types';
import { meshed, seedAddr } from '../p2p/helpers';
import { asks, type BookNode } from './bookNode';

export interface Forger {
  p2p: Libp2pP2p;
  /** What the test's own subscriptions collect. */
  seen: P2pMessage[];
  /** GetOrderbook requests answered so far. */
  answered: () => number;
  /** The answer to give; none (the request goes to other peers) while null. */
  forge: { answer: (() => PubkeyOrders[]) | null };
}

const running: Libp2pP2p[] = [];

/** A peer with its own key on the devnet's seed that answers GetOrderbook as `forge` says (not at all until told). */
export async function startForger(): Promise<Forger> {
  const p2p = await createP2p({ signingKey: secp256k1.utils.randomSecretKey(), seednodes: [seedAddr()], allowLoopback: true, webSocket: (url) => new WebSocket(url) });
  running.push(p2p);
  const forge: Forger['forge'] = { answer: null };
  let answered = 0;
  p2p.onRequest(async (payload) => {
    if (!forge.answer || decodeOrdermatchRequest(payload)?.type !== 'GetOrderbook') return null;
    answered++;
    return encodeGetOrderbookRes(forge.answer());
  });
  return { p2p, seen: [], answered: () => answered, forge };
}

export async function stopForgers(): Promise<void> {
  await Promise.all(running.splice(0).map((p) => p.stop()));
}

/** Makes `node` follow RLTC1/`rel` and waits until the seed relays that topic to it. */
export async function follow(node: BookNode, rel: string): Promise<void> {
  await asks(node, rel);
  await meshed(node.p2p, orderbookTopic('RLTC1', rel));
}

/** The forger announces a keep-alive of its own on the pair: every follower asks the network for the pair. */
export async function provokeResync(forger: Libp2pP2p, rel: string): Promise<void> {
  const pair = albOrderedPair('RLTC1', rel);
  const msg = { trieRoots: new Map([[pair, new Uint8Array(8).fill(3)]]), timestamp: Math.floor(Date.now() / 1000) };
  await forger.publish(`orbk/${pair}`, encodeOrdermatchMessage({ type: 'PubkeyKeepAlive', msg }));
}
