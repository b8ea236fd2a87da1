import { describe, expect, it } from 'vitest';
import { TrezorProtocolError } from '../../../../src/node/hw/trezor/errors';
import { encodeReports, MAX_MESSAGE_SIZE, ReportReassembler } from '../../../../src/node/hw/trezor/protocol';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';

function reassemble(reports: Uint8Array[]) {
  const r = new ReportReassembler();
  const results = reports.map((report) => r.push(report));
  return { results, pending: r.pending };
}

describe('protocol v1 framing', () => {
  it('frames PinMatrixAck{pin:"1234"} into one zero-padded report, byte for byte', () => {
    // "?##", type 19 (u16 BE), length 6 (u32 BE), protobuf: field 1 string "1234"
    const payload = hexToBytes('0a0431323334');
    const [report, ...rest] = encodeReports({ type: 19, payload });
    expect(rest).toHaveLength(0);
    expect(report).toHaveLength(64);
    expect(bytesToHex(report!)).toBe('3f2323' + '0013' + '00000006' + '0a0431323334' + '00'.repeat(64 - 15));
    expect(reassemble([report!]).results).toEqual([{ type: 19, payload }]);
  });

  it('frames an empty message (Initialize)', () => {
    const reports = encodeReports({ type: 0, payload: new Uint8Array(0) });
    expect(reports.map(bytesToHex)).toEqual(['3f2323000000000000' + '00'.repeat(55)]);
  });

  it('splits a long message into continuation reports with a single `?` and reassembles it', () => {
    const payload = Uint8Array.from({ length: 200 }, (_, i) => i);
    const reports = encodeReports({ type: 17, payload });
    // 8 header bytes + 200 = 208 bytes of data, 63 per report
    expect(reports).toHaveLength(4);
    expect(reports.every((r) => r.length === 64 && r[0] === 0x3f)).toBe(true);
    expect(Array.from(reports[1]!.subarray(0, 3))).toEqual([0x3f, payload[55], payload[56]]);
    expect(reports[3]!.subarray(1 + (208 - 3 * 63)).every((b) => b === 0)).toBe(true);
    const { results, pending } = reassemble(reports);
    expect(results.slice(0, 3)).toEqual([null, null, null]);
    expect(results[3]).toEqual({ type: 17, payload });
    expect(pending).toBe(false);
  });

  it('fills a message that ends exactly at a report boundary', () => {
    const payload = new Uint8Array(63 + 63 - 8).fill(7);
    const reports = encodeReports({ type: 2, payload });
    expect(reports).toHaveLength(2);
    expect(reassemble(reports).results[1]).toEqual({ type: 2, payload });
  });

  it('accepts short USB transfers as long as the header is complete', () => {
    const r = new ReportReassembler();
    expect(r.push(hexToBytes('3f23230002000000020a00'))).toEqual({ type: 2, payload: hexToBytes('0a00') });
  });

  it('waits for the rest of a truncated message', () => {
    const reports = encodeReports({ type: 17, payload: new Uint8Array(100) });
    const { results, pending } = reassemble(reports.slice(0, 1));
    expect(results).toEqual([null]);
    expect(pending).toBe(true);
  });

  it.each([
    ['a first report without `?`', '002323000000000000'],
    ['a first report without `##`', '3f2324000000000000'],
    ['a first report shorter than its header', '3f23230000'],
    ['an empty report', ''],
  ])('rejects %s', (_name, hex) => {
    expect(() => new ReportReassembler().push(hexToBytes(hex))).toThrow(TrezorProtocolError);
  });

  it('rejects a continuation report without `?` and drops the partial message', () => {
    const reports = encodeReports({ type: 17, payload: new Uint8Array(100) });
    const r = new ReportReassembler();
    r.push(reports[0]!);
    const bad = Uint8Array.from(reports[1]!);
    bad[0] = 0x00;
    expect(() => r.push(bad)).toThrow('missing `?` magic');
    expect(r.pending).toBe(false);
  });

  it('rejects a length above the cap instead of buffering it', () => {
    const header = new Uint8Array(64);
    header.set([0x3f, 0x23, 0x23, 0x00, 0x11]);
    new DataView(header.buffer).setUint32(5, MAX_MESSAGE_SIZE + 1);
    expect(() => new ReportReassembler().push(header)).toThrow(/exceeds/);
  });

  it('refuses to encode an invalid type', () => {
    expect(() => encodeReports({ type: 0x10000, payload: new Uint8Array(0) })).toThrow(TrezorProtocolError);
  });
});
