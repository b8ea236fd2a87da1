/**
 * Trezor protocol v1 framing over 64-byte USB reports, as KDF's `transport/protocol.rs`: a message
 * is `"##" | u16 BE type | u32 BE payload length | payload`, cut into reports that each start with
 * `?` (0x3f) and are zero-padded to 64 bytes. Only the first report carries the `##` header.
 */
import { TrezorProtocolError } from './errors';

export const REPORT_SIZE = 64;
/** Far above any real message (a Features or a 1 KB tx chunk); stops a bad length from buffering forever. */
export const MAX_MESSAGE_SIZE = 4 * 1024 * 1024;

const REPORT_MAGIC = 0x3f;
const HEADER_MAGIC = 0x23;
/** `?##`, type (2) and length (4). */
const FIRST_HEADER = 9;

export interface WireMessage {
  type: number;
  payload: Uint8Array;
}

export function encodeReports(message: WireMessage): Uint8Array[] {
  const { type, payload } = message;
  if (!Number.isInteger(type) || type < 0 || type > 0xffff) throw new TrezorProtocolError(`Invalid message type ${type}`);
  if (payload.length > MAX_MESSAGE_SIZE) throw new TrezorProtocolError(`Message of ${payload.length} bytes is too large`);
  const data = new Uint8Array(8 + payload.length);
  const view = new DataView(data.buffer);
  data[0] = HEADER_MAGIC;
  data[1] = HEADER_MAGIC;
  view.setUint16(2, type);
  view.setUint32(4, payload.length);
  data.set(payload, 8);

  const reports: Uint8Array[] = [];
  for (let offset = 0; offset < data.length; offset += REPORT_SIZE - 1) {
    const report = new Uint8Array(REPORT_SIZE);
    report[0] = REPORT_MAGIC;
    report.set(data.subarray(offset, offset + REPORT_SIZE - 1), 1);
    reports.push(report);
  }
  return reports;
}

/** Collects reports into messages; a report that breaks the framing throws and drops the partial message. */
export class ReportReassembler {
  private current: { type: number; payload: Uint8Array; filled: number } | null = null;

  /** Whether a message has started but is not complete yet. */
  get pending(): boolean {
    return this.current !== null;
  }

  /** The complete message this report finishes, or null while more reports are needed. */
  push(report: Uint8Array): WireMessage | null {
    try {
      return this.accept(report);
    } catch (e) {
      this.current = null;
      throw e;
    }
  }

  private accept(report: Uint8Array): WireMessage | null {
    if (report.length === 0 || report[0] !== REPORT_MAGIC) {
      throw new TrezorProtocolError('Invalid report: missing `?` magic');
    }
    if (!this.current) {
      if (report.length < FIRST_HEADER) throw new TrezorProtocolError(`Truncated first report (${report.length} bytes)`);
      if (report[1] !== HEADER_MAGIC || report[2] !== HEADER_MAGIC) {
        throw new TrezorProtocolError('Invalid first report: missing `##` header');
      }
      const view = new DataView(report.buffer, report.byteOffset, report.byteLength);
      const length = view.getUint32(5);
      if (length > MAX_MESSAGE_SIZE) throw new TrezorProtocolError(`Message length ${length} exceeds ${MAX_MESSAGE_SIZE}`);
      this.current = { type: view.getUint16(3), payload: new Uint8Array(length), filled: 0 };
      return this.append(this.current, report.subarray(FIRST_HEADER));
    }
    return this.append(this.current, report.subarray(1));
  }

  private append(current: { payload: Uint8Array; filled: number; type: number }, data: Uint8Array): WireMessage | null {
    const take = Math.min(data.length, current.payload.length - current.filled);
    current.payload.set(data.subarray(0, take), current.filled);
    current.filled += take;
    if (current.filled < current.payload.length) return null;
    this.current = null;
    return { type: current.type, payload: current.payload };
  }
}
