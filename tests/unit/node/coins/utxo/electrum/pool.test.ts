import { describe, expect, it } from 'vitest';
import { electrumTestBed, HANG, deadUrl, sleep, until } from './fakeElectrumServer';

const { server, harness, rejection } = electrumTestBed();

describe('ElectrumClient: fail-over', () => {
  it('re-sends in-flight requests on the other server when one dies mid-request', async () => {
    const a = await server({
      handlers: {
        'blockchain.scripthash.get_balance': (_p, session) => {
          setTimeout(() => session.kill(), 20);
          return HANG;
        },
      },
    });
    const b = await server({ handlers: { 'blockchain.scripthash.get_balance': () => ({ confirmed: 5, unconfirmed: 0 }) } });
    const { client } = harness([a.url, b.url], { minConnected: 2 });
    await client.connect();
    const [x, y] = await Promise.all([
      client.request('blockchain.scripthash.get_balance', ['aa']),
      client.batch([{ method: 'blockchain.scripthash.get_balance', params: ['bb'] }]),
    ]);
    expect(x).toEqual({ confirmed: 5, unconfirmed: 0 });
    expect(y).toEqual([{ confirmed: 5, unconfirmed: 0 }]);
    expect(a.calls('blockchain.scripthash.get_balance')).toHaveLength(2);
    expect(b.calls('blockchain.scripthash.get_balance')).toHaveLength(2);
    await until(() => client.stats().connected.join() === b.url, 1000, 'a dropped');
  });

  it('re-sends on the other server when the first stops answering altogether', async () => {
    const a = await server({ handlers: { get: () => HANG } });
    const b = await server({ handlers: { get: () => 'b' } });
    const { client, logs } = harness([a.url, b.url], { minConnected: 2, requestTimeoutMs: 150 });
    await client.connect();
    expect(await client.request('get')).toBe('b');
    // nothing at all came back from a during the request: it was cut off as dead
    expect(client.stats().connected).toEqual([b.url]);
    expect(logs.some((l) => l.includes(`${a.url}: no answer to get within 150 ms, connection cut off`))).toBe(true);
  });

  it('rejects in-flight requests with a transport error when no server is left', async () => {
    const a = await server({
      handlers: {
        get: (_p, session) => {
          setTimeout(() => session.kill(), 10);
          return HANG;
        },
      },
    });
    const { client } = harness([a.url]);
    await client.connect();
    const err = await rejection(client.request('get'));
    expect(err.kind).toBe('transport');
    expect(err.message).toMatch(/get: no other server is connected after 1 attempt/);
    // while the only server is suspended and still down, new requests fail at once rather than hang
    a.down = true;
    const err2 = await rejection(client.request('echo'));
    expect(err2.message).toContain('no server is connected');
  });

  it('sends requests to the first healthy server in the configured order', async () => {
    const a = await server();
    const b = await server();
    const { client } = harness([a.url, b.url], { minConnected: 2 });
    await client.connect();
    await client.request('echo', [1]);
    await client.request('echo', [2]);
    expect(a.calls('echo')).toHaveLength(2);
    expect(b.calls('echo')).toHaveLength(0);
    a.killAll();
    await until(() => client.stats().connected.join() === b.url, 1000, 'a dropped');
    await client.request('echo', [3]);
    expect(b.calls('echo')).toHaveLength(1);
  });
});

describe('ElectrumClient: connect, min/max connected, reconnect', () => {
  it('rejects connect() quickly when every server is dead, leaving nothing running', async () => {
    const { client, live, sockets } = harness([await deadUrl(), await deadUrl()], { connectTimeoutMs: 3000 });
    const t0 = Date.now();
    const err = await rejection(client.connect());
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(err.kind).toBe('transport');
    expect(err.message).toMatch(/could not connect to 1 server\(s\), 0 connected/);
    expect(live.size).toBe(0);
    await until(() => sockets.every((s) => s.readyState === 3), 1000, 'sockets closed');
    // and a request on the dead client fails the same way
    expect((await rejection(client.request('echo'))).kind).toBe('transport');
  });

  it('bounds connect() by connectTimeout when a server accepts but never answers', async () => {
    const s = await server({ handlers: { 'server.version': () => HANG } });
    const { client, live } = harness([s.url], { connectTimeoutMs: 150 });
    const t0 = Date.now();
    const err = await rejection(client.connect());
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(err.message).toMatch(/within 150 ms/);
    expect(live.size).toBe(0);
    await until(() => s.sessions.size === 0, 1000, 'server sees the close');
  });

  it('minConnected: waits for that many servers, rejects when too few are alive', async () => {
    const good = await server();
    const dead = await deadUrl();
    const one = harness([dead, good.url], { minConnected: 1 });
    await one.client.connect();
    expect(one.client.stats().connected).toEqual([good.url]);

    const two = harness([dead, good.url], { minConnected: 2 });
    const err = await rejection(two.client.connect());
    expect(err.message).toMatch(/could not connect to 2 server\(s\)/);
    expect(err.message).toContain(dead);
    expect(two.live.size).toBe(0);
  });

  it('maxConnected: keeps stand-bys and takes one when a server fails', async () => {
    const a = await server();
    const b = await server();
    const dead = await deadUrl();
    const { client } = harness([dead, a.url, b.url], { minConnected: 1, maxConnected: 1 });
    await client.connect();
    expect(client.stats().connected).toEqual([a.url]);
    expect(b.connections).toBe(0);
    a.down = true;
    a.killAll();
    await until(() => client.stats().connected.join() === b.url, 1000, 'b takes over');
    expect(await client.request('echo', ['x'])).toEqual(['x']);
  });

  it('reconnects a dropped server with exponential back-off once it comes back', async () => {
    const s = await server();
    const { client, logs } = harness([s.url], { backoff: { initialMs: 30, maxMs: 1000, jitter: 0 } });
    await client.connect();
    s.down = true;
    s.killAll();
    await until(() => logs.filter((l) => l.includes('suspended for')).length >= 3, 2000, 'three suspensions');
    const delays = logs.filter((l) => l.includes('suspended for')).map((l) => Number(/suspended for (\d+) ms/.exec(l)?.[1]));
    expect(delays.slice(0, 3)).toEqual([30, 60, 120]);
    expect(client.stats().connected).toEqual([]);
    s.down = false;
    await until(() => client.stats().connected.length === 1, 2000, 'reconnected');
    expect(await client.request('echo', [1])).toEqual([1]);
    expect(s.calls('server.version').length).toBe(2);
  });

  it('caps and jitters the back-off; the first suspension defaults to 10 s', async () => {
    const s = await server();
    const capped = harness([s.url], { backoff: { initialMs: 100, maxMs: 150, jitter: 0.5 }, random: () => 1 });
    await capped.client.connect();
    s.killAll();
    await until(() => capped.logs.some((l) => l.includes('suspended for')), 1000);
    expect(capped.logs.find((l) => l.includes('suspended for'))).toContain('suspended for 150 ms');
    await capped.client.close();

    const kdf = harness([s.url], { backoff: undefined, random: () => 0 });
    await kdf.client.connect();
    s.killAll();
    await until(() => kdf.logs.some((l) => l.includes('suspended for')), 1000);
    expect(kdf.logs.find((l) => l.includes('suspended for'))).toContain('suspended for 10000 ms');
  });
});

describe('ElectrumClient: recovery when every server was down', () => {
  /** Back-off far longer than any test: only recovery can bring a server back in time. */
  const longBackoff = { initialMs: 60_000, maxMs: 60_000, jitter: 0 };

  it('uses a server that came back at once, not after its back-off, and restores subscriptions there', async () => {
    const a = await server();
    const b = await server();
    const { client, logs } = harness([a.url, b.url], { backoff: longBackoff, recovery: { budgetMs: 3000, perServerIntervalMs: 0 } });
    await client.connect();
    const tips: unknown[] = [];
    const statuses: unknown[] = [];
    await client.subscribe('blockchain.headers.subscribe', [], (p) => tips.push(p[0]));
    await client.subscribe('blockchain.scripthash.subscribe', ['aa'], (p) => statuses.push(p));
    for (const s of [a, b]) {
      s.down = true;
      s.killAll();
    }
    await until(() => logs.filter((l) => l.includes('suspended for 60000 ms')).length === 2, 2000, 'both suspended');

    b.down = false;
    b.tip = { height: 101, hex: '11'.repeat(80) };
    b.statuses.set('aa', 'cafe');
    const t0 = Date.now();
    expect(await client.request('echo', ['back'])).toEqual(['back']);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(client.stats().connected).toEqual([b.url]);
    expect(logs.some((l) => l.includes(`${b.url}: no server is connected, trying it ahead of its back-off`))).toBe(true);

    // both subscriptions moved to b, and what changed meanwhile reached the listeners
    await until(() => tips.length === 1 && statuses.length === 1, 2000, 'changes notified');
    expect(tips[0]).toEqual(b.tip);
    expect(statuses[0]).toEqual(['aa', 'cafe']);
    expect(b.calls('blockchain.headers.subscribe')).toHaveLength(1);
    expect(b.calls('blockchain.scripthash.subscribe')).toHaveLength(1);
    b.notifyAll('blockchain.headers.subscribe', [{ height: 102, hex: '22'.repeat(80) }]);
    await until(() => tips.length === 2, 2000, 'a notification from b');
  });

  it('opens each server at most once per interval, however many requests find none connected', async () => {
    const a = await server();
    const b = await server();
    const { client } = harness([a.url, b.url], { backoff: longBackoff, recovery: { budgetMs: 3000, perServerIntervalMs: 1500 } });
    await client.connect();
    await until(() => client.stats().connected.length === 2, 2000, 'both connected');
    for (const s of [a, b]) {
      s.down = true;
      s.killAll();
    }
    await until(() => client.stats().connected.length === 0, 2000, 'both dropped');
    await sleep(1600); // past the interval since the first connections

    const before = [a.connections, b.connections];
    const flood = await Promise.all(Array.from({ length: 40 }, (_, i) => rejection(client.request('echo', [i]))));
    expect(flood.every((e) => e.kind === 'transport' && e.message.includes('no server is connected'))).toBe(true);
    expect([a.connections, b.connections]).toEqual([before[0]! + 1, before[1]! + 1]);

    // within the interval: no new attempt, the requests fail at once
    const again = await Promise.all(Array.from({ length: 40 }, (_, i) => rejection(client.request('echo', [i]))));
    expect(again.every((e) => e.message.includes('no server is connected'))).toBe(true);
    expect([a.connections, b.connections]).toEqual([before[0]! + 1, before[1]! + 1]);

    await sleep(1600);
    a.down = false;
    expect(await client.request('echo', ['later'])).toEqual(['later']);
    expect(a.connections).toBe(before[0]! + 2);
  }, 15_000);

  it('waits only the recovery budget for a server that accepts and never answers', async () => {
    const a = await server();
    const { client } = harness([a.url], { backoff: longBackoff, connectTimeoutMs: 30_000, requestTimeoutMs: 30_000, recovery: { budgetMs: 300, perServerIntervalMs: 0 } });
    await client.connect();
    a.handlers.set('server.version', () => HANG);
    a.killAll();
    await until(() => client.stats().connected.length === 0, 2000, 'dropped');
    const t0 = Date.now();
    const err = await rejection(client.request('echo'));
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(err.kind).toBe('transport');
    expect(err.message).toContain('no server became available within 300 ms');
  });

  it('does not wait on a server stuck connecting while another can be tried', async () => {
    const a = await server();
    const b = await server();
    const { client } = harness([a.url, b.url], {
      backoff: longBackoff,
      connectTimeoutMs: 30_000,
      requestTimeoutMs: 30_000,
      recovery: { budgetMs: 1000, perServerIntervalMs: 0 },
    });
    await client.connect();
    await until(() => client.stats().connected.length === 2, 2000, 'both connected');
    a.handlers.set('server.version', () => HANG);
    b.down = true;
    a.killAll();
    b.killAll();
    await until(() => client.stats().connected.length === 0, 2000, 'both dropped');
    // a accepts and never answers; b refuses: the request waits its budget on a, then fails
    const first = await rejection(client.request('echo', [1]));
    expect(first.message).toContain('no server became available within 1000 ms');
    // a is still connecting when b comes back: b is tried at once all the same
    b.down = false;
    expect(await client.request('echo', [2])).toEqual([2]);
    expect(client.stats().connected).toEqual([b.url]);
  });

  it('keeps maxConnected: servers recovery connects beyond it go back to stand-by', async () => {
    const a = await server();
    const b = await server();
    const { client } = harness([a.url, b.url], { maxConnected: 1, backoff: longBackoff, recovery: { budgetMs: 3000, perServerIntervalMs: 0 } });
    await client.connect();
    a.killAll();
    await until(() => client.stats().connected.join() === b.url, 2000, 'b takes over');
    b.killAll();
    await until(() => client.stats().connected.length === 0, 2000, 'both dropped');
    const opened = [a.connections, b.connections];
    expect(await client.request('echo', [1])).toEqual([1]);
    // both were tried at once; whichever answered first serves, the other is closed again
    expect([a.connections, b.connections]).toEqual([opened[0]! + 1, opened[1]! + 1]);
    await until(() => a.sessions.size + b.sessions.size === 1, 2000, 'one connection left');
    expect(client.stats().connected).toHaveLength(1);
  });
});
