/**
 * The price service client (KDF's lp_price.rs): `{TICKER: {ticker, last_price, last_updated,
 * last_updated_timestamp, volume24h, price_provider, …}}` from the first of the configured
 * endpoints that answers, that one tried first next time, as KDF's `fetch_price_tickers` does.
 *
 * A price source is a server on the internet deciding the node's order prices, so everything is
 * bounded before work is done on it: https only (or http on 127.0.0.1), no redirects, a deadline,
 * a body cap checked while reading, and only the tickers asked for are read out of the answer,
 * each number held to a sane range (a malformed ticker counts as missing, which cancels its pairs).
 * One client per node: answers are shared for CACHE_MS, so callers in one cycle cost one request.
 */
import { MmNumber, MmNumberParseError } from '../../shared/number';
import { isRecord } from '../../shared/guards';

/** KDF's PRICE_ENDPOINTS, tried in this order; nothing is requested until the bot starts. */
export const PRICE_ENDPOINTS = [
  'https://prices.komodian.info/api/v2/tickers',
  'https://prices.cipig.net:1717/api/v2/tickers',
  'https://cache.defi-stats.komodo.earth/api/v3/prices/tickers_v2.json',
] as const;

/** The largest answer read (the real services answer a few hundred kB for ~700 tickers). */
export const MAX_PRICE_BODY_BYTES = 4 * 1024 * 1024;
export const PRICE_TIMEOUT_MS = 10_000;
const CACHE_MS = 5_000;
/** A USD price above this (or a text longer than MAX_PRICE_TEXT) is not a price. */
const MAX_USD_PRICE = MmNumber.of(10n ** 12n);
const MAX_PRICE_TEXT = 64;
const MAX_TICKER_LENGTH = 64;

/** KDF's `Provider`; any other name is `unknown`, which a pair is never priced from. */
const PROVIDERS = new Set(['binance', 'coingecko', 'coinpaprika', 'forex', 'livecoinwatch']);

/** One ticker's price as the bot uses it. */
export interface TickerPrice {
  lastPrice: MmNumber;
  /** Unix seconds; 0 when the source does not know. */
  lastUpdatedTimestamp: number;
  provider: string;
}

/** The tickers asked for that the answer had in a usable form. */
export type PriceRegistry = ReadonlyMap<string, TickerPrice>;

export class PriceSourceError extends Error {
  override readonly name = 'PriceSourceError';
}

/** Why `url` may not be a price source, or null when it may. */
export function checkPriceUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a url';
  }
  if (parsed.username || parsed.password) return 'credentials in a url';
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && parsed.hostname === '127.0.0.1') return null;
  return 'https, or http on 127.0.0.1 only';
}

/** The names a ticker's price may be found under: itself, then its part before `-` (KDF's `USDT-PLG20` → `USDT`). */
export function priceKeys(ticker: string): string[] {
  const dash = ticker.indexOf('-');
  return dash > 0 && dash < ticker.length - 1 ? [ticker, ticker.slice(0, dash)] : [ticker];
}

function readPrice(value: unknown): MmNumber | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && value.length > MAX_PRICE_TEXT) return null;
  let n: MmNumber;
  try {
    n = MmNumber.parse(value);
  } catch (e) {
    if (e instanceof MmNumberParseError) return null;
    throw e;
  }
  return n.isNegative() || n.gt(MAX_USD_PRICE) ? null : n;
}

function readTicker(value: unknown): TickerPrice | null {
  if (!isRecord(value)) return null;
  const lastPrice = readPrice(value.last_price);
  const ts = value.last_updated_timestamp;
  if (!lastPrice || typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts < 0) return null;
  const provider = typeof value.price_provider === 'string' && PROVIDERS.has(value.price_provider) ? value.price_provider : 'unknown';
  return { lastPrice, lastUpdatedTimestamp: ts, provider };
}

/** The wanted tickers (and their `-` prefixes) out of a parsed answer; anything else in it is not looked at. */
export function pickTickers(answer: unknown, wanted: Iterable<string>): PriceRegistry {
  if (!isRecord(answer)) throw new PriceSourceError('the answer is not a JSON object');
  const out = new Map<string, TickerPrice>();
  for (const ticker of wanted) {
    for (const key of priceKeys(ticker)) {
      if (out.has(key) || key.length > MAX_TICKER_LENGTH || !Object.hasOwn(answer, key)) continue;
      const price = readTicker(answer[key]);
      if (price) out.set(key, price);
    }
  }
  return out;
}

/** The body as text, read no further than `max` bytes. */
async function boundedText(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > max) throw new PriceSourceError(`the answer is ${declared} bytes, more than ${max}`);
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new PriceSourceError(`the answer is more than ${max} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

export interface PriceClientOptions {
  fetch?: FetchFn;
  now?: () => number;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

export class PriceClient {
  private readonly fetchFn: FetchFn;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  /** The last parsed answer of each url and when it came; shared by every caller. */
  private readonly cache = new Map<string, { at: number; answer: Promise<unknown> }>();

  constructor(opts: PriceClientOptions = {}) {
    this.fetchFn = opts.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.now = opts.now ?? (() => Date.now());
    this.timeoutMs = opts.timeoutMs ?? PRICE_TIMEOUT_MS;
    this.maxBodyBytes = opts.maxBodyBytes ?? MAX_PRICE_BODY_BYTES;
  }

  /**
   * The wanted tickers from the first url that answers; `urls` is reordered so that url is tried
   * first next time. Throws PriceSourceError naming every url's failure when none answers.
   */
  async tickers(urls: string[], wanted: Iterable<string>): Promise<PriceRegistry> {
    const failures: string[] = [];
    for (const [i, url] of [...urls].entries()) {
      try {
        const registry = pickTickers(await this.answer(url), wanted);
        urls.push(...urls.splice(0, i));
        return registry;
      } catch (e) {
        failures.push(`${url}: ${(e as Error).message}`);
      }
    }
    throw new PriceSourceError(`couldn't fetch price: ${failures.join('; ')}`);
  }

  private answer(url: string): Promise<unknown> {
    const now = this.now();
    const cached = this.cache.get(url);
    if (cached && now - cached.at < CACHE_MS) return cached.answer;
    const answer = this.request(url);
    this.cache.set(url, { at: now, answer });
    answer.catch(() => this.cache.delete(url));
    return answer;
  }

  private async request(url: string): Promise<unknown> {
    const refusal = checkPriceUrl(url);
    if (refusal) throw new PriceSourceError(refusal);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new PriceSourceError(`no answer in ${this.timeoutMs} ms`)), this.timeoutMs);
    try {
      const res = await this.fetchFn(url, { signal: abort.signal, redirect: 'error', headers: { accept: 'application/json' } });
      if (res.status !== 200) {
        await res.body?.cancel().catch(() => undefined);
        throw new PriceSourceError(`HTTP ${res.status}`);
      }
      const text = await boundedText(res, this.maxBodyBytes);
      try {
        return JSON.parse(text) as unknown;
      } catch (e) {
        throw new PriceSourceError(`not JSON: ${(e as Error).message.slice(0, 200)}`);
      }
    } catch (e) {
      if (abort.signal.aborted && !(e instanceof PriceSourceError)) throw new PriceSourceError(`no answer in ${this.timeoutMs} ms`, { cause: e });
      if (e instanceof PriceSourceError) throw e;
      throw new PriceSourceError(`request failed: ${(e as Error).message}`, { cause: e });
    } finally {
      clearTimeout(timer);
    }
  }
}
