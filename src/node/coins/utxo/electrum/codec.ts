/**
 * JSON-RPC framing of Electrum over WebSocket: one JSON message per text frame (a request, a
 * batch array, a response, a batch response array or a notification). Frames may arrive as
 * strings or as bytes (ArrayBuffer / typed array), decoded as UTF-8; a frame holding several
 * newline-separated messages (a TCP bridge) is split. Pure functions, no I/O.
 */
import type { ElectrumCall, RpcErrorObject } from './types';

export interface RpcRequest {
  jsonrpc: '2.0';
  id: number;
  method: string;
  params: unknown[];
}

/** A parsed incoming message. */
export type Incoming =
  | { type: 'response'; id: unknown; result: unknown; error: RpcErrorObject | undefined }
  | { type: 'notification'; method: string; params: unknown[] }
  | { type: 'invalid'; reason: string };

export function encodeRequest(id: number, call: ElectrumCall): RpcRequest {
  return { jsonrpc: '2.0', id, method: call.method, params: call.params ?? [] };
}

/** One frame: a single request object, or an array for a batch. */
export function encodeFrame(requests: RpcRequest[], single: boolean): string {
  return JSON.stringify(single && requests.length === 1 ? requests[0] : requests);
}

const utf8 = new TextDecoder('utf-8');

/** The text of a frame, or `null` for a payload we cannot read synchronously (a Blob). */
export function frameText(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return utf8.decode(new Uint8Array(data));
  if (ArrayBuffer.isView(data)) return utf8.decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  // `ws` with binaryType 'fragments' gives an array of buffers.
  if (Array.isArray(data) && data.every((d) => ArrayBuffer.isView(d))) {
    return data.map((d: ArrayBufferView) => utf8.decode(new Uint8Array(d.buffer, d.byteOffset, d.byteLength))).join('');
  }
  return null;
}

/** The UTF-8 size of a text, counted without encoding it (frames of large listings are ~150 KB). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4; // a surrogate pair is one 4-byte character
      i++;
    } else n += 3;
  }
  return n;
}

/** Parses a frame's text into messages (a batch response array is flattened). */
export function decodeFrame(text: string): Incoming[] {
  let values: unknown[];
  try {
    values = [JSON.parse(text)];
  } catch {
    values = [];
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        values.push(JSON.parse(line));
      } catch {
        values.push(new InvalidJson(line));
      }
    }
  }
  const out: Incoming[] = [];
  for (const v of values) {
    if (Array.isArray(v)) for (const item of v) out.push(classify(item));
    else out.push(classify(v));
  }
  return out;
}

class InvalidJson {
  constructor(readonly text: string) {}
}

function classify(v: unknown): Incoming {
  if (v instanceof InvalidJson) return { type: 'invalid', reason: `not JSON: ${preview(v.text)}` };
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { type: 'invalid', reason: `not a JSON-RPC message: ${preview(JSON.stringify(v))}` };
  const m = v as Record<string, unknown>;
  const hasId = m.id !== undefined && m.id !== null;
  if (typeof m.method === 'string' && !hasId) {
    return { type: 'notification', method: m.method, params: Array.isArray(m.params) ? m.params : m.params === undefined ? [] : [m.params] };
  }
  if ('result' in m || 'error' in m) {
    const error = m.error === undefined || m.error === null ? undefined : rpcError(m.error);
    return { type: 'response', id: m.id, result: m.result, error };
  }
  return { type: 'invalid', reason: `not a JSON-RPC message: ${preview(JSON.stringify(v))}` };
}

/** A server's error value as `{code?, message}` (ElectrumX sends objects; some servers strings). */
export function rpcError(e: unknown): RpcErrorObject {
  if (typeof e === 'object' && e !== null) {
    const o = e as Record<string, unknown>;
    const out: RpcErrorObject = { message: typeof o.message === 'string' ? o.message : JSON.stringify(e) };
    if (typeof o.code === 'number') out.code = o.code;
    if (o.data !== undefined) out.data = o.data;
    return out;
  }
  return { message: String(e) };
}

function preview(s: string): string {
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
