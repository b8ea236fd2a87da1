/**
 * The simple market-maker bot on the devnet: a node core with RLTC1 and RLTC2 funded, a price
 * server on 127.0.0.1 speaking the price service's JSON (KDF's lp_price.rs `TickerInfos`), and the
 * bot at KDF's refresh rate (30 s). It places orders for two pairs, moves them when a price moves,
 * cancels them when a price goes stale or the source stops answering, places them again when it
 * answers, and its stop cancels its orders and nothing else: a hand-placed order survives it all.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MmBotEventData } from '../../../src/shared/mmBotEvents';
import { NodeEvents } from '../../../src/shared/wire';
import { startOrderNode, waitFor, type OrderNode } from '../orders/orderNode';

type Json = Record<string, unknown>;

/** What the price server answers: USD prices and their update times, or HTTP 503. */
const source = { up: true, prices: { RLTC1: '2', RLTC2: '1' } as Record<string, string>, age: 0 };

function tickers(): Json {
  const now = Math.floor(Date.now() / 1000) - source.age;
  return Object.fromEntries(
    Object.entries(source.prices).map(([ticker, price]) => [
      ticker,
      { ticker, last_price: price, last_updated: new Date(now * 1000).toISOString(), last_updated_timestamp: now, volume24h: '1000', price_provider: 'coingecko', volume_provider: 'coingecko', sparkline_7d: null, sparkline_provider: 'unknown', change_24h: '0', change_24h_provider: 'unknown' },
    ]),
  );
}

describe('the simple market-maker bot on the devnet', () => {
  let node: OrderNode;
  let server: Server;
  let priceUrl = '';
  let handUuid = '';

  const botEvents = (): MmBotEventData[] => node.events.filter((e) => e.event === NodeEvents.mmBot).map((e) => e.data as MmBotEventData);
  const cycles = () => botEvents().filter((e) => e.type === 'CycleDone' || e.type === 'PricesUnavailable').length;
  /** Waits for the bot's next cycle to end (KDF's 30 s refresh, and some slack). */
  const nextCycle = async () => {
    const seen = cycles();
    await waitFor('the next bot cycle', async () => (cycles() > seen ? true : undefined), 45_000);
  };
  const makerOrders = async (): Promise<Record<string, Json>> => ((await node.legacy('my_orders')).body.result as Json).maker_orders as Record<string, Json>;
  const botOrders = async () => Object.entries(await makerOrders()).filter(([uuid]) => uuid !== handUuid);

  beforeAll(async () => {
    server = createServer((_req, res) => {
      if (!source.up) return res.writeHead(503).end('down');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tickers()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    priceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/tickers`;
    node = await startOrderNode('mmbot maker');
    const hand = await node.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '5', volume: '0.5', cancel_previous: false });
    expect(hand.status, JSON.stringify(hand.body)).toBe(200);
    handUuid = (hand.body.result as Json).uuid as string;
  }, 120_000);

  afterAll(async () => {
    await node?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('places, moves and cancels its own orders as prices move, go stale or go away; stop cancels its orders only', async () => {
    const started = await node.mmrpc('start_simple_market_maker_bot', {
      cfg: {
        'RLTC1/RLTC2': { base: 'RLTC1', rel: 'RLTC2', spread: '1.02', max_volume: { percentage: '0.4' }, enable: true },
        'RLTC2/RLTC1': { base: 'RLTC2', rel: 'RLTC1', spread: '1.03', max_volume: { percentage: '0.4' }, min_volume: { percentage: '0.1' }, enable: true },
      },
      price_url: priceUrl,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.result).toEqual({ result: 'Success' });
    expect((await node.mmrpc('start_simple_market_maker_bot', { cfg: {} })).body.error_type).toBe('AlreadyStarted');

    // First cycle at once: RLTC1 $2 / RLTC2 $1 → 2 × 1.02 = 2.04 and 0.5 × 1.03 = 0.515.
    await waitFor('the first cycle', async () => (cycles() > 0 ? true : undefined));
    const placed = Object.fromEntries((await botOrders()).map(([uuid, o]) => [`${String(o.base)}/${String(o.rel)}`, { uuid, price: o.price, volume: Number(o.max_base_vol) }]));
    expect(placed['RLTC1/RLTC2']?.price).toBe('2.04');
    expect(placed['RLTC2/RLTC1']?.price).toBe('0.515');
    // 40 % of what RLTC1 offers beside the hand order's 0.5 (5 funded, less fees): about 1.8
    expect(placed['RLTC1/RLTC2']?.volume).toBeGreaterThan(1.7);
    expect(placed['RLTC1/RLTC2']?.volume).toBeLessThan(1.81);
    expect(botEvents().filter((e) => e.type === 'OrderCreated')).toHaveLength(2);

    source.prices.RLTC1 = '3';
    await nextCycle();
    const moved = Object.fromEntries((await botOrders()).map(([uuid, o]) => [uuid, o.price]));
    // the same orders, updated: 3 × 1.02 = 3.06, and 1/3 × 1.03 = 0.343333…
    expect(moved[placed['RLTC1/RLTC2']!.uuid]).toBe('3.06');
    expect(String(moved[placed['RLTC2/RLTC1']!.uuid])).toMatch(/^0\.34333/);

    source.age = 400;
    await nextCycle();
    expect(await botOrders()).toEqual([]);
    expect(botEvents().filter((e) => e.type === 'PairSkipped' && e.reason === 'PriceElapsedValidityExpired').length).toBeGreaterThanOrEqual(2);

    source.age = 0;
    await nextCycle();
    expect(await botOrders()).toHaveLength(2);

    source.up = false;
    await nextCycle();
    expect(await botOrders()).toEqual([]);
    expect(botEvents().some((e) => e.type === 'PricesUnavailable')).toBe(true);

    source.up = true;
    await nextCycle();
    expect(await botOrders()).toHaveLength(2);

    const stopped = await node.mmrpc('stop_simple_market_maker_bot');
    expect(stopped.body.result).toEqual({ result: 'Success' });
    await waitFor('the bot stopped', async () => (botEvents().some((e) => e.type === 'Stopped') ? true : undefined));
    expect(botEvents().find((e) => e.type === 'Stopped')).toEqual({ type: 'Stopped', nb_orders: 2 });
    expect(Object.keys(await makerOrders())).toEqual([handUuid]);
    expect((await node.mmrpc('stop_simple_market_maker_bot')).body.error_type).toBe('AlreadyStopped');
  }, 300_000);
});
