/**
 * Market-maker bot figures: one cycle over 20 pairs, from the price read (a real HTTP request to a
 * price server on 127.0.0.1 answering 700 tickers with 7-day sparklines, about as big as the real
 * services' answers) to the last order updated, and the longest event-loop block while it runs.
 * The orders service is an in-memory stand-in that answers at once, so the figure is the bot's own
 * work (request, parse, pricing, sizing, state writes, events), not the orders' gossip.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MmBot, type BotOrders } from '../src/node/mmbot/bot';
import { readBotConfig } from '../src/node/mmbot/config';
import { PriceClient } from '../src/node/mmbot/priceClient';
import { MmNumber } from '../src/shared/number';
import { ParamReader } from '../src/shared/params';
import { longestBlockMs } from './eventLoopBlock';
import type { Figure } from './run';

const PAIRS = 20;
const TICKERS = 700;
const CYCLES = 7;

function tickersBody(now: number): string {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < TICKERS; i++) {
    out[`C${i}`] = {
      ticker: `C${i}`,
      last_price: (1 + i / 7).toFixed(8),
      last_updated: new Date(now * 1000).toISOString(),
      last_updated_timestamp: now,
      volume24h: '12345.678',
      price_provider: 'coingecko',
      volume_provider: 'coingecko',
      sparkline_7d: Array.from({ length: 168 }, (_, k) => 1 + k / 1000),
      sparkline_provider: 'coingecko',
      change_24h: '0.01',
      change_24h_provider: 'coingecko',
    };
  }
  return JSON.stringify(out);
}

/** Orders kept in a map, answering at once. */
function memoryOrders(): BotOrders {
  const orders = new Map<string, { uuid: string; base: string; rel: string; maxBaseVol: MmNumber }>();
  let next = 0;
  return {
    makerOrders: () => [...orders.values()],
    makerVolumeAvailable: () => Promise.resolve(MmNumber.parse('100')),
    setPrice: (req) => {
      const order = { uuid: `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`, base: req.base, rel: req.rel, maxBaseVol: req.volume };
      orders.set(order.uuid, order);
      return Promise.resolve(order);
    },
    updateMakerOrder: (req) => {
      const order = orders.get(req.uuid);
      if (!order) return Promise.reject(new Error('no such order'));
      if (req.volumeDelta) order.maxBaseVol = order.maxBaseVol.add(req.volumeDelta);
      return Promise.resolve(order);
    },
    cancelOrder: (uuid) => Promise.resolve(orders.delete(uuid)),
  };
}

export async function mmBotFigures(): Promise<Figure[]> {
  const body = tickersBody(Math.floor(Date.now() / 1000));
  const server: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/tickers`;
  const cfg = Object.fromEntries(
    Array.from({ length: PAIRS }, (_, i) => [`C${i}/C${i + 1}`, { base: `C${i}`, rel: `C${i + 1}`, spread: '1.025', max_volume: { percentage: '0.5' }, enable: true }]),
  );
  const request = { cfg, price_url: url };
  // A clock that moves 6 s per cycle, so the client's 5 s cache never answers: every cycle reads the server.
  let clock = Date.now();
  const bot = new MmBot({
    orders: memoryOrders,
    coinActive: () => true,
    prices: new PriceClient({ now: () => clock }),
    store: { save: () => Promise.resolve() },
    now: () => Date.now(),
    pastTrades: () => Promise.resolve([]),
    emit: () => undefined,
    log: () => undefined,
  });
  try {
    await bot.start(readBotConfig(new ParamReader(request, 'params')), request);
    const cycles: number[] = [];
    let block = 0;
    for (let i = 0; i < CYCLES; i++) {
      clock += 6_000;
      const t0 = performance.now();
      const { ms } = await longestBlockMs(() => bot.runCycle());
      cycles.push(performance.now() - t0);
      block = Math.max(block, ms);
    }
    const sorted = [...cycles].sort((a, b) => a - b);
    return [
      { name: `mm bot: cycle over ${PAIRS} pairs, price read to last order updated (median of ${CYCLES})`, value: Math.round((sorted[Math.floor(CYCLES / 2)] ?? 0) * 10) / 10, unit: 'ms' },
      { name: `mm bot: price answer read (${TICKERS} tickers)`, value: Math.round(body.length / 1024), unit: 'KB' },
      { name: `mm bot: longest event-loop block during a ${PAIRS}-pair cycle`, value: block, unit: 'ms' },
    ];
  } finally {
    await bot.stop().catch(() => undefined);
    await bot.halt();
    await new Promise((resolve) => server.close(resolve));
  }
}
