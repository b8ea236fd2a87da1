import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '../../../../src/node/crypto';
import { decodeOrdermatchMessage, encodeOrdermatchMessage } from '../../../../src/node/orders/messages/codec';
import { decodeOrdermatchRequest, encodeGetOrderbookRes, type PubkeyOrders } from '../../../../src/node/orders/messages/requests';
import { pairTrieRoot } from '../../../../src/node/orders/orderbook';
import type { OrderbookItem } from '../../../../src/node/orders/types';
import { decodeSigned } from '../../../../src/node/p2p/envelope';
import { Bus, type BusP2p } from './bus';
import { fakeCoin, num, settle, startTestNode, useFakeClock, type TestNode } from './harness';

const order = (price = '2', rel = 'RLTC2') => ({
  base: 'RLTC1',
  rel,
  price: num(price),
  volume: num('1'),
  max: false,
  cancelPrevious: false,
  saveInHistory: true,
});

let bus: Bus;
let maker: TestNode;
let watcher: TestNode;
const started: TestNode[] = [];

beforeEach(async () => {
  useFakeClock();
  bus = new Bus();
  maker = await startTestNode(bus);
  watcher = await startTestNode(bus);
  started.push(maker, watcher);
});

afterEach(async () => {
  for (const n of started.splice(0)) await n.service.stop();
  vi.useRealTimers();
});

const uuids = async (n: TestNode, base = 'RLTC1', rel = 'RLTC2'): Promise<string[]> =>
  (await n.service.orderbook(base, rel)).asks.map((a) => a.uuid).sort();

describe('orderbook sync', () => {
  it('a late joiner asks a peer for the pair on its first orderbook call and gets every maker’s orders', async () => {
    const a = await maker.service.setPrice(order());
    const b = await watcher.service.setPrice(order('3'));
    await settle();
    const late = await startTestNode(bus);
    started.push(late);
    expect(await uuids(late)).toEqual([a.uuid, b.uuid].sort());
    const requests = late.p2p.requests;
    await uuids(late);
    expect(late.p2p.requests).toBe(requests);
  });

  it('a node not following the pair does not answer, so the request goes to one that does', async () => {
    const a = await maker.service.setPrice(order());
    await settle();
    const late = await startTestNode(bus);
    started.push(late);
    expect(await uuids(late)).toEqual([a.uuid]);
  });

  it('orders of a maker whose keep-alives stop leave the book after MAKER_ORDER_TIMEOUT; alive ones stay', async () => {
    const a = await maker.service.setPrice(order());
    await settle();
    expect(await uuids(watcher)).toEqual([a.uuid]);
    // Keep-alives every 30 s keep the order well past MAKER_ORDER_TIMEOUT (the last one at 210 s).
    await vi.advanceTimersByTimeAsync(210_000);
    await settle();
    expect(await uuids(watcher)).toEqual([a.uuid]);
    await maker.service.stop();
    await maker.p2p.stop();
    await vi.advanceTimersByTimeAsync(89_000);
    expect(await uuids(watcher)).toEqual([a.uuid]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await uuids(watcher)).toEqual([]);
  });

  it('a keep-alive whose root differs from ours makes us fetch that maker’s orders again', async () => {
    await uuids(maker);
    await uuids(watcher);
    bus.drop = (to) => to === watcher.p2p.peerId;
    const a = await maker.service.setPrice(order());
    await settle();
    bus.drop = null;
    expect(await uuids(watcher)).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(await uuids(watcher)).toEqual([a.uuid]);
  });

  it('messages from another key than the order’s owner are dropped', async () => {
    const a = await maker.service.setPrice(order());
    await settle();
    await uuids(watcher);
    const forger = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
    const root = new Uint8Array(8);
    bus.inject('orbk/RLTC1:RLTC2', forger, encodeOrdermatchMessage({ type: 'MakerOrderCancelled', msg: { uuid: a.uuid, timestamp: 1, pairTrieRoot: root } }));
    bus.inject('orbk/RLTC1:RLTC2', forger, encodeOrdermatchMessage({ type: 'MakerOrderUpdated', msg: { uuid: a.uuid, newPrice: num('100'), timestamp: 1, pairTrieRoot: root } }));
    await settle();
    const [ask] = (await watcher.service.orderbook('RLTC1', 'RLTC2')).asks;
    expect([ask?.uuid, ask?.price.toDecimalString()]).toEqual([a.uuid, '2']);
  });

  it('malformed bytes and orders announced on another pair’s topic are ignored', async () => {
    await uuids(watcher);
    const forger = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
    bus.inject('orbk/RLTC1:RLTC2', forger, new Uint8Array([0x81, 0x00, 0xc0]));
    const created = {
      uuid: '00000000-0000-4000-8000-000000000001',
      base: 'RLTC1',
      rel: 'ETHDEV',
      price: num('1'),
      maxVolume: num('1'),
      minVolume: num('0.1'),
      createdAt: 1,
      confSettings: { baseConfs: 1, baseNota: false, relConfs: 1, relNota: false },
      timestamp: 1,
      pairTrieRoot: new Uint8Array(8),
      baseProtocolInfo: new Uint8Array(),
      relProtocolInfo: new Uint8Array(),
    };
    bus.inject('orbk/RLTC1:RLTC2', forger, encodeOrdermatchMessage({ type: 'MakerOrderCreated', msg: created }));
    await settle();
    expect(watcher.logs.some((l) => l.includes('malformed'))).toBe(true);
    expect(watcher.p2p.penalties.map((p) => p.peerId)).toContain('forger');
    expect((await watcher.service.orderbook('RLTC1', 'ETHDEV')).asks).toEqual([]);
  });

  it('a cancelled order stays gone when its creation arrives late', async () => {
    await uuids(watcher);
    const other = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
    const uuid = '00000000-0000-4000-8000-000000000002';
    const root = new Uint8Array(8);
    const created = encodeOrdermatchMessage({
      type: 'MakerOrderCreated',
      msg: {
        uuid,
        base: 'RLTC1',
        rel: 'RLTC2',
        price: num('1'),
        maxVolume: num('1'),
        minVolume: num('0.1'),
        createdAt: 1,
        confSettings: { baseConfs: 1, baseNota: false, relConfs: 1, relNota: false },
        timestamp: 1,
        pairTrieRoot: root,
        baseProtocolInfo: new Uint8Array(),
        relProtocolInfo: new Uint8Array(),
      },
    });
    bus.inject('orbk/RLTC1:RLTC2', other, encodeOrdermatchMessage({ type: 'MakerOrderCancelled', msg: { uuid, timestamp: 1, pairTrieRoot: root } }));
    bus.inject('orbk/RLTC1:RLTC2', other, created);
    await settle();
    expect(await uuids(watcher)).toEqual([]);
  });

  it('orderbook tickers: BTC-segwit style coins share their orderbook ticker’s book', async () => {
    maker.balances.set('RLTC1-segwit', num('10'));
    maker.coins.reserve('RLTC1-segwit');
    maker.coins.settle('RLTC1-segwit', fakeCoin('RLTC1-segwit', maker.balances));
    const a = await maker.service.setPrice({ ...order(), base: 'RLTC1-segwit' });
    expect(a.baseOrderbookTicker).toBe('RLTC1');
    await settle();
    expect(await uuids(watcher, 'RLTC1', 'RLTC2')).toEqual([a.uuid]);
    expect(await uuids(watcher, 'RLTC1-segwit', 'RLTC2')).toEqual([a.uuid]);
  });

  it('best orders come from my book and a peer’s answer', async () => {
    const a = await maker.service.setPrice(order('2'));
    const b = await maker.service.setPrice(order('3', 'ETHDEV'));
    await settle();
    const best = await watcher.service.bestOrders('RLTC1', 'buy', num('1'));
    expect([...best.keys()].sort()).toEqual(['ETHDEV', 'RLTC2']);
    expect(best.get('RLTC2')?.[0]?.uuid).toBe(a.uuid);
    expect(best.get('ETHDEV')?.[0]?.uuid).toBe(b.uuid);
    expect((await watcher.service.bestOrders('RLTC1', 'buy', 1)).get('RLTC2')).toHaveLength(1);
  });
});

/** The last envelope `maker` published of the given type. */
function lastEnvelope(maker: TestNode, type: string): Uint8Array {
  const sent = bus.log.filter((e) => bytesToHex(e.from) === maker.pubkeyHex && decodeOrdermatchMessage(e.payload).type === type);
  const last = sent.at(-1);
  if (!last) throw new Error(`${maker.pubkeyHex} sent no ${type}`);
  return last.envelope;
}

/** A peer with its own key that answers GetOrderbook with whatever `forge` makes, and can trigger a resync. */
function startForger(forge: () => PubkeyOrders[]): { p2p: BusP2p; answered: () => number; pubkey: string } {
  const key = secp256k1.utils.randomSecretKey();
  const p2p = bus.join(secp256k1.getPublicKey(key, true), key);
  let answered = 0;
  p2p.onRequest(async (payload) => {
    if (decodeOrdermatchRequest(payload)?.type !== 'GetOrderbook') return null;
    answered++;
    return encodeGetOrderbookRes(forge());
  });
  return { p2p, answered: () => answered, pubkey: bytesToHex(secp256k1.getPublicKey(key, true)) };
}

describe('signed orderbook sync: forged answers', () => {
  const forgedOrder = (real: OrderbookItem): OrderbookItem => ({ ...real, uuid: '00000000-0000-4000-8000-0000000000ff', price: num('0.01') });

  async function realOrder(): Promise<OrderbookItem> {
    await uuids(watcher);
    const a = await maker.service.setPrice(order());
    await settle();
    const held = (await watcher.service.orderbook('RLTC1', 'RLTC2')).asks.find((o) => o.uuid === a.uuid);
    if (!held) throw new Error('the watcher did not get the order');
    return held;
  }

  /** The forger announces an order of its own, so the watcher asks it for the pair. */
  async function triggerResync(forger: { p2p: BusP2p }): Promise<void> {
    const root = new Uint8Array(8).fill(7);
    const timestamp = Math.floor(Date.now() / 1000);
    await forger.p2p.publish('orbk/RLTC1:RLTC2', encodeOrdermatchMessage({ type: 'PubkeyKeepAlive', msg: { trieRoots: new Map([['RLTC1:RLTC2', root]]), timestamp } }));
    await settle();
  }

  const variants: [string, (real: OrderbookItem) => PubkeyOrders[]][] = [
    ['a forged order under the maker’s key with the maker’s own last signed message', (real) => [
      { pubkey: real.pubkey, lastKeepAlive: 1, proof: lastEnvelope(maker, 'MakerOrderCreated'), orders: [real, forgedOrder(real)] },
    ]],
    ['a forged order whose proof the forger signed itself', (real) => {
      const keepAlive = encodeOrdermatchMessage({ type: 'PubkeyKeepAlive', msg: { trieRoots: new Map([['RLTC1:RLTC2', pairTrieRoot([forgedOrder(real)])]]), timestamp: Math.floor(Date.now() / 1000) } });
      return [{ pubkey: real.pubkey, lastKeepAlive: 1, proof: forgerP2p!.sign(keepAlive), orders: [forgedOrder(real)] }];
    }],
  ];
  let forgerP2p: BusP2p | null = null;

  it.each(variants)('%s: dropped whole, the real order kept, the sender penalized', async (_name, forge) => {
    const real = await realOrder();
    const forger = startForger(() => forge(real));
    forgerP2p = forger.p2p;
    await triggerResync(forger);
    expect(forger.answered()).toBeGreaterThan(0);
    expect(await uuids(watcher)).toEqual([real.uuid]);
    expect(watcher.p2p.penalties.map((p) => p.peerId)).toContain(forger.p2p.peerId);
    expect(watcher.logs.some((l) => l.includes('dropped a bad GetOrderbook'))).toBe(true);
  });

  it.each([
    ['a replacement set without the real order', (real: OrderbookItem) => [forgedOrder(real)]],
    ['the real order and a forged one', (real: OrderbookItem) => [real, forgedOrder(real)]],
  ])('%s with no proof (as a KDF relay sends): adds and removes nothing while its root is not the maker’s signed one', async (_name, forge) => {
    const real = await realOrder();
    const forger = startForger(() => [{ pubkey: real.pubkey, lastKeepAlive: 1, proof: new Uint8Array(), orders: forge(real) }]);
    await triggerResync(forger);
    expect(forger.answered()).toBeGreaterThan(0);
    expect(await uuids(watcher)).toEqual([real.uuid]);
    // The maker's keep-alives go on signing the real root: the set never matches and ages out.
    await vi.advanceTimersByTimeAsync(90_000);
    await settle();
    expect(await uuids(watcher)).toEqual([real.uuid]);
    expect(watcher.p2p.penalties).toEqual([]);
  });

  it('an empty set for the maker removes nothing', async () => {
    const real = await realOrder();
    const forger = startForger(() => [{ pubkey: real.pubkey, lastKeepAlive: 1, proof: new Uint8Array(), orders: [] }]);
    await triggerResync(forger);
    expect(forger.answered()).toBeGreaterThan(0);
    expect(await uuids(watcher)).toEqual([real.uuid]);
  });

  it('a genuine but older set of the maker does not undo its newer messages', async () => {
    const real = await realOrder();
    const proofBefore = lastEnvelope(maker, 'MakerOrderCreated');
    await vi.advanceTimersByTimeAsync(2_000);
    await maker.service.updateMakerOrder({ uuid: real.uuid, newPrice: num('3'), max: false });
    await settle();
    const forger = startForger(() => [{ pubkey: real.pubkey, lastKeepAlive: 1, proof: proofBefore, orders: [real] }]);
    await triggerResync(forger);
    expect(forger.answered()).toBeGreaterThan(0);
    expect((await watcher.service.orderbook('RLTC1', 'RLTC2')).asks.map((o) => o.price.toDecimalString())).toEqual(['3']);
    expect(watcher.logs.some((l) => l.includes('older than the maker’s last message'))).toBe(true);
  });

  it('a late joiner takes a maker’s orders relayed by another node only with the maker’s signature over them', async () => {
    const a = await maker.service.setPrice(order());
    await settle();
    await uuids(watcher);
    await maker.service.stop();
    await maker.p2p.stop();
    const late = await startTestNode(bus);
    started.push(late);
    expect(await uuids(late)).toEqual([a.uuid]);
    const proof = decodeSigned(lastEnvelope(maker, 'MakerOrderCreated'));
    expect(bytesToHex(proof.pubkey)).toBe(maker.pubkeyHex);
  });
});

describe('replays', () => {
  it('a replayed MakerOrderCreated does not revive a cancelled order, at once or 125 s later', async () => {
    await uuids(watcher);
    const a = await maker.service.setPrice(order());
    await settle();
    const created = lastEnvelope(maker, 'MakerOrderCreated');
    await maker.service.cancelOrder(a.uuid);
    await settle();
    bus.replay('orbk/RLTC1:RLTC2', created);
    await settle();
    expect(await uuids(watcher)).toEqual([]);
    await vi.advanceTimersByTimeAsync(125_000);
    bus.replay('orbk/RLTC1:RLTC2', created);
    await settle();
    expect(await uuids(watcher)).toEqual([]);
    expect(watcher.logs.some((l) => l.includes('dropped a MakerOrderCreated') && l.includes('too old'))).toBe(true);
  });

  it('a cancel forged before the order neither hides it nor, after the real cancel, lets a replay revive it', async () => {
    await uuids(watcher);
    const forger = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
    const a = await maker.service.setPrice(order());
    const created = lastEnvelope(maker, 'MakerOrderCreated');
    const uuid = a.uuid;
    // The watcher misses the creation; the forger's cancel arrives first, then the creation again.
    const root = new Uint8Array(8);
    const forgedCancel = () => encodeOrdermatchMessage({ type: 'MakerOrderCancelled', msg: { uuid, timestamp: Math.floor(Date.now() / 1000), pairTrieRoot: root } });
    bus.inject('orbk/RLTC1:RLTC2', forger, forgedCancel());
    await settle();
    bus.replay('orbk/RLTC1:RLTC2', created);
    await settle();
    expect(await uuids(watcher)).toEqual([uuid]);
    await maker.service.cancelOrder(uuid);
    await settle();
    bus.inject('orbk/RLTC1:RLTC2', forger, forgedCancel());
    bus.replay('orbk/RLTC1:RLTC2', created);
    await settle();
    expect(await uuids(watcher)).toEqual([]);
  });

  it('a replayed older update is dropped: the maker’s newest state stays', async () => {
    await uuids(watcher);
    const a = await maker.service.setPrice(order());
    await settle();
    await maker.service.updateMakerOrder({ uuid: a.uuid, newPrice: num('3'), max: false });
    await settle();
    const firstUpdate = lastEnvelope(maker, 'MakerOrderUpdated');
    await vi.advanceTimersByTimeAsync(2_000);
    await maker.service.updateMakerOrder({ uuid: a.uuid, newPrice: num('4'), max: false });
    await settle();
    bus.replay('orbk/RLTC1:RLTC2', firstUpdate);
    await settle();
    expect((await watcher.service.orderbook('RLTC1', 'RLTC2')).asks[0]?.price.toDecimalString()).toBe('4');
  });
});
