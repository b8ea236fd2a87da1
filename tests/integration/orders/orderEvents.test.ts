/**
 * Order events between two node cores over the devnet's seed node with the real libp2p P2p and
 * real balances: the page of the maker hears MakerMatch then MakerConnected, the taker's hears
 * TakerMatch then TakerConnected, all naming the same maker order and taker request, and each
 * side's `order_status` follows its order from Created to Fulfilled. The events come through the
 * node's platform, as the worker sends them to the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeEvents, type OrderMatchedData, type OrderStatusData } from '../../../src/shared/wire';
import { startOrderNode, waitFor, type OrderNode } from './orderNode';

type Json = Record<string, unknown>;

const matched = (n: OrderNode): OrderMatchedData[] => n.events.filter((e) => e.event === NodeEvents.orderMatched).map((e) => e.data as OrderMatchedData);
const statuses = (n: OrderNode): OrderStatusData[] => n.events.filter((e) => e.event === NodeEvents.orderStatus).map((e) => e.data as OrderStatusData);

describe('order events over libp2p between node cores', () => {
  let maker: OrderNode;
  let taker: OrderNode;

  beforeAll(async () => {
    [maker, taker] = await Promise.all([startOrderNode('events maker'), startOrderNode('events taker')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([maker, taker].map((n) => n?.stop()));
  });

  it('maker: MakerMatch then MakerConnected; taker: TakerMatch then TakerConnected; the same uuids on both sides', async () => {
    await taker.legacy('orderbook', { base: 'RLTC1', rel: 'RLTC2' });
    const placed = await maker.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '1.5', volume: '1', cancel_previous: false });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const makerUuid = (placed.body.result as Json).uuid as string;
    await waitFor('the order on the taker', async () =>
      ((await taker.legacy('orderbook', { base: 'RLTC1', rel: 'RLTC2' })).body.asks as Json[]).find((a) => a.uuid === makerUuid),
    );
    const bought = await taker.legacy('buy', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '1' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const takerUuid = (bought.body.result as Json).uuid as string;

    await waitFor('TakerConnected on the taker', async () => (matched(taker).length >= 2 ? true : undefined), 30_000);
    await waitFor('MakerConnected on the maker', async () => (matched(maker).length >= 2 ? true : undefined), 30_000);
    await waitFor('the maker order fulfilled', async () => (statuses(maker).some((s) => s.status === 'Fulfilled') ? true : undefined), 30_000);

    expect(matched(maker).map((e) => e.order_type)).toEqual(['MakerMatch', 'MakerConnected']);
    expect(matched(taker).map((e) => e.order_type)).toEqual(['TakerMatch', 'TakerConnected']);
    const [makerMatch, makerConnected] = matched(maker).map((e) => e.order_data as Json);
    const [takerMatch, takerConnected] = matched(taker).map((e) => e.order_data as Json);
    const uuids = { taker_order_uuid: takerUuid, maker_order_uuid: makerUuid };
    expect(makerMatch).toMatchObject({ request: { uuid: takerUuid, action: 'Buy' }, reserved: { ...uuids, method: 'reserved', base_amount: '1', rel_amount: '1.5' }, connect: null, connected: null });
    expect(makerConnected).toMatchObject({ reserved: uuids, connect: { ...uuids, method: 'connect' }, connected: { ...uuids, method: 'connected' } });
    expect(takerMatch).toMatchObject({ reserved: { ...uuids, base_amount: '1', rel_amount: '1.5' }, connect: { ...uuids, method: 'connect' }, connected: null });
    expect(takerConnected).toMatchObject({ reserved: uuids, connect: uuids, connected: { ...uuids, method: 'connected' } });
    // The two sides name each other: the maker's reservation is what the taker connected to.
    expect((takerMatch?.reserved as Json).sender_pubkey).toBe((makerMatch?.reserved as Json).sender_pubkey);
    expect((makerConnected?.connect as Json).sender_pubkey).toBe((takerMatch?.connect as Json).sender_pubkey);

    expect(statuses(maker).map((s) => [s.status, s.type, s.uuid])).toEqual([
      ['Created', 'Maker', makerUuid],
      ['Matched', 'Maker', makerUuid],
      ['Matched', 'Maker', makerUuid],
      ['Fulfilled', 'Maker', makerUuid],
    ]);
    expect(statuses(taker).map((s) => [s.status, s.type, s.uuid])).toEqual([
      ['Created', 'Taker', takerUuid],
      ['Matched', 'Taker', takerUuid],
      ['Fulfilled', 'Taker', takerUuid],
    ]);
    expect((statuses(maker)[2]?.order as Json).started_swaps).toEqual([takerUuid]);
    // What the events said is what the nodes' my_orders show: both orders gone.
    const myOrders = (n: OrderNode) => n.legacy('my_orders').then((r) => (r.body.result as { maker_orders: Json; taker_orders: Json }));
    expect(Object.keys((await myOrders(taker)).taker_orders)).toEqual([]);
    expect(Object.keys((await myOrders(maker)).maker_orders)).toEqual([]);
  });
});
