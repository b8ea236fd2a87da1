/**
 * Keys for the SQLite engine: read from a record by key path, and encoded as BLOBs whose byte
 * order (SQLite compares BLOBs with memcmp) is IndexedDB's key order, so `ORDER BY key` lists
 * records as IndexedDB does and compound keys compare element by element.
 *
 * Encoding: a type tag (number 0x10 < string 0x20 < array 0x30, IndexedDB's order of types), then
 * - number: the float64 big-endian, sign bit flipped (all bits flipped when negative);
 * - string: its UTF-8 bytes, 0x00 and 0x01 escaped as 0x01 0x01 and 0x01 0x02, then 0x00;
 * - array: its elements' encodings, then 0x00 (below every tag: a prefix sorts first).
 * Strings compare by code point, IndexedDB by UTF-16 unit: they differ only between characters
 * above U+FFFF and U+E000..U+FFFF, which no key the node writes contains.
 */
import { DataError, type Key, type KeyPath } from '../../src/node/storage';

const NUMBER = 0x10;
const STRING = 0x20;
const ARRAY = 0x30;
const END = 0x00;
const ESCAPE = 0x01;
/** Bounds recursion on hostile nesting; compound keys are a few levels at most. */
const MAX_KEY_DEPTH = 16;

/** The value at `path` in `record`: a Key, or undefined when it is missing or not a valid key. */
export function keyAt(record: unknown, path: KeyPath): Key | undefined {
  if (typeof path !== 'string') {
    const parts: Key[] = [];
    for (const p of path) {
      const part = keyAt(record, p);
      if (part === undefined) return undefined;
      parts.push(part);
    }
    return parts;
  }
  let value = record;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return isKey(value, 0) ? value : undefined;
}

function isKey(value: unknown, depth: number): value is Key {
  if (typeof value === 'string') return true;
  if (typeof value === 'number') return !Number.isNaN(value);
  return depth < MAX_KEY_DEPTH && Array.isArray(value) && value.every((v) => isKey(v, depth + 1));
}

/** The BLOB for a key; throws DataError on anything IndexedDB would refuse too (or we do not support). */
export function encodeKey(key: unknown): Buffer {
  if (!isKey(key, 0)) throw new DataError(`${describe(key)} is not a valid key`);
  const out: number[] = [];
  write(key, out);
  return Buffer.from(out);
}

function write(key: Key, out: number[]): void {
  if (typeof key === 'number') {
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleBE(key === 0 ? 0 : key); // -0 is the same key as 0
    if (bytes.readUInt8(0) & 0x80) {
      for (let i = 0; i < 8; i++) bytes.writeUInt8(~bytes.readUInt8(i) & 0xff, i);
    } else {
      bytes.writeUInt8(bytes.readUInt8(0) | 0x80, 0);
    }
    out.push(NUMBER, ...bytes);
  } else if (typeof key === 'string') {
    out.push(STRING);
    for (const b of Buffer.from(key, 'utf8')) {
      if (b === END) out.push(ESCAPE, 0x01);
      else if (b === ESCAPE) out.push(ESCAPE, 0x02);
      else out.push(b);
    }
    out.push(END);
  } else {
    out.push(ARRAY);
    for (const element of key) write(element, out);
    out.push(END);
  }
}

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null) return `a ${value.constructor?.name ?? 'object'}`;
  return typeof value === 'number' ? String(value) : `a ${typeof value}`;
}
