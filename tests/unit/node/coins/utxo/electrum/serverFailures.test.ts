import { describe, expect, it } from 'vitest';
import { ElectrumError, serverFailuresOf } from '../../../../../../src/node/coins/utxo/electrum';
import { MmError } from '../../../../../../src/node/core/errors';
import { electrumTestBed, HANG, deadUrl } from './fakeElectrumServer';

const { server, harness, rejection } = electrumTestBed();

describe('ElectrumClient: a failed connect names each server and why', () => {
  it('tells a refused port, a silent server and a server that is not Electrum apart', async () => {
    const dead = await deadUrl();
    const silent = await server({ handlers: { 'server.version': () => HANG } });
    const old = await server({ protocol: '0.9' });
    const { client } = harness([dead, silent.url, old.url], { connectTimeoutMs: 400 });
    const err = await rejection(client.connect());
    expect(err.message).toMatch(/fewer than 1 server\(s\) connected within 400 ms/);
    const byUrl = Object.fromEntries((err.servers ?? []).map((s) => [s.url, s]));
    expect(Object.keys(byUrl).sort()).toEqual([dead, silent.url, old.url].sort());
    expect(byUrl[dead]).toMatchObject({ protocol: 'WS', reason: 'unreachable' });
    expect(byUrl[silent.url]).toMatchObject({ protocol: 'WS', reason: 'timeout' });
    expect(byUrl[old.url]).toMatchObject({ protocol: 'WS', reason: 'not_electrum' });
    expect(byUrl[old.url]?.error).toMatch(/protocol version 0\.9 is not supported/);
    // the per-server texts carry no "Electrum server host:port:" prefix: the url is its own field
    for (const s of err.servers ?? []) expect(s.error).not.toMatch(/^Electrum server/);
  });

  it('reports a WSS attempt on a plain WS server as unreachable, with the protocol that was tried', async () => {
    const plain = await server();
    const { client } = harness([], { servers: [{ url: plain.url, protocol: 'WSS' }], connectTimeoutMs: 2000 });
    const err = await rejection(client.connect());
    expect(err.message).toMatch(/could not connect to 1 server\(s\), 0 connected/);
    expect(err.servers).toEqual([{ url: plain.url, protocol: 'WSS', reason: 'unreachable', error: expect.any(String) as string }]);
  });

  it('does not blame a server still connecting when another failure ended the attempt', async () => {
    const dead = await deadUrl();
    const silent = await server({ handlers: { 'server.version': () => HANG } });
    const { client } = harness([dead, silent.url], { minConnected: 2, connectTimeoutMs: 3000 });
    const err = await rejection(client.connect());
    expect(err.servers?.map((s) => [s.url, s.reason])).toEqual([[dead, 'unreachable']]);
  });

  it('is found through the cause chain of the activation error that wraps it', () => {
    const inner = new ElectrumError({ kind: 'transport', message: 'x', servers: [{ url: 'h:1', protocol: 'WS', reason: 'timeout', error: 'e' }] });
    const outer = new MmError({ errorType: 'CoinActivationError', message: 'Failed to connect', cause: inner });
    expect(serverFailuresOf(outer)).toEqual(inner.servers);
    expect(serverFailuresOf(new Error('plain'))).toBeUndefined();
    expect(serverFailuresOf('not an error')).toBeUndefined();
  });
});
