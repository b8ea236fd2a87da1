/**
 * `order_status`, `orders_history_by_filter`, `orderbook_depth`, `get_my_peer_id` and
 * `coins_needed_for_kick_start` through the dispatcher, over OrdersService nodes on the in-process
 * bus with a real (fake-IndexedDB) order store: KDF's flat shapes, errors, and hostile arguments.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshIndexedDb } from '../../../../tools/host/nodeIndexedDb';
import type { NodeContext } from '../../../../src/node/core/context';
import { OrdersPersistence } from '../../../../src/node/orders/persistence';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../../src/node/rpc/handlers';
import { OrdersStore } from '../../../../src/node/storage/ordersDb';
import type { SavedSwap } from '../../../../src/node/swaps/engine/savedSwap';
import { Bus } from './bus';
import { CONFIGS, num, sellBuyRequest, setPriceRequest, settle, startTestNode, useFakeClock, type TestNode } from './harness';

const PASS = 'orders-Test-pass1!';
type Rpc = (body: Record<string, unknown>) => Promise<{ status: number; body: Record<string, unknown> }>;

function rpcFor(node: TestNode, swaps: SavedSwap[] = []): Rpc {
  const ctx = {
    conf: { netid: 7777 },
    coinsConfig: CONFIGS,
    enabledCoins: node.coins,
    orders: node.service,
    swaps: { history: async () => swaps },
    platform: { now: () => Date.now() },
  } as unknown as NodeContext;
  const d = new Dispatcher(ctx, new Authenticator(PASS, () => Date.now()), allHandlers);
  return async (body) => (await d.dispatch({ userpass: PASS, ...body })) as { status: number; body: Record<string, unknown> };
}

/** The error text without KDF's `file:line]` trace. */
const text = (body: Record<string, unknown>): string => String(body.error).replace(/^(?:\S+:\d+\] )+/, '');

let bus: Bus;
let maker: TestNode;
let taker: TestNode;
let makerRpc: Rpc;
let takerRpc: Rpc;

beforeEach(async () => {
  useFakeClock();
  bus = new Bus();
  const factory = freshIndexedDb();
  const store = async (wallet: string) => new OrdersPersistence(await OrdersStore.open(factory, wallet));
  maker = await startTestNode(bus, { persistence: await store('ab'.repeat(20)) });
  taker = await startTestNode(bus, { persistence: await store('cd'.repeat(20)) });
  makerRpc = rpcFor(maker);
  takerRpc = rpcFor(taker);
});

afterEach(async () => {
  await maker.service.stop();
  await taker.service.stop();
  vi.useRealTimers();
});

describe('order_status', () => {
  it('an open maker order as my_orders shows it, answered bare', async () => {
    const order = await maker.service.setPrice(setPriceRequest());
    const { status, body } = await makerRpc({ method: 'order_status', uuid: order.uuid.toUpperCase() });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['type', 'order']);
    expect(body.type).toBe('Maker');
    const mine = (await makerRpc({ method: 'my_orders' })).body.result as { maker_orders: Record<string, unknown> };
    expect(body.order).toEqual(mine.maker_orders[order.uuid]);
  });

  it('an open taker order as my_orders shows it', async () => {
    const order = await taker.service.sellOrBuy(sellBuyRequest());
    const { body } = await takerRpc({ method: 'order_status', uuid: order.request.uuid });
    expect(body.type).toBe('Taker');
    const mine = (await takerRpc({ method: 'my_orders' })).body.result as { taker_orders: Record<string, unknown> };
    expect(body.order).toEqual(mine.taker_orders[order.request.uuid]);
  });

  it('an ended order from the history, with its end reason', async () => {
    const order = await maker.service.setPrice(setPriceRequest());
    await maker.service.cancelOrder(order.uuid);
    const { status, body } = await makerRpc({ method: 'order_status', uuid: order.uuid });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['type', 'order', 'cancellation_reason']);
    expect(body).toMatchObject({ type: 'Maker', cancellation_reason: 'Cancelled' });
    const shown = body.order as Record<string, unknown>;
    expect(shown).toMatchObject({ uuid: order.uuid, base: 'RLTC1', rel: 'RLTC2', price: '2', max_base_vol: '1' });
    expect(shown).not.toHaveProperty('cancellable');
  });

  it('an ended taker order keeps TimedOut', async () => {
    const order = await taker.service.sellOrBuy(sellBuyRequest({ orderType: 'FillOrKill', timeout: 1 }));
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    const { body } = await takerRpc({ method: 'order_status', uuid: order.request.uuid });
    expect(body).toMatchObject({ type: 'Taker', cancellation_reason: 'TimedOut' });
    expect((body.order as Record<string, unknown>).request).toMatchObject({ uuid: order.request.uuid, action: 'Buy' });
  });

  it('unknown, malformed and missing uuids are flat 500s', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    const unknown = await makerRpc({ method: 'order_status', uuid });
    expect(unknown.status).toBe(500);
    expect(text(unknown.body)).toBe(`Order with uuid ${uuid} is not found`);
    for (const bad of [{ uuid: 'nope' }, { uuid: 5 }, { uuid: null }, {}, { uuid: `${uuid}0` }]) {
      const res = await makerRpc({ method: 'order_status', ...bad });
      expect(res.status).toBe(500);
      expect(Object.keys(res.body)).toEqual(['error']);
    }
  });
});

describe('orders_history_by_filter', () => {
  const history = (args: Record<string, unknown> = {}) => makerRpc({ method: 'orders_history_by_filter', ...args });

  /** Three orders a millisecond apart: an open one, an updated one, a cancelled one; and one not kept in the history. */
  async function threeOrders() {
    const open = await maker.service.setPrice(setPriceRequest());
    vi.advanceTimersByTime(5);
    const updated = await maker.service.setPrice(setPriceRequest({ rel: 'ETHDEV', price: num('0.5'), volume: num('3') }));
    await maker.service.updateMakerOrder({ uuid: updated.uuid, newPrice: num('0.25'), max: false });
    vi.advanceTimersByTime(5);
    const cancelled = await maker.service.setPrice(setPriceRequest({ base: 'RLTC2', rel: 'RLTC1', price: num('4') }));
    vi.advanceTimersByTime(5);
    await maker.service.cancelOrder(cancelled.uuid);
    await maker.service.setPrice(setPriceRequest({ base: 'ETHDEV', saveInHistory: false }));
    return { open, updated, cancelled };
  }

  it('every row newest first in KDF’s FilteringOrder shape, found_records, no details by default', async () => {
    const { open, updated, cancelled } = await threeOrders();
    const { status, body } = await history();
    expect(status).toBe(200);
    const result = body.result as Record<string, unknown>;
    expect(Object.keys(result)).toEqual(['orders', 'details', 'found_records', 'warnings']);
    expect(result).toMatchObject({ details: [], found_records: 3, warnings: [] });
    const rows = result.orders as Record<string, unknown>[];
    expect(rows.map((r) => r.uuid)).toEqual([cancelled.uuid, updated.uuid, open.uuid]);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'uuid', 'order_type', 'initial_action', 'base', 'rel', 'price', 'volume', 'created_at', 'last_updated', 'was_taker', 'status',
    ]);
    expect(rows[0]).toMatchObject({ order_type: 'Maker', initial_action: 'Sell', base: 'RLTC2', rel: 'RLTC1', price: 4, volume: 1, was_taker: 0, status: 'Cancelled' });
    expect(rows[0]?.last_updated).toBe((rows[0]?.created_at as number) + 5);
    expect(rows[1]).toMatchObject({ rel: 'ETHDEV', price: 0.25, volume: 3, status: 'Updated' });
    expect(rows[2]).toMatchObject({ price: 2, status: 'Created', created_at: open.createdAt, last_updated: open.updatedAt });
  });

  it('each filter narrows the rows; found_records counts the matches', async () => {
    const { open, updated, cancelled } = await threeOrders();
    const taker = await maker.service.sellOrBuy(sellBuyRequest({ price: num('3'), volume: num('2') }));
    const uuids = async (args: Record<string, unknown>) => {
      const result = (await history(args)).body.result as { orders: { uuid: string }[]; found_records: number };
      expect(result.found_records).toBe(result.orders.length);
      return result.orders.map((o) => o.uuid);
    };
    expect(await uuids({ order_type: 'Taker' })).toEqual([taker.request.uuid]);
    expect(await uuids({ initial_action: 'Buy' })).toEqual([taker.request.uuid]);
    expect(await uuids({ base: 'RLTC2' })).toEqual([cancelled.uuid]);
    expect(await uuids({ rel: 'ETHDEV' })).toEqual([updated.uuid]);
    expect(await uuids({ from_price: '2', to_price: '3' })).toEqual([taker.request.uuid, open.uuid]);
    expect(await uuids({ from_price: { numer: '1', denom: '4' }, to_price: [[1, [1]], [1, [4]]] })).toEqual([updated.uuid]);
    expect(await uuids({ from_volume: 2 })).toEqual([taker.request.uuid, updated.uuid]);
    expect(await uuids({ to_volume: '1' })).toEqual([cancelled.uuid, open.uuid]);
    expect(await uuids({ from_timestamp: cancelled.createdAt, to_timestamp: cancelled.createdAt })).toEqual([cancelled.uuid]);
    expect(await uuids({ status: 'Cancelled' })).toEqual([cancelled.uuid]);
    expect(await uuids({ was_taker: true })).toEqual([]);
    expect(await uuids({ was_taker: false, base: 'RLTC1', status: 'Created', order_type: 'Maker' })).toEqual([open.uuid]);
    expect(await uuids({ base: null, status: null })).toHaveLength(4);
  });

  it('include_details answers each order as OrderForRpc', async () => {
    const { open, cancelled } = await threeOrders();
    const result = (await history({ include_details: true, order_type: 'Maker' })).body.result as { details: Record<string, unknown>[] };
    expect(result.details.map((d) => d.type)).toEqual(['Maker', 'Maker', 'Maker']);
    expect(result.details[0]?.order).toMatchObject({ uuid: cancelled.uuid, price: '4' });
    expect((result.details[2]?.order as Record<string, unknown>).uuid).toBe(open.uuid);
    expect(Object.keys(result.details[0] ?? {})).toEqual(['type', 'order']);
  });

  it('pages with limit and page_number; pages past the end are empty; a huge limit is every row', async () => {
    const { open, updated, cancelled } = await threeOrders();
    const page = async (args: Record<string, unknown>) => {
      const result = (await history(args)).body.result as { orders: { uuid: string }[]; found_records: number };
      expect(result.found_records).toBe(3);
      return result.orders.map((o) => o.uuid);
    };
    expect(await page({ limit: 2 })).toEqual([cancelled.uuid, updated.uuid]);
    expect(await page({ limit: 2, page_number: 2 })).toEqual([open.uuid]);
    expect(await page({ limit: 2, page_number: 3 })).toEqual([]);
    expect(await page({ limit: 1, page_number: Number.MAX_SAFE_INTEGER })).toEqual([]);
    expect(await page({ limit: Number.MAX_SAFE_INTEGER, page_number: 2 })).toEqual([]);
    expect(await page({ limit: Number.MAX_SAFE_INTEGER })).toHaveLength(3);
    expect(await page({ page_number: 9 })).toHaveLength(3);
  });

  it('refuses arguments of the wrong type or range with a flat 500 naming the field', async () => {
    await threeOrders();
    const cases: [Record<string, unknown>, string][] = [
      [{ limit: 0 }, 'limit'],
      [{ limit: -1 }, 'limit'],
      [{ limit: 1.5 }, 'limit'],
      [{ limit: '10' }, 'limit'],
      [{ limit: 1e300 }, 'limit'],
      [{ page_number: 0 }, 'page_number'],
      [{ from_price: 'cheap' }, 'from_price'],
      [{ to_volume: { numer: 'x', denom: '1' } }, 'to_volume'],
      [{ from_timestamp: -5 }, 'from_timestamp'],
      [{ to_timestamp: '2024' }, 'to_timestamp'],
      [{ was_taker: 'yes' }, 'was_taker'],
      [{ include_details: 1 }, 'include_details'],
      [{ base: 42 }, 'base'],
      [{ status: ['Cancelled'] }, 'status'],
    ];
    for (const [args, field] of cases) {
      const { status, body } = await history(args);
      expect(status, JSON.stringify(args)).toBe(500);
      expect(Object.keys(body)).toEqual(['error']);
      expect(String(body.error), JSON.stringify(args)).toContain(field);
    }
  });

  it('an empty history answers no rows', async () => {
    expect((await takerRpc({ method: 'orders_history_by_filter' })).body).toEqual({
      result: { orders: [], details: [], found_records: 0, warnings: [] },
    });
  });
});

describe('orderbook_depth', () => {
  it('counts asks and bids per pair as asked, coins unknown or on one ticker as 0', async () => {
    await maker.service.setPrice(setPriceRequest());
    await maker.service.setPrice(setPriceRequest({ price: num('3') }));
    await maker.service.setPrice(setPriceRequest({ base: 'RLTC2', rel: 'RLTC1', price: num('0.4') }));
    await settle();
    const pairs = [['RLTC1', 'RLTC2'], ['RLTC2', 'RLTC1'], ['RLTC1', 'ETHDEV'], ['NOPE', 'RLTC1'], ['RLTC1', 'RLTC1-segwit'], ['RLTC1', 'RLTC2']];
    const { status, body } = await takerRpc({ method: 'orderbook_depth', pairs });
    expect(status).toBe(200);
    expect(body).toEqual({
      result: [
        { pair: ['RLTC1', 'RLTC2'], depth: { asks: 2, bids: 1 } },
        { pair: ['RLTC2', 'RLTC1'], depth: { asks: 1, bids: 2 } },
        { pair: ['RLTC1', 'ETHDEV'], depth: { asks: 0, bids: 0 } },
        { pair: ['NOPE', 'RLTC1'], depth: { asks: 0, bids: 0 } },
        { pair: ['RLTC1', 'RLTC1-segwit'], depth: { asks: 0, bids: 0 } },
        { pair: ['RLTC1', 'RLTC2'], depth: { asks: 2, bids: 1 } },
      ],
    });
    expect((await takerRpc({ method: 'orderbook_depth', pairs: [] })).body).toEqual({ result: [] });
  });

  it('wallet-only coins are KDF’s error naming the pairs', async () => {
    const { status, body } = await takerRpc({ method: 'orderbook_depth', pairs: [['RLTC1', 'RLTC2'], ['RLTC1', 'WONLY'], ['WONLY', 'ETHDEV']] });
    expect(status).toBe(500);
    expect(text(body)).toBe('Pairs [("RLTC1", "WONLY"), ("WONLY", "ETHDEV")] have wallet only coins');
  });

  it('refuses pairs that are not two strings', async () => {
    for (const pairs of [undefined, 'RLTC1/RLTC2', [['RLTC1']], [['RLTC1', 'RLTC2', 'X']], [['RLTC1', 2]], [{ base: 'RLTC1', rel: 'RLTC2' }]]) {
      const { status, body } = await takerRpc({ method: 'orderbook_depth', pairs });
      expect(status, JSON.stringify(pairs)).toBe(500);
      expect(String(body.error)).toContain('pairs');
    }
  });

  it('refuses more pairs than it may follow, before following any', async () => {
    const pairs = Array.from({ length: 101 }, (_, i) => [`A${i}`, 'RLTC2']);
    const { status, body } = await takerRpc({ method: 'orderbook_depth', pairs });
    expect(status).toBe(500);
    expect(String(body.error)).toContain('at most 100 pairs, got 101');
  });
});

describe('get_my_peer_id and coins_needed_for_kick_start', () => {
  it('get_my_peer_id is the node’s peer id under result', async () => {
    expect(await makerRpc({ method: 'get_my_peer_id' })).toEqual({ status: 200, body: { result: maker.p2p.peerId } });
  });

  it('names the coins of unfinished swaps and of my orders that are not active, once each, sorted', async () => {
    const started = (maker_coin: string, taker_coin: string, finished: boolean) =>
      ({
        events: [{ event: { type: 'Started', data: { maker_coin, taker_coin } } }, ...(finished ? [{ event: { type: 'Finished' } }] : [])],
      }) as unknown as SavedSwap;
    const swaps = [started('RLTC1', 'MORTY', false), started('KMD', 'DOC', true), started('ETHDEV', 'RLTC2', false)];
    await maker.service.setPrice(setPriceRequest({ rel: 'DEVT18-ERC20' }));
    await maker.service.sellOrBuy(sellBuyRequest({ base: 'ETHDEV', rel: 'RLTC2' }));
    const rpc = rpcFor(maker, swaps);
    expect((await rpc({ method: 'coins_needed_for_kick_start' })).body).toEqual({ result: ['MORTY'] });
    await maker.coins.remove('DEVT18-ERC20');
    await maker.coins.remove('RLTC1');
    expect((await rpc({ method: 'coins_needed_for_kick_start' })).body).toEqual({ result: ['DEVT18-ERC20', 'MORTY', 'RLTC1'] });
    expect((await rpcFor(taker)({ method: 'coins_needed_for_kick_start' })).body).toEqual({ result: [] });
  });
});
