/**
 * Orderbook sync with KDF peers: a relay answering GetOrderbook as KDF does (no proofs), KDF's
 * SyncPubkeyOrderbookState in both directions, and hostile answers to it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '../../../../src/node/crypto';
import { decodeOrdermatchMessage, encodeOrdermatchMessage } from '../../../../src/node/orders/messages/codec';
import { readPairProof } from '../../../../src/node/orders/messages/pairProof';
import { decodePubkeySyncRes, encodePubkeySyncRes } from '../../../../src/node/orders/messages/pubkeySync';
import {
  decodeGetOrderbookRes,
  decodeOrdermatchRequest,
  encodeGetOrderbookRes,
  encodeOrdermatchRequest,
  MAX_ORDERS_IN_RESPONSE,
} from '../../../../src/node/orders/messages/requests';
import { pairTrieRoot } from '../../../../src/node/orders/orderbook';
import type { OrderbookItem } from '../../../../src/node/orders/types';
import { decodeSigned, encodeSigned } from '../../../../src/node/p2p/envelope';
import { Bus, type BusP2p } from './bus';
import { num, settle, startTestNode, useFakeClock, type TestNode } from './harness';

const PAIR = 'RLTC1:RLTC2';
const order = (price = '2') => ({ base: 'RLTC1', rel: 'RLTC2', price: num(price), volume: num('1'), max: false, cancelPrevious: false, saveInHistory: true });

let bus: Bus;
/** Joined first, so it is the first peer any request goes to. */
let relay: BusP2p;
let relayAnswer: (payload: Uint8Array) => Uint8Array | null;
let maker: TestNode;
let watcher: TestNode;
const started: TestNode[] = [];

beforeEach(async () => {
  useFakeClock();
  bus = new Bus();
  const key = secp256k1.utils.randomSecretKey();
  relay = bus.join(secp256k1.getPublicKey(key, true), key);
  relayAnswer = () => null;
  relay.onRequest(async (payload) => relayAnswer(payload));
  maker = await startTestNode(bus);
  watcher = await startTestNode(bus);
  started.push(maker, watcher);
});

afterEach(async () => {
  for (const n of started.splice(0)) await n.service.stop();
  vi.useRealTimers();
});

const uuids = async (n: TestNode): Promise<string[]> => (await n.service.orderbook('RLTC1', 'RLTC2')).asks.map((a) => a.uuid).sort();

async function late(): Promise<TestNode> {
  const node = await startTestNode(bus);
  started.push(node);
  return node;
}

/** `node`'s GetOrderbook answer for the pair, as it would send it. */
async function orderbookOf(node: TestNode): Promise<ReturnType<typeof decodeGetOrderbookRes>> {
  const answer = await bus.ask('test', encodeOrdermatchRequest({ type: 'GetOrderbook', base: 'RLTC1', rel: 'RLTC2' }), node.p2p.peerId);
  if (!answer) throw new Error(`${node.p2p.peerId} did not answer`);
  return decodeGetOrderbookRes(answer.payload);
}

/** A relay answering GetOrderbook as KDF does: every maker's orders, `last_signed_pubkey_payload` empty. */
async function kdfRelayAnswer(from: TestNode): Promise<Uint8Array> {
  return encodeGetOrderbookRes((await orderbookOf(from)).map((g) => ({ ...g, proof: new Uint8Array() })));
}

/** Our nodes stop answering requests, so only the relay does. */
function silence(...nodes: TestNode[]): void {
  for (const n of nodes) n.p2p.onRequest(async () => null);
}

const onlyGetOrderbook = (answer: Uint8Array) => (payload: Uint8Array) => (decodeOrdermatchRequest(payload)?.type === 'GetOrderbook' ? answer : null);

describe('a KDF relay’s GetOrderbook answer (no proofs)', () => {
  it('is kept aside, then taken when the maker’s keep-alive signs its root, and passed on with that proof', async () => {
    const a = await maker.service.setPrice(order());
    await settle();
    relayAnswer = onlyGetOrderbook(await kdfRelayAnswer(maker));
    silence(maker, watcher);
    const node = await late();
    expect(await uuids(node)).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(await uuids(node)).toEqual([a.uuid]);
    expect(node.p2p.penalties).toEqual([]);
    const [passedOn] = await orderbookOf(node);
    expect(readPairProof(passedOn!.proof, maker.pubkeyHex, PAIR).root).toEqual(pairTrieRoot(passedOn!.orders));
  });

  it('is taken at once when the maker’s signed root is already held', async () => {
    const a = await maker.service.setPrice(order());
    await settle();
    const answer = await kdfRelayAnswer(maker);
    silence(maker, watcher);
    const node = await late();
    expect(await uuids(node)).toEqual([]);
    relayAnswer = onlyGetOrderbook(answer);
    // The keep-alive shows a root we lack: the maker does not answer, the relay does.
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(await uuids(node)).toEqual([a.uuid]);
  });

  it('never takes a set once the maker signed another root: it ages out within two keep-alive periods', async () => {
    const a = await maker.service.setPrice(order());
    await settle();
    const stale = await kdfRelayAnswer(maker);
    await maker.service.updateMakerOrder({ uuid: a.uuid, newPrice: num('3'), max: false });
    await settle();
    relayAnswer = onlyGetOrderbook(stale);
    silence(maker, watcher);
    const node = await late();
    expect(await uuids(node)).toEqual([]);
    await vi.advanceTimersByTimeAsync(90_000);
    await settle();
    expect(await uuids(node)).toEqual([]);
    expect(node.p2p.penalties).toEqual([]);
  });

  it('is not taken at a root the maker has left: KDF’s order messages (zero roots) end that root’s standing', async () => {
    await maker.service.setPrice(order());
    await settle();
    const stale = await kdfRelayAnswer(maker);
    silence(maker, watcher);
    const node = await late();
    expect(await uuids(node)).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000); // the keep-alive signing the stale set's root
    await settle();
    const created = {
      uuid: '00000000-0000-4000-8000-0000000000b1',
      base: 'RLTC1',
      rel: 'RLTC2',
      price: num('5'),
      maxVolume: num('1'),
      minVolume: num('0.1'),
      createdAt: Math.floor(Date.now() / 1000),
      confSettings: { baseConfs: 1, baseNota: false, relConfs: 1, relNota: false },
      timestamp: Math.floor(Date.now() / 1000),
      pairTrieRoot: new Uint8Array(8),
      baseProtocolInfo: new Uint8Array(),
      relProtocolInfo: new Uint8Array(),
    };
    const envelope = encodeSigned(encodeOrdermatchMessage({ type: 'MakerOrderCreated', msg: created }), maker.key);
    bus.deliver(maker.p2p.peerId, `orbk/${PAIR}`, maker.pubkey, decodeSigned(envelope).payload, envelope);
    await settle();
    relayAnswer = onlyGetOrderbook(stale);
    expect(await uuids(node)).toEqual([created.uuid]);
  });
});

describe('SyncPubkeyOrderbookState', () => {
  it('a keep-alive root we lack is resolved by asking the peer that passed it on for that maker’s orders', async () => {
    await uuids(watcher);
    bus.drop = (to) => to === watcher.p2p.peerId;
    const a = await maker.service.setPrice(order());
    await settle();
    bus.drop = null;
    const sent = vi.spyOn(watcher.p2p, 'request');
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    const kinds = sent.mock.calls.map(([payload, peer]) => [decodeOrdermatchRequest(payload)?.type, peer]);
    expect(kinds).toEqual([['SyncPubkeyOrderbookState', maker.p2p.peerId]]);
    expect(await uuids(watcher)).toEqual([a.uuid]);
  });

  it('is answered as KDF expects: a FullTrie of the maker’s orders with its signed message, none when the roots agree', async () => {
    const a = await maker.service.setPrice(order());
    const b = await maker.service.setPrice(order('3'));
    await settle();
    await uuids(watcher);
    const ask = async (node: TestNode, root: Uint8Array) =>
      (await bus.ask('kdf', encodeOrdermatchRequest({ type: 'SyncPubkeyOrderbookState', pubkey: maker.pubkeyHex, trieRoots: new Map([[PAIR, root]]) }), node.p2p.peerId))?.payload ?? null;
    for (const node of [maker, watcher]) {
      const answer = await ask(node, new Uint8Array(8));
      if (!answer) throw new Error(`${node.p2p.peerId} did not answer`);
      const res = decodePubkeySyncRes(answer);
      const diff = res.pairs.get(PAIR);
      if (diff?.kind !== 'full') throw new Error('expected a FullTrie');
      expect(diff.orders.map((o) => o.uuid).sort()).toEqual([a.uuid, b.uuid].sort());
      const proof = readPairProof(res.proof, maker.pubkeyHex, PAIR);
      expect(proof.root).toEqual(pairTrieRoot(diff.orders));
      expect(await ask(node, proof.root)).toBeNull();
    }
    const stranger = bytesToHex(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true));
    const req = encodeOrdermatchRequest({ type: 'SyncPubkeyOrderbookState', pubkey: stranger, trieRoots: new Map([[PAIR, new Uint8Array(8)]]) });
    expect(await bus.ask('kdf', req, watcher.p2p.peerId)).toBeNull();
  });
});

describe('keep-alive floods', () => {
  it('keep-alives of many makers with roots we lack cost at most 4 per-maker requests at once and one request for the pair', async () => {
    await uuids(watcher);
    const slow = bus.join(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true));
    const waiting: (() => void)[] = [];
    slow.onRequest(() => new Promise((resolve) => waiting.push(() => resolve(null))));
    const sent = vi.spyOn(watcher.p2p, 'request');
    for (let i = 0; i < 20; i++) {
      const key = secp256k1.utils.randomSecretKey();
      const msg = { trieRoots: new Map([[PAIR, new Uint8Array(8).fill(i + 1)]]), timestamp: Math.floor(Date.now() / 1000) };
      const envelope = encodeSigned(encodeOrdermatchMessage({ type: 'PubkeyKeepAlive', msg }), key);
      bus.deliver(slow.peerId, `orbk/${PAIR}`, secp256k1.getPublicKey(key, true), decodeSigned(envelope).payload, envelope);
    }
    await settle();
    const kinds = () => sent.mock.calls.map(([payload]) => decodeOrdermatchRequest(payload)?.type);
    expect(kinds().filter((k) => k === 'SyncPubkeyOrderbookState')).toHaveLength(4);
    expect(kinds().filter((k) => k === 'GetOrderbook')).toHaveLength(1);
    // The slow peer finally answers nothing: the pair request goes on to any peer, and the failed
    // per-maker requests add no pair request of their own.
    for (const release of waiting.splice(0)) release();
    await settle();
    for (const release of waiting.splice(0)) release();
    await settle();
    expect(kinds().filter((k) => k === 'SyncPubkeyOrderbookState')).toHaveLength(4);
    expect(sent.mock.calls.filter(([payload]) => decodeOrdermatchRequest(payload)?.type === 'GetOrderbook').map(([, peer]) => peer)).toEqual([slow.peerId, undefined]);
  });
});

describe('hostile SyncPubkeyOrderbookState answers', () => {
  const forged = (real: OrderbookItem): OrderbookItem => ({ ...real, uuid: '00000000-0000-4000-8000-0000000000ff', price: num('0.01') });
  const variants: [string, (real: OrderbookItem) => Uint8Array][] = [
    ['a FullTrie adding an order under the maker’s key', (real) => encodePubkeySyncRes(new Uint8Array(), new Map([[PAIR, [real, forged(real)]]]))],
    ['a FullTrie without the maker’s order', (real) => encodePubkeySyncRes(new Uint8Array(), new Map([[PAIR, [forged(real)]]]))],
    ['a FullTrie of 10x a maker’s cap', (real) => {
      const many = Array.from({ length: 10 * MAX_ORDERS_IN_RESPONSE }, (_, i) => ({ ...real, uuid: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}` }));
      return encodePubkeySyncRes(new Uint8Array(), new Map([[PAIR, many]]));
    }],
    ['the maker’s orders listed on another pair', (real) => encodePubkeySyncRes(new Uint8Array(), new Map([[PAIR, [{ ...real, rel: 'ETHDEV' }]]]))],
  ];

  it.each(variants)('%s: nothing taken from it, its sender penalized, the real orders fetched from another peer', async (_name, forge) => {
    await uuids(watcher);
    bus.drop = (to) => to === watcher.p2p.peerId;
    const a = await maker.service.setPrice(order());
    await settle();
    const [real] = (await orderbookOf(maker))[0]!.orders;
    const forger = bus.join(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true));
    forger.onRequest(async (payload) => (decodeOrdermatchRequest(payload)?.type === 'SyncPubkeyOrderbookState' ? forge(real!) : null));
    // The forger passes on the maker's genuine keep-alive, so the watcher asks it.
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    const keepAlive = bus.log.filter((e) => bytesToHex(e.from) === maker.pubkeyHex && decodeOrdermatchMessage(e.payload).type === 'PubkeyKeepAlive').at(-1)!;
    bus.drop = null;
    const { pubkey, payload } = decodeSigned(keepAlive.envelope);
    bus.deliver(forger.peerId, `orbk/${PAIR}`, pubkey, payload, keepAlive.envelope);
    await settle();
    expect(watcher.p2p.penalties.map((p) => [p.peerId, p.reason.startsWith(`bad SyncPubkeyOrderbookState ${PAIR} answer`)])).toEqual([[forger.peerId, true]]);
    expect(await uuids(watcher)).toEqual([a.uuid]);
  });
});
