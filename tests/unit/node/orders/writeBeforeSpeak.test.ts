/**
 * Write before you speak: on every path where my orders change in a way the network sees, a store
 * that fails leaves nothing published, my orders as they were, and (on an RPC) a typed 500.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NodeContext } from '../../../../src/node/core/context';
import { MmError } from '../../../../src/node/core/errors';
import { decodeOrdermatchMessage } from '../../../../src/node/orders/messages/codec';
import type { SetPriceRequest } from '../../../../src/node/orders/makerActions';
import type { SellBuyRequest } from '../../../../src/node/orders/takerActions';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../../src/node/rpc/handlers';
import { freshIndexedDb } from '../../../../tools/host/nodeIndexedDb';
import { Bus } from './bus';
import { failingPersistence, type FailingStore } from './failingStore';
import { CONFIGS, num, settle, startTestNode, useFakeClock, type TestNode, setPriceRequest, sellBuyRequest } from './harness';

const setprice = (over: Partial<SetPriceRequest> = {}): SetPriceRequest => setPriceRequest({ volume: num('5'), ...over });

const request = (over: Partial<SellBuyRequest> = {}): SellBuyRequest => sellBuyRequest({ ...over });

let bus: Bus;
const nodes: TestNode[] = [];

beforeEach(() => {
  useFakeClock();
  bus = new Bus();
});

afterEach(async () => {
  for (const n of nodes.splice(0)) await n.service.stop();
  vi.useRealTimers();
});

async function node(store?: Awaited<ReturnType<typeof failingPersistence>>): Promise<TestNode> {
  const n = await startTestNode(bus, { persistence: store?.persistence ?? null });
  nodes.push(n);
  return n;
}

/** Types of the messages published since `from` (an index into the bus log). */
const publishedSince = (from: number): string[] => bus.log.slice(from).map((m) => decodeOrdermatchMessage(m.payload).type);

async function storageFailure(p: Promise<unknown>): Promise<MmError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(MmError);
  const err = e as MmError;
  expect(err.errorType).toBe('StorageError');
  expect(err.httpStatus).toBe(500);
  expect(err.message).toMatch(/QuotaExceededError/);
  return err;
}

const errorLogged = (n: TestNode) => n.logs.filter((l) => l.startsWith('error: orders: Error on saving'));

describe('RPCs: a failed write fails the request with StorageError and publishes nothing', () => {
  let db: Awaited<ReturnType<typeof failingPersistence>>;
  let store: FailingStore;
  let n: TestNode;

  beforeEach(async () => {
    db = await failingPersistence();
    store = db.store;
    n = await node(db);
  });

  it('setprice: no order in memory, in the store or on the network', async () => {
    store.failNext();
    await storageFailure(n.service.setPrice(setprice()));
    expect(n.service.makerOrders()).toEqual([]);
    expect((await db.stored()).makers).toEqual([]);
    expect(bus.log).toEqual([]);
  });

  it('setprice replacing my order (cancel_previous): the old order stays, nothing is cancelled on the network', async () => {
    const old = await n.service.setPrice(setprice());
    const mark = bus.log.length;
    store.failNext();
    await storageFailure(n.service.setPrice(setprice({ cancelPrevious: true, price: num('3') })));
    expect(n.service.makerOrders().map((o) => o.uuid)).toEqual([old.uuid]);
    expect((await db.stored()).makers.map((o) => o.uuid)).toEqual([old.uuid]);
    expect(publishedSince(mark)).toEqual([]);
  });

  it('sell and buy: no request in memory, in the store or on the network', async () => {
    for (const action of ['Sell', 'Buy'] as const) {
      store.failNext();
      await storageFailure(n.service.sellOrBuy(request({ action })));
    }
    expect(n.service.takerOrders()).toEqual([]);
    expect((await db.stored()).takers).toEqual([]);
    expect(bus.log).toEqual([]);
  });

  it('update_maker_order: the order keeps its price, volume and history; peers hear nothing', async () => {
    const order = await n.service.setPrice(setprice());
    const mark = bus.log.length;
    store.failNext();
    await storageFailure(n.service.updateMakerOrder({ uuid: order.uuid, newPrice: num('9'), volumeDelta: num('1'), max: false }));
    const [now] = n.service.makerOrders();
    expect(now?.price.toDecimalString()).toBe('2');
    expect(now?.maxBaseVol.toDecimalString()).toBe('5');
    expect(now?.changesHistory).toEqual([]);
    const [stored] = (await db.stored()).makers;
    expect(stored?.price.toDecimalString()).toBe('2');
    expect(publishedSince(mark)).toEqual([]);
  });

  it('cancel_order: the maker order and the taker request stay active, stored and on the network', async () => {
    const maker = await n.service.setPrice(setprice());
    const taker = await n.service.sellOrBuy(request());
    const mark = bus.log.length;
    store.failNext();
    await storageFailure(n.service.cancelOrder(maker.uuid));
    store.failNext();
    await storageFailure(n.service.cancelOrder(taker.request.uuid));
    expect(n.service.makerOrders().map((o) => o.uuid)).toEqual([maker.uuid]);
    expect(n.service.takerOrders().map((o) => o.request.uuid)).toEqual([taker.request.uuid]);
    const stored = await db.stored();
    expect([stored.makers.length, stored.takers.length]).toEqual([1, 1]);
    expect(publishedSince(mark)).toEqual([]);
    // The same request succeeds once the store works again.
    expect(await n.service.cancelOrder(maker.uuid)).toBe(true);
    expect(publishedSince(mark)).toEqual(['MakerOrderCancelled']);
  });

  it('cancel_all_orders: all or nothing, in one write', async () => {
    const a = await n.service.setPrice(setprice());
    const b = await n.service.setPrice(setprice({ rel: 'ETHDEV' }));
    const mark = bus.log.length;
    const writes = store.writes;
    store.failNext();
    await storageFailure(n.service.cancelAllOrders({ type: 'All' }));
    expect(store.writes).toBe(writes + 1);
    expect(n.service.makerOrders().map((o) => o.uuid).sort()).toEqual([a.uuid, b.uuid].sort());
    expect((await db.stored()).makers).toHaveLength(2);
    expect(publishedSince(mark)).toEqual([]);
  });

  it('on the wire: setprice and cancel_order answer 500 with the storage error', async () => {
    const ctx = { conf: { netid: 7777 }, coinsConfig: CONFIGS, enabledCoins: n.coins, orders: n.service, platform: { now: () => Date.now() } };
    const pass = 'orders-Test-pass1!';
    const d = new Dispatcher(ctx as unknown as NodeContext, new Authenticator(pass, () => Date.now()), allHandlers);
    const rpc = async (body: Record<string, unknown>) => (await d.dispatch({ userpass: pass, ...body })) as { status: number; body: { error?: string } };
    store.failNext();
    const placed = await rpc({ method: 'setprice', base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '1' });
    expect(placed.status).toBe(500);
    expect(placed.body.error).toMatch(/Error on saving maker order .* to database: write \d+ failed: QuotaExceededError/);
    const order = await n.service.setPrice(setprice());
    store.failNext();
    const cancelled = await rpc({ method: 'cancel_order', uuid: order.uuid });
    expect(cancelled.status).toBe(500);
    expect(cancelled.body.error).toMatch(/Error on saving ended orders/);
    expect(n.service.makerOrders().map((o) => o.uuid)).toEqual([order.uuid]);
  });
});

describe('timers: a change that cannot be stored is not made, logged, and tried again next round', () => {
  it('a GoodTillCancelled request past its timeout stays a request instead of becoming a maker order', async () => {
    const db = await failingPersistence();
    const n = await node(db);
    const order = await n.service.sellOrBuy(request({ action: 'Sell', timeout: 1 }));
    const mark = bus.log.length;
    db.store.broken = true;
    await vi.advanceTimersByTimeAsync(2500);
    await settle();
    expect(n.service.takerOrders().map((o) => o.request.uuid)).toEqual([order.request.uuid]);
    expect(n.service.makerOrders()).toEqual([]);
    expect(publishedSince(mark)).toEqual([]);
    expect(errorLogged(n).length).toBeGreaterThan(0);
    expect((await db.stored()).takers).toHaveLength(1);
    db.store.broken = false;
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(n.service.makerOrders().map((o) => o.uuid)).toEqual([order.request.uuid]);
    expect(publishedSince(mark)).toEqual(['MakerOrderCreated']);
  });

  it('a FillOrKill request past its timeout is not retired until its end is stored', async () => {
    const db = await failingPersistence();
    const n = await node(db);
    const order = await n.service.sellOrBuy(request({ orderType: 'FillOrKill', timeout: 1 }));
    db.store.broken = true;
    await vi.advanceTimersByTimeAsync(2500);
    await settle();
    expect(n.service.takerOrders().map((o) => o.request.uuid)).toEqual([order.request.uuid]);
    expect(errorLogged(n).length).toBeGreaterThan(0);
    db.store.broken = false;
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(n.service.takerOrders()).toEqual([]);
    expect(await n.service.history()).toEqual([expect.objectContaining({ type: 'Taker', reason: 'TimedOut' })]);
  });
});

describe('timers: a maker order taken in full is not retired until its end is stored', () => {
  it('stays mine, stored and on the network while the store fails; ends as Fulfilled once it is stored', async () => {
    const db = await failingPersistence();
    const maker = await node(db);
    const taker = await node();
    const placed = await maker.service.setPrice(setprice({ price: num('1.5'), volume: num('1') }));
    // The writes after this one: the reservation, the connection, then the end of the exhausted order.
    db.store.failAt.add(db.store.writes + 3);
    await taker.service.sellOrBuy(request({ volume: num('1') }));
    await settle();
    for (let step = 0; step < 100 && errorLogged(maker).length === 0; step++) await vi.advanceTimersByTimeAsync(100);
    db.store.broken = true; // the timers stand still from here until the store is repaired
    expect(errorLogged(maker)).toHaveLength(1);
    expect(errorLogged(maker)[0]).toMatch(/ended orders .*QuotaExceededError/);
    expect(maker.swaps).toHaveLength(1); // connected: the whole volume is taken
    expect(maker.service.makerOrders().map((o) => o.uuid)).toEqual([placed.uuid]);
    expect(publishedSince(0)).not.toContain('MakerOrderCancelled');
    expect((await db.stored()).makers.map((o) => o.uuid)).toEqual([placed.uuid]);
    expect(await maker.service.history()).toEqual([]);

    db.store.broken = false;
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    expect(maker.service.makerOrders()).toEqual([]);
    expect(publishedSince(0).filter((t) => t === 'MakerOrderCancelled')).toHaveLength(1);
    expect((await db.stored()).makers).toEqual([]);
    expect(await maker.service.history()).toEqual([expect.objectContaining({ type: 'Maker', reason: 'Fulfilled' })]);
  });
});

describe('restart: a restored order cut to the balance is announced only once the cut is stored', () => {
  it('stays off the network while the store fails, then goes out with the stored volume', async () => {
    const factory = freshIndexedDb();
    const first = await startTestNode(bus, { persistence: (await failingPersistence(factory)).persistence });
    const placed = await first.service.setPrice(setprice({ volume: num('50'), minVolume: num('1') }));
    await first.service.stop();
    await first.p2p.stop();
    const db = await failingPersistence(factory);
    db.store.broken = true;
    const mark = bus.log.length;
    const again = await startTestNode(bus, { persistence: db.persistence, key: first.key, balances: { RLTC1: '20', RLTC2: '1' } });
    nodes.push(again);
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    expect(publishedSince(mark)).toEqual([]);
    expect(again.service.makerOrders()[0]?.maxBaseVol.toDecimalString()).toBe('50');
    expect(errorLogged(again).length).toBeGreaterThan(0);
    db.store.broken = false;
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(publishedSince(mark)).toEqual(['MakerOrderCreated']);
    expect(again.service.makerOrders().map((o) => [o.uuid, o.maxBaseVol.toDecimalString()])).toEqual([[placed.uuid, '20']]);
    expect((await db.stored()).makers[0]?.maxBaseVol.toDecimalString()).toBe('20');
  });
});

describe('matching: a step that cannot be stored is not taken and not answered', () => {
  it('the maker does not answer MakerReserved, and holds no volume, when the reservation cannot be saved', async () => {
    const db = await failingPersistence();
    const maker = await node(db);
    const taker = await node();
    await maker.service.setPrice(setprice({ price: num('1.5') }));
    db.store.failAt.add(db.store.writes + 1);
    const mark = bus.log.length;
    await taker.service.sellOrBuy(request());
    await settle();
    expect(publishedSince(mark)).toEqual(['TakerRequest']);
    expect(maker.service.makerOrders()[0]?.matches.size).toBe(0);
    expect(errorLogged(maker)).toHaveLength(1);
    expect((await db.stored()).makers[0]?.matches.size).toBe(0);
  });

  it('the taker does not send TakerConnect when the chosen match cannot be saved', async () => {
    const db = await failingPersistence();
    const maker = await node();
    const taker = await node(db);
    await maker.service.setPrice(setprice({ price: num('1.5') }));
    const order = await taker.service.sellOrBuy(request());
    db.store.failNext();
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    expect(publishedSince(0)).not.toContain('TakerConnect');
    expect(publishedSince(0)).toContain('MakerReserved');
    expect(taker.service.takerOrders().find((o) => o.request.uuid === order.request.uuid)?.matches.size).toBe(0);
    expect(errorLogged(taker)).toHaveLength(1);
  });

  it('the maker does not answer MakerConnected nor start the swap when the connection cannot be saved', async () => {
    const db = await failingPersistence();
    const maker = await node(db);
    const taker = await node();
    const placed = await maker.service.setPrice(setprice({ price: num('1.5') }));
    const order = await taker.service.sellOrBuy(request());
    await settle();
    db.store.failNext();
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    expect(publishedSince(0)).toContain('TakerConnect');
    expect(publishedSince(0)).not.toContain('MakerConnected');
    expect(publishedSince(0)).not.toContain('MakerOrderUpdated');
    expect(maker.swaps).toEqual([]);
    const match = maker.service.makerOrders()[0]?.matches.get(order.request.uuid);
    expect(match?.connected).toBeUndefined();
    expect(maker.service.makerOrders()[0]?.startedSwaps).toEqual([]);
    expect((await db.stored()).makers[0]?.startedSwaps).toEqual([]);
    expect(maker.service.makerOrders()[0]?.uuid).toBe(placed.uuid);
    expect(errorLogged(maker)).toHaveLength(1);
  });

  it('the taker does not start the swap nor drop its request when the fulfilment cannot be saved', async () => {
    const db = await failingPersistence();
    const maker = await node();
    const taker = await node(db);
    await maker.service.setPrice(setprice({ price: num('1.5') }));
    const order = await taker.service.sellOrBuy(request());
    await settle();
    // Write 2 stores the connect; write 3 would store the fulfilment.
    db.store.failAt.add(db.store.writes + 2);
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    expect(publishedSince(0)).toContain('MakerConnected');
    expect(taker.swaps).toEqual([]);
    expect(taker.service.takerOrders().map((o) => o.request.uuid)).toEqual([order.request.uuid]);
    expect((await db.stored()).takers.map((o) => o.request.uuid)).toEqual([order.request.uuid]);
    expect(errorLogged(taker)).toHaveLength(1);
  });

  it('a reservation past ORDER_MATCH_TIMEOUT keeps holding its volume until its removal is stored', async () => {
    const db = await failingPersistence();
    const maker = await node(db);
    const taker = await node();
    await maker.service.setPrice(setprice({ price: num('1.5') }));
    await taker.service.sellOrBuy(request());
    await settle();
    // The taker goes away before connecting: the reservation is never connected.
    await taker.service.stop();
    const held = maker.service.makerOrders()[0];
    expect(held?.matches.size).toBe(1);
    db.store.broken = true;
    await vi.advanceTimersByTimeAsync(31_000);
    await settle();
    expect(held?.matches.size).toBe(1);
    expect(errorLogged(maker).length).toBeGreaterThan(0);
    db.store.broken = false;
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(held?.matches.size).toBe(0);
    expect((await db.stored()).makers[0]?.matches.size).toBe(0);
  });
});
