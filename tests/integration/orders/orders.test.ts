/**
 * Orders between node cores over the devnet's seed node with the real libp2p P2p: orders
 * propagate, a late joiner gets the book, a taker connects to the best maker, GoodTillCancelled
 * requests turn into maker orders and FillOrKill ones end after their timeout. Balances are real
 * (RLTC1/RLTC2 wallets on the devnet chains), so every order passes the swaps domain's checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrderNode, waitFor, type OrderNode } from './orderNode';

type Json = Record<string, unknown>;

async function asks(node: OrderNode, base = 'RLTC1', rel = 'RLTC2'): Promise<Json[]> {
  const reply = await node.legacy('orderbook', { base, rel });
  expect(reply.status).toBe(200);
  return reply.body.asks as Json[];
}

async function myOrders(node: OrderNode): Promise<{ maker_orders: Record<string, Json>; taker_orders: Record<string, Json> }> {
  return (await node.legacy('my_orders')).body.result as { maker_orders: Record<string, Json>; taker_orders: Record<string, Json> };
}

async function setprice(node: OrderNode, price: string, volume: string): Promise<string> {
  const reply = await node.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price, volume, cancel_previous: false });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body.result as Json).uuid as string;
}

describe('orders over libp2p between node cores', () => {
  let dear: OrderNode;
  let cheap: OrderNode;
  let taker: OrderNode;
  let dearUuid: string;

  beforeAll(async () => {
    [dear, cheap, taker] = await Promise.all([startOrderNode('orders dear'), startOrderNode('orders cheap'), startOrderNode('orders taker')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([dear, cheap, taker].map((n) => n?.stop()));
  });

  it('a maker order reaches the other nodes’ orderbooks', async () => {
    await asks(taker);
    dearUuid = await setprice(dear, '2', '1');
    const seen = await waitFor('the order on the taker', async () => (await asks(taker)).find((a) => a.uuid === dearUuid));
    expect(seen).toMatchObject({ coin: 'RLTC1', price: '2', maxvolume: '1', is_mine: false });
    expect((await asks(dear)).find((a) => a.uuid === dearUuid)).toMatchObject({ is_mine: true });
  });

  it('a node that joins later gets the book on its first orderbook call', async () => {
    const late = await startOrderNode('orders late', '1');
    try {
      expect((await asks(late)).map((a) => a.uuid)).toContain(dearUuid);
    } finally {
      await late.stop();
    }
  });

  it('a taker connects to the best-priced maker; both record the match under the swap uuid', async () => {
    const cheapUuid = await setprice(cheap, '1.5', '1');
    await waitFor('both makers on the taker', async () => ((await asks(taker)).length >= 2 ? true : undefined));
    const buy = await taker.legacy('buy', { base: 'RLTC1', rel: 'RLTC2', price: '3', volume: '0.5' });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const swapUuid = (buy.body.result as Json).uuid as string;
    await waitFor('the taker request to be matched', async () => (Object.keys((await myOrders(taker)).taker_orders).length === 0 ? true : undefined), 20_000);
    const best = (await myOrders(cheap)).maker_orders[cheapUuid]!;
    expect(best.started_swaps).toEqual([swapUuid]);
    expect((best.matches as Record<string, Json>)[swapUuid]?.connected).toMatchObject({ method: 'connected', taker_order_uuid: swapUuid });
    expect(best.available_amount).toBe('0.5');
    const other = (await myOrders(dear)).maker_orders[dearUuid]!;
    expect(other.started_swaps).toEqual([]);
    expect((other.matches as Record<string, Json>)[swapUuid]).toMatchObject({ connect: null, connected: null });
    await waitFor('the rest of the best order on the taker', async () =>
      (await asks(taker)).find((a) => a.uuid === cheapUuid && a.maxvolume === '0.5'),
    );
  });

  it('an unmatched GoodTillCancelled request becomes a maker order after its timeout', async () => {
    const sell = await taker.legacy('sell', { base: 'RLTC1', rel: 'RLTC2', price: '9', volume: '0.3', min_volume: '0.1', timeout: 2 });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    const uuid = (sell.body.result as Json).uuid as string;
    const made = await waitFor('the maker order', async () => (await myOrders(taker)).maker_orders[uuid], 10_000);
    expect(made).toMatchObject({ base: 'RLTC1', rel: 'RLTC2', price: '9', max_base_vol: '0.3', min_base_vol: '0.1' });
    expect((await myOrders(taker)).taker_orders[uuid]).toBeUndefined();
    // KDF's history keeps the request's row, marked ToMaker (my_orders_storage.rs delete_my_taker_order, update_was_taker).
    const history = await taker.legacy('orders_history_by_filter', { status: 'ToMaker' });
    expect(((history.body.result as Json).orders as Json[]).find((o) => o.uuid === uuid)).toMatchObject({
      order_type: 'Maker', initial_action: 'Sell', base: 'RLTC1', rel: 'RLTC2', price: 9, volume: 0.3, was_taker: 1, status: 'ToMaker',
    });
    await waitFor('the converted order on another node', async () => (await asks(dear)).find((a) => a.uuid === uuid));
  });

  it('an unmatched FillOrKill request ends after its timeout', async () => {
    const buy = await taker.legacy('buy', { base: 'RLTC1', rel: 'RLTC2', price: '0.1', volume: '0.5', order_type: { type: 'FillOrKill' }, timeout: 2 });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const uuid = (buy.body.result as Json).uuid as string;
    expect((await myOrders(taker)).taker_orders[uuid]).toBeDefined();
    await waitFor('the request to end', async () => ((await myOrders(taker)).taker_orders[uuid] ? undefined : true), 10_000);
    expect((await myOrders(taker)).maker_orders[uuid]).toBeUndefined();
  });
});
