/**
 * The trading methods KDF clients call, on two node cores over the devnet's seed node with real
 * orders and real balances: `get_my_peer_id`, `min_trading_vol`, `get_trade_fee` (UTXO and EVM),
 * `max_maker_vol`, `orderbook_depth`, `best_orders` (both forms), `order_status`,
 * `orders_history_by_filter` and `coins_needed_for_kick_start` (across a restart of a node whose
 * store holds an open order).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { NodeHost } from '../../../src/node/nodeHost';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { SqliteStorage } from '../../../tools/host/sqliteStorage';
import { daemon, devnet } from '../devnet/daemon';
import { fund } from '../utxo/funding';
import { freshPassphrase, RPC_PASSWORD, type Reply } from '../utxo/walletNode';
import { startOrderNode, waitFor, type OrderNode } from './orderNode';

type Json = Record<string, unknown>;
const multi = (v: string) => {
  const n = MmNumber.parse(v);
  return { decimal: n.toDecimalString(), rational: n.toRational(), fraction: n.toFraction() };
};
const text = (body: Json): string => String(body.error).replace(/^(?:\S+:\d+\] )+/, '');

async function setprice(node: OrderNode, args: Json): Promise<Json> {
  const reply = await node.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', cancel_previous: false, ...args });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.result as Json;
}

describe('trading methods between two node cores', () => {
  let maker: OrderNode;
  let taker: OrderNode;
  const made: Json[] = [];

  beforeAll(async () => {
    [maker, taker] = await Promise.all([startOrderNode('trading maker'), startOrderNode('trading taker')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([maker, taker].map((n) => n?.stop()));
  });

  it('get_my_peer_id: each node’s own libp2p id', async () => {
    const [a, b] = await Promise.all([maker.legacy('get_my_peer_id'), taker.legacy('get_my_peer_id')]);
    expect(a.status).toBe(200);
    expect(Object.keys(a.body)).toEqual(['result']);
    expect(a.body.result).toMatch(/^(12D3Koo|16Uiu2)[1-9A-HJ-NP-Za-km-z]+$/);
    expect(b.body.result).not.toBe(a.body.result);
  });

  it('min_trading_vol: ten times the coin’s dust', async () => {
    const reply = await maker.legacy('min_trading_vol', { coin: 'RLTC1' });
    expect(reply).toEqual({
      status: 200,
      body: { result: { coin: 'RLTC1', min_trading_vol: '0.000546', min_trading_vol_fraction: { numer: '273', denom: '500000' }, min_trading_vol_rat: [[1, [273]], [1, [500000]]] } },
    });
    const missing = await maker.legacy('min_trading_vol', { coin: 'ETHDEV' });
    expect(missing.status).toBe(500);
    expect(text(missing.body)).toBe('No such coin: ETHDEV');
  });

  it('get_trade_fee: a UTXO coin’s rate per kB, an EVM coin’s gas price × 150000 in the platform coin', async () => {
    // RLTC2 has txfee 1000 sat/kB; RLTC1 has txfee 0, and regtest's estimatefee has no answer: KDF's 1000 sat/kB fallback.
    const fee = { amount: '0.00001', amount_fraction: { numer: '1', denom: '100000' }, amount_rat: [[1, [1]], [1, [100000]]] };
    expect(await maker.legacy('get_trade_fee', { coin: 'RLTC2' })).toEqual({ status: 200, body: { result: { coin: 'RLTC2', ...fee } } });
    expect(await maker.legacy('get_trade_fee', { coin: 'RLTC1' })).toEqual({ status: 200, body: { result: { coin: 'RLTC1', ...fee } } });
    for (const coin of ['ETHDEV', 'DEVT18-ERC20'] as const) {
      const enabled = await maker.legacy('enable', { coin, ...devnet().coins[coin] });
      expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    }
    const eth = await maker.legacy('get_trade_fee', { coin: 'ETHDEV' });
    expect(eth.status).toBe(200);
    const result = eth.body.result as { coin: string; amount: string; amount_fraction: { numer: string; denom: string } };
    expect(result.coin).toBe('ETHDEV');
    const wei = MmNumber.parse(result.amount).mul(MmNumber.parse('1000000000000000000'));
    expect(wei.denom).toBe(1n);
    expect(wei.numer % 150_000n).toBe(0n);
    expect(wei.numer).toBeGreaterThan(0n);
    const token = await maker.legacy('get_trade_fee', { coin: 'DEVT18-ERC20' });
    expect((token.body.result as Json).coin).toBe('ETHDEV');
  });

  it('max_maker_vol: what setprice with max offers, with the balance and no swap holding any', async () => {
    const reply = await maker.mmrpc('max_maker_vol', { coin: 'RLTC1' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const result = reply.body.result as { volume: { decimal: string } };
    expect(Object.keys(reply.body.result as Json)).toEqual(['coin', 'volume', 'balance', 'locked_by_swaps']);
    expect(reply.body.result).toMatchObject({ coin: 'RLTC1', balance: multi('5'), locked_by_swaps: multi('0') });
    const volume = MmNumber.parse(result.volume.decimal);
    expect(volume.lt(MmNumber.parse('5')) && volume.gt(MmNumber.parse('4.99'))).toBe(true);
    const max = await setprice(maker, { price: '2', max: true });
    expect(max.max_base_vol).toBe(result.volume.decimal);
    expect((await maker.legacy('cancel_order', { uuid: max.uuid })).body).toEqual({ result: 'success' });
    const unknown = await maker.mmrpc('max_maker_vol', { coin: 'NOPE' });
    expect(unknown).toMatchObject({ status: 404, body: { error_type: 'NoSuchCoin', error_data: { coin: 'NOPE' } } });
  });

  it('orderbook_depth and best_orders on the other node count and list the maker’s orders', async () => {
    made.push(await setprice(maker, { price: '2', volume: '1' }));
    made.push(await setprice(maker, { price: '3', volume: '0.5' }));
    made.push(await setprice(maker, { base: 'RLTC2', rel: 'RLTC1', price: '0.25', volume: '1' }));
    const pairs = [['RLTC1', 'RLTC2'], ['RLTC2', 'RLTC1'], ['RLTC1-segwit', 'RLTC2']];
    const depth = await waitFor('the maker’s orders in the taker’s depth', async () => {
      const reply = await taker.legacy('orderbook_depth', { pairs });
      const result = reply.body.result as { depth: { asks: number; bids: number } }[];
      return result[0]?.depth.asks === 2 && result[0].depth.bids === 1 ? reply : undefined;
    });
    expect(depth).toEqual({
      status: 200,
      body: {
        result: [
          { pair: ['RLTC1', 'RLTC2'], depth: { asks: 2, bids: 1 } },
          { pair: ['RLTC2', 'RLTC1'], depth: { asks: 1, bids: 2 } },
          // RLTC1-segwit trades on RLTC1's orderbook ticker: the same book.
          { pair: ['RLTC1-segwit', 'RLTC2'], depth: { asks: 2, bids: 1 } },
        ],
      },
    });

    const legacy = await taker.legacy('best_orders', { coin: 'RLTC1', action: 'buy', volume: '1.2' });
    expect(legacy.status).toBe(200);
    const entries = (legacy.body.result as Record<string, Json[]>).RLTC2 ?? [];
    expect(entries.map((e) => [e.uuid, e.price, e.maxvolume, e.is_mine])).toEqual([
      [made[0]?.uuid, '2', '1', false],
      [made[1]?.uuid, '3', '0.5', false],
    ]);
    const v2 = await taker.mmrpc('best_orders', { coin: 'RLTC1', action: 'sell', request_by: { type: 'number', value: 1 } });
    expect(v2.status).toBe(200);
    const sells = (v2.body.result as { orders: Record<string, Json[]> }).orders.RLTC2 ?? [];
    expect(sells).toHaveLength(1);
    expect(sells[0]).toMatchObject({ coin: 'RLTC2', uuid: made[2]?.uuid, price: multi('4'), base_max_volume: multi('0.25'), rel_max_volume: multi('1'), is_mine: false });
    const own = await maker.mmrpc('best_orders', { coin: 'RLTC1', action: 'buy', request_by: { type: 'volume', value: '10' }, exclude_mine: true });
    expect((own.body.result as { orders: Json }).orders).toEqual({});
  });

  it('order_status: open and ended orders of either side', async () => {
    const open = await maker.legacy('order_status', { uuid: made[0]?.uuid });
    expect(open.status).toBe(200);
    const mine = (await maker.legacy('my_orders')).body.result as { maker_orders: Record<string, Json> };
    expect(open.body).toEqual({ type: 'Maker', order: mine.maker_orders[made[0]?.uuid as string] });

    const request = await taker.legacy('buy', { base: 'RLTC1', rel: 'RLTC2', price: '1', volume: '0.1' });
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    const takerUuid = (request.body.result as Json).uuid as string;
    const asTaker = await taker.legacy('order_status', { uuid: takerUuid });
    expect(asTaker.body).toMatchObject({ type: 'Taker', order: { request: { uuid: takerUuid, action: 'Buy', base: 'RLTC1', rel: 'RLTC2' }, cancellable: true } });
    expect((await taker.legacy('cancel_order', { uuid: takerUuid })).body).toEqual({ result: 'success' });
    const ended = await taker.legacy('order_status', { uuid: takerUuid });
    expect(ended.body).toMatchObject({ type: 'Taker', cancellation_reason: 'Cancelled', order: { request: { uuid: takerUuid } } });

    expect((await maker.legacy('cancel_order', { uuid: made[1]?.uuid })).body).toEqual({ result: 'success' });
    const cancelled = await maker.legacy('order_status', { uuid: made[1]?.uuid });
    expect(Object.keys(cancelled.body)).toEqual(['type', 'order', 'cancellation_reason']);
    expect(cancelled.body).toMatchObject({ type: 'Maker', cancellation_reason: 'Cancelled', order: { uuid: made[1]?.uuid, price: '3', max_base_vol: '0.5' } });
    const unknown = await maker.legacy('order_status', { uuid: takerUuid });
    expect(unknown.status).toBe(500);
    expect(text(unknown.body)).toBe(`Order with uuid ${takerUuid} is not found`);
  });

  it('orders_history_by_filter: every order of the session, newest first, filtered and paged', async () => {
    const all = await maker.legacy('orders_history_by_filter', {});
    expect(all.status).toBe(200);
    const result = all.body.result as { orders: Json[]; details: Json[]; found_records: number; warnings: unknown[] };
    // The max order cancelled at the start, then the three made since.
    expect(result.found_records).toBe(4);
    expect(result.details).toEqual([]);
    expect(result.orders.slice(0, 3).map((o) => [o.uuid, o.status, o.price, o.volume])).toEqual([
      [made[2]?.uuid, 'Created', 0.25, 1],
      [made[1]?.uuid, 'Cancelled', 3, 0.5],
      [made[0]?.uuid, 'Created', 2, 1],
    ]);
    expect(result.orders[3]).toMatchObject({ status: 'Cancelled', order_type: 'Maker', initial_action: 'Sell', base: 'RLTC1', rel: 'RLTC2', was_taker: 0 });

    const filtered = await maker.legacy('orders_history_by_filter', { base: 'RLTC1', status: 'Created', include_details: true });
    const f = filtered.body.result as { orders: Json[]; details: { type: string; order: Json }[]; found_records: number };
    expect(f.found_records).toBe(1);
    expect(f.details).toEqual([{ type: 'Maker', order: expect.objectContaining({ uuid: made[0]?.uuid, price: '2' }) }]);

    const paged = await maker.legacy('orders_history_by_filter', { limit: 3, page_number: 2 });
    expect((paged.body.result as { orders: Json[]; found_records: number }).orders).toHaveLength(1);
    const past = await maker.legacy('orders_history_by_filter', { limit: 3, page_number: 1_000_000 });
    expect(past.body).toEqual({ result: { orders: [], details: [], found_records: 4, warnings: [] } });
    const bad = await maker.legacy('orders_history_by_filter', { limit: -3 });
    expect(bad.status).toBe(500);

    const takers = await taker.legacy('orders_history_by_filter', { order_type: 'Taker' });
    expect((takers.body.result as { orders: Json[] }).orders).toEqual([expect.objectContaining({ initial_action: 'Buy', price: 1, volume: 0.1, status: 'Cancelled' })]);
  });

  it('coins_needed_for_kick_start: nothing while every coin of my orders is active', async () => {
    expect(await maker.legacy('coins_needed_for_kick_start')).toEqual({ status: 200, body: { result: [] } });
  });
});

describe('coins_needed_for_kick_start across a restart', () => {
  it('names the coins of the restored order until they are activated', async () => {
    const platform = nodePlatform({ coinsPath: devnet().coinsFile, storage: SqliteStorage.memory(), emit: () => undefined });
    const conf = { rpc_password: RPC_PASSWORD, passphrase: freshPassphrase('kick start'), gui: 'itest', seednodes: devnet().seednodes };
    const host = new NodeHost(platform);
    const legacy = async (method: string, args: Json = {}) => (await host.handleRpc({ ...args, method, userpass: RPC_PASSWORD })) as Reply;
    const activate = async (coin: string) => {
      const reply = await legacy('electrum', { coin, servers: devnet().coins[coin]?.servers });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.address as string;
    };
    try {
      expect((await host.handleControl({ op: 'start', conf })).status).toBe(200);
      const address = await activate('RLTC1');
      await activate('RLTC2');
      await fund('chain1', address, ['1']);
      await daemon('chain1').mine(1);
      await waitFor('the funds', async () => ((await legacy('my_balance', { coin: 'RLTC1' })).body.balance === '1' ? true : undefined));
      const order = await legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '0.5' });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const uuid = (order.body.result as Json).uuid as string;

      await host.stop();
      expect((await host.handleControl({ op: 'start', conf })).status).toBe(200);
      expect((await legacy('coins_needed_for_kick_start')).body).toEqual({ result: ['RLTC1', 'RLTC2'] });
      expect((await legacy('order_status', { uuid })).body).toMatchObject({ type: 'Maker', order: { uuid, price: '2', max_base_vol: '0.5' } });
      await activate('RLTC2');
      expect((await legacy('coins_needed_for_kick_start')).body).toEqual({ result: ['RLTC1'] });
    } finally {
      await host.stop();
    }
  }, 120_000);
});
