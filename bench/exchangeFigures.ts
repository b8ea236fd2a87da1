/**
 * Long tasks on the page's main thread for the Exchange tab with 150 own orders and a
 * 10,000-order book (issue 13's benchmark; target: none over 50 ms). The tab's own components
 * (bench/exchangePage) run in Chromium over a stand-in node worker that answers `orderbook` and
 * `my_orders` with bodies made here by the node's wire code. Measured from the tab's mount (the
 * page's own load excluded) through the first reads, two book refreshes, paging through "My
 * orders" and re-sorting it.
 */
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { Browser } from '@playwright/test';
import { build } from 'vite';
import { freePort } from '../devnet/process';
import { MmNumber } from '../src/shared/number';
import { parseCoinsConfig } from '../src/node/coins/config';
import { keyPairFromPrivkey, bytesToHex } from '../src/node/crypto';
import { Orderbook } from '../src/node/orders/orderbook';
import { orderbookResponse } from '../src/node/orders/orderbookWire';
import type { MakerOrder, OrderbookItem } from '../src/node/orders/types';
import { makerOrderForMyOrders } from '../src/node/orders/wire';
import type { Figure } from './run';

const BOOK_ORDERS = 10_000;
const OWN_ORDERS = 150;
/** Two of the tab's book refreshes (one every 4 s) after the first read. */
const REFRESH_WAIT_MS = 9_000;
const NAME = `Exchange tab with ${OWN_ORDERS} own orders and a ${BOOK_ORDERS.toLocaleString('en')}-order book`;

function pubkeyOf(i: number): string {
  const key = new Uint8Array(32);
  key[31] = (i % 250) + 1;
  key[0] = 1;
  return bytesToHex(keyPairFromPrivkey(key).publicKey);
}

/** The `orderbook` body for RLTC1/RLTC2 with half the orders asks and half bids, and my `my_orders` result. */
export function benchData(): { orderbook: unknown; myOrders: unknown } {
  const coins = parseCoinsConfig(JSON.parse(readFileSync('public/coins.json', 'utf8'))).coins;
  const [baseConfig, relConfig] = [coins.get('RLTC1'), coins.get('RLTC2')];
  if (!baseConfig || !relConfig) throw new Error('no RLTC1/RLTC2 in the coins file');
  const now = Date.now();
  const pubkeys = Array.from({ length: 50 }, (_, i) => pubkeyOf(i));
  const book = new Orderbook();
  for (let i = 0; i < BOOK_ORDERS; i++) {
    const ask = i % 2 === 0;
    const item: OrderbookItem = {
      pubkey: pubkeys[i % pubkeys.length] ?? '',
      base: ask ? 'RLTC1' : 'RLTC2',
      rel: ask ? 'RLTC2' : 'RLTC1',
      // Asks above 1, bids below: a book with a spread.
      price: ask ? MmNumber.of(BigInt(1001 + (i % 500)), 1000n) : MmNumber.of(1000n, BigInt(1001 + (i % 500))),
      maxVolume: MmNumber.of(BigInt(1 + (i % 97)), 10n),
      minVolume: MmNumber.of(1n, 1000n),
      uuid: crypto.randomUUID(),
      createdAt: Math.floor(now / 1000) - (i % 600),
      baseProtocolInfo: new Uint8Array(),
      relProtocolInfo: new Uint8Array(),
      confSettings: null,
    };
    book.upsert(item, now);
  }
  const all = book.all();
  const orderbook = orderbookResponse({
    base: 'RLTC1',
    rel: 'RLTC2',
    asks: all.filter((o) => o.base === 'RLTC1'),
    bids: all.filter((o) => o.base === 'RLTC2'),
    baseConfig,
    relConfig,
    myPubkey: pubkeys[0] ?? '',
    netid: 7777,
    nowMs: now,
  });
  const makerOrders: Record<string, unknown> = {};
  for (let i = 0; i < OWN_ORDERS; i++) {
    const order: MakerOrder = {
      uuid: crypto.randomUUID(),
      base: 'RLTC1',
      rel: 'RLTC2',
      price: MmNumber.of(BigInt(2000 + ((i * 37) % OWN_ORDERS)), 1000n),
      maxBaseVol: MmNumber.of(1n, 100n),
      minBaseVol: MmNumber.of(1n, 10_000n),
      createdAt: now - i * 1000,
      updatedAt: now - i * 1000,
      matches: new Map(),
      startedSwaps: [],
      confSettings: { baseConfs: 1, baseNota: false, relConfs: 1, relNota: false },
      changesHistory: [],
      saveInHistory: true,
      baseOrderbookTicker: null,
      relOrderbookTicker: null,
      wasTaker: false,
    };
    makerOrders[order.uuid] = makerOrderForMyOrders(order);
  }
  return { orderbook, myOrders: { maker_orders: makerOrders, taker_orders: {} } };
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/** The built harness and its data on 127.0.0.1. */
function serve(dir: string, data: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/__bench/data.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(data);
      return;
    }
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export async function exchangeFigures(browser: Browser): Promise<Figure[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-exchange-'));
  let server: Server | undefined;
  try {
    await build({
      configFile: false,
      root: fileURLToPath(new URL('./exchangePage', import.meta.url)),
      base: '/',
      logLevel: 'warn',
      plugins: [svelte()],
      build: { outDir, emptyOutDir: true, target: 'es2022' },
      worker: { format: 'es' },
    });
    const port = await freePort();
    server = await serve(outDir, JSON.stringify(benchData()), port);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`http://127.0.0.1:${port}/`);
    // The page settles before the tab opens (the stand-in node answers once it has read its data).
    await page.waitForTimeout(1_000);
    const mountedAt = (await page.evaluate('window.benchMount()')) as number;
    await page.getByTestId('orderbook-ask').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('my-orders-page').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(REFRESH_WAIT_MS);
    for (let i = 0; i < 3; i++) await page.getByTestId('my-orders-next').click();
    await page.getByTestId('my-orders-sort').selectOption('newest');
    await page.getByTestId('my-orders-sort').selectOption('price-desc');
    await page.waitForTimeout(500);
    const tasks = ((await page.evaluate('window.benchLongTasks')) as { start: number; ms: number }[]).filter((t) => t.start + t.ms > mountedAt);
    await page.close();
    const longest = tasks.reduce((m, t) => Math.max(m, t.ms), 0);
    return [
      { name: `${NAME}: main-thread tasks over 50 ms`, value: tasks.length, unit: 'tasks' },
      { name: `${NAME}: longest main-thread task over 50 ms (0: none)`, value: Math.round(longest), unit: 'ms' },
    ];
  } finally {
    server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
