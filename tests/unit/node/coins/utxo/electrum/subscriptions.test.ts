import { describe, expect, it } from 'vitest';
import { electrumTestBed, HANG, RpcFailure, until } from './fakeElectrumServer';

const { server, harness, rejection } = electrumTestBed();

const SH = 'ab'.repeat(32);

describe('ElectrumClient: subscriptions', () => {
  it('resolves with the initial result and passes notifications on', async () => {
    const s = await server();
    s.statuses.set(SH, 'status-1');
    const { client } = harness([s.url]);
    await client.connect();
    const headers: unknown[][] = [];
    const statuses: unknown[][] = [];
    const h = await client.subscribe<{ height: number }>('blockchain.headers.subscribe', [], (p) => headers.push(p));
    expect(h.result.height).toBe(100);
    const sub = await client.subscribe<string>('blockchain.scripthash.subscribe', [SH], (p) => statuses.push(p));
    expect(sub.result).toBe('status-1');

    s.notifyAll('blockchain.headers.subscribe', [{ height: 101, hex: '11' }]);
    s.notifyAll('blockchain.scripthash.subscribe', [SH, 'status-2']);
    s.notifyAll('blockchain.scripthash.subscribe', ['cd'.repeat(32), 'other']); // not ours
    await until(() => headers.length === 1 && statuses.length === 1);
    expect(headers[0]).toEqual([{ height: 101, hex: '11' }]);
    expect(statuses[0]).toEqual([SH, 'status-2']);

    await sub.unsubscribe();
    await until(() => s.calls('blockchain.scripthash.unsubscribe').length === 1);
    expect(s.calls('blockchain.scripthash.unsubscribe')[0]?.params).toEqual([SH]);
    s.notifyAll('blockchain.scripthash.subscribe', [SH, 'status-3']);
    s.notifyAll('blockchain.headers.subscribe', [{ height: 102, hex: '22' }]);
    await until(() => headers.length === 2);
    expect(statuses).toHaveLength(1);
  });

  it('subscriptions asked in one tick go out in one round trip, each with its own status and notifications', async () => {
    const s = await server();
    const hashes = Array.from({ length: 5 }, (_, i) => String(i).repeat(64));
    hashes.forEach((h, i) => s.statuses.set(h, `status-${i}`));
    const { client } = harness([s.url]);
    await client.connect();
    const before = client.stats().roundTrips;
    const seen: unknown[][] = [];
    const subs = await Promise.all(hashes.map((h) => client.subscribe<string>('blockchain.scripthash.subscribe', [h], (p) => seen.push(p))));
    expect(subs.map((x) => x.result)).toEqual(hashes.map((_, i) => `status-${i}`));
    expect(client.stats().roundTrips).toBe(before + 1);
    expect(s.calls('blockchain.scripthash.subscribe').map((c) => c.params[0])).toEqual(hashes);
    s.notifyAll('blockchain.scripthash.subscribe', [hashes[3], 'changed']);
    await until(() => seen.length === 1);
    expect(seen[0]).toEqual([hashes[3], 'changed']);
  });

  it('shares one server subscription between listeners', async () => {
    const s = await server();
    const { client } = harness([s.url]);
    await client.connect();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const sa = await client.subscribe('blockchain.scripthash.subscribe', [SH], (p) => a.push(p[1]));
    const sb = await client.subscribe('blockchain.scripthash.subscribe', [SH], (p) => b.push(p[1]));
    expect(s.calls('blockchain.scripthash.subscribe')).toHaveLength(1);
    s.notifyAll('blockchain.scripthash.subscribe', [SH, 'x']);
    await until(() => a.length === 1 && b.length === 1);
    await sa.unsubscribe();
    expect(s.calls('blockchain.scripthash.unsubscribe')).toHaveLength(0);
    s.notifyAll('blockchain.scripthash.subscribe', [SH, 'y']);
    await until(() => b.length === 2);
    expect(a).toEqual(['x']);
    await sb.unsubscribe();
    await until(() => s.calls('blockchain.scripthash.unsubscribe').length === 1);
  });

  it('a server error on subscribe rejects with kind server', async () => {
    const s = await server({
      handlers: {
        'blockchain.scripthash.subscribe': () => {
          throw new RpcFailure(1, 'invalid scripthash');
        },
      },
    });
    const { client } = harness([s.url]);
    await client.connect();
    const err = await rejection(client.subscribe('blockchain.scripthash.subscribe', ['zz'], () => {}));
    expect(err.kind).toBe('server');
    expect(err.code).toBe(1);
  });

  it('re-subscribes on the server that takes over and reports a changed status', async () => {
    const a = await server();
    const b = await server();
    a.statuses.set(SH, 'old');
    b.statuses.set(SH, 'new'); // b saw a payment that a never reported
    a.tip = { height: 200, hex: 'aa' };
    b.tip = { height: 200, hex: 'aa' }; // same tip: no notification expected
    const { client, logs } = harness([a.url, b.url], { minConnected: 2 });
    await client.connect();
    const statuses: unknown[][] = [];
    const headers: unknown[][] = [];
    expect((await client.subscribe('blockchain.scripthash.subscribe', [SH], (p) => statuses.push(p))).result).toBe('old');
    expect((await client.subscribe<{ height: number }>('blockchain.headers.subscribe', [], (p) => headers.push(p))).result.height).toBe(200);
    expect(b.calls('blockchain.scripthash.subscribe')).toHaveLength(0);

    a.down = true;
    a.killAll();
    await until(() => statuses.length === 1, 1000, 'status after fail-over');
    expect(statuses[0]).toEqual([SH, 'new']);
    expect(b.calls('blockchain.scripthash.subscribe')).toHaveLength(1);
    expect(b.calls('blockchain.headers.subscribe')).toHaveLength(1);
    expect(logs.some((l) => l.includes('2 subscription(s)'))).toBe(true);

    // notifications now come from b
    b.notifyAll('blockchain.scripthash.subscribe', [SH, 'newer']);
    b.notifyAll('blockchain.headers.subscribe', [{ height: 201, hex: 'bb' }]);
    await until(() => statuses.length === 2 && headers.length === 1);
    expect(statuses[1]).toEqual([SH, 'newer']);
    expect(headers).toEqual([[{ height: 201, hex: 'bb' }]]);
  });

  it('re-subscribes after the only server comes back', async () => {
    const s = await server();
    s.statuses.set(SH, 'one');
    const { client } = harness([s.url], { backoff: { initialMs: 30, maxMs: 60, jitter: 0 } });
    await client.connect();
    const statuses: unknown[][] = [];
    await client.subscribe('blockchain.scripthash.subscribe', [SH], (p) => statuses.push(p));
    s.statuses.set(SH, 'two');
    s.killAll();
    await until(() => statuses.length === 1, 1500, 'status after reconnect');
    expect(statuses[0]).toEqual([SH, 'two']);
    expect(s.calls('blockchain.scripthash.subscribe')).toHaveLength(2);
  });

  it('a listener that throws does not break the others', async () => {
    const s = await server();
    const { client, logs } = harness([s.url]);
    await client.connect();
    const seen: unknown[] = [];
    await client.subscribe('blockchain.headers.subscribe', [], () => {
      throw new Error('boom');
    });
    await client.subscribe('blockchain.headers.subscribe', [], (p) => seen.push(p));
    s.notifyAll('blockchain.headers.subscribe', [{ height: 1 }]);
    await until(() => seen.length === 1);
    expect(logs.some((l) => l.includes('boom'))).toBe(true);
  });
});

describe('ElectrumClient: close()', () => {
  it('rejects pending requests, closes the sockets and leaves no timer', async () => {
    const a = await server({ handlers: { stuck: () => HANG } });
    const b = await server({ handlers: { stuck: () => HANG } });
    const { client, live, sockets } = harness([a.url, b.url], { minConnected: 2, pingIntervalMs: 1000 });
    await client.connect();
    await client.subscribe('blockchain.headers.subscribe', [], () => {});
    const pending = rejection(client.request('stuck'));
    await until(() => a.calls('stuck').length === 1);
    expect(live.size).toBeGreaterThan(0);
    await client.close();
    const err = await pending;
    expect(err.kind).toBe('transport');
    expect(err.message).toContain('the client is closed');
    expect(live.size).toBe(0);
    expect(sockets.every((s) => s.readyState === 3)).toBe(true);
    await until(() => a.sessions.size === 0 && b.sessions.size === 0, 1000, 'servers see the close');
    expect(client.stats().connected).toEqual([]);
    expect((await rejection(client.request('echo'))).message).toContain('the client is closed');
    expect((await rejection(client.connect())).message).toContain('the client is closed');
    await client.close(); // idempotent
  });

  it('close() during connect() rejects it and stops the attempts', async () => {
    const s = await server({ handlers: { 'server.version': () => HANG } });
    const { client, live } = harness([s.url], { connectTimeoutMs: 5000 });
    const connecting = rejection(client.connect());
    await until(() => s.calls('server.version').length === 1);
    await client.close();
    expect((await connecting).message).toContain('the client is closed');
    expect(live.size).toBe(0);
  });

  it('a request before connect() connects first', async () => {
    const s = await server();
    const { client } = harness([s.url]);
    expect(await client.request('echo', ['lazy'])).toEqual(['lazy']);
  });
});
