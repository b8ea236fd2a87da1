/**
 * Orderbook sync with a KDF seed (the stand-in relay of kdfRelay.ts, now also answering
 * ordermatch requests as KDF does) over real libp2p on 127.0.0.1: the relay's GetOrderbook answer
 * carries no proof, so its orders wait until the maker's own keep-alive signs their trie root;
 * and a keep-alive whose root we lack is resolved with KDF's SyncPubkeyOrderbookState FullTrie.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { bytesToHex } from '../../../src/node/crypto';
import { encodeOrdermatchMessage } from '../../../src/node/orders/messages/codec';
import { encodePubkeySyncRes } from '../../../src/node/orders/messages/pubkeySync';
import { decodeOrdermatchRequest, encodeGetOrderbookRes } from '../../../src/node/orders/messages/requests';
import { pairTrieRoot } from '../../../src/node/orders/orderbook';
import type { OrdersService } from '../../../src/node/orders/service';
import type { OrderbookItem } from '../../../src/node/orders/types';
import { encodeSigned } from '../../../src/node/p2p/envelope';
import type { Libp2pP2p } from '../../../src/node/p2p/libp2pNode';
import { startOrdersNode } from '../orders/ordersNode';
import { WAIT } from './helpers';
import { startFakeKdfRelay, type FakeKdfRelay } from './kdfRelay';

const PAIR = 'RLTC1:RLTC2';
const TOPIC = `orbk/${PAIR}`;
const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const n of running.splice(0)) await n.stop();
});

/** A KDF maker's key and one order of it on the pair. */
function kdfMaker(): { key: Uint8Array; order: OrderbookItem } {
  const key = secp256k1.utils.randomSecretKey();
  const order: OrderbookItem = {
    pubkey: bytesToHex(secp256k1.getPublicKey(key, true)),
    base: 'RLTC1',
    rel: 'RLTC2',
    price: MmNumber.of(3n, 2n),
    maxVolume: MmNumber.of(5n),
    minVolume: MmNumber.of(1n, 10n),
    uuid: '3f1a2b4c-5d6e-4f70-8192-a3b4c5d6e7f8',
    createdAt: Math.floor(Date.now() / 1000),
    baseProtocolInfo: new Uint8Array(),
    relProtocolInfo: new Uint8Array(),
    confSettings: null,
  };
  return { key, order };
}

/** The maker's keep-alive signing the root of `orders`, as a KDF relay forwards it: unsigned Author mode. */
function keepAlive(key: Uint8Array, orders: OrderbookItem[]): Uint8Array {
  const msg = { trieRoots: new Map([[PAIR, pairTrieRoot(orders)]]), timestamp: Math.floor(Date.now() / 1000) };
  return encodeSigned(encodeOrdermatchMessage({ type: 'PubkeyKeepAlive', msg }), key);
}

/** A relay answering GetOrderbook as KDF does: the maker's orders, `last_signed_pubkey_payload` empty. */
const kdfGetOrderbook = (order: OrderbookItem) => {
  const answer = encodeGetOrderbookRes([{ pubkey: order.pubkey, lastKeepAlive: order.createdAt, proof: new Uint8Array(), orders: [order] }]);
  return (type: string): Uint8Array | null => (type === 'GetOrderbook' ? answer : null);
};

/** Our orders node on a KDF relay answering each ordermatch request by its type; `asked` lists the types asked. */
async function nodeOn(answer: (type: string) => Uint8Array | null): Promise<{ service: OrdersService; p2p: Libp2pP2p; relay: FakeKdfRelay; asked: string[] }> {
  const asked: string[] = [];
  const relay = await startFakeKdfRelay({
    answer: (req) => {
      const type = decodeOrdermatchRequest(req)?.type;
      if (!type) return null; // network info (the clock check), not ordermatch
      asked.push(type);
      return answer(type);
    },
  });
  running.push(relay);
  const { service, p2p } = await startOrdersNode({ seednodes: [relay.multiaddr] });
  running.push(service, p2p);
  await vi.waitFor(() => expect(relay.includedBy).toContain(p2p.peerId), WAIT);
  return { service, p2p, relay, asked };
}

const uuids = async (s: OrdersService): Promise<string[]> => (await s.orderbook('RLTC1', 'RLTC2')).asks.map((a) => a.uuid);

describe('orderbook sync with a KDF relay', () => {
  it('a GetOrderbook answer without proofs gets its orders into our book once the maker’s keep-alive root matches', async () => {
    const { key, order } = kdfMaker();
    const { service, p2p, relay, asked } = await nodeOn(kdfGetOrderbook(order));
    expect(await uuids(service)).toEqual([]);
    expect(asked).toEqual(['GetOrderbook']);
    await vi.waitFor(() => expect(relay.subscriptions.get(p2p.peerId)).toContain(TOPIC), WAIT);
    relay.sendAuthorMessage(p2p.peerId, TOPIC, keepAlive(key, [order]), 1n);
    await vi.waitFor(async () => expect(await uuids(service)).toEqual([order.uuid]), WAIT);
    expect(asked).toEqual(['GetOrderbook']);
  });

  it('a GetOrderbook answer without proofs whose orders are not the ones the maker signed never gets in', async () => {
    const { key, order } = kdfMaker();
    const { service, p2p, relay, asked } = await nodeOn(kdfGetOrderbook({ ...order, price: MmNumber.of(1n, 100n) }));
    expect(await uuids(service)).toEqual([]);
    await vi.waitFor(() => expect(relay.subscriptions.get(p2p.peerId)).toContain(TOPIC), WAIT);
    relay.sendAuthorMessage(p2p.peerId, TOPIC, keepAlive(key, [order]), 1n);
    // The root differs: the node asks the relay again (per maker, then the pair), and still refuses the set.
    await vi.waitFor(() => expect(asked).toEqual(['GetOrderbook', 'SyncPubkeyOrderbookState', 'GetOrderbook']), WAIT);
    expect(await uuids(service)).toEqual([]);
  });

  it('a keep-alive root we lack is resolved with the relay’s SyncPubkeyOrderbookState FullTrie, checked against that root', async () => {
    const { key, order } = kdfMaker();
    const fullTrie = encodePubkeySyncRes(new Uint8Array(), new Map([[PAIR, [order]]]));
    const { service, p2p, relay, asked } = await nodeOn((type) => (type === 'SyncPubkeyOrderbookState' ? fullTrie : null));
    expect(await uuids(service)).toEqual([]);
    await vi.waitFor(() => expect(relay.subscriptions.get(p2p.peerId)).toContain(TOPIC), WAIT);
    relay.sendAuthorMessage(p2p.peerId, TOPIC, keepAlive(key, [order]), 1n);
    await vi.waitFor(async () => expect(await uuids(service)).toEqual([order.uuid]), WAIT);
    expect(asked).toContain('SyncPubkeyOrderbookState');
  });
});
