/**
 * A taker takes the market-maker bot's order: the swap runs to Finished on both nodes, and the
 * bot's next cycle sizes its order from the balance the swap left (less RLTC1 than before).
 * Prices come from a server on 127.0.0.1 speaking the price service's JSON.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MmBotEventData } from '../../../src/shared/mmBotEvents';
import { NodeEvents } from '../../../src/shared/wire';
import { startOrderNode, waitFor, type OrderNode } from '../orders/orderNode';

type Json = Record<string, unknown>;

function tickers(): Json {
  const now = Math.floor(Date.now() / 1000);
  const entry = (ticker: string, last_price: string) => ({ ticker, last_price, last_updated: '', last_updated_timestamp: now, volume24h: '0', price_provider: 'coingecko' });
  return { RLTC1: entry('RLTC1', '2'), RLTC2: entry('RLTC2', '1') };
}

describe('a taker takes the bot\'s order', () => {
  let maker: OrderNode;
  let taker: OrderNode;
  let server: Server;

  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tickers())));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    [maker, taker] = await Promise.all([startOrderNode('mmbot swap maker'), startOrderNode('mmbot swap taker')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([maker, taker].map((n) => n?.stop()));
    await new Promise((resolve) => server?.close(resolve));
  });

  it('runs the swap to Finished, then the bot refreshes its order from the new balance', async () => {
    const botEvents = () => maker.events.filter((e) => e.event === NodeEvents.mmBot).map((e) => e.data as MmBotEventData);
    const cycles = () => botEvents().filter((e) => e.type === 'CycleDone').length;
    const botOrder = async (): Promise<Json | undefined> => {
      const orders = ((await maker.legacy('my_orders')).body.result as Json).maker_orders as Record<string, Json>;
      return Object.values(orders).find((o) => o.base === 'RLTC1' && o.rel === 'RLTC2');
    };
    const started = await maker.mmrpc('start_simple_market_maker_bot', {
      cfg: { 'RLTC1/RLTC2': { base: 'RLTC1', rel: 'RLTC2', spread: '1', max_volume: { percentage: '0.2' }, enable: true } },
      price_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/tickers`,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await waitFor('the bot\'s first order', async () => (cycles() > 0 ? true : undefined));
    const before = await botOrder();
    expect(before?.price).toBe('2');
    const volumeBefore = Number(before?.max_base_vol);

    await waitFor('the bot\'s order on the taker', async () =>
      ((await taker.legacy('orderbook', { base: 'RLTC1', rel: 'RLTC2' })).body.asks as Json[]).some((a) => a.uuid === before?.uuid) ? true : undefined,
    );
    const buy = await taker.legacy('buy', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '0.5' });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const uuid = (buy.body.result as Json).uuid as string;
    const finished = async (node: OrderNode): Promise<Json | undefined> => {
      const reply = await node.legacy('my_swap_status', { params: { uuid } });
      const swap = reply.status === 200 ? (reply.body.result as Json) : undefined;
      return swap?.is_finished === true ? swap : undefined;
    };
    const [makerSwap, takerSwap] = await Promise.all([waitFor('maker finished', () => finished(maker), 240_000), waitFor('taker finished', () => finished(taker), 240_000)]);
    expect(makerSwap.is_success).toBe(true);
    expect(takerSwap.is_success).toBe(true);

    const seen = cycles();
    await waitFor('the bot\'s next cycle', async () => (cycles() > seen ? true : undefined), 45_000);
    const after = await botOrder();
    expect(after?.price).toBe('2');
    // 20 % of what RLTC1 can offer now: 0.5 RLTC1 (and fees) fewer than before
    expect(Number(after?.max_base_vol)).toBeLessThan(volumeBefore - 0.09);
    expect(Number(after?.max_base_vol)).toBeGreaterThan(volumeBefore - 0.11);
  }, 420_000);
});
