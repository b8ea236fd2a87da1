/**
 * Fiat prices for the portfolio, from CoinGecko's public `simple/price` API (or any server that
 * answers its JSON: `{<id>: {<currency>: price, <currency>_24h_change: percent}}`). Off by default:
 * nothing is requested until the user turns it on. The URL is the user's to change, so the answer
 * is untrusted: its size is capped while it is read, only the ids asked for are taken, and every
 * number must be finite and within bounds. Coins map to ids by the coins file's `coingecko_id`.
 */
import { MmNumber } from '../../shared/number';
import { isRecord } from '../../shared/guards';
import { errorMessage } from '../../shared/errorChain';

export const DEFAULT_PRICE_URL = 'https://api.coingecko.com/api/v3/simple/price';
/** The currencies offered, with the decimals a value is shown with. */
export const FIAT_CURRENCIES: Readonly<Record<string, number>> = { usd: 2, eur: 2, gbp: 2, chf: 2, cad: 2, aud: 2, jpy: 0, cny: 2, inr: 2, brl: 2 };

export interface PriceSettings {
  enabled: boolean;
  url: string;
  currency: string;
}

export interface Quote {
  price: MmNumber;
  /** The price's change over 24 h in percent; null when the source gave none. */
  change24h: MmNumber | null;
}

/** An answer larger than this is not read to its end (a quote is ~80 bytes; a wallet holds few coins). */
export const MAX_PRICE_BODY_BYTES = 64 * 1024;
/** Ids asked in one request; CoinGecko takes a few hundred, a wallet page never needs more. */
export const MAX_PRICE_IDS = 200;
const MAX_PRICE = MmNumber.of(10n ** 15n);
const MIN_CHANGE = MmNumber.of(-100n);
const MAX_CHANGE = MmNumber.of(10n ** 6n);
const ID_RE = /^[a-z0-9][a-z0-9._-]{0,79}$/;
const MAX_URL = 300;
const TIMEOUT_MS = 10_000;


export const DEFAULT_PRICE_SETTINGS: PriceSettings = { enabled: false, url: DEFAULT_PRICE_URL, currency: 'usd' };

/** The error to show for a typed price-source URL, or null: https, or http on 127.0.0.1 (a local server); no credentials. */
export function priceUrlError(raw: string): string | null {
  const s = raw.trim();
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return 'Enter a full URL such as https://api.coingecko.com/api/v3/simple/price.';
  }
  if (s.length > MAX_URL) return `The URL is too long (at most ${MAX_URL} characters).`;
  const local = u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost');
  if (u.protocol !== 'https:' && !local) return 'The URL must start with https:// (http:// only for 127.0.0.1).';
  if (u.username !== '' || u.password !== '') return 'The URL must not carry a user name or password.';
  return null;
}

/** Settings read back from storage: anything unreadable or invalid falls back to the default. */
export function readPriceSettings(raw: unknown): PriceSettings {
  if (!isRecord(raw)) return { ...DEFAULT_PRICE_SETTINGS };
  const url = typeof raw.url === 'string' && priceUrlError(raw.url) === null ? raw.url.trim() : DEFAULT_PRICE_URL;
  const currency = typeof raw.currency === 'string' && Object.hasOwn(FIAT_CURRENCIES, raw.currency) ? raw.currency : 'usd';
  return { enabled: raw.enabled === true, url, currency };
}

/** Ticker → CoinGecko id, from the coins file's `coingecko_id` (ids that are not plain slugs are skipped). */
export function readCoingeckoIds(coins: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(coins)) return out;
  for (const e of coins) {
    if (isRecord(e) && typeof e.coin === 'string' && typeof e.coingecko_id === 'string' && ID_RE.test(e.coingecko_id)) out[e.coin] = e.coingecko_id;
  }
  return out;
}

/** The request URL: the configured one with `ids`, `vs_currencies` and `include_24hr_change` set (its other parameters kept). */
export function priceRequestUrl(settings: PriceSettings, ids: readonly string[]): string {
  const u = new URL(settings.url.trim());
  u.searchParams.set('ids', [...new Set(ids)].sort().join(','));
  u.searchParams.set('vs_currencies', settings.currency);
  u.searchParams.set('include_24hr_change', 'true');
  return u.href;
}

/**
 * A JSON number within [min, max], exactly as written (MmNumber reads a number through its shortest
 * decimal text: 71.23 is 7123/100); null otherwise. Any finite double is within MmNumber's size
 * bounds (at most 17 digits, exponents −324 to 308), so reading one cannot throw.
 */
function bounded(v: unknown, min: MmNumber, max: MmNumber): MmNumber | null {
  if (typeof v !== 'number' || !Number.isFinite(v)) return null;
  const d = MmNumber.parse(v);
  return d.gte(min) && d.lte(max) ? d : null;
}

/**
 * The quotes of `simple/price`'s answer for the ids asked, in `currency`. An id missing or with a
 * price out of bounds has no quote; a change out of bounds is dropped, the price kept.
 */
export function readSimplePrice(body: unknown, ids: readonly string[], currency: string): Map<string, Quote> {
  const out = new Map<string, Quote>();
  if (!isRecord(body)) return out;
  for (const id of ids) {
    if (!Object.hasOwn(body, id)) continue;
    const entry = body[id];
    if (!isRecord(entry)) continue;
    const price = bounded(entry[currency], MmNumber.ZERO, MAX_PRICE);
    if (price === null) continue;
    out.set(id, { price, change24h: bounded(entry[`${currency}_24h_change`], MIN_CHANGE, MAX_CHANGE) });
  }
  return out;
}

export class PriceSourceError extends Error {
  override name = 'PriceSourceError';
}

/** The body as text, failing once it passes `limit` bytes (whatever Content-Length claims). */
async function readCapped(r: Response, limit: number): Promise<string> {
  const declared = Number(r.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new PriceSourceError(`the answer is too large (${declared} bytes)`);
  if (!r.body) return '';
  const reader = r.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new PriceSourceError(`the answer is too large (over ${limit} bytes)`);
    }
    parts.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** Asks the source for the ids' quotes; rejects with a PriceSourceError saying what went wrong. */
export async function fetchQuotes(settings: PriceSettings, ids: readonly string[], fetchImpl: typeof fetch = fetch): Promise<Map<string, Quote>> {
  const asked = [...new Set(ids)].slice(0, MAX_PRICE_IDS);
  if (asked.length === 0) return new Map();
  let r: Response;
  try {
    r = await fetchImpl(priceRequestUrl(settings, asked), {
      headers: { accept: 'application/json' },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new PriceSourceError(`the price source could not be reached (${errorMessage(e)})`);
  }
  if (!r.ok) throw new PriceSourceError(`the price source answered HTTP ${r.status}${r.status === 429 ? ' (too many requests: try again later)' : ''}`);
  const text = await readCapped(r, MAX_PRICE_BODY_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PriceSourceError('the price source answered something that is not JSON');
  }
  return readSimplePrice(body, asked, settings.currency);
}

let idsLoading: Promise<Record<string, string>> | null = null;

/** The coins file's `coingecko_id`s, read once per page; none when it cannot be read. */
export function loadCoingeckoIds(): Promise<Record<string, string>> {
  idsLoading ??= fetch('coins.json', { cache: 'no-cache' })
    .then(async (r) => (r.ok ? readCoingeckoIds(await r.json()) : {}))
    .catch(() => ({}));
  return idsLoading;
}
