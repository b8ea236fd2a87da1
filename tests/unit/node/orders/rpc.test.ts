import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NodeContext } from '../../../../src/node/core/context';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../../src/node/rpc/handlers';
import { Bus } from './bus';
import { CONFIGS, settle, startTestNode, useFakeClock, type TestNode } from './harness';

const PASS = 'orders-Test-pass1!';

function dispatcherFor(node: TestNode | null): Dispatcher {
  const ctx = {
    conf: { netid: 7777 },
    coinsConfig: CONFIGS,
    enabledCoins: node?.coins,
    orders: node?.service,
    platform: { now: () => Date.now() },
  } as unknown as NodeContext;
  return new Dispatcher(ctx, new Authenticator(PASS, () => Date.now()), allHandlers);
}

let bus: Bus;
let maker: TestNode;
let taker: TestNode;
let makerRpc: (body: Record<string, unknown>) => Promise<{ status: number; body: Record<string, unknown> }>;
let takerRpc: typeof makerRpc;

const rpcOf = (d: Dispatcher) => async (body: Record<string, unknown>) =>
  (await d.dispatch({ userpass: PASS, ...body })) as { status: number; body: Record<string, unknown> };

beforeEach(async () => {
  useFakeClock();
  bus = new Bus();
  maker = await startTestNode(bus);
  taker = await startTestNode(bus);
  makerRpc = rpcOf(dispatcherFor(maker));
  takerRpc = rpcOf(dispatcherFor(taker));
});

afterEach(async () => {
  await maker.service.stop();
  await taker.service.stop();
  vi.useRealTimers();
});

const setprice = (extra: Record<string, unknown> = {}) =>
  makerRpc({ method: 'setprice', base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '1', ...extra });

describe('setprice / update_maker_order / my_orders on the wire', () => {
  it('answers {result: MakerOrderForRpc} in KDF field order', async () => {
    const { status, body } = await setprice({ min_volume: { numer: '1', denom: '10' }, base_confs: 2 });
    expect(status).toBe(200);
    const r = body.result as Record<string, unknown>;
    expect(Object.keys(r)).toEqual([
      'base', 'rel', 'price', 'price_rat', 'max_base_vol', 'max_base_vol_rat', 'min_base_vol', 'min_base_vol_rat',
      'created_at', 'updated_at', 'matches', 'started_swaps', 'uuid', 'conf_settings', 'base_orderbook_ticker', 'rel_orderbook_ticker',
    ]);
    expect(r).toMatchObject({
      price: '2',
      price_rat: [[1, [2]], [1, [1]]],
      max_base_vol: '1',
      min_base_vol: '0.1',
      matches: {},
      started_swaps: [],
      conf_settings: { base_confs: 2, base_nota: false, rel_confs: 1, rel_nota: false },
      base_orderbook_ticker: null,
    });
    expect(r.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('update_maker_order answers the updated order with changes_history and a new updated_at', async () => {
    const created = (await setprice()).body.result as Record<string, unknown>;
    vi.advanceTimersByTime(10);
    const { body } = await makerRpc({ method: 'update_maker_order', uuid: created.uuid, new_price: '3', volume_delta: '0.5' });
    const r = body.result as Record<string, unknown>;
    expect(r).toMatchObject({ price: '3', max_base_vol: '1.5' });
    expect(r.updated_at).not.toBe(created.updated_at);
    expect(r.changes_history).toEqual([{ max_base_vol: [[1, [1]], [1, [1]]], price: [[1, [2]], [1, [1]]], updated_at: created.updated_at }]);
  });

  it('my_orders lists maker orders with cancellable and available_amount, and taker orders', async () => {
    const made = (await setprice()).body.result as Record<string, unknown>;
    await takerRpc({ method: 'buy', base: 'RLTC1', rel: 'RLTC2', price: '1', volume: '1' });
    const mine = (await makerRpc({ method: 'my_orders' })).body.result as Record<string, Record<string, Record<string, unknown>>>;
    expect(mine.maker_orders?.[made.uuid as string]).toMatchObject({ cancellable: true, available_amount: '1' });
    const theirs = (await takerRpc({ method: 'my_orders' })).body.result as Record<string, Record<string, Record<string, unknown>>>;
    const [taker] = Object.values(theirs.taker_orders ?? {});
    expect(Object.keys(taker ?? {})).toEqual(['created_at', 'request', 'matches', 'order_type', 'cancellable', 'base_orderbook_ticker', 'rel_orderbook_ticker']);
    expect(taker).toMatchObject({ order_type: { type: 'GoodTillCancelled' }, cancellable: true });
  });

  it('setprice failures are flat {error} with the reason', async () => {
    const { status, body } = await setprice({ price: '0' });
    expect(status).toBe(500);
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toContain('Price 0 is too low, required: 0');
  });
});

describe('sell / buy on the wire', () => {
  it('answers KDF’s SellBuyResponse', async () => {
    const { status, body } = await takerRpc({
      method: 'sell',
      base: 'RLTC1',
      rel: 'RLTC2',
      price: '2',
      volume: [[1, [3]], [1, [2]]],
      match_by: { type: 'Pubkeys', data: [maker.pubkeyHex] },
      order_type: { type: 'FillOrKill' },
      rel_nota: true,
    });
    expect(status).toBe(200);
    const r = body.result as Record<string, unknown>;
    expect(Object.keys(r)).toEqual([
      'base', 'rel', 'base_amount', 'base_amount_rat', 'rel_amount', 'rel_amount_rat', 'action', 'uuid', 'method', 'sender_pubkey',
      'dest_pub_key', 'match_by', 'conf_settings', 'order_type', 'min_volume', 'min_volume_rat', 'min_volume_fraction',
      'base_orderbook_ticker', 'rel_orderbook_ticker',
    ]);
    expect(r).toMatchObject({
      action: 'Sell',
      base_amount: '1.5',
      rel_amount: '3',
      method: 'request',
      sender_pubkey: taker.id,
      dest_pub_key: '0'.repeat(64),
      match_by: { type: 'Pubkeys', data: [maker.id] },
      conf_settings: { base_confs: 1, base_nota: false, rel_confs: 1, rel_nota: true },
      order_type: { type: 'FillOrKill' },
      min_volume: '0.000546',
      base_orderbook_ticker: null,
      rel_orderbook_ticker: null,
    });
  });

  it('rejects a malformed match_by as an invalid request', async () => {
    const { status, body } = await takerRpc({ method: 'buy', base: 'RLTC1', rel: 'RLTC2', price: '1', volume: '1', match_by: { type: 'Orders', data: ['nope'] } });
    expect(status).toBe(500);
    expect(body.error).toContain('invalid uuid');
    expect(taker.service.takerOrders()).toEqual([]);
  });
});

describe('cancel_order / cancel_all_orders on the wire', () => {
  it('success, then 404 for an unknown uuid', async () => {
    const { uuid } = (await setprice()).body.result as { uuid: string };
    expect(await makerRpc({ method: 'cancel_order', uuid })).toEqual({ status: 200, body: { result: 'success' } });
    expect(await makerRpc({ method: 'cancel_order', uuid })).toEqual({ status: 404, body: { error: `Order with uuid ${uuid} is not found` } });
  });

  it('an order being matched: 500 with KDF’s text', async () => {
    const { uuid } = (await setprice()).body.result as { uuid: string };
    await settle();
    await takerRpc({ method: 'buy', base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '1' });
    await settle();
    const { status, body } = await makerRpc({ method: 'cancel_order', uuid });
    expect(status).toBe(500);
    expect(body.error).toContain(`Order ${uuid} is being matched now, can't cancel`);
    const all = await makerRpc({ method: 'cancel_all_orders', cancel_by: { type: 'All' } });
    expect(all.body).toEqual({ result: { cancelled: [], currently_matching: [uuid] } });
  });

  it('cancel_by Pair and Coin', async () => {
    const { uuid } = (await setprice()).body.result as { uuid: string };
    const pair = await makerRpc({ method: 'cancel_all_orders', cancel_by: { type: 'Pair', data: { base: 'RLTC2', rel: 'RLTC1' } } });
    expect(pair.body).toEqual({ result: { cancelled: [], currently_matching: [] } });
    const coin = await makerRpc({ method: 'cancel_all_orders', cancel_by: { type: 'Coin', data: { ticker: 'RLTC2' } } });
    expect(coin.body).toEqual({ result: { cancelled: [uuid], currently_matching: [] } });
  });
});

describe('orderbook and best_orders on the wire', () => {
  it('orderbook is public and checks its pair as KDF does', async () => {
    await setprice();
    await settle();
    const d = rpcOf(dispatcherFor(taker));
    const { status, body } = await d({ userpass: undefined, method: 'orderbook', base: 'RLTC1', rel: 'RLTC2' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ base: 'RLTC1', rel: 'RLTC2', numasks: 1, numbids: 0, netid: 7777 });
    expect((body.asks as Record<string, unknown>[])[0]).toMatchObject({ price: '2', maxvolume: '1', is_mine: false, pubkey: maker.pubkeyHex });
    const errors = await Promise.all([
      d({ method: 'orderbook', base: 'RLTC1', rel: 'RLTC1' }),
      d({ method: 'orderbook', base: 'NOPE', rel: 'RLTC1' }),
      d({ method: 'orderbook', base: 'RLTC1', rel: 'WONLY' }),
      d({ method: 'orderbook', base: 'RLTC1', rel: 'RLTC1-segwit' }),
    ]);
    expect(errors.map((e) => (e.body.error as string).replace(/^.*\] /, ''))).toEqual([
      'Base and rel must be different coins',
      'Coin NOPE is not found in config',
      'Base Coin WONLY is wallet only',
      'Base and rel coins have the same orderbook tickers and protocols.',
    ]);
  });

  it('orderbook with our `limit`: only the best asks and bids, the counts still the whole book', async () => {
    for (const price of ['3', '2', '4']) await setprice({ price, cancel_previous: false });
    await settle();
    const d = rpcOf(dispatcherFor(taker));
    const { status, body } = await d({ method: 'orderbook', base: 'RLTC1', rel: 'RLTC2', limit: 2 });
    expect(status).toBe(200);
    expect((body.asks as { price: string }[]).map((a) => a.price)).toEqual(['2', '3']);
    expect(body).toMatchObject({ numasks: 3, numbids: 0, total_asks_base_vol: '3' });
    const bad = await d({ method: 'orderbook', base: 'RLTC1', rel: 'RLTC2', limit: -1 });
    expect(bad.status).toBe(500);
  });

  it('best_orders: legacy by volume and mmrpc 2.0 by number', async () => {
    await setprice();
    await settle();
    const legacy = await takerRpc({ method: 'best_orders', coin: 'RLTC1', action: 'buy', volume: '0.5' });
    expect(legacy.status).toBe(200);
    expect((legacy.body.result as Record<string, Record<string, unknown>[]>).RLTC2?.[0]).toMatchObject({ coin: 'RLTC2', price: '2', is_mine: false });
    const v2 = await takerRpc({ mmrpc: '2.0', method: 'best_orders', params: { coin: 'RLTC1', action: 'buy', request_by: { type: 'number', value: 1 } }, id: 3 });
    expect(v2.status).toBe(200);
    const result = v2.body.result as { orders: Record<string, Record<string, unknown>[]> };
    expect(result.orders.RLTC2?.[0]).toMatchObject({ coin: 'RLTC2', price: { decimal: '2' }, base_max_volume: { decimal: '1' } });
    const walletOnly = await takerRpc({ mmrpc: '2.0', method: 'best_orders', params: { coin: 'WONLY', action: 'sell', request_by: { type: 'volume', value: '1' } } });
    expect(walletOnly).toMatchObject({ status: 400, body: { error_type: 'CoinIsWalletOnly' } });
  });

  it('without an orders service every order RPC says why', async () => {
    const none = rpcOf(dispatcherFor(null));
    const { status, body } = await none({ method: 'my_orders' });
    expect(status).toBe(500);
    expect(body.error).toContain('Orders are not available');
  });
});
