/**
 * mmrpc 2.0 `orderbook` (KDF `orderbook_rpc_v2`) through the dispatcher: public, KDF's
 * `OrderbookV2Response` keys and number forms, asks summed from the cheapest and listed from the
 * dearest, bids inverted and descending, and the `OrderbookRpcError` variants.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NodeContext } from '../../../../src/node/core/context';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../../src/node/rpc/handlers';
import { Bus } from '../orders/bus';
import { CONFIGS, settle, startTestNode, useFakeClock, type TestNode } from '../orders/harness';

const PASS = 'orderbook-V2-pass1!';
type Body = Record<string, unknown>;
type Rpc = (body: Body) => Promise<{ status: number; body: Body }>;

function rpcFor(node: TestNode): Rpc {
  const ctx = {
    conf: { netid: 7777 },
    coinsConfig: CONFIGS,
    enabledCoins: node.coins,
    orders: node.service,
    platform: { now: () => Date.now() },
  } as unknown as NodeContext;
  const d = new Dispatcher(ctx, new Authenticator(PASS, () => Date.now()), allHandlers);
  return async (body) => (await d.dispatch(body)) as { status: number; body: Body };
}

const multi = (decimal: string) => ({ decimal, rational: expect.any(Array), fraction: expect.any(Object) });
const ENTRY_KEYS = [
  'coin', 'address', 'price', 'pubkey', 'uuid', 'is_mine', 'base_max_volume', 'base_min_volume', 'rel_max_volume', 'rel_min_volume',
  'conf_settings', 'base_max_volume_aggr', 'rel_max_volume_aggr',
];

let bus: Bus;
let maker: TestNode;
let taker: TestNode;

beforeEach(async () => {
  useFakeClock();
  bus = new Bus();
  maker = await startTestNode(bus);
  taker = await startTestNode(bus);
});

afterEach(async () => {
  await maker.service.stop();
  await taker.service.stop();
  vi.useRealTimers();
});

describe('orderbook (mmrpc 2.0)', () => {
  it('answers OrderbookV2Response without userpass: asks dearest first with totals from the cheapest, bids inverted', async () => {
    const makerRpc = rpcFor(maker);
    const place = async (base: string, rel: string, price: string, volume: string) => {
      const r = await makerRpc({ userpass: PASS, method: 'setprice', base, rel, price, volume, cancel_previous: false });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.result as { uuid: string }).uuid;
    };
    const cheap = await place('RLTC1', 'RLTC2', '2', '1');
    const dear = await place('RLTC1', 'RLTC2', '3', '2');
    const bid = await place('RLTC2', 'RLTC1', '0.25', '8');
    await settle();

    const { status, body } = await rpcFor(taker)({ mmrpc: '2.0', method: 'orderbook', params: { base: 'RLTC1', rel: 'RLTC2' }, id: 4 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.mmrpc).toBe('2.0');
    expect(body.id).toBe(4);
    const r = body.result as Body;
    expect(Object.keys(r)).toEqual([
      'asks', 'base', 'bids', 'net_id', 'num_asks', 'num_bids', 'rel', 'timestamp',
      'total_asks_base_vol', 'total_asks_rel_vol', 'total_bids_base_vol', 'total_bids_rel_vol',
    ]);
    expect(r).toMatchObject({ base: 'RLTC1', rel: 'RLTC2', net_id: 7777, num_asks: 2, num_bids: 1 });
    expect(r.timestamp).toBe(Math.floor(Date.now() / 1000));

    const asks = r.asks as Body[];
    expect(asks.map((a) => a.uuid)).toEqual([dear, cheap]);
    for (const e of [...asks, ...(r.bids as Body[])]) expect(Object.keys(e)).toEqual(ENTRY_KEYS);
    expect(asks[1]).toMatchObject({
      coin: 'RLTC1',
      address: { address_type: 'Transparent', address_data: expect.any(String) },
      price: multi('2'),
      pubkey: maker.pubkeyHex,
      is_mine: false,
      base_max_volume: multi('1'),
      rel_max_volume: multi('2'),
      base_max_volume_aggr: multi('1'),
      rel_max_volume_aggr: multi('2'),
    });
    // The dearest ask carries the totals of both, as KDF sums before it reverses.
    expect(asks[0]).toMatchObject({ price: multi('3'), base_max_volume_aggr: multi('3'), rel_max_volume_aggr: multi('8') });
    expect(r.total_asks_base_vol).toEqual(multi('3'));
    expect(r.total_asks_rel_vol).toEqual(multi('8'));

    const [b] = r.bids as Body[];
    // The maker sells 8 RLTC2 at 0.25 RLTC1 each: from RLTC1's side a bid at 4 RLTC2 for 2 RLTC1.
    expect(b).toMatchObject({ uuid: bid, coin: 'RLTC2', price: multi('4'), base_max_volume: multi('2'), rel_max_volume: multi('8') });
    expect(r.total_bids_base_vol).toEqual(multi('2'));
    expect(r.total_bids_rel_vol).toEqual(multi('8'));

    const mine = await makerRpc({ mmrpc: '2.0', method: 'orderbook', params: { base: 'RLTC1', rel: 'RLTC2' } });
    expect((mine.body.result as { asks: Body[] }).asks.every((a) => a.is_mine === true)).toBe(true);
  });

  it('refuses pairs with KDF’s OrderbookRpcError variants, all 400', async () => {
    const rpc = rpcFor(taker);
    const ask = (base: string, rel: string) => rpc({ mmrpc: '2.0', method: 'orderbook', params: { base, rel } });
    const cases: [string, string, string, string, string | undefined][] = [
      ['RLTC1', 'RLTC1', 'BaseRelSame', 'BaseRelSame', undefined],
      ['NOPE', 'RLTC1', 'CoinConfigNotFound', 'NOPE', 'NOPE'],
      ['RLTC1', 'WONLY', 'CoinIsWalletOnly', 'WONLY', 'WONLY'],
      ['RLTC1', 'RLTC1-segwit', 'BaseRelSameOrderbookTickersAndProtocols', 'BaseRelSameOrderbookTickersAndProtocols', undefined],
    ];
    for (const [base, rel, errorType, error, data] of cases) {
      const { status, body } = await ask(base, rel);
      expect(status, `${base}/${rel}`).toBe(400);
      expect(body).toMatchObject({ mmrpc: '2.0', error_type: errorType, error });
      expect('error_data' in body ? body.error_data : undefined).toBe(data);
    }
    const missing = await rpc({ mmrpc: '2.0', method: 'orderbook', params: { base: 'RLTC1' } });
    expect(missing).toMatchObject({ status: 400, body: { error_type: 'InvalidRequest', error_data: 'missing field `rel`' } });
  });
});
