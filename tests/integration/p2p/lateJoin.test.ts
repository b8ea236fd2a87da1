/**
 * A node unlocked without seed nodes (the app's default) joins the network when the page sets seeds
 * (`set_seednodes`), without a restart: the page hears `p2p_status` leave off, and everything a
 * start with seeds would have wired (orders service, swap engine) runs, so its order reaches
 * another node and a taker there is matched with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeEvents, type OrderMatchedData, type P2pStatusData } from '../../../src/shared/wire';
import { startOrderNode, waitFor, type OrderNode } from '../orders/orderNode';
import { seedAddr } from './helpers';

type Json = Record<string, unknown>;

const SOME_UUID = '0b5e1d8e-5a43-4c36-9f0e-1f2a3b4c5d6e';

const p2pEvents = (n: OrderNode): P2pStatusData[] => n.events.filter((e) => e.event === NodeEvents.p2pStatus).map((e) => e.data as P2pStatusData);
const status = async (n: OrderNode): Promise<P2pStatusData> => (await n.host.handleControl({ op: 'p2p_status' })).body as P2pStatusData;
const asks = async (n: OrderNode): Promise<Json[]> => (await n.legacy('orderbook', { base: 'RLTC1', rel: 'RLTC2' })).body.asks as Json[];

describe('a node started without seeds joins the network at set_seednodes', () => {
  let late: OrderNode;
  let peer: OrderNode;

  beforeAll(async () => {
    [late, peer] = await Promise.all([startOrderNode('late join', '5', []), startOrderNode('late join peer')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([late, peer].map((n) => n?.stop()));
  });

  it('off before: no orders, no swaps; a seed list that cannot be used changes nothing', async () => {
    expect(await status(late)).toEqual({ state: 'off', peers: 0, netid: 0, seeds: [] });
    const refused = await late.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '1', volume: '1' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const noSwaps = await late.legacy('recover_funds_of_swap', { params: { uuid: SOME_UUID } });
    expect(noSwaps.body.error).toMatch(/Swaps are not running/);

    for (const seednodes of [['/ip4/not-an-ip/tcp/1/ws'], ['not a host!']]) {
      const bad = await late.host.handleControl({ op: 'set_seednodes', seednodes });
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect((bad.body as { error_type: string }).error_type).toMatch(/InvalidRequest|P2PError/);
    }
    // An empty list on a node without p2p stays off and starts nothing.
    const empty = await late.host.handleControl({ op: 'set_seednodes', seednodes: [] });
    expect(empty).toMatchObject({ status: 200, body: { state: 'off', seeds: [] } });
    expect(await status(late)).toEqual({ state: 'off', peers: 0, netid: 0, seeds: [] });
    expect(p2pEvents(late)).toEqual([]);
  });

  it('joins: p2p_status leaves off, the order reaches the peer, the peer’s taker is matched with it', async () => {
    const joined = await late.host.handleControl({ op: 'set_seednodes', seednodes: [seedAddr()] });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect((joined.body as P2pStatusData).seeds.map((s) => s.addr)).toEqual([seedAddr()]);
    expect((joined.body as P2pStatusData).state).not.toBe('off');
    await waitFor('the late node connected', async () => ((await status(late)).state === 'connected' ? true : undefined));
    expect(p2pEvents(late).at(-1)).toMatchObject({ state: 'connected', seeds: [{ addr: seedAddr(), state: 'connected' }] });

    // The swap engine runs now: a swap it does not know is "not found", not "not running".
    const unknownSwap = await late.legacy('recover_funds_of_swap', { params: { uuid: SOME_UUID } });
    expect(unknownSwap.status).toBeGreaterThanOrEqual(400);
    expect(unknownSwap.body.error).not.toMatch(/Swaps are not running/);

    // The same seeds again (the page saves twice): kept as they are, no second network.
    const again = await late.host.handleControl({ op: 'set_seednodes', seednodes: [seedAddr()] });
    expect(again).toMatchObject({ status: 200, body: { state: 'connected' } });

    await asks(peer);
    const placed = await late.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '1.5', volume: '1', cancel_previous: false });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const uuid = (placed.body.result as Json).uuid as string;
    const seen = await waitFor('the order on the peer', async () => (await asks(peer)).find((a) => a.uuid === uuid));
    expect(seen).toMatchObject({ coin: 'RLTC1', price: '1.5', is_mine: false });

    const bought = await peer.legacy('buy', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '0.5' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const matched = await waitFor('the match on the late node', async () =>
      late.events.filter((e) => e.event === NodeEvents.orderMatched).map((e) => e.data as OrderMatchedData).find((m) => m.order_type === 'MakerConnected'),
    );
    expect(matched.order_type).toBe('MakerConnected');
    const order = ((await late.legacy('my_orders')).body.result as { maker_orders: Record<string, Json> }).maker_orders[uuid];
    expect(order?.started_swaps).toEqual([(bought.body.result as Json).uuid]);
  });
});
