/**
 * The price client under hostile answers: every bound is checked before work (body size while
 * reading, deadline, number range, types), only the tickers asked for are read, and the urls a
 * price may come from are https or http on 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { checkPriceUrl, pickTickers, PriceClient, PriceSourceError, type FetchFn } from '../../../../src/node/mmbot/priceClient';
import { MmNumber } from '../../../../src/shared/number';

const URL_A = 'https://prices.example/api/v2/tickers';
const URL_B = 'http://127.0.0.1:8080/tickers';
const entry = (last_price: unknown, over: Record<string, unknown> = {}) => ({
  ticker: 'X', last_price, last_updated: '', last_updated_timestamp: 1_700_000_000, volume24h: '0', price_provider: 'binance', ...over,
});

const json = (body: unknown): Response => new Response(JSON.stringify(body), { status: 200 });

/** A fetch answering from `answers` per url, counting calls and keeping the last init. */
function fakeFetch(answers: Record<string, () => Response | Promise<Response>>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchFn = (url, init) => {
    calls.push({ url, init });
    const answer = answers[url];
    return answer ? Promise.resolve(answer()) : Promise.reject(new TypeError('fetch failed'));
  };
  return { fetch, calls };
}

describe('price urls', () => {
  it('takes https anywhere and http on 127.0.0.1 only', () => {
    expect(checkPriceUrl('https://prices.komodian.info/api/v2/tickers')).toBeNull();
    expect(checkPriceUrl('http://127.0.0.1:7777/t')).toBeNull();
    for (const bad of ['http://prices.komodian.info/t', 'http://localhost:1/t', 'http://10.0.0.1/t', 'file:///etc/passwd', 'ftp://a/b', 'nope', 'https://u:p@a.b/t']) {
      expect(checkPriceUrl(bad), bad).not.toBeNull();
    }
  });
});

describe('reading an answer', () => {
  it('reads only the tickers asked for, a dashed ticker under its prefix too', () => {
    const answer = { KMD: entry('0.5'), USDT: entry('1') } as Record<string, unknown>;
    Object.defineProperty(answer, 'EVIL', { enumerable: true, get: () => { throw new Error('read a ticker nobody asked for'); } });
    const got = pickTickers(answer, ['KMD', 'USDT-PLG20']);
    expect([...got.keys()].sort()).toEqual(['KMD', 'USDT']);
    expect(got.get('KMD')?.lastPrice.eq(MmNumber.parse('0.5'))).toBe(true);
  });

  it('drops a ticker with a huge, negative, non-numeric or mistyped price, or a bad timestamp; keeps a zero price', () => {
    const answer = {
      HUGE: entry('1e400'),
      BIG: entry(1e13),
      LONG: entry(`0.${'1'.repeat(100)}`),
      NEG: entry('-1'),
      OBJ: entry({ numer: '1', denom: '0' }),
      ARR: entry([1, 2]),
      TXT: entry('ten'),
      TS: entry('1', { last_updated_timestamp: '1700000000' }),
      TSNEG: entry('1', { last_updated_timestamp: -5 }),
      NOTOBJ: 'price: 1',
      ZERO: entry('0'),
      ODD: entry('2', { price_provider: { name: 'binance' } }),
    };
    const got = pickTickers(answer, Object.keys(answer));
    expect([...got.keys()].sort()).toEqual(['ODD', 'ZERO']);
    expect(got.get('ZERO')?.lastPrice.isZero()).toBe(true);
    expect(got.get('ODD')?.provider).toBe('unknown');
  });

  it('refuses an answer that is not an object', () => {
    expect(() => pickTickers([entry('1')], ['KMD'])).toThrow(PriceSourceError);
    expect(() => pickTickers(null, ['KMD'])).toThrow(PriceSourceError);
  });
});

describe('PriceClient', () => {
  it('asks without following redirects, and shares an answer between callers for a few seconds', async () => {
    const { fetch, calls } = fakeFetch({ [URL_A]: () => json({ KMD: entry('0.5') }) });
    let now = 0;
    const client = new PriceClient({ fetch, now: () => now });
    await client.tickers([URL_A], ['KMD']);
    await client.tickers([URL_A], ['KMD']);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.redirect).toBe('error');
    now = 6_000;
    await client.tickers([URL_A], ['KMD']);
    expect(calls).toHaveLength(2);
  });

  it('falls back to the next url and tries the one that answered first next time (KDF\'s rotate_left)', async () => {
    const { fetch, calls } = fakeFetch({ [URL_B]: () => json({ KMD: entry('0.5') }) });
    const client = new PriceClient({ fetch });
    const urls = [URL_A, URL_B];
    const got = await client.tickers(urls, ['KMD']);
    expect(got.has('KMD')).toBe(true);
    expect(urls).toEqual([URL_B, URL_A]);
    expect(calls.map((c) => c.url)).toEqual([URL_A, URL_B]);
  });

  it('stops reading a 10 MB body at the cap, with or without a content-length', async () => {
    const big = 10 * 1024 * 1024;
    let pulled = 0;
    const stream = () =>
      new ReadableStream<Uint8Array>({
        pull(c) {
          pulled += 65_536;
          c.enqueue(new Uint8Array(65_536).fill(0x20));
          if (pulled >= big) c.close();
        },
      });
    const declared = new PriceClient({ fetch: fakeFetch({ [URL_A]: () => new Response(stream(), { status: 200, headers: { 'content-length': String(big) } }) }).fetch });
    await expect(declared.tickers([URL_A], ['KMD'])).rejects.toThrow(/more than 4194304/);
    pulled = 0;
    const undeclared = new PriceClient({ fetch: fakeFetch({ [URL_A]: () => new Response(stream(), { status: 200 }) }).fetch });
    await expect(undeclared.tickers([URL_A], ['KMD'])).rejects.toThrow(/more than 4194304 bytes/);
    expect(pulled).toBeLessThan(5 * 1024 * 1024);
  });

  it('gives up on a source that does not answer in time', async () => {
    const hanging: FetchFn = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    const client = new PriceClient({ fetch: hanging, timeoutMs: 50 });
    await expect(client.tickers([URL_A], ['KMD'])).rejects.toThrow(/no answer in 50 ms/);
  });

  it('refuses a non-200 status, a body that is not JSON or not UTF-8, and a url it may not ask', async () => {
    const { fetch, calls } = fakeFetch({
      [URL_A]: () => new Response('oops', { status: 500 }),
      [URL_B]: () => new Response(new Uint8Array([0x7b, 0xff, 0x7d]), { status: 200 }),
      'https://c.example/t': () => new Response('{"KMD": ', { status: 200 }),
    });
    const client = new PriceClient({ fetch });
    await expect(client.tickers([URL_A, URL_B, 'https://c.example/t', 'http://evil.example/t'], ['KMD'])).rejects.toThrow(
      /HTTP 500.*127\.0\.0\.1.*not JSON.*https, or http on 127\.0\.0\.1 only/,
    );
    expect(calls.map((c) => c.url)).not.toContain('http://evil.example/t');
  });
});
