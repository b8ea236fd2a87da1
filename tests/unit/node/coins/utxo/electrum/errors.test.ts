import { describe, expect, it } from 'vitest';
import { MmError } from '../../../../../../src/node/core/errors';
import { ElectrumClient, ElectrumError, electrumUrl } from '../../../../../../src/node/coins/utxo/electrum';
import type { ElectrumServer, WebSocketFactory } from '../../../../../../src/node/coins/utxo/electrum';

const never = () => {
  throw new Error('no socket expected');
};

describe('electrumUrl', () => {
  it('prepends ws:// for WS and wss:// for WSS', () => {
    expect(electrumUrl({ url: 'electrum1.cipig.net:30017', protocol: 'WS' })).toBe('ws://electrum1.cipig.net:30017');
    expect(electrumUrl({ url: 'electrum1.cipig.net:30017', protocol: 'WSS' })).toBe('wss://electrum1.cipig.net:30017');
  });

  it('rejects a url with a scheme with KDF text', () => {
    for (const url of ['ws://a.b:1', 'wss://a.b:1', 'tcp://a.b:1']) {
      let err: unknown;
      try {
        electrumUrl({ url, protocol: 'WSS' });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(MmError);
      expect((err as MmError).errorType).toBe('InvalidRequest');
      expect((err as MmError).httpStatus).toBe(400);
      expect((err as MmError).message).toContain(`There has not to be a scheme in the url: ${url}`);
    }
  });

  it('rejects TCP/SSL smuggled past the type with KDF text', () => {
    const server = { url: 'a.b:1', protocol: 'TCP' } as unknown as ElectrumServer;
    expect(() => electrumUrl(server)).toThrow("'TCP' and 'SSL' are not supported in a browser. Please use 'WS' or 'WSS' protocols");
  });

  it('rejects an empty url', () => {
    expect(() => electrumUrl({ url: ' ', protocol: 'WS' })).toThrow(MmError);
  });

  it('the client checks every url and the connection limits when built', () => {
    const base = { clientName: 't', socketFactory: never };
    expect(() => new ElectrumClient({ ...base, servers: [{ url: 'ws://x:1', protocol: 'WS' }] })).toThrow(/scheme/);
    expect(() => new ElectrumClient({ ...base, servers: [] })).toThrow(MmError);
    const two: ElectrumServer[] = [
      { url: 'a:1', protocol: 'WS' },
      { url: 'b:1', protocol: 'WS' },
    ];
    expect(() => new ElectrumClient({ ...base, servers: two, minConnected: 3 })).toThrow(/min_connected/);
    expect(() => new ElectrumClient({ ...base, servers: two, minConnected: 2, maxConnected: 1 })).toThrow(/min_connected/);
    expect(() => new ElectrumClient({ ...base, servers: two, minConnected: 0 })).toThrow(/min_connected/);
  });
});

describe('ElectrumError', () => {
  it('is a Transport MmError (502) for both kinds and keeps the server error', () => {
    const t = ElectrumError.transport('h:1', 'connection closed');
    expect(t).toBeInstanceOf(MmError);
    expect(t.errorType).toBe('Transport');
    expect(t.httpStatus).toBe(502);
    expect(t.kind).toBe('transport');
    expect(t.message).toBe('Electrum server h:1: connection closed');

    const s = ElectrumError.fromRpc('h:1', 'blockchain.transaction.broadcast', { code: 1, message: 'the transaction was rejected by network rules.' });
    expect(s.errorType).toBe('Transport');
    expect(s.httpStatus).toBe(502);
    expect(s.kind).toBe('server');
    expect(s.code).toBe(1);
    expect(s.rpcMessage).toBe('the transaction was rejected by network rules.');
    expect(s.message).toContain('h:1');
    expect(s.message).toContain('the transaction was rejected by network rules.');
  });
});

describe('WebSocketLike', () => {
  it("the browser's WebSocket constructor fits the factory type (checked by tsc)", () => {
    const browser: WebSocketFactory = (url) => new WebSocket(url);
    expect(typeof browser).toBe('function');
  });
});
