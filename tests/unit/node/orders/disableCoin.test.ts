/**
 * `disable_coin` as KDF's legacy.rs: cancels the coin's orders and names them, refuses while an
 * order of the coin is matching or a swap uses it, and only passivizes a platform whose tokens stay.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NodeContext } from '../../../../src/node/core/context';
import { decodeOrdermatchMessage } from '../../../../src/node/orders/messages/codec';
import type { SetPriceRequest } from '../../../../src/node/orders/makerActions';
import type { SellBuyRequest } from '../../../../src/node/orders/takerActions';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../../src/node/rpc/handlers';
import { Bus } from './bus';
import { failingPersistence } from './failingStore';
import { CONFIGS, num, settle, startTestNode, useFakeClock, type TestNode, setPriceRequest, sellBuyRequest } from './harness';

const PASS = 'orders-Test-pass1!';
type Rpc = (body: Record<string, unknown>) => Promise<{ status: number; body: Record<string, unknown> }>;

function rpcFor(n: TestNode, withOrders = true): Rpc {
  const ctx = {
    conf: { netid: 7777 },
    coinsConfig: CONFIGS,
    enabledCoins: n.coins,
    orders: withOrders ? n.service : undefined,
    platform: { now: () => Date.now() },
    log: (level: string, line: string) => n.logs.push(`${level}: ${line}`),
  };
  const d = new Dispatcher(ctx as unknown as NodeContext, new Authenticator(PASS, () => Date.now()), allHandlers);
  return async (body) => (await d.dispatch({ userpass: PASS, ...body })) as { status: number; body: Record<string, unknown> };
}

const setprice = (over: Partial<SetPriceRequest> = {}): SetPriceRequest => setPriceRequest({ price: num('1.5'), volume: num('5'), ...over });

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

async function node(opts: Parameters<typeof startTestNode>[1] = {}): Promise<TestNode> {
  const n = await startTestNode(bus, opts);
  nodes.push(n);
  return n;
}

const published = (type: string) => bus.log.map((m) => decodeOrdermatchMessage(m.payload)).filter((m) => m.type === type);
const enabled = async (rpc: Rpc) => ((await rpc({ method: 'get_enabled_coins' })).body.result as { ticker: string }[]).map((c) => c.ticker);

describe('disable_coin', () => {
  it('cancels the coin’s maker and taker orders, names them, withdraws them from the network and removes the coin', async () => {
    const db = await failingPersistence();
    const n = await node({ persistence: db.persistence });
    const rpc = rpcFor(n);
    const maker = await n.service.setPrice(setprice());
    const taker = await n.service.sellOrBuy(buy({ base: 'RLTC2', rel: 'RLTC1' }));
    const other = await n.service.setPrice(setprice({ base: 'ETHDEV', rel: 'DEVT18-ERC20' }));
    const { status, body } = await rpc({ method: 'disable_coin', coin: 'RLTC1' });
    expect(status).toBe(200);
    expect(body).toEqual({ result: { coin: 'RLTC1', cancelled_orders: [maker.uuid, taker.request.uuid], passivized: false } });
    expect(n.service.makerOrders().map((o) => o.uuid)).toEqual([other.uuid]);
    expect(n.service.takerOrders()).toEqual([]);
    expect(published('MakerOrderCancelled').map((m) => (m.msg as { uuid: string }).uuid)).toEqual([maker.uuid]);
    expect(await enabled(rpc)).not.toContain('RLTC1');
    const stored = await db.stored();
    expect([stored.makers.map((o) => o.uuid), stored.takers]).toEqual([[other.uuid], []]);
    expect((await n.service.history()).map((h) => h.reason)).toEqual(['Cancelled', 'Cancelled']);
  });

  it('refuses while an order of the coin is matching, with KDF’s error shape, and changes nothing', async () => {
    const n = await node();
    const taker = await node();
    const rpc = rpcFor(n);
    const maker = await n.service.setPrice(setprice());
    await taker.service.sellOrBuy(buy());
    await settle();
    expect(n.service.makerOrders()[0]?.matches.size).toBe(1);
    const { status, body } = await rpc({ method: 'disable_coin', coin: 'RLTC2' });
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'There are currently matching orders, active swaps', orders: { matching: [maker.uuid], cancelled: [] }, active_swaps: [] });
    expect(n.service.makerOrders().map((o) => o.uuid)).toEqual([maker.uuid]);
    expect(await enabled(rpc)).toContain('RLTC2');
  });

  it('refuses while a swap uses the coin, naming the swap', async () => {
    const n = await node();
    const taker = await node();
    const rpc = rpcFor(n);
    await n.service.setPrice(setprice());
    const order = await taker.service.sellOrBuy(buy());
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    expect(n.swaps.map((s) => s.swapUuid)).toEqual([order.request.uuid]);
    const { status, body } = await rpc({ method: 'disable_coin', coin: 'RLTC1' });
    expect(status).toBe(500);
    expect(body).toMatchObject({ orders: { matching: [], cancelled: [] }, active_swaps: [order.request.uuid] });
    expect(await enabled(rpc)).toContain('RLTC1');
    // The taker's side knows the swap too; a coin no swap uses can go.
    expect((await rpcFor(taker)({ method: 'disable_coin', coin: 'RLTC2' })).body).toMatchObject({ active_swaps: [order.request.uuid] });
    expect((await rpc({ method: 'disable_coin', coin: 'ETHDEV' })).status).toBe(200);
  });

  it('a platform with enabled tokens is only passivized: hidden and untradeable, while its tokens keep working', async () => {
    const n = await node();
    const rpc = rpcFor(n);
    const platformOrder = await n.service.setPrice(setprice({ base: 'ETHDEV', rel: 'RLTC1' }));
    const tokenOrder = await n.service.setPrice(setprice({ base: 'DEVT18-ERC20', rel: 'RLTC2' }));
    const { status, body } = await rpc({ method: 'disable_coin', coin: 'ETHDEV' });
    expect(status).toBe(200);
    expect(body).toEqual({ result: { coin: 'ETHDEV', cancelled_orders: [platformOrder.uuid], passivized: true } });
    expect(await enabled(rpc)).toEqual(expect.arrayContaining(['DEVT18-ERC20']));
    expect(await enabled(rpc)).not.toContain('ETHDEV');
    expect((await rpc({ method: 'my_balance', coin: 'ETHDEV' })).status).toBe(500);
    expect((await rpc({ method: 'my_balance', coin: 'DEVT18-ERC20' })).status).toBe(200);
    expect((await rpc({ method: 'setprice', base: 'ETHDEV', rel: 'RLTC1', price: '1', volume: '1' })).status).toBe(500);
    expect((await rpc({ method: 'setprice', base: 'DEVT18-ERC20', rel: 'RLTC1', price: '1', volume: '1' })).status).toBe(200);
    expect(n.service.makerOrders().map((o) => o.uuid)).toContain(tokenOrder.uuid);

    // A passive platform is no coin to disable, unless forced: then it goes with its tokens and their orders.
    expect((await rpc({ method: 'disable_coin', coin: 'ETHDEV' })).body).toEqual({
      error: 'No such coin: ETHDEV',
      orders: { matching: [], cancelled: [] },
      active_swaps: [],
    });
    const forced = await rpc({ method: 'disable_coin', coin: 'ETHDEV', force_disable: true });
    expect(forced.status).toBe(200);
    const result = (forced.body as { result: { cancelled_orders: string[]; passivized: boolean } }).result;
    expect(result.passivized).toBe(false);
    expect(result.cancelled_orders).toContain(tokenOrder.uuid);
    expect(n.service.makerOrders()).toEqual([]);
    expect(await enabled(rpc)).not.toContain('DEVT18-ERC20');
  });

  it('force_disable removes a platform and its tokens at once', async () => {
    const n = await node();
    const rpc = rpcFor(n);
    const { body } = await rpc({ method: 'disable_coin', coin: 'ETHDEV', force_disable: true });
    expect(body).toEqual({ result: { coin: 'ETHDEV', cancelled_orders: [], passivized: false } });
    expect(await enabled(rpc)).toEqual(['RLTC1', 'RLTC2', 'WONLY']);
  });

  it('a store that fails: KDF’s error shape, no order cancelled, the coin still enabled', async () => {
    const db = await failingPersistence();
    const n = await node({ persistence: db.persistence });
    const rpc = rpcFor(n);
    const maker = await n.service.setPrice(setprice());
    const mark = bus.log.length;
    db.store.failNext();
    const { status, body } = await rpc({ method: 'disable_coin', coin: 'RLTC1' });
    expect(status).toBe(500);
    expect(body).toMatchObject({ error: expect.stringMatching(/Error on saving/), orders: { matching: [], cancelled: [] }, active_swaps: [] });
    expect(n.service.makerOrders().map((o) => o.uuid)).toEqual([maker.uuid]);
    expect(await enabled(rpc)).toContain('RLTC1');
    expect(bus.log.length).toBe(mark);
  });

  it('an unknown coin, and a node without orders', async () => {
    const n = await node();
    const { status, body } = await rpcFor(n)({ method: 'disable_coin', coin: 'NOPE' });
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'No such coin: NOPE', orders: { matching: [], cancelled: [] }, active_swaps: [] });
    const bare = rpcFor(n, false);
    expect((await bare({ method: 'disable_coin', coin: 'RLTC2' })).body).toEqual({ result: { coin: 'RLTC2', cancelled_orders: [], passivized: false } });
  });
});
