/**
 * A faithful msgpack reader/writer for the values rmp-serde 0.14 produces. @msgpack/msgpack cannot
 * serve here: it writes every map key as a string and reads maps into plain objects, so it can
 * neither write rmp-serde's `{u32 variant: value}` enums nor tell an integer key from a string
 * one, keep key order or see duplicates. Encodings are the smallest form of each value, which is
 * what rmp writes (unsigned markers for non-negative integers whatever the Rust type).
 */
import { MsgpackError } from './errors';

/**
 * A msgpack value: nil, bool, integer (number when safe, bigint beyond), str, bin (Uint8Array),
 * array, map. No floats or extension types: KDF's p2p messages carry none.
 */
export type MsgValue = null | boolean | number | bigint | string | Uint8Array | readonly MsgValue[] | MsgMap;

/** A msgpack map as written: entries in order, keys keeping their type (an int key is not a string key). */
export class MsgMap {
  readonly entries: readonly (readonly [MsgValue, MsgValue])[];

  constructor(entries: Iterable<readonly [MsgValue, MsgValue]>) {
    this.entries = [...entries];
  }
}

const MAX_DEPTH = 64;
const U64_MAX = (1n << 64n) - 1n;
const I64_MIN = -(1n << 63n);
const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

class Writer {
  private buf = new Uint8Array(256);
  private view = new DataView(this.buf.buffer);
  private pos = 0;

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): void {
    this.room(1);
    this.buf[this.pos++] = v;
  }

  /** A marker byte then a big-endian unsigned of `size` bytes. */
  head(marker: number, size: 1 | 2 | 4, v: number): void {
    this.u8(marker);
    this.room(size);
    if (size === 1) this.view.setUint8(this.pos, v);
    else if (size === 2) this.view.setUint16(this.pos, v);
    else this.view.setUint32(this.pos, v);
    this.pos += size;
  }

  word64(marker: number, v: bigint): void {
    this.u8(marker);
    this.room(8);
    this.view.setBigUint64(this.pos, BigInt.asUintN(64, v));
    this.pos += 8;
  }

  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  done(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

/** Writes a length-prefixed family (str, bin, array, map) with its smallest header. */
function lengthHead(w: Writer, n: number, fix: { marker: number; max: number } | null, m8: number | null, m16: number, m32: number): void {
  if (fix && n <= fix.max) w.u8(fix.marker | n);
  else if (m8 !== null && n < 0x100) w.head(m8, 1, n);
  else if (n < 0x10000) w.head(m16, 2, n);
  else w.head(m32, 4, n);
}

function writeInt(w: Writer, v: bigint): void {
  if (v >= 0n) {
    if (v < 0x80n) w.u8(Number(v));
    else if (v < 0x100n) w.head(0xcc, 1, Number(v));
    else if (v < 0x10000n) w.head(0xcd, 2, Number(v));
    else if (v < 0x100000000n) w.head(0xce, 4, Number(v));
    else w.word64(0xcf, v);
  } else if (v >= -32n) w.u8(Number(v) & 0xff);
  else if (v >= -0x80n) w.head(0xd0, 1, Number(v) & 0xff);
  else if (v >= -0x8000n) w.head(0xd1, 2, Number(v) & 0xffff);
  else if (v >= -0x80000000n) w.head(0xd2, 4, Number(v) >>> 0);
  else w.word64(0xd3, v);
}

function write(w: Writer, v: MsgValue, path: string, depth: number): void {
  if (depth > MAX_DEPTH) throw new MsgpackError(path, `nested deeper than ${MAX_DEPTH}`);
  if (v === null) w.u8(0xc0);
  else if (v === false) w.u8(0xc2);
  else if (v === true) w.u8(0xc3);
  else if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new MsgpackError(path, `${v} is not a safe integer (use a bigint beyond 2^53)`);
    writeInt(w, BigInt(v));
  } else if (typeof v === 'bigint') {
    if (v > U64_MAX || v < I64_MIN) throw new MsgpackError(path, `${v} does not fit in 64 bits`);
    writeInt(w, v);
  } else if (typeof v === 'string') {
    const b = utf8.encode(v);
    lengthHead(w, b.length, { marker: 0xa0, max: 31 }, 0xd9, 0xda, 0xdb);
    w.bytes(b);
  } else if (v instanceof Uint8Array) {
    lengthHead(w, v.length, null, 0xc4, 0xc5, 0xc6);
    w.bytes(v);
  } else if (v instanceof MsgMap) {
    lengthHead(w, v.entries.length, { marker: 0x80, max: 15 }, null, 0xde, 0xdf);
    v.entries.forEach(([k, val], i) => {
      write(w, k, `${path}{#${i}}`, depth + 1);
      write(w, val, `${path}{${keyLabel(k)}}`, depth + 1);
    });
  } else if (Array.isArray(v)) {
    lengthHead(w, v.length, { marker: 0x90, max: 15 }, null, 0xdc, 0xdd);
    v.forEach((item: MsgValue, i) => write(w, item, `${path}[${i}]`, depth + 1));
  } else {
    throw new MsgpackError(path, `cannot encode ${typeof v}`);
  }
}

/** Path label of a map entry: the key itself when short and scalar. */
export function keyLabel(k: MsgValue): string {
  if (typeof k === 'number' || typeof k === 'bigint') return String(k);
  if (typeof k === 'string') return JSON.stringify(k.length > 40 ? `${k.slice(0, 40)}…` : k);
  return '?';
}

export function encodeMsgpack(value: MsgValue): Uint8Array {
  const w = new Writer();
  write(w, value, '$', 0);
  return w.done();
}

class Reader {
  private pos = 0;
  private readonly view: DataView;

  constructor(private readonly b: Uint8Array) {
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  }

  get remaining(): number {
    return this.b.length - this.pos;
  }

  need(n: number, path: string): void {
    if (this.remaining < n) throw new MsgpackError(path, `truncated input (${n} more bytes needed, ${this.remaining} left)`);
  }

  uint(size: 1 | 2 | 4, path: string): number {
    this.need(size, path);
    const v = size === 1 ? this.view.getUint8(this.pos) : size === 2 ? this.view.getUint16(this.pos) : this.view.getUint32(this.pos);
    this.pos += size;
    return v;
  }

  sint(size: 1 | 2 | 4, path: string): number {
    this.need(size, path);
    const v = size === 1 ? this.view.getInt8(this.pos) : size === 2 ? this.view.getInt16(this.pos) : this.view.getInt32(this.pos);
    this.pos += size;
    return v;
  }

  word64(signed: boolean, path: string): number | bigint {
    this.need(8, path);
    const v = signed ? this.view.getBigInt64(this.pos) : this.view.getBigUint64(this.pos);
    this.pos += 8;
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
  }

  take(n: number, path: string): Uint8Array {
    this.need(n, path);
    const out = this.b.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  str(n: number, path: string): string {
    const raw = this.take(n, path);
    try {
      return utf8Strict.decode(raw);
    } catch {
      throw new MsgpackError(path, 'string is not valid UTF-8');
    }
  }

  array(n: number, path: string, depth: number): MsgValue[] {
    // Every element takes at least a byte: a huge declared length fails here, before allocating.
    this.need(n, path);
    const out: MsgValue[] = [];
    for (let i = 0; i < n; i++) out.push(this.value(`${path}[${i}]`, depth + 1));
    return out;
  }

  map(n: number, path: string, depth: number): MsgMap {
    this.need(2 * n, path);
    const entries: [MsgValue, MsgValue][] = [];
    for (let i = 0; i < n; i++) {
      const k = this.value(`${path}{#${i}}`, depth + 1);
      entries.push([k, this.value(`${path}{${keyLabel(k)}}`, depth + 1)]);
    }
    return new MsgMap(entries);
  }

  value(path: string, depth: number): MsgValue {
    if (depth > MAX_DEPTH) throw new MsgpackError(path, `nested deeper than ${MAX_DEPTH}`);
    const m = this.uint(1, path);
    if (m <= 0x7f) return m;
    if (m >= 0xe0) return m - 0x100;
    if ((m & 0xf0) === 0x80) return this.map(m & 0x0f, path, depth);
    if ((m & 0xf0) === 0x90) return this.array(m & 0x0f, path, depth);
    if ((m & 0xe0) === 0xa0) return this.str(m & 0x1f, path);
    switch (m) {
      case 0xc0:
        return null;
      case 0xc2:
        return false;
      case 0xc3:
        return true;
      case 0xc4:
        return this.take(this.uint(1, path), path);
      case 0xc5:
        return this.take(this.uint(2, path), path);
      case 0xc6:
        return this.take(this.uint(4, path), path);
      case 0xcc:
        return this.uint(1, path);
      case 0xcd:
        return this.uint(2, path);
      case 0xce:
        return this.uint(4, path);
      case 0xcf:
        return this.word64(false, path);
      case 0xd0:
        return this.sint(1, path);
      case 0xd1:
        return this.sint(2, path);
      case 0xd2:
        return this.sint(4, path);
      case 0xd3:
        return this.word64(true, path);
      case 0xd9:
        return this.str(this.uint(1, path), path);
      case 0xda:
        return this.str(this.uint(2, path), path);
      case 0xdb:
        return this.str(this.uint(4, path), path);
      case 0xdc:
        return this.array(this.uint(2, path), path, depth);
      case 0xdd:
        return this.array(this.uint(4, path), path, depth);
      case 0xde:
        return this.map(this.uint(2, path), path, depth);
      case 0xdf:
        return this.map(this.uint(4, path), path, depth);
      case 0xca:
      case 0xcb:
        throw new MsgpackError(path, 'floats are not part of these messages');
      default:
        throw new MsgpackError(path, m === 0xc1 ? 'reserved marker 0xc1' : `extension type (marker 0x${m.toString(16)}) not supported`);
    }
  }
}

/** Decodes exactly one value; trailing bytes, truncation and anything unsupported throw MsgpackError. */
export function decodeMsgpack(bytes: Uint8Array): MsgValue {
  const r = new Reader(bytes);
  const v = r.value('$', 0);
  if (r.remaining > 0) throw new MsgpackError('$', `${r.remaining} trailing bytes after the value`);
  return v;
}
