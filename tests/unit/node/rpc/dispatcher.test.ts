import { describe, expect, it } from 'vitest';
import cases from '../../../fixtures/rpc/dispatcher.json';
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
    const reply = await host.handleRpc({ method: 'nope', userpass: RPC_PASSWORD });
    expect((reply.body as { error: string }).error).toMatch(/^nodeHost:\d+\] (dispatcher:\d+\] )+dispatcherError:\d+\] No such method$/);
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
