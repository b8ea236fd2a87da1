/**
 * rmp-serde 0.14.4 conventions (kdf-facts §5.2), for the domains that write KDF's p2p messages
 * (OrdermatchMessage, swap messages, orderbook requests) on top of the plain msgpack codec.
 *
 * Writing: build a `MsgValue` tree with the helpers below and `encodeMsgpack` it.
 *   - struct → `struct([f1, f2, …])`: an array in declaration order; `undefined` at the end are
 *     the `skip_serializing_if` fields left out (the array gets shorter).
 *   - enum variant → `variant(index, value)`: the 1-entry map `{u32 index: value}`; unit variants
 *     `variant(i)` = `{i: nil}`; struct variants `variant(i, [fields])`.
 *   - `Option` → the value or `null` (None). `serde_bytes` fields (CompactUuid, pubkeys,
 *     signatures) → a `Uint8Array` (msgpack bin); plain `Vec<u8>` / `[u8; N]` / `H264` →
 *     `byteSeq(bytes)` (an array of ints).
 *   - `HashMap`/`BTreeMap` → `new MsgMap(entries)`; `BigRational` → `bigRational(mmNumber)`.
 *   - integers: `number` (safe integers) or `bigint` (u64 beyond 2^53); strings as they are.
 *
 * Reading: `decodeMsgpack(bytes)` then the `read*` functions, each taking the value and its path
 * (start with `'$'`) and throwing `MsgpackError` with that path when the shape is wrong. A struct
 * is read field by field with `StructReader`; an enum with `readVariant` then a switch on `index`.
 *
 * Example (`MakerOrderCancelled` = variant 3 of OrdermatchMessage):
 *   encodeMsgpack(variant(3, struct([uuidBytes, timestamp, byteSeq(trieRoot)])))
 *   const { index, value, path } = readVariant(decodeMsgpack(bytes), '$');
 *   const s = new StructReader(value, path, 3);
 *   const uuid = s.next(readBin), ts = s.next(readUint), root = s.next((v, p) => readByteSeq(v, p, 8));
 */
import { MmNumber, MmNumberParseError } from '../../shared/number';
import { MsgpackError } from './errors';
import { keyLabel, MsgMap, type MsgValue } from './msgpackCodec';

export { decodeMsgpack, encodeMsgpack, MsgMap, type MsgValue } from './msgpackCodec';
export { MsgpackError } from './errors';

/** Reads one value at `path`; the shape of every `read*` function, for composing. */
export type Read<T> = (v: MsgValue, path: string) => T;

const U32_MAX = 0xffff_ffff;

// ---- writing ---------------------------------------------------------------------------------

/** An enum variant, `{index: value}`; unit variants take the default `null`. */
export function variant(index: number, value: MsgValue = null): MsgMap {
  if (!Number.isInteger(index) || index < 0 || index > U32_MAX) throw new MsgpackError('$', `variant index ${index} is not a u32`);
  return new MsgMap([[index, value]]);
}

/**
 * A struct's fields in declaration order. Trailing `undefined` are skipped fields; a skipped field
 * in the middle would shift every later field, which rmp-serde's positional reading cannot undo,
 * so that is refused.
 */
export function struct(fields: readonly (MsgValue | undefined)[]): MsgValue[] {
  let end = fields.length;
  while (end > 0 && fields[end - 1] === undefined) end--;
  const kept = fields.slice(0, end);
  const gap = kept.indexOf(undefined);
  if (gap >= 0) throw new MsgpackError(`$[${gap}]`, 'only trailing struct fields may be skipped');
  return kept as MsgValue[];
}

/** `Vec<u8>` / `[u8; N]` without serde_bytes: an array of ints. */
export function byteSeq(bytes: Uint8Array): number[] {
  return Array.from(bytes);
}

/** num-rational `BigRational`: `[[sign, [u32 digits, least significant first]], [sign, digits]]`. */
export function bigRational(n: MmNumber): MsgValue {
  return n.toRational();
}

// ---- reading ---------------------------------------------------------------------------------

function fail(path: string, expected: string, v: MsgValue): never {
  throw new MsgpackError(path, `expected ${expected}, got ${describe(v)}`);
}

function describe(v: MsgValue): string {
  if (v === null) return 'nil';
  if (v instanceof Uint8Array) return `bin(${v.length})`;
  if (v instanceof MsgMap) return `map(${v.entries.length})`;
  if (Array.isArray(v)) return `array(${v.length})`;
  if (typeof v === 'string') return `str ${keyLabel(v)}`;
  return `${typeof v} ${String(v)}`;
}

export function readNil(v: MsgValue, path: string): null {
  return v === null ? null : fail(path, 'nil', v);
}

export function readBool(v: MsgValue, path: string): boolean {
  return typeof v === 'boolean' ? v : fail(path, 'a bool', v);
}

/** A non-negative integer up to 2^53 − 1 (u8…u32, and u64 values such as timestamps). */
export function readUint(v: MsgValue, path: string): number {
  return Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : fail(path, 'an unsigned integer below 2^53', v);
}

/** A signed integer within ±(2^53 − 1). */
export function readInt(v: MsgValue, path: string): number {
  return Number.isSafeInteger(v) ? (v as number) : fail(path, 'an integer within ±2^53', v);
}

/** Any u64, as a bigint. */
export function readU64(v: MsgValue, path: string): bigint {
  if (Number.isSafeInteger(v) && (v as number) >= 0) return BigInt(v as number);
  if (typeof v === 'bigint' && v >= 0n) return v;
  return fail(path, 'a u64', v);
}

export function readString(v: MsgValue, path: string): string {
  return typeof v === 'string' ? v : fail(path, 'a string', v);
}

/** msgpack bin (a `serde_bytes` field), optionally of an exact length. */
export function readBin(v: MsgValue, path: string, length?: number): Uint8Array {
  if (!(v instanceof Uint8Array)) return fail(path, 'bin', v);
  if (length !== undefined && v.length !== length) throw new MsgpackError(path, `expected ${length} bytes, got ${v.length}`);
  return v;
}

/**
 * `Vec<u8>` / `[u8; N]`: an array of ints 0..255, optionally of an exact length. bin is accepted
 * too (another serializer's natural choice), though rmp-serde itself always writes the array.
 */
export function readByteSeq(v: MsgValue, path: string, length?: number): Uint8Array {
  let out: Uint8Array;
  if (v instanceof Uint8Array) out = v;
  else if (Array.isArray(v)) {
    const items = v as readonly MsgValue[];
    out = new Uint8Array(items.length);
    items.forEach((b, i) => {
      if (!Number.isInteger(b) || (b as number) < 0 || (b as number) > 255) fail(`${path}[${i}]`, 'a byte 0..255', b);
      out[i] = b as number;
    });
  } else return fail(path, 'a byte sequence', v);
  if (length !== undefined && out.length !== length) throw new MsgpackError(path, `expected ${length} bytes, got ${out.length}`);
  return out;
}

export function readArray(v: MsgValue, path: string): readonly MsgValue[] {
  return Array.isArray(v) ? (v as readonly MsgValue[]) : fail(path, 'an array', v);
}

/** `Vec<T>` (or a set): every item through `item`. */
export function readSeq<T>(v: MsgValue, path: string, item: Read<T>): T[] {
  return readArray(v, path).map((x, i) => item(x, `${path}[${i}]`));
}

/** `Option<T>`: nil is None (null). */
export function readOption<T>(v: MsgValue, path: string, some: Read<T>): T | null {
  return v === null ? null : some(v, path);
}

export function readMap(v: MsgValue, path: string): readonly (readonly [MsgValue, MsgValue])[] {
  return v instanceof MsgMap ? v.entries : fail(path, 'a map', v);
}

/** `HashMap<String, T>`: string keys, each at most once. */
export function readStringMap<T>(v: MsgValue, path: string, value: Read<T>): Map<string, T> {
  const out = new Map<string, T>();
  for (const [k, val] of readMap(v, path)) {
    const key = readString(k, `${path}{key}`);
    if (out.has(key)) throw new MsgpackError(path, `duplicate key ${keyLabel(key)}`);
    out.set(key, value(val, `${path}{${keyLabel(key)}}`));
  }
  return out;
}

export interface Variant {
  index: number;
  value: MsgValue;
  /** Path of `value`, for reading on. */
  path: string;
}

/** An enum value `{u32 index: value}`: exactly one entry with an integer key. */
export function readVariant(v: MsgValue, path: string): Variant {
  const entries = readMap(v, path);
  const [entry] = entries;
  if (entries.length !== 1 || !entry) throw new MsgpackError(path, `expected an enum variant (a 1-entry map), got ${describe(v)}`);
  const [k, value] = entry;
  if (typeof k !== 'number' || k < 0 || k > U32_MAX) return fail(`${path}{#0}`, 'a u32 variant index', k);
  return { index: k, value, path: `${path}{${k}}` };
}

/**
 * num-rational `BigRational` into an MmNumber (reduced); a zero denominator or inconsistent sign is
 * refused, and so is a part over MAX_RATIONAL_LIMBS u32 digits: MmNumber.parse counts the limbs
 * before it builds a bigint, so a hostile 8,000-limb price costs a length check, not a gcd.
 */
export function readBigRational(v: MsgValue, path: string): MmNumber {
  const plain = readArray(v, path);
  try {
    return MmNumber.parse(plain);
  } catch (e) {
    if (e instanceof MmNumberParseError) throw new MsgpackError(path, e.message);
    throw e;
  }
}

/**
 * Reads a struct (an array) field by field in declaration order. `required` fields must be there;
 * up to `optional` more may follow (the skippable tail). Longer arrays are refused, as serde
 * refuses a sequence with elements left over.
 */
export class StructReader {
  private readonly fields: readonly MsgValue[];
  private i = 0;

  constructor(
    v: MsgValue,
    private readonly path: string,
    required: number,
    optional = 0,
  ) {
    this.fields = readArray(v, path);
    const n = this.fields.length;
    if (n < required || n > required + optional) {
      const want = optional ? `${required}..${required + optional}` : `${required}`;
      throw new MsgpackError(path, `expected a struct of ${want} fields, got ${n}`);
    }
  }

  /** How many fields the array actually has. */
  get length(): number {
    return this.fields.length;
  }

  /** The next field, which must be present. */
  next<T>(read: Read<T>): T {
    const at = this.i++;
    if (at >= this.fields.length) throw new MsgpackError(`${this.path}[${at}]`, 'missing struct field');
    return read(this.fields[at]!, `${this.path}[${at}]`);
  }

  /** The next field of the skippable tail: undefined when the array ended before it. */
  optional<T>(read: Read<T>): T | undefined {
    if (this.i < this.fields.length) return this.next(read);
    this.i++;
    return undefined;
  }
}
