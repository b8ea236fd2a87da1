import { describe, expect, it } from 'vitest';
import cases from '../../../fixtures/rpc/dispatcher.json';
import type { NodeContext } from '../../../../src/node/core/context';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import {
  DEFAULT_MAX_BODY_BYTES,
  MAX_BATCH_CONCURRENCY,
  MAX_BATCH_REQUESTS,
  MAX_JSON_DEPTH,
  measureRequest,
  utf8LengthExceeds,
} from '../../../../src/node/rpc/limits';
import { startedNode, RPC_PASSWORD } from '../testNode';

interface Case {
  description: string;
  body: unknown;
  status: number;
  exact?: unknown;
  match?: Record<string, unknown>;
  errorType?: string;
  errorText?: string;
  noErrorData?: boolean;
  batch?: Record<string, unknown>[];
}

/** "@rpc" in a fixture stands for the node's rpc password. */
function withPassword(v: unknown): unknown {
  if (v === '@rpc') return RPC_PASSWORD;
  if (Array.isArray(v)) return v.map(withPassword);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withPassword(x)]));
  return v;
}

/** "@string" in an expectation matches any string. */
function expectMatches(actual: unknown, expected: Record<string, unknown>): void {
  for (const [key, want] of Object.entries(expected)) {
    const got = (actual as Record<string, unknown>)[key];
    if (want === '@string') expect(typeof got, key).toBe('string');
    else expect(got, key).toEqual(want);
  }
}

describe('dispatcher', () => {
  it.each(cases as Case[])('$description', async (c) => {
    const { host } = await startedNode();
    const reply = await host.handleRpc(withPassword(c.body));
    expect(reply.status).toBe(c.status);
    if (c.exact !== undefined) expect(reply.body).toEqual(c.exact);
    if (c.match) expectMatches(reply.body, c.match);
    if (c.batch) {
      const bodies = reply.body as unknown[];
      expect(bodies).toHaveLength(c.batch.length);
      c.batch.forEach((want, i) => expectMatches(bodies[i], want));
    }
    if (c.errorText) {
      const error = (reply.body as { error: string }).error;
      expect(error).toContain(c.errorText);
      expect(Object.keys(reply.body as object)).toEqual(['error']);
    }
    if (c.errorType) {
      const body = reply.body as Record<string, unknown>;
      expect(body.mmrpc).toBe('2.0');
      expect(body.error_type).toBe(c.errorType);
      expect(typeof body.error).toBe('string');
      expect(body.error_path).toMatch(/^[a-zA-Z_]+(\.[a-zA-Z_]+)*$/);
      expect(body.error_trace).toMatch(/^([a-zA-Z_]+:\d+\])( [a-zA-Z_]+:\d+\])*$/);
      expect('id' in body).toBe(true);
      if (c.noErrorData) expect('error_data' in body).toBe(false);
    }
  });

  it('names our own modules in error_path and error_trace, outermost first', async () => {
    const { host } = await startedNode();
    const reply = await host.handleRpc({ mmrpc: '2.0', method: 'nope', userpass: RPC_PASSWORD });
    const body = reply.body as { error_path: string; error_trace: string };
    expect(body.error_path).toBe('nodeHost.dispatcher.dispatcherError');
    expect(body.error_trace).toMatch(/^nodeHost:\d+\] (dispatcher:\d+\] )+dispatcherError:\d+\]$/);
  });

  it('prefixes flat errors with the trace, as KDF does', async () => {
    const { host } = await startedNode();
    const reply = await host.handleRpc({ method: 'my_balance', userpass: RPC_PASSWORD, coin: 'NOPE' });
    expect((reply.body as { error: string }).error).toMatch(/^nodeHost:\d+\] (dispatcher:\d+\] )+rpc:\d+\] (coinLookup:\d+\] )+No such coin: NOPE$/);
  });

  it('answers a flat parse error with serde\'s text alone, as KDF\'s try_s! does', async () => {
    const { host } = await startedNode();
    const reply = await host.handleRpc({ method: 'my_tx_history', userpass: RPC_PASSWORD, coin: 5 });
    expect(reply.status).toBe(500);
    expect((reply.body as { error: string }).error).toMatch(/^[a-zA-Z:\d\] ]+\] invalid type for `coin`: integer, expected a string$/);
  });

  it('bans a client after ten wrong passwords, for everyone of its requests, until the ban lapses', async () => {
    const t = await startedNode();
    const wrong = { mmrpc: '2.0', method: 'get_wallet_names', userpass: 'wrong' };
    const right = { ...wrong, userpass: RPC_PASSWORD };
    const left: unknown[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await t.host.handleRpc(wrong);
      left.push((r.body as { error_data: { error_data: number } }).error_data.error_data);
    }
    expect(left).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const banned = await t.host.handleRpc(right);
    expect(banned.status).toBe(403);
    expect((banned.body as { error_type: string }).error_type).toBe('Banned');
    const flat = await t.host.handleRpc({ method: 'version' });
    expect((flat.body as { error: string }).error).toContain('Your ip is banned.');
    // Another client is not affected.
    expect((await t.host.handleRpc(right, '10.0.0.2')).status).toBe(200);
    t.advance(10 * 60_000 + 1);
    expect((await t.host.handleRpc(right)).status).toBe(200);
  });

  it('a correct password does not count as a strike', async () => {
    const t = await startedNode();
    for (let i = 0; i < 20; i++) {
      expect((await t.host.handleRpc({ method: 'get_enabled_coins', userpass: RPC_PASSWORD })).status).toBe(200);
    }
  });

  it('stop answers success, then the node stops and RPCs answer NotRunning', async () => {
    const t = await startedNode();
    const reply = await t.host.handleRpc({ method: 'stop', userpass: RPC_PASSWORD });
    expect(reply).toEqual({ status: 200, body: { result: 'success' } });
    await new Promise((r) => setTimeout(r, 10));
    expect(t.host.running).toBe(false);
    expect(t.events.map((e) => e.event)).toContain('node_stopped');
    const after = await t.host.handleRpc({ mmrpc: '2.0', method: 'get_wallet_names', userpass: RPC_PASSWORD });
    expect(after.status).toBe(503);
    expect((after.body as { error_type: string }).error_type).toBe('NotRunning');
  });
});

/** `[[[…]]]` or `{"a":{"a":…}}` nested `depth` levels, around `inner`. */
function nested(depth: number, kind: 'array' | 'object', inner: unknown = 1): unknown {
  let v = inner;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

function expectRefusal(reply: { status: number; body: unknown }, status: number, errorType: string): Record<string, unknown> {
  const body = reply.body as Record<string, unknown>;
  expect(reply.status).toBe(status);
  expect(body.mmrpc).toBe('2.0');
  expect(body.error_type).toBe(errorType);
  expect(body.id).toBeNull();
  return body;
}

describe('dispatcher limits', () => {
  const version = { method: 'version' };

  it('answers 400 InvalidRequest to numbers nested 5,000 deep, as text and as an object, and keeps answering', async () => {
    const { host } = await startedNode();
    const deepParams = { mmrpc: '2.0', method: 'withdraw', userpass: RPC_PASSWORD, params: { coin: 'RLTC1', amount: nested(5_000, 'array') } };
    const deepFlat = { method: 'setprice', userpass: RPC_PASSWORD, base: 'A', rel: 'B', price: nested(5_000, 'object') };
    const asText = `{"method":"sell","userpass":"${RPC_PASSWORD}","volume":${'['.repeat(5_000)}1${']'.repeat(5_000)}}`;
    for (const body of [deepParams, deepFlat, asText, nested(100_000, 'array')]) {
      const refused = expectRefusal(await host.handleRpc(body), 400, 'InvalidRequest');
      expect(refused.error).toBe(`Error parsing request: nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
    expect((await host.handleRpc(version)).status).toBe(200);
  });

  it('lets nesting up to the limit through to the handler', async () => {
    const { host } = await startedNode();
    // The request object is one level, `price` the rest: exactly MAX_JSON_DEPTH deep.
    const reply = await host.handleRpc({ method: 'version', junk: nested(MAX_JSON_DEPTH - 1, 'array') });
    expect(reply.status).toBe(200);
    const over = await host.handleRpc({ method: 'version', junk: nested(MAX_JSON_DEPTH, 'array') });
    expectRefusal(over, 400, 'InvalidRequest');
  });

  it('refuses a text body over the size limit with 413 PayloadTooLarge, counting UTF-8 bytes', async () => {
    const { host } = await startedNode();
    const pad = (chars: number, ch: string): string => `{"method":"version","pad":"${ch.repeat(chars)}"}`;
    const overhead = pad(0, 'x').length;
    expect((await host.handleRpc(pad(DEFAULT_MAX_BODY_BYTES - overhead, 'x'))).status).toBe(200);
    const big = expectRefusal(await host.handleRpc(pad(DEFAULT_MAX_BODY_BYTES - overhead + 1, 'x')), 413, 'PayloadTooLarge');
    expect(big.error_data).toEqual({ max_bytes: DEFAULT_MAX_BODY_BYTES });
    // 'é' is one UTF-16 unit but two UTF-8 bytes.
    expectRefusal(await host.handleRpc(pad(DEFAULT_MAX_BODY_BYTES / 2, 'é')), 413, 'PayloadTooLarge');
  });

  it('bounds object bodies from the page the same way, stopping early, even on a cycle', async () => {
    const { host } = await startedNode();
    const wide = { method: 'version', items: Array.from({ length: 200_000 }, (_, i) => ({ k: `value ${i}` })) };
    expectRefusal(await host.handleRpc(wide), 413, 'PayloadTooLarge');
    expectRefusal(await host.handleRpc({ method: 'version', blob: new Uint8Array(DEFAULT_MAX_BODY_BYTES + 1) }), 413, 'PayloadTooLarge');
    const cyclic: Record<string, unknown> = { method: 'version' };
    cyclic.self = cyclic;
    const reply = await host.handleRpc(cyclic);
    expect([400, 413]).toContain(reply.status);
    expect((await host.handleRpc(version)).status).toBe(200);
  });

  it('refuses a batch over MAX_BATCH_REQUESTS as a whole, before running any of it', async () => {
    const { host } = await startedNode();
    const withdrawals = Array.from({ length: MAX_BATCH_REQUESTS + 1 }, () => ({ method: 'stop', userpass: RPC_PASSWORD }));
    const refused = expectRefusal(await host.handleRpc(withdrawals), 400, 'InvalidRequest');
    expect(refused.error).toBe(`Error parsing request: a batch of ${MAX_BATCH_REQUESTS + 1} requests, at most ${MAX_BATCH_REQUESTS} are allowed`);
    expect(host.running).toBe(true);
    const full = await host.handleRpc(Array.from({ length: MAX_BATCH_REQUESTS }, () => version));
    expect(full.status).toBe(200);
    expect(full.body).toHaveLength(MAX_BATCH_REQUESTS);
  });

  it('runs batch members with bounded concurrency and answers in order', async () => {
    let inFlight = 0;
    let peak = 0;
    const dispatcher = new Dispatcher({} as NodeContext, new Authenticator(RPC_PASSWORD, Date.now), {
      version: {
        legacy: async (_ctx, args) => {
          inFlight++;
          peak = Math.max(peak, inFlight);
          await new Promise((r) => setTimeout(r, 2));
          inFlight--;
          return { n: args.uint('n') };
        },
      },
    });
    const reply = await dispatcher.dispatch(Array.from({ length: MAX_BATCH_REQUESTS }, (_, n) => ({ method: 'version', n })));
    expect(reply.body).toEqual(Array.from({ length: MAX_BATCH_REQUESTS }, (_, n) => ({ n })));
    expect(peak).toBe(MAX_BATCH_CONCURRENCY);
  });
});

describe('request measuring', () => {
  it('counts UTF-8 bytes like TextEncoder', () => {
    for (const text of ['', 'abc', 'é'.repeat(10), '€'.repeat(10), '😀'.repeat(10), 'a😀é€']) {
      const bytes = new TextEncoder().encode(text).length;
      expect(utf8LengthExceeds(text, bytes)).toBe(false);
      expect(utf8LengthExceeds(text, bytes - 1)).toBe(true);
    }
  });

  it('measures about the JSON size and the depth', () => {
    const value = { method: 'version', list: [1, 'two', null, { three: true }] };
    const size = JSON.stringify(value).length;
    expect(measureRequest(value, size + 8, 3)).toBeNull();
    expect(measureRequest(value, size - 8, 3)).toBe('too_large');
    expect(measureRequest(value, size + 8, 2)).toBe('too_deep');
  });
});

describe('a request is read before its coin is looked up', () => {
  it('answers a withdraw without `to` for a coin not enabled with InvalidRequest, as KDF (serde parses WithdrawRequest first), not NoSuchCoin', async () => {
    const { host } = await startedNode();
    for (const method of ['withdraw', 'task::withdraw::init']) {
      const reply = await host.handleRpc({ mmrpc: '2.0', method, userpass: RPC_PASSWORD, params: { coin: 'RLTC1', amount: '1' }, id: 3 });
      expect({ method, status: reply.status, type: (reply.body as { error_type?: unknown }).error_type }).toEqual({ method, status: 400, type: 'InvalidRequest' });
      expect(String((reply.body as { error?: unknown }).error)).toContain('to');
    }
    const wellFormed = await host.handleRpc({ mmrpc: '2.0', method: 'withdraw', userpass: RPC_PASSWORD, params: { coin: 'RLTC1', to: 'x', amount: '1' }, id: 4 });
    expect((wellFormed.body as { error_type?: unknown }).error_type).toBe('NoSuchCoin');
  });
});
