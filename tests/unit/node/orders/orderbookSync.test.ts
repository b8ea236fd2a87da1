import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { encodeOrdermatchMessage } from '../../../../src/node/orders/messages/codec';
import { Bus } from './bus';
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

  it('a keep-alive whose digest differs from ours makes us fetch that maker’s orders again', async () => {
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
