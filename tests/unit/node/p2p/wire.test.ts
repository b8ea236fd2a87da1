/**
 * The request-response wire: varint length-prefixed frames (1 MiB − 100 cap) and KDF's
 * PeerRequest/PeerResponse bodies in rmp-serde form; and conf seednodes → multiaddrs.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import { MmError } from '../../../../src/node/core/errors';
import { MsgpackError } from '../../../../src/node/p2p/errors';
import { encodeFrame, MAX_FRAME_BYTES, readFrame } from '../../../../src/node/p2p/framing';
import { decodePeerRequest, decodePeerResponse, encodePeerRequest, encodePeerResponse } from '../../../../src/node/p2p/peerRequest';
import { allLoopback, seedMultiaddr, wssPort } from '../../../../src/node/p2p/seedAddress';

async function* chunks(...parts: string[]): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield hexToBytes(p);
}

const readHex = async (...parts: string[]): Promise<string> => bytesToHex(await readFrame(chunks(...parts)));

describe('frames', () => {
  it('unsigned varint length, then the body', () => {
    expect(bytesToHex(encodeFrame(new Uint8Array(0)))).toBe('00');
    expect(bytesToHex(encodeFrame(hexToBytes('abcd')))).toBe('02abcd');
    expect(bytesToHex(encodeFrame(new Uint8Array(127))).slice(0, 2)).toBe('7f');
    expect(bytesToHex(encodeFrame(new Uint8Array(128))).slice(0, 4)).toBe('8001');
    expect(bytesToHex(encodeFrame(new Uint8Array(300))).slice(0, 4)).toBe('ac02');
    expect(bytesToHex(encodeFrame(new Uint8Array(MAX_FRAME_BYTES))).slice(0, 6)).toBe('9cff3f');
    expect(() => encodeFrame(new Uint8Array(MAX_FRAME_BYTES + 1))).toThrow(MmError);
  });

  it('reads a frame split anywhere, ignoring bytes after it', async () => {
    expect(await readHex('02abcd')).toBe('abcd');
    expect(await readHex('02', 'ab', 'cd')).toBe('abcd');
    expect(await readHex('8001' + '11'.repeat(100), '11'.repeat(28) + 'ffff')).toBe('11'.repeat(128));
    expect(await readHex('80', '01' + '22'.repeat(128))).toBe('22'.repeat(128));
    expect(await readHex('00')).toBe('');
  });

  it('refuses oversized, malformed and truncated frames', async () => {
    await expect(readHex('9dff3f')).rejects.toThrow(/exceeds/);
    await expect(readHex('ffffff01')).rejects.toThrow(/malformed frame length/);
    await expect(readHex('03abcd')).rejects.toThrow(/inside a frame \(2 of 3 bytes\)/);
    await expect(readHex()).rejects.toThrow(/before a frame/);
    await expect(readHex('80')).rejects.toMatchObject({ errorType: 'P2PError' });
  });
});

describe("KDF's PeerRequest / PeerResponse bodies", () => {
  it('PeerRequest{req: Vec<u8>} is [[ints]]', () => {
    expect(bytesToHex(encodePeerRequest(hexToBytes('01ff')))).toBe('919201ccff');
    expect(bytesToHex(decodePeerRequest(hexToBytes('919201ccff')))).toBe('01ff');
  });

  it('PeerResponse: Ok{res} = {0: [[ints]]}, None = {1: nil}, Err{err} = {2: [str]}', () => {
    expect(bytesToHex(encodePeerResponse({ kind: 'ok', res: hexToBytes('07') }))).toBe('81009191' + '07');
    expect(bytesToHex(encodePeerResponse({ kind: 'none' }))).toBe('8101c0');
    expect(bytesToHex(encodePeerResponse({ kind: 'err', err: 'x' }))).toBe('810291a178');
    expect(decodePeerResponse(hexToBytes('8100919107'))).toEqual({ kind: 'ok', res: hexToBytes('07') });
    expect(decodePeerResponse(hexToBytes('8101c0'))).toEqual({ kind: 'none' });
    expect(decodePeerResponse(hexToBytes('810291a178'))).toEqual({ kind: 'err', err: 'x' });
  });

  it('refuses other shapes with MsgpackError', () => {
    for (const h of ['8103c0', '810101', '9101', '92' + '9101' + '9101', '81009101']) {
      expect(() => decodePeerResponse(hexToBytes(h)), h).toThrow(MsgpackError);
    }
    expect(() => decodePeerRequest(hexToBytes('91a161'))).toThrow(MsgpackError);
  });
});

describe('conf seednodes', () => {
  it("KDF's lp_ports wss port per netid", () => {
    expect(wssPort(0)).toBe(7813);
    expect(wssPort(8762)).toBe(42855);
    expect(wssPort(7777)).toBe(38900); // 777·40 + 7783 + 7, + 30
  });

  it('multiaddrs as written; hosts to WSS on the netid port', () => {
    const ma = '/ip4/127.0.0.1/tcp/4003/ws/p2p/12D3KooWAbc';
    expect(seedMultiaddr(ma, 8762)).toBe(ma);
    expect(seedMultiaddr('seed01.kmdefi.net', 8762)).toBe('/dns4/seed01.kmdefi.net/tcp/42855/wss');
    expect(seedMultiaddr('46.4.78.11', 8762)).toBe('/ip4/46.4.78.11/tcp/42855/wss');
    expect(seedMultiaddr('::1', 0)).toBe('/ip6/::1/tcp/7813/wss');
  });

  it('loopback only when every seed is on this machine', () => {
    expect(allLoopback(['/ip4/127.0.0.1/tcp/1/ws', '/dns4/localhost/tcp/2/ws'])).toBe(true);
    expect(allLoopback(['/ip4/127.0.0.1/tcp/1/ws', '/dns4/seed01.kmdefi.net/tcp/42855/wss'])).toBe(false);
    expect(allLoopback([])).toBe(false);
  });
});
