/**
 * The page learns of my orders from typed events: `order_matched` (KDF's ORDER_STATUS stream:
 * MakerMatch, TakerMatch, MakerConnected, TakerConnected with the match as `my_orders` shows it) and
 * `order_status` for every change. Each goes out only once its change is stored (the store's write
 * has resolved), and a write that fails sends nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NodeEvents, type OrderMatchedData, type OrderStatusData } from '../../../../src/shared/wire';
import { OrderEvents } from '../../../../src/node/orders/events';
import type { SetPriceRequest } from '../../../../src/node/orders/makerActions';
import type { MakerOrder } from '../../../../src/node/orders/types';
import type { SellBuyRequest } from '../../../../src/node/orders/takerActions';
import { freshIndexedDb } from '../../../../tools/host/nodeIndexedDb';
import { Bus } from './bus';
import { failingPersistence } from './failingStore';
import { num, settle, startTestNode, useFakeClock, type NodeOptions, type TestNode, setPriceRequest, sellBuyRequest } from './harness';

type Json = Record<string, unknown>;
type Db = Awaited<ReturnType<typeof failingPersistence>>;

const setprice = (over: Partial<SetPriceRequest> = {}): SetPriceRequest => setPriceRequest({ price: num('1.5'), ...over });
const buy = (over: Partial<SellBuyRequest> = {}): SellBuyRequest => sellBuyRequest({ timeout: 600, ...over });

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

/**
 * A node whose store, when it has one, marks in `n.events` each write that has resolved
 * (`{event: 'stored'}`), so a test reads whether an event came after the write of its change.
 */
async function node(db?: Db, opts: NodeOptions = {}): Promise<TestNode> {
  const n = await startTestNode(bus, { ...opts, persistence: db?.persistence ?? null });
  nodes.push(n);
  if (db) {
    const write = db.store.write;
    db.store.write = async (changes) => {
      await write(changes);
      n.events.push({ event: 'stored', data: null });
    };
  }
  return n;
}

/** The node's order events in a compact form: `status uuid type` / `match kind`, and `stored` marks. */
function trail(n: TestNode): string[] {
  return n.events.flatMap(({ event, data }) => {
    if (event === 'stored') return ['stored'];
    if (event === NodeEvents.orderMatched) return [(data as OrderMatchedData).order_type];
    if (event === NodeEvents.orderStatus) {
      const s = data as OrderStatusData;
      return [`${s.status} ${s.type} ${s.uuid}`];
    }
    return [];
  });
}

const trailWithoutStores = (n: TestNode): string[] => trail(n).filter((t) => t !== 'stored');

const statuses = (n: TestNode): OrderStatusData[] => n.events.filter((e) => e.event === NodeEvents.orderStatus).map((e) => e.data as OrderStatusData);
const matches = (n: TestNode): OrderMatchedData[] => n.events.filter((e) => e.event === NodeEvents.orderMatched).map((e) => e.data as OrderMatchedData);
const orderOf = (s: OrderStatusData | undefined): Json => s?.order as Json;

describe('order_status for my own actions', () => {
  it('setprice: Created with the order as my_orders shows it; update_maker_order: Updated; cancel_previous: Cancelled then Created', async () => {
    const n = await node();
    const first = await n.service.setPrice(setprice({ volume: num('2') }));
    expect(statuses(n)).toEqual([{ uuid: first.uuid, type: 'Maker', status: 'Created', order: expect.any(Object) }]);
    expect(orderOf(statuses(n)[0])).toMatchObject({ uuid: first.uuid, base: 'RLTC1', rel: 'RLTC2', price: '1.5', max_base_vol: '2', cancellable: true, available_amount: '2', matches: {} });

    await n.service.updateMakerOrder({ uuid: first.uuid, newPrice: num('1.75'), volumeDelta: num('1'), max: false });
    expect(statuses(n)[1]).toMatchObject({ uuid: first.uuid, type: 'Maker', status: 'Updated' });
    expect(orderOf(statuses(n)[1])).toMatchObject({ price: '1.75', max_base_vol: '3', available_amount: '3', changes_history: [expect.objectContaining({ max_base_vol: expect.anything(), price: expect.anything() })] });

    const second = await n.service.setPrice(setprice({ price: num('1.6'), cancelPrevious: true }));
    expect(trail(n)).toEqual([`Created Maker ${first.uuid}`, `Updated Maker ${first.uuid}`, `Cancelled Maker ${first.uuid}`, `Created Maker ${second.uuid}`]);
    expect(statuses(n)[2]?.order).toBeNull();
  });

  it('sell / buy: Created for the taker request; cancel_order and cancel_all_orders: Cancelled, the order gone', async () => {
    const n = await node();
    const sell = await n.service.sellOrBuy(buy({ action: 'Sell' }));
    const maker = await n.service.setPrice(setprice());
    const other = await n.service.setPrice(setprice({ rel: 'ETHDEV' }));
    expect(orderOf(statuses(n)[0])).toMatchObject({ request: { uuid: sell.request.uuid, action: 'Sell', base: 'RLTC1', rel: 'RLTC2' }, order_type: { type: 'GoodTillCancelled' }, cancellable: true });
    await n.service.cancelOrder(sell.request.uuid);
    expect(await n.service.cancelAllOrders({ type: 'All' })).toEqual({ cancelled: [maker.uuid, other.uuid], currentlyMatching: [] });
    expect(trail(n)).toEqual([
      `Created Taker ${sell.request.uuid}`,
      `Created Maker ${maker.uuid}`,
      `Created Maker ${other.uuid}`,
      `Cancelled Taker ${sell.request.uuid}`,
      `Cancelled Maker ${maker.uuid}`,
      `Cancelled Maker ${other.uuid}`,
    ]);
    expect(statuses(n).slice(3).map((s) => s.order)).toEqual([null, null, null]);
  });

  it('disable_coin: Cancelled for each order of the coin, before the coin goes; the other coins’ orders hear nothing', async () => {
    const n = await node();
    const maker = await n.service.setPrice(setprice());
    const taker = await n.service.sellOrBuy(buy({ base: 'RLTC2', rel: 'RLTC1' }));
    const other = await n.service.setPrice(setprice({ base: 'ETHDEV', rel: 'DEVT18-ERC20' }));
    let seenWhenDisabled: string[] = [];
    const outcome = await n.service.disableCoin('RLTC1', new Set(['RLTC1']), async () => {
      seenWhenDisabled = trail(n);
    });
    expect(outcome).toEqual({ disabled: true, cancelled: [maker.uuid, taker.request.uuid] });
    const cancelled = [`Cancelled Maker ${maker.uuid}`, `Cancelled Taker ${taker.request.uuid}`];
    expect(trail(n).slice(3)).toEqual(cancelled);
    expect(seenWhenDisabled.slice(3)).toEqual(cancelled);
    expect(trail(n).filter((t) => t.includes(other.uuid))).toEqual([`Created Maker ${other.uuid}`]);
  });
});

describe('a match, on both sides, each event after its write', () => {
  it('maker: MakerMatch, Matched, MakerConnected, Matched, then Fulfilled; taker: TakerMatch, Matched, TakerConnected, Fulfilled — same uuids', async () => {
    const makerDb = await failingPersistence();
    const takerDb = await failingPersistence();
    const maker = await node(makerDb);
    const taker = await node(takerDb);
    const order = await maker.service.setPrice(setprice({ volume: num('1') }));
    await settle();
    const request = await taker.service.sellOrBuy(buy());
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    const m = order.uuid;
    const t = request.request.uuid;

    expect(trail(maker)).toEqual([
      'stored',
      `Created Maker ${m}`,
      'stored',
      'MakerMatch',
      `Matched Maker ${m}`,
      'stored',
      'MakerConnected',
      `Matched Maker ${m}`,
      'stored',
      `Fulfilled Maker ${m}`,
    ]);
    expect(trail(taker)).toEqual(['stored', `Created Taker ${t}`, 'stored', 'TakerMatch', `Matched Taker ${t}`, 'stored', 'TakerConnected', `Fulfilled Taker ${t}`]);

    const [makerMatch, makerConnected] = matches(maker).map((e) => e.order_data as Json);
    const [takerMatch, takerConnected] = matches(taker).map((e) => e.order_data as Json);
    // KDF's MakerMatch: the request, the reservation, then connect/connected once the taker picks it.
    expect(makerMatch).toMatchObject({
      request: { uuid: t, sender_pubkey: taker.id, base: 'RLTC1', rel: 'RLTC2', base_amount: '1', action: 'Buy' },
      reserved: { taker_order_uuid: t, maker_order_uuid: m, sender_pubkey: maker.id, dest_pub_key: taker.id, base_amount: '1', rel_amount: '1.5', method: 'reserved' },
      connect: null,
      connected: null,
    });
    expect(makerConnected).toMatchObject({
      request: { uuid: t },
      reserved: { taker_order_uuid: t, maker_order_uuid: m },
      connect: { taker_order_uuid: t, maker_order_uuid: m, method: 'connect', sender_pubkey: taker.id },
      connected: { taker_order_uuid: t, maker_order_uuid: m, method: 'connected', sender_pubkey: maker.id },
    });
    expect(takerMatch).toMatchObject({
      reserved: { taker_order_uuid: t, maker_order_uuid: m, sender_pubkey: maker.id },
      connect: { taker_order_uuid: t, maker_order_uuid: m, method: 'connect', sender_pubkey: taker.id, dest_pub_key: maker.id },
      connected: null,
    });
    expect(takerConnected).toMatchObject({ connected: { taker_order_uuid: t, maker_order_uuid: m, method: 'connected', sender_pubkey: maker.id } });
    // The order as it stood: reserved but cancellable no more, then connected with the swap started.
    const makerStates = statuses(maker).map(orderOf);
    expect(makerStates[1]).toMatchObject({ cancellable: false, available_amount: '0', started_swaps: [] });
    expect(makerStates[2]).toMatchObject({ started_swaps: [t], matches: { [t]: { connected: { method: 'connected' } } } });
    expect(makerStates[3]).toBeNull();
    expect(orderOf(statuses(taker)[1])).toMatchObject({ cancellable: false, matches: { [m]: { connect: { maker_order_uuid: m } } } });
    expect(statuses(taker)[2]?.order).toBeNull();
    expect([maker.swaps.map((s) => s.swapUuid), taker.swaps.map((s) => s.swapUuid)]).toEqual([[t], [t]]);
  });

  it('a part fill leaves the maker order open: Matched twice, no Fulfilled', async () => {
    const maker = await node();
    const taker = await node();
    const order = await maker.service.setPrice(setprice({ volume: num('5') }));
    await settle();
    await taker.service.sellOrBuy(buy());
    await settle();
    await vi.advanceTimersByTimeAsync(4000);
    await settle();
    expect(trail(maker)).toEqual([`Created Maker ${order.uuid}`, 'MakerMatch', `Matched Maker ${order.uuid}`, 'MakerConnected', `Matched Maker ${order.uuid}`]);
    expect(orderOf(statuses(maker)[2])).toMatchObject({ available_amount: '4', cancellable: true });
  });

  it('a reservation the taker never connects frees its volume after ORDER_MATCH_TIMEOUT: Updated', async () => {
    const maker = await node(undefined, { timing: { orderMatchTimeoutMs: 5000 } });
    const taker = await node();
    const order = await maker.service.setPrice(setprice({ volume: num('5') }));
    await settle();
    bus.drop = (to, _topic) => to === taker.p2p.peerId;
    await taker.service.sellOrBuy(buy());
    await settle();
    expect(trail(maker)).toEqual([`Created Maker ${order.uuid}`, 'MakerMatch', `Matched Maker ${order.uuid}`]);
    await vi.advanceTimersByTimeAsync(6000);
    await settle();
    expect(trail(maker).slice(3)).toEqual([`Updated Maker ${order.uuid}`]);
    expect(orderOf(statuses(maker)[2])).toMatchObject({ matches: {}, available_amount: '5', cancellable: true });
  });
});

describe('taker requests past their timeout', () => {
  it('FillOrKill nobody took: TimedOut, the order gone', async () => {
    const n = await node();
    const order = await n.service.sellOrBuy(buy({ orderType: 'FillOrKill', timeout: 1 }));
    await vi.advanceTimersByTimeAsync(2500);
    await settle();
    expect(trail(n)).toEqual([`Created Taker ${order.request.uuid}`, `TimedOut Taker ${order.request.uuid}`]);
    expect(statuses(n)[1]?.order).toBeNull();
  });

  it('GoodTillCancelled nobody took: Converted, with the maker order it became under the same uuid', async () => {
    const n = await node();
    const order = await n.service.sellOrBuy(buy({ action: 'Sell', price: num('2'), volume: num('3'), timeout: 1 }));
    await vi.advanceTimersByTimeAsync(2500);
    await settle();
    const uuid = order.request.uuid;
    expect(trail(n)).toEqual([`Created Taker ${uuid}`, `Converted Maker ${uuid}`]);
    expect(orderOf(statuses(n)[1])).toMatchObject({ uuid, base: 'RLTC1', rel: 'RLTC2', price: '2', max_base_vol: '3', available_amount: '3' });
  });
});

describe('a balance gone', () => {
  it('a restored order is cut to the balance (Updated) or, below its minimum, cancelled (Cancelled); restoring itself says nothing', async () => {
    const factory = freshIndexedDb();
    const first = await node(await failingPersistence(factory));
    const cut = await first.service.setPrice(setprice({ volume: num('50'), minVolume: num('1') }));
    vi.advanceTimersByTime(5); // the older order keeps the balance
    const gone = await first.service.setPrice(setprice({ rel: 'ETHDEV', volume: num('30'), minVolume: num('30') }));
    await first.service.stop();
    await first.p2p.stop();
    nodes.splice(0);
    const again = await node(await failingPersistence(factory), { key: first.key, balances: { RLTC1: '20', RLTC2: '1', ETHDEV: '1' } });
    expect(trail(again)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(trailWithoutStores(again)).toEqual([`Updated Maker ${cut.uuid}`, `Cancelled Maker ${gone.uuid}`]);
    expect(orderOf(statuses(again)[0])).toMatchObject({ uuid: cut.uuid, max_base_vol: '20' });
  });
});

describe('a write that fails sends nothing', () => {
  let db: Db;
  let n: TestNode;

  beforeEach(async () => {
    db = await failingPersistence();
    n = await node(db);
  });

  it('setprice, sell, update_maker_order, cancel_order, cancel_all_orders, disable_coin', async () => {
    const order = await n.service.setPrice(setprice());
    const request = await n.service.sellOrBuy(buy({ base: 'RLTC2', rel: 'RLTC1' }));
    const before = n.events.length;
    const failing: (() => Promise<unknown>)[] = [
      () => n.service.setPrice(setprice()),
      () => n.service.setPrice(setprice({ cancelPrevious: true })),
      () => n.service.sellOrBuy(buy()),
      () => n.service.updateMakerOrder({ uuid: order.uuid, newPrice: num('3'), max: false }),
      () => n.service.cancelOrder(order.uuid),
      () => n.service.cancelOrder(request.request.uuid),
      () => n.service.cancelAllOrders({ type: 'All' }),
      () => n.service.disableCoin('RLTC1', new Set(['RLTC1']), async () => undefined),
    ];
    for (const step of failing) {
      db.store.failNext();
      await expect(step()).rejects.toThrow(/QuotaExceededError/);
    }
    expect(n.events.slice(before)).toEqual([]);
    // The same request, stored, is told.
    await n.service.cancelOrder(order.uuid);
    expect(trail(n).slice(-2)).toEqual(['stored', `Cancelled Maker ${order.uuid}`]);
  });

  it('matching: no MakerMatch, TakerMatch, MakerConnected or TakerConnected for a step not stored', async () => {
    const takerDb = await failingPersistence();
    const taker = await node(takerDb);
    const order = await n.service.setPrice(setprice({ volume: num('5') }));
    await settle();
    // The maker cannot store the reservation: nothing is told, the request goes unanswered.
    db.store.failNext();
    await taker.service.sellOrBuy(buy());
    await settle();
    await vi.advanceTimersByTimeAsync(3500);
    await settle();
    expect(trailWithoutStores(n)).toEqual([`Created Maker ${order.uuid}`]);
    expect(matches(taker)).toEqual([]);

    // The taker cannot store its chosen match: no TakerMatch, and no TakerConnect for the maker.
    const second = await taker.service.sellOrBuy(buy({ volume: num('0.5') }));
    await settle();
    takerDb.store.failNext();
    await vi.advanceTimersByTimeAsync(3500);
    await settle();
    expect(matches(taker)).toEqual([]);
    expect(matches(n).map((e) => e.order_type)).toEqual(['MakerMatch']);

    // The maker cannot store the connection: no MakerConnected; the taker cannot store its fulfilment: no TakerConnected.
    const third = await taker.service.sellOrBuy(buy({ volume: num('0.25') }));
    await settle();
    db.store.failNext();
    await vi.advanceTimersByTimeAsync(3500);
    await settle();
    expect(matches(n).map((e) => (e.order_data as { request: { uuid: string } }).request.uuid)).toEqual([second.request.uuid, third.request.uuid]);
    expect(matches(n).map((e) => e.order_type)).toEqual(['MakerMatch', 'MakerMatch']);
    expect(matches(taker).map((e) => e.order_type)).toEqual(['TakerMatch']);
    expect(n.swaps).toEqual([]);
    expect(taker.events.some((e) => (e.data as OrderStatusData | null)?.status === 'Fulfilled')).toBe(false);
  });

  it('the taker’s fulfilment not stored: no TakerConnected and no Fulfilled, the request stays', async () => {
    const takerDb = await failingPersistence();
    const taker = await node(takerDb);
    const maker = n;
    await maker.service.setPrice(setprice({ volume: num('5') }));
    await settle();
    const request = await taker.service.sellOrBuy(buy());
    await settle();
    // The next write stores the chosen match, the one after it the fulfilment.
    takerDb.store.failAt.add(takerDb.store.writes + 2);
    await vi.advanceTimersByTimeAsync(3500);
    await settle();
    expect(matches(maker).map((e) => e.order_type)).toEqual(['MakerMatch', 'MakerConnected']);
    expect(trailWithoutStores(taker)).toEqual([`Created Taker ${request.request.uuid}`, 'TakerMatch', `Matched Taker ${request.request.uuid}`]);
    expect(taker.service.takerOrders().map((o) => o.request.uuid)).toEqual([request.request.uuid]);
  });

  it('timers: no TimedOut or Converted while the store fails; told once it works', async () => {
    const fok = await n.service.sellOrBuy(buy({ orderType: 'FillOrKill', timeout: 1 }));
    const gtc = await n.service.sellOrBuy(buy({ action: 'Sell', timeout: 1 }));
    const before = n.events.length;
    db.store.broken = true;
    await vi.advanceTimersByTimeAsync(2500);
    await settle();
    expect(n.events.slice(before)).toEqual([]);
    db.store.broken = false;
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(trail(n).slice(-4)).toEqual(['stored', `TimedOut Taker ${fok.request.uuid}`, 'stored', `Converted Maker ${gtc.request.uuid}`]);
  });
});

describe('OrderEvents', () => {
  it('a watcher that throws neither undoes nor stops the change: the failure is logged', () => {
    const logs: string[] = [];
    const events = new OrderEvents(
      () => {
        throw new Error('DataCloneError');
      },
      (level, line) => logs.push(`${level}: ${line}`),
    );
    expect(() => events.ended('Cancelled', { uuid: 'u' } as MakerOrder)).not.toThrow();
    expect(logs).toEqual(['warn: orders: cannot send order_status: DataCloneError']);
  });
});
