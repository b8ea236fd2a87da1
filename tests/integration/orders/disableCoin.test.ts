/**
 * `disable_coin` between node cores over the devnet's seed node: the coin's orders are cancelled,
 * named in `cancelled_orders`, and leave the other node's orderbook; orders of other coins stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrderNode, waitFor, type OrderNode } from './orderNode';

type Json = Record<string, unknown>;

const book = async (node: OrderNode, base: string, rel: string): Promise<string[]> => {
  const reply = await node.legacy('orderbook', { base, rel });
  expect(reply.status).toBe(200);
  return [...(reply.body.asks as Json[]), ...(reply.body.bids as Json[])].map((o) => o.uuid as string);
};

describe('disable_coin with orders', () => {
  let maker: OrderNode;
  let watcher: OrderNode;

  beforeAll(async () => {
    [maker, watcher] = await Promise.all([startOrderNode('disable maker'), startOrderNode('disable watcher')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([maker, watcher].map((n) => n?.stop()));
  });

  it('cancels the coin’s orders, names them, and other nodes’ books no longer list them', async () => {
    await book(watcher, 'RLTC1', 'RLTC2');
    const place = async (base: string, rel: string) => {
      const r = await maker.legacy('setprice', { base, rel, price: '2', volume: '0.5', cancel_previous: false });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.result as Json).uuid as string;
    };
    const ask = await place('RLTC1', 'RLTC2');
    const bid = await place('RLTC2', 'RLTC1');
    await waitFor('both orders on the watcher', async () => {
      const seen = await book(watcher, 'RLTC1', 'RLTC2');
      return seen.includes(ask) && seen.includes(bid) ? true : undefined;
    });

    const reply = await maker.legacy('disable_coin', { coin: 'RLTC1' });
    expect(reply.status).toBe(200);
    const result = reply.body.result as { coin: string; cancelled_orders: string[]; passivized: boolean };
    expect(result).toMatchObject({ coin: 'RLTC1', passivized: false });
    expect(result.cancelled_orders.sort()).toEqual([ask, bid].sort());
    expect((await maker.legacy('my_orders')).body.result).toEqual({ maker_orders: {}, taker_orders: {} });
    expect(((await maker.legacy('get_enabled_coins')).body.result as Json[]).map((c) => c.ticker)).toEqual(['RLTC2']);
    await waitFor('the orders to leave the watcher’s book', async () => {
      const seen = await book(watcher, 'RLTC1', 'RLTC2');
      return seen.includes(ask) || seen.includes(bid) ? undefined : true;
    }, 15_000);
  });

  it('a coin with a matching order or a swap is refused with KDF’s shape', async () => {
    const taker = await startOrderNode('disable taker');
    try {
      const r = await watcher.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '1.5', volume: '0.5', cancel_previous: false });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const uuid = (r.body.result as Json).uuid as string;
      await waitFor('the order on the taker', async () => ((await book(taker, 'RLTC1', 'RLTC2')).includes(uuid) ? true : undefined));
      const buy = await taker.legacy('buy', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '0.2', match_by: { type: 'Orders', data: [uuid] } });
      expect(buy.status, JSON.stringify(buy.body)).toBe(200);
      const swap = (buy.body.result as Json).uuid as string;
      await waitFor('the match to connect', async () => (Object.keys(((await taker.legacy('my_orders')).body.result as Json).taker_orders as Json).length === 0 ? true : undefined), 20_000);
      const refused = await watcher.legacy('disable_coin', { coin: 'RLTC2' });
      expect(refused).toEqual({
        status: 500,
        body: { error: 'There are currently matching orders, active swaps', orders: { matching: [], cancelled: [] }, active_swaps: [swap] },
      });
      expect(((await watcher.legacy('get_enabled_coins')).body.result as Json[]).map((c) => c.ticker)).toContain('RLTC2');
    } finally {
      await taker.stop();
    }
  });
});
