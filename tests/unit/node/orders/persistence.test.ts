import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshIndexedDb } from '../../../../tools/host/nodeIndexedDb';
import { OrdersStore } from '../../../../src/node/storage/ordersDb';
import type { StorageFactory } from '../../../../src/node/storage';
import { OrdersPersistence } from '../../../../src/node/orders/persistence';
import type { MakerOrder } from '../../../../src/node/orders/types';
import { Bus } from './bus';
import { num, settle, startTestNode, useFakeClock, type TestNode } from './harness';

const WALLET = 'ab'.repeat(20);

const setprice = (over: Record<string, unknown> = {}) => ({
  base: 'RLTC1',
  rel: 'RLTC2',
  price: num('2'),
  volume: num('1'),
  max: false,
  cancelPrevious: false,
  saveInHistory: true,
  ...over,
});

let factory: StorageFactory;
let bus: Bus;
const nodes: TestNode[] = [];

async function persistence(): Promise<OrdersPersistence> {
  return new OrdersPersistence(await OrdersStore.open(factory, WALLET));
}

beforeEach(() => {
  useFakeClock();
  factory = freshIndexedDb();
  bus = new Bus();
});

afterEach(async () => {
  for (const n of nodes.splice(0)) await n.service.stop();
  vi.useRealTimers();
});

async function node(opts: Parameters<typeof startTestNode>[1] = {}): Promise<TestNode> {
  const n = await startTestNode(bus, opts);
  nodes.push(n);
  return n;
}

describe('my orders in the ordermatch database', () => {
  it('survive a restart exactly, and maker orders are announced again', async () => {
    const first = await node({ persistence: await persistence() });
    const maker = await first.service.setPrice(setprice({ minVolume: num('0.25') }));
    const taker = await first.service.sellOrBuy({
      action: 'Buy',
      base: 'RLTC1',
      rel: 'ETHDEV',
      price: num('1'),
      volume: num('1'),
      matchBy: { type: 'Any' },
      orderType: 'FillOrKill',
      timeout: 600,
      saveInHistory: false,
    });
    await first.service.stop();
    await first.p2p.stop();
    nodes.splice(0);

    const watcher = await node();
    await watcher.service.orderbook('RLTC1', 'RLTC2');
    const again = await node({ persistence: await persistence(), key: first.key });
    const [restored] = again.service.makerOrders();
    expect(restored).toEqual(maker);
    expect(restored?.price.toDecimalString()).toBe('2');
    expect(again.service.takerOrders()).toEqual([taker]);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    const { asks } = await watcher.service.orderbook('RLTC1', 'RLTC2');
    expect(asks.map((a) => [a.uuid, a.pubkey])).toEqual([[maker.uuid, again.pubkeyHex]]);
  });

  it('a restored order is cut to what the balance still covers, or ends when that is below its minimum', async () => {
    const first = await node({ persistence: await persistence() });
    await first.service.setPrice(setprice({ volume: num('50'), minVolume: num('30') }));
    const small = await first.service.setPrice(setprice({ rel: 'ETHDEV', volume: num('10'), minVolume: num('1') }));
    await first.service.stop();
    nodes.splice(0);
    const again = await node({ persistence: await persistence(), key: first.key, balances: { RLTC1: '20', RLTC2: '1', ETHDEV: '1' } });
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(again.service.makerOrders().map((o) => [o.uuid, o.maxBaseVol.toDecimalString()])).toEqual([[small.uuid, '10']]);
    const history = await again.service.history();
    expect(history.map((h) => [h.type, h.reason])).toEqual([['Maker', 'InsufficientBalance']]);
  });

  it('finished orders go to the history only when save_in_history', async () => {
    const n = await node({ persistence: await persistence() });
    const kept = await n.service.setPrice(setprice());
    const dropped = await n.service.setPrice(setprice({ rel: 'ETHDEV', saveInHistory: false }));
    await n.service.cancelOrder(kept.uuid);
    await n.service.cancelOrder(dropped.uuid);
    const fok = await n.service.sellOrBuy({
      action: 'Sell',
      base: 'RLTC2',
      rel: 'ETHDEV',
      price: num('1'),
      volume: num('1'),
      matchBy: { type: 'Any' },
      orderType: 'FillOrKill',
      timeout: 1,
      saveInHistory: true,
    });
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    const history = await n.service.history();
    expect(history.map((h) => [h.type, h.reason, 'request' in h.order ? h.order.request.uuid : (h.order as MakerOrder).uuid]).sort()).toEqual(
      [
        ['Maker', 'Cancelled', kept.uuid],
        ['Taker', 'TimedOut', fok.request.uuid],
      ].sort(),
    );
    const store = await persistence();
    expect(await store.load()).toEqual({ makers: [], takers: [], unreadable: [] });
  });

  it('a taker request turned maker order is stored as the maker order', async () => {
    const n = await node({ persistence: await persistence() });
    const req = await n.service.sellOrBuy({
      action: 'Sell',
      base: 'RLTC1',
      rel: 'RLTC2',
      price: num('2'),
      volume: num('1'),
      matchBy: { type: 'Any' },
      orderType: 'GoodTillCancelled',
      timeout: 1,
      saveInHistory: true,
    });
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    const stored = await (await persistence()).load();
    expect(stored.takers).toEqual([]);
    expect(stored.makers.map((o) => o.uuid)).toEqual([req.request.uuid]);
  });
});
