import { describe, expect, it } from 'vitest';
import { electrumTestBed, HANG, RpcFailure, sleep, until } from './fakeElectrumServer';

const { server, harness, rejection } = electrumTestBed();

describe('ElectrumClient: handshake', () => {
  it('sends server.version first with the client name and the 1.2–1.4 range', async () => {
    const s = await server();
    const { client } = harness([s.url]);
    await client.connect();
    expect(s.received[0]?.method).toBe('server.version');
    expect(s.received[0]?.params).toEqual(['test GUI/MM2 0.1.0', ['1.2', '1.4']]);
    expect(client.stats().connected).toEqual([s.url]);
    expect(await client.request('echo', ['a', 1])).toEqual(['a', 1]);
  });

  it('accepts a 1.4.2 server', async () => {
    const s = await server({ protocol: '1.4.2' });
    const { client } = harness([s.url]);
    await client.connect();
    expect(client.stats().connected).toEqual([s.url]);
  });

  it('rejects a server whose negotiated version is outside 1.2–1.4', async () => {
    const s = await server({ protocol: '1.1' });
    const { client, live } = harness([s.url]);
    const err = await rejection(client.connect());
    expect(err.kind).toBe('transport');
    expect(err.errorType).toBe('Transport');
    expect(err.message).toContain('protocol version 1.1 is not supported');
    expect(s.calls('echo')).toHaveLength(0);
    expect(live.size).toBe(0); // a failed connect() leaves nothing running
  });

  it('treats a refused server.version as a failed connection', async () => {
    const s = await server({
      handlers: {
        'server.version': () => {
          throw new RpcFailure(1, 'unsupported protocol version');
        },
      },
    });
    const { client } = harness([s.url]);
    const err = await rejection(client.connect());
    expect(err.message).toContain('server.version refused: unsupported protocol version');
  });
});

describe('ElectrumClient: requests', () => {
  it('matches answers by id when they come out of order, with increasing integer ids', async () => {
    const s = await server({
      handlers: {
        slow: async () => {
          await sleep(60);
          return 'slow';
        },
        fast: () => 'fast',
      },
    });
    const { client } = harness([s.url]);
    await client.connect();
    const order: string[] = [];
    const slow = client.request<string>('slow').then((r) => (order.push(r), r));
    const fast = client.request<string>('fast').then((r) => (order.push(r), r));
    expect(await Promise.all([slow, fast])).toEqual(['slow', 'fast']);
    expect(order).toEqual(['fast', 'slow']);
    const ids = s.received.map((r) => r.id);
    expect(ids.every((id) => Number.isInteger(id))).toBe(true);
    expect([...ids].sort((a, b) => (a as number) - (b as number))).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends a batch as one frame and returns the results in order', async () => {
    let frames = 0;
    const s = await server({ handlers: { n: (p) => (p[0] as number) * 2 } });
    const { client } = harness([s.url]);
    await client.connect();
    s.sessions.forEach((sess) => sess.ws.on('message', () => frames++));
    const before = client.stats().roundTrips;
    const out = await client.batch<number[]>([1, 2, 3].map((n) => ({ method: 'n', params: [n] })));
    expect(out).toEqual([2, 4, 6]);
    expect(frames).toBe(1);
    expect(client.stats().roundTrips).toBe(before + 1);
    expect(client.stats().byServer[s.url]).toBe(before + 1);
    expect(await client.batch([])).toEqual([]);
  });

  it('rejects a whole batch with the first item error', async () => {
    const s = await server({
      handlers: {
        bad: () => {
          throw new RpcFailure(2, 'no such tx');
        },
      },
    });
    const { client } = harness([s.url]);
    await client.connect();
    const err = await rejection(client.batch([{ method: 'echo', params: [1] }, { method: 'bad' }]));
    expect(err.kind).toBe('server');
    expect(err.code).toBe(2);
    expect(err.rpcMessage).toBe('no such tx');
  });

  it('keeps a server error (code and text) and does not retry it on another server', async () => {
    const text = 'the transaction was rejected by network rules.\n\nTX decode failed';
    const reject = () => {
      throw new RpcFailure(1, text);
    };
    const a = await server({ handlers: { 'blockchain.transaction.broadcast': reject } });
    const b = await server({ handlers: { 'blockchain.transaction.broadcast': reject } });
    const { client } = harness([a.url, b.url], { minConnected: 2 });
    await client.connect();
    const err = await rejection(client.request('blockchain.transaction.broadcast', ['00']));
    expect(err.kind).toBe('server');
    expect(err.errorType).toBe('Transport');
    expect(err.httpStatus).toBe(502);
    expect(err.code).toBe(1);
    expect(err.rpcMessage).toBe(text);
    expect(err.message).toContain(a.url);
    expect(a.calls('blockchain.transaction.broadcast')).toHaveLength(1);
    expect(b.calls('blockchain.transaction.broadcast')).toHaveLength(0);
    expect(client.stats().connected).toEqual([a.url, b.url]);
  });

  it('times a request out with a transport error', async () => {
    const s = await server({ handlers: { stuck: () => HANG } });
    const { client } = harness([s.url], { requestTimeoutMs: 150 });
    await client.connect();
    const t0 = Date.now();
    const err = await rejection(client.request('stuck'));
    expect(err.kind).toBe('transport');
    expect(err.message).toMatch(/no answer to stuck within 150 ms/);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('a timed-out request moves to the other server when its own is still talking', async () => {
    const a = await server({ handlers: { get: () => HANG, chatty: () => 'a' } });
    const b = await server({ handlers: { get: () => 'from b' } });
    const { client } = harness([a.url, b.url], { minConnected: 2, requestTimeoutMs: 200 });
    await client.connect();
    const pending = client.request('get');
    await until(() => a.calls('get').length === 1);
    expect(await client.request('chatty')).toBe('a'); // a answers something else meanwhile
    expect(await pending).toBe('from b');
    expect(client.stats().connected).toEqual([a.url, b.url]); // a was slow, not dead
  });

  it('reads frames that arrive as binary (UTF-8)', async () => {
    const s = await server({ binary: true, handlers: { utf8: () => 'żółw ✓' } });
    const { client } = harness([s.url]);
    await client.connect();
    expect(await client.request('utf8')).toBe('żółw ✓');
  });

  it('pings every connection and cuts off a server that falls silent', async () => {
    let answerPings = true;
    const s = await server({ handlers: { 'server.ping': () => (answerPings ? null : HANG) } });
    const { client, logs } = harness([s.url], { pingIntervalMs: 40, silenceTimeoutMs: 200, requestTimeoutMs: 5000 });
    await client.connect();
    await until(() => s.calls('server.ping').length >= 2, 1000, 'pings');
    answerPings = false;
    await until(() => client.stats().connected.length === 0, 1500, 'cut off');
    expect(logs.some((l) => l.includes('connection cut off'))).toBe(true);
    // pings and the handshake are not counted as round trips
    expect(client.stats().roundTrips).toBe(0);
  });
});
