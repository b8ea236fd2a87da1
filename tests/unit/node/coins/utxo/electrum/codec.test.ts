import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, encodeRequest, frameText, rpcError } from '../../../../../../src/node/coins/utxo/electrum/codec';
import { isSupportedProtocol } from '../../../../../../src/node/coins/utxo/electrum';

describe('electrum codec', () => {
  it('encodes a single request as an object and a batch as an array', () => {
    const a = encodeRequest(1, { method: 'server.ping' });
    const b = encodeRequest(2, { method: 'echo', params: [1] });
    expect(JSON.parse(encodeFrame([a], true))).toEqual({ jsonrpc: '2.0', id: 1, method: 'server.ping', params: [] });
    expect(JSON.parse(encodeFrame([a, b], false))).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'server.ping', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'echo', params: [1] },
    ]);
    expect(JSON.parse(encodeFrame([b], false))).toHaveLength(1);
  });

  it('reads frames given as string, ArrayBuffer, Uint8Array (with offset) or Buffer', () => {
    const text = '{"id":1,"result":"é"}';
    const bytes = new TextEncoder().encode(`xx${text}`);
    expect(frameText(text)).toBe(text);
    expect(frameText(bytes.slice(2).buffer)).toBe(text);
    expect(frameText(bytes.subarray(2))).toBe(text);
    expect(frameText(Buffer.from(text))).toBe(text);
    expect(frameText({})).toBeNull();
  });

  it('classifies responses, batch responses, notifications and junk', () => {
    expect(decodeFrame('{"jsonrpc":"2.0","id":3,"result":null}')).toEqual([{ type: 'response', id: 3, result: null, error: undefined }]);
    expect(decodeFrame('[{"id":1,"result":1},{"id":2,"error":{"code":1,"message":"bad"}}]')).toEqual([
      { type: 'response', id: 1, result: 1, error: undefined },
      { type: 'response', id: 2, result: undefined, error: { code: 1, message: 'bad' } },
    ]);
    expect(decodeFrame('{"method":"blockchain.headers.subscribe","params":[{"height":5}]}')).toEqual([
      { type: 'notification', method: 'blockchain.headers.subscribe', params: [{ height: 5 }] },
    ]);
    const lines = decodeFrame('{"id":1,"result":1}\n{"id":2,"result":2}\n');
    expect(lines.map((m) => (m.type === 'response' ? m.id : null))).toEqual([1, 2]);
    expect(decodeFrame('nope')[0]?.type).toBe('invalid');
    expect(decodeFrame('42')[0]?.type).toBe('invalid');
  });

  it('keeps code and message of server errors, whatever their shape', () => {
    expect(rpcError({ code: 1, message: 'rejected' })).toEqual({ code: 1, message: 'rejected' });
    expect(rpcError('plain text')).toEqual({ message: 'plain text' });
  });

  it('accepts protocol versions 1.2 to 1.4 only', () => {
    for (const v of ['1.2', '1.3', '1.4', '1.4.2']) expect(isSupportedProtocol(v)).toBe(true);
    for (const v of ['1.1', '1.0', '1.5', '2.0', '1', 'x', 1.4]) expect(isSupportedProtocol(v)).toBe(false);
  });
});
