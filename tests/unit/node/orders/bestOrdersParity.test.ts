/**
 * `best_orders` against KDF's strict shapes (mm2_rpc `RpcOrderbookEntry`, test helpers'
 * `RpcOrderbookEntryV2` / `BestOrdersV2Response`): the legacy form by volume, the 2.0 form by
 * `request_by` number or volume, `exclude_mine`, and hostile `request_by` values.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NodeContext } from '../../../../src/node/core/context';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../../src/node/rpc/handlers';
import { Bus } from './bus';
import { CONFIGS, num, setPriceRequest, settle, startTestNode, useFakeClock, type TestNode } from './harness';

const PASS = 'orders-Test-pass1!';
type Rpc = (body: Record<string, unknown>) => Promise<{ status: number; body: Record<string, unknown> }>;

function rpcFor(node: TestNode): Rpc {
  const ctx = { conf: { netid: 7777 }, coinsConfig: CONFIGS, enabledCoins: node.coins, orders: node.service, platform: { now: () => Date.now() } } as unknown as NodeContext;
  const d = new Dispatcher(ctx, new Authenticator(PASS, () => Date.now()), allHandlers);
  return async (body) => (await d.dispatch({ userpass: PASS, ...body })) as { status: number; body: Record<string, unknown> };
}

const detailed = (name: string) => [name, `${name}_fraction`, `${name}_rat`];
const LEGACY_ENTRY_KEYS = [
  'coin', 'address', 'price', 'price_rat', 'price_fraction', 'maxvolume', 'max_volume_rat', 'max_volume_fraction',
  'min_volume', 'min_volume_rat', 'min_volume_fraction', 'pubkey', 'age', 'uuid', 'is_mine',
  ...detailed('base_max_volume'), ...detailed('base_min_volume'), ...detailed('rel_max_volume'), ...detailed('rel_min_volume'),
  'base_confs', 'base_nota', 'rel_confs', 'rel_nota',
].sort();
const V2_ENTRY_KEYS = ['coin', 'address', 'price', 'pubkey', 'uuid', 'is_mine', 'base_max_volume', 'base_min_volume', 'rel_max_volume', 'rel_min_volume', 'conf_settings'];
const MULTI_KEYS = ['decimal', 'rational', 'fraction'];

let bus: Bus;
let maker: TestNode;
let taker: TestNode;
let takerRpc: Rpc;
let makerRpc: Rpc;

beforeEach(async () => {
  useFakeClock();
  bus = new Bus();
  maker = await startTestNode(bus);
  taker = await startTestNode(bus);
  makerRpc = rpcFor(maker);
  takerRpc = rpcFor(taker);
  await maker.service.setPrice(setPriceRequest({ price: num('2'), volume: num('1') }));
  await maker.service.setPrice(setPriceRequest({ price: num('3'), volume: num('2') }));
  await maker.service.setPrice(setPriceRequest({ rel: 'ETHDEV', price: num('0.5'), volume: num('4') }));
  await settle();
});

afterEach(async () => {
  await maker.service.stop();
  await taker.service.stop();
  vi.useRealTimers();
});

const v2 = (rpc: Rpc, params: Record<string, unknown>) => rpc({ mmrpc: '2.0', method: 'best_orders', params, id: 9 });

describe('best_orders, legacy', () => {
  it('answers {result: {coin: [RpcOrderbookEntry]}, original_tickers} with KDF’s keys, cheapest first, until the volume', async () => {
    const { status, body } = await takerRpc({ method: 'best_orders', coin: 'RLTC1', action: 'buy', volume: '1.5' });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['original_tickers', 'result']);
    const result = body.result as Record<string, Record<string, unknown>[]>;
    // RLTC2's entries are repeated under RLTC2-segwit, which shares its orderbook ticker.
    expect(Object.keys(result).sort()).toEqual(['ETHDEV', 'RLTC2', 'RLTC2-segwit']);
    expect(result['RLTC2-segwit']?.map((e) => [e.coin, e.uuid])).toEqual(result.RLTC2?.map((e) => ['RLTC2-segwit', e.uuid]));
    expect(result.RLTC2?.map((e) => e.price)).toEqual(['2', '3']);
    expect(result.ETHDEV?.map((e) => e.price)).toEqual(['0.5']);
    for (const e of Object.values(result).flat()) expect(Object.keys(e).sort()).toEqual(LEGACY_ENTRY_KEYS);
    expect(result.RLTC2?.[0]).toMatchObject({ coin: 'RLTC2', maxvolume: '1', base_max_volume: '1', rel_max_volume: '2', is_mine: false, pubkey: maker.pubkeyHex });
    expect(body.original_tickers).toMatchObject({ RLTC1: ['RLTC1-segwit'] });
  });

  it('refuses a wallet-only coin, a bad action and a bad volume with flat 500s', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ coin: 'WONLY', action: 'buy', volume: '1' }, 'Coin WONLY is wallet only'],
      [{ coin: 'RLTC1', action: 'swap', volume: '1' }, 'action'],
      [{ coin: 'RLTC1', action: 'buy', volume: 'lots' }, 'volume'],
      [{ coin: 'RLTC1', action: 'buy' }, 'volume'],
      [{ action: 'buy', volume: '1' }, 'coin'],
    ];
    for (const [args, wording] of cases) {
      const { status, body } = await takerRpc({ method: 'best_orders', ...args });
      expect(status, JSON.stringify(args)).toBe(500);
      expect(Object.keys(body)).toEqual(['error']);
      expect(String(body.error)).toContain(wording);
    }
  });
});

describe('best_orders, mmrpc 2.0', () => {
  it('request_by number: that many per coin, in BestOrdersV2Response’s exact shape', async () => {
    const { status, body } = await v2(takerRpc, { coin: 'RLTC1', action: 'buy', request_by: { type: 'number', value: 1 } });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['mmrpc', 'result', 'id']);
    const result = body.result as { orders: Record<string, Record<string, unknown>[]>; original_tickers: Record<string, string[]> };
    expect(Object.keys(result)).toEqual(['orders', 'original_tickers']);
    expect(result.orders.RLTC2).toHaveLength(1);
    const entry = result.orders.RLTC2?.[0] ?? {};
    expect(Object.keys(entry)).toEqual(V2_ENTRY_KEYS);
    for (const k of ['price', 'base_max_volume', 'base_min_volume', 'rel_max_volume', 'rel_min_volume']) expect(Object.keys(entry[k] as object)).toEqual(MULTI_KEYS);
    expect(entry).toMatchObject({
      coin: 'RLTC2',
      address: { address_type: 'Transparent' },
      price: { decimal: '2', fraction: { numer: '2', denom: '1' } },
      base_max_volume: { decimal: '1' },
      rel_max_volume: { decimal: '2' },
      is_mine: false,
      conf_settings: { base_confs: 1, base_nota: false, rel_confs: 1, rel_nota: false },
    });
  });

  it('request_by volume; sell prices are inverted onto the coin sold', async () => {
    const buy = await v2(takerRpc, { coin: 'RLTC1', action: 'buy', request_by: { type: 'volume', value: '2.5' } });
    expect(((buy.body.result as { orders: Record<string, unknown[]> }).orders.RLTC2 ?? []).length).toBe(2);
    const sell = await v2(takerRpc, { coin: 'RLTC2', action: 'sell', request_by: { type: 'volume', value: '1' } });
    const entries = (sell.body.result as { orders: Record<string, Record<string, Record<string, unknown>>[]> }).orders.RLTC1 ?? [];
    expect(entries[0]?.price).toMatchObject({ decimal: '0.5' });
  });

  it('exclude_mine leaves out my orders and the coins only they offered', async () => {
    const mine = await v2(makerRpc, { coin: 'RLTC1', action: 'buy', request_by: { type: 'number', value: 5 } });
    const orders = (mine.body.result as { orders: Record<string, Record<string, unknown>[]> }).orders;
    expect(orders.RLTC2?.every((e) => e.is_mine)).toBe(true);
    const excluded = await v2(makerRpc, { coin: 'RLTC1', action: 'buy', request_by: { type: 'number', value: 5 }, exclude_mine: true });
    expect((excluded.body.result as { orders: unknown }).orders).toEqual({});
    const theirs = await v2(takerRpc, { coin: 'RLTC1', action: 'buy', request_by: { type: 'number', value: 5 }, exclude_mine: true });
    expect(Object.keys((theirs.body.result as { orders: object }).orders).sort()).toEqual(['ETHDEV', 'RLTC2', 'RLTC2-segwit']);
  });

  it('request_by number 0 answers no orders', async () => {
    const { body } = await v2(takerRpc, { coin: 'RLTC1', action: 'buy', request_by: { type: 'number', value: 0 } });
    const orders = (body.result as { orders: Record<string, unknown[]> }).orders;
    expect(Object.values(orders).flat()).toEqual([]);
  });

  it('hostile request_by values are 400 InvalidRequest; a wallet-only coin is CoinIsWalletOnly', async () => {
    const bad = [
      { type: 'number', value: -1 },
      { type: 'number', value: 1.5 },
      { type: 'number', value: '1' },
      { type: 'number', value: 1e300 },
      { type: 'volume', value: 'lots' },
      { type: 'volume' },
      { type: 'price', value: 1 },
      'number',
      null,
    ];
    for (const request_by of bad) {
      const { status, body } = await v2(takerRpc, { coin: 'RLTC1', action: 'buy', request_by });
      expect(status, JSON.stringify(request_by)).toBe(400);
      expect(body).toMatchObject({ mmrpc: '2.0', error_type: 'InvalidRequest', id: 9 });
    }
    const walletOnly = await v2(takerRpc, { coin: 'WONLY', action: 'sell', request_by: { type: 'number', value: 1 } });
    expect(walletOnly).toMatchObject({ status: 400, body: { error_type: 'CoinIsWalletOnly', error_data: 'WONLY', error: 'Coin WONLY is wallet only' } });
  });
});
