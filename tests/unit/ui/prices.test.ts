/**
 * The portfolio's price source: CoinGecko's `simple/price` JSON served by a local HTTP server on
 * 127.0.0.1 (started and stopped here). The URL is the user's to set, so the answer is hostile
 * until checked: oversized bodies are cut off while read, only the ids asked are taken, and
 * numbers must be finite and within bounds. Values are exact; rounding is for display only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { formatChange, formatFiat, formatPrice, portfolioOf } from '../../../src/ui/lib/portfolio';
import {
  DEFAULT_PRICE_SETTINGS,
  fetchQuotes,
  MAX_PRICE_BODY_BYTES,
  priceRequestUrl,
  priceUrlError,
  readCoingeckoIds,
  readPriceSettings,
  readSimplePrice,
  type PriceSettings,
} from '../../../src/ui/lib/prices';

let server: Server;
let base = '';
const seen: URL[] = [];
/** What the server does per path. */
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/api/v3/simple/price': (req, res) => {
    const u = new URL(req.url ?? '/', base);
    const cur = u.searchParams.get('vs_currencies') ?? 'usd';
    const all: Record<string, Record<string, number>> = {
      litecoin: { [cur]: 71.23, [`${cur}_24h_change`]: -2.5 },
      komodo: { [cur]: 0.2712, [`${cur}_24h_change`]: 10 },
      bitcoin: { [cur]: 95000.5 },
    };
    const ids = (u.searchParams.get('ids') ?? '').split(',');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(Object.fromEntries(ids.filter((i) => Object.hasOwn(all, i)).map((i) => [i, all[i]]))));
  },
  '/huge': (_req, res) => {
    // Streamed without a Content-Length: the cap must hold while reading.
    res.setHeader('content-type', 'application/json');
    res.write('{"litecoin":{"usd":1},"pad":"');
    const chunk = 'x'.repeat(16 * 1024);
    let sent = 0;
    const more = (): void => {
      while (sent < 4 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end('"}');
    };
    more();
  },
  '/liar': (_req, res) => {
    res.setHeader('content-length', String(MAX_PRICE_BODY_BYTES * 10));
    res.end('{}');
  },
  '/limited': (_req, res) => {
    res.statusCode = 429;
    res.end('{"status":{"error_code":429}}');
  },
  '/html': (_req, res) => {
    res.end('<html>not json</html>');
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', base);
    seen.push(u);
    const route = routes[u.pathname];
    if (route) route(req, res);
    else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const settings = (path: string, currency = 'usd'): PriceSettings => ({ enabled: true, url: `${base}${path}`, currency });

describe('price source', () => {
  it('asks simple/price for the ids with the currency and the 24 h change, and reads the quotes exactly', async () => {
    const quotes = await fetchQuotes(settings('/api/v3/simple/price', 'eur'), ['litecoin', 'komodo', 'bitcoin', 'litecoin']);
    const req = seen.at(-1)!;
    expect(req.searchParams.get('ids')).toBe('bitcoin,komodo,litecoin');
    expect(req.searchParams.get('vs_currencies')).toBe('eur');
    expect(req.searchParams.get('include_24hr_change')).toBe('true');
    expect(quotes.get('litecoin')?.price.toFraction()).toEqual({ numer: '7123', denom: '100' });
    expect(quotes.get('litecoin')?.change24h?.toFraction()).toEqual({ numer: '-5', denom: '2' });
    expect(quotes.get('komodo')?.price.toFraction()).toEqual({ numer: '339', denom: '1250' });
    expect(quotes.get('bitcoin')?.change24h).toBeNull();
  });

  it('keeps parameters of the configured URL (an API key) and asks nothing for no ids', async () => {
    const s = { ...settings('/api/v3/simple/price'), url: `${base}/api/v3/simple/price?x_cg_demo_api_key=k1` };
    expect(new URL(priceRequestUrl(s, ['a'])).searchParams.get('x_cg_demo_api_key')).toBe('k1');
    const before = seen.length;
    expect((await fetchQuotes(s, [])).size).toBe(0);
    expect(seen.length).toBe(before);
  });

  it('refuses an answer over the size cap, whether streamed or declared', async () => {
    await expect(fetchQuotes(settings('/huge'), ['litecoin'])).rejects.toThrow(/too large/);
    await expect(fetchQuotes(settings('/liar'), ['litecoin'])).rejects.toThrow(/too large/);
  });

  it('says what went wrong: an HTTP error, a rate limit, not JSON, nobody listening', async () => {
    await expect(fetchQuotes(settings('/limited'), ['litecoin'])).rejects.toThrow(/HTTP 429 \(too many requests/);
    await expect(fetchQuotes(settings('/nothing'), ['litecoin'])).rejects.toThrow(/HTTP 404/);
    await expect(fetchQuotes(settings('/html'), ['litecoin'])).rejects.toThrow(/not JSON/);
    await expect(fetchQuotes({ ...settings(''), url: 'http://127.0.0.1:1/' }, ['litecoin'])).rejects.toThrow(/could not be reached/);
  });

  it('takes only asked ids with finite, bounded numbers', () => {
    const body = {
      litecoin: { usd: 70, usd_24h_change: 1.5 },
      evil: { usd: 1 },
      neg: { usd: -1 },
      big: { usd: 1e16 },
      str: { usd: '70' },
      wildchange: { usd: 2, usd_24h_change: 1e9 },
      crash: { usd: 2, usd_24h_change: -150 },
      arr: [1],
      ['__proto__']: { usd: 1 },
    };
    const q = readSimplePrice(JSON.parse(JSON.stringify(body)), ['litecoin', 'neg', 'big', 'str', 'wildchange', 'crash', 'arr', '__proto__', 'missing'], 'usd');
    expect([...q.keys()].sort()).toEqual(['__proto__', 'crash', 'litecoin', 'wildchange']);
    expect(q.get('wildchange')?.change24h).toBeNull();
    expect(q.get('crash')?.change24h).toBeNull();
    expect(readSimplePrice([], ['litecoin'], 'usd').size).toBe(0);
    expect(readSimplePrice('x', ['litecoin'], 'usd').size).toBe(0);
  });

  it('accepts https URLs, and http only on 127.0.0.1', () => {
    expect(priceUrlError('https://api.coingecko.com/api/v3/simple/price')).toBeNull();
    expect(priceUrlError('http://127.0.0.1:8080/simple/price')).toBeNull();
    expect(priceUrlError('http://prices.example.com/')).toMatch(/https/);
    expect(priceUrlError('javascript:alert(1)')).toMatch(/https/);
    expect(priceUrlError('https://user:pw@example.com/')).toMatch(/password/);
    expect(priceUrlError('not a url')).toMatch(/full URL/);
  });

  it('reads stored settings, falling back to off and CoinGecko on anything invalid', () => {
    expect(readPriceSettings(null)).toEqual(DEFAULT_PRICE_SETTINGS);
    expect(DEFAULT_PRICE_SETTINGS.enabled).toBe(false);
    expect(readPriceSettings({ enabled: 'yes', url: 'ftp://x', currency: 'xyz' })).toEqual(DEFAULT_PRICE_SETTINGS);
    expect(readPriceSettings({ enabled: true, url: `${base}/p`, currency: 'eur' })).toEqual({ enabled: true, url: `${base}/p`, currency: 'eur' });
  });

  it('maps tickers to ids through the coins file, every mainnet coin of public/coins.json with a slug', async () => {
    const { readFileSync } = await import('node:fs');
    expect(readCoingeckoIds([{ coin: 'LTC', coingecko_id: 'litecoin' }, { coin: 'X', coingecko_id: 'Bad Id!' }, { coin: 'Y' }, 'junk'])).toEqual({ LTC: 'litecoin' });
    const ids = readCoingeckoIds(JSON.parse(readFileSync('public/coins.json', 'utf8')));
    for (const id of Object.values(ids)) expect(id).toMatch(/^[a-z0-9-]+$/);
  });
});

describe('portfolio values', () => {
  const n = (v: string): MmNumber => MmNumber.parse(v);
  const quotes = new Map([
    ['litecoin', { price: n('71.23'), change24h: n('-2.5') }],
    ['komodo', { price: n('0.2712'), change24h: n('10') }],
    ['bitcoin', { price: n('95000.5'), change24h: null }],
  ]);
  const ids = { LTC: 'litecoin', KMD: 'komodo', BTC: 'bitcoin' };

  it('values each coin exactly and sums them; coins without a price stay out of the total', () => {
    const p = portfolioOf(
      [
        { ticker: 'LTC', balance: '1.00000001' },
        { ticker: 'KMD', balance: '3' },
        { ticker: 'RLTC1', balance: '5' },
        { ticker: 'BTC', balance: '' },
      ],
      ids,
      quotes,
    );
    expect(p.rows[0]?.value?.toDecimalString()).toBe('71.2300007123');
    expect(p.rows[1]?.value?.toDecimalString()).toBe('0.8136');
    expect(p.total.toDecimalString()).toBe('72.0436007123');
    expect(p.unpriced).toEqual(['RLTC1', 'BTC']);
    expect(formatFiat(p.total, 'usd')).toBe('72.04 USD');
    // A day ago: 71.2300007123/0.975 + 0.8136/1.1 = 7914626078353/107250000000; the change of the
    // whole, (72.0436007123 − that)/that × 100 = −37589980391765/15829252156706 ≈ −2.3747 %.
    expect(p.change24h?.toFraction()).toEqual({ numer: '-37589980391765', denom: '15829252156706' });
    expect(formatChange(p.change24h!)).toBe('−2.37 %');
  });

  it('has no total change when a priced coin has no change', () => {
    const p = portfolioOf([{ ticker: 'BTC', balance: '0.5' }], ids, quotes);
    expect(p.total.toDecimalString()).toBe('47500.25');
    expect(p.change24h).toBeNull();
    expect(formatFiat(p.total, 'usd')).toBe('47,500.25 USD');
    expect(formatFiat(p.total, 'jpy')).toBe('47,500 JPY');
  });

  it('rounds only for display, half up, with small prices kept readable', () => {
    expect(formatFiat(n('1234567.005'), 'eur')).toBe('1,234,567.01 EUR');
    expect(formatFiat(n('-0.001'), 'usd')).toBe('0.00 USD');
    expect(formatPrice(n('0.000123456'), 'usd')).toBe('0.0001235 USD');
    expect(formatPrice(n('71.235'), 'usd')).toBe('71.24 USD');
    expect(formatChange(n('0.004'))).toBe('+0.00 %');
  });
});
