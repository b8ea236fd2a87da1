/**
 * libp2p's length-prefixed framing as KDF's request-response codec uses it
 * (`read_length_prefixed` / `write_length_prefixed`): an unsigned LEB128 varint length, then the
 * body. One frame per direction per stream.
 */
import { p2pError } from './errors';

/** KDF's `MAX_BUFFER_SIZE`: 1 MiB − 100. */
export const MAX_FRAME_BYTES = 1024 * 1024 - 100;
/** A varint for any length up to MAX_FRAME_BYTES fits in 3 bytes; more is malformed. */
const MAX_VARINT_BYTES = 3;

export function encodeFrame(body: Uint8Array): Uint8Array {
  if (body.length > MAX_FRAME_BYTES) throw p2pError(`frame of ${body.length} bytes exceeds ${MAX_FRAME_BYTES}`);
  const head: number[] = [];
  let n = body.length;
  do {
    head.push((n & 0x7f) | (n >= 0x80 ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

/** A chunk as libp2p streams yield them: Uint8Array or Uint8ArrayList (both have `subarray()`). */
export interface ByteChunk {
  subarray(): Uint8Array;
}

/**
 * Reads one frame from a stream's chunks, returning as soon as it is complete (bytes after it are
 * ignored, as rust-libp2p does). An oversized length, a malformed varint or an early end throw
 * P2PError.
 */
export async function readFrame(source: AsyncIterable<ByteChunk>): Promise<Uint8Array> {
  let head: Uint8Array = new Uint8Array(0);
  let body: Uint8Array | null = null;
  let filled = 0;
  for await (const chunk of source) {
    let bytes = chunk.subarray();
    if (!body) {
      head = concat(head, bytes);
      const parsed = parseVarint(head);
      if (!parsed) continue;
      body = new Uint8Array(parsed[0]);
      bytes = head.subarray(parsed[1]);
    }
    const n = Math.min(bytes.length, body.length - filled);
    body.set(bytes.subarray(0, n), filled);
    filled += n;
    if (filled === body.length) return body;
  }
  throw p2pError(body ? `stream ended inside a frame (${filled} of ${body.length} bytes)` : 'stream ended before a frame');
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** [value, bytes used], or null while more bytes are needed. */
function parseVarint(buf: Uint8Array): [number, number] | null {
  let value = 0;
  for (let i = 0; i < Math.min(buf.length, MAX_VARINT_BYTES); i++) {
    const b = buf[i]!;
    value += (b & 0x7f) * 2 ** (7 * i);
    if (b < 0x80) {
      if (value > MAX_FRAME_BYTES) throw p2pError(`frame of ${value} bytes exceeds ${MAX_FRAME_BYTES}`);
      return [value, i + 1];
    }
  }
  if (buf.length >= MAX_VARINT_BYTES) throw p2pError('malformed frame length');
  return null;
}
