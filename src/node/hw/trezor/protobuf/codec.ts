/**
 * Schema-driven proto2 encode/decode. Each message is a hand-written list of fields (name, number,
 * type) taken from Trezor's public `.proto` files; objects use the proto field names so they read
 * like the definitions. Decoding skips unknown fields, accepts packed and unpacked repeated
 * numbers, and rejects messages that lack a `required` field.
 */
import { TrezorProtocolError } from '../errors';
import { ProtoReader, ProtoWriter, WireType } from './wire';

export type ScalarKind = 'uint32' | 'uint64' | 'bool' | 'string' | 'bytes' | 'enum';

/** One field as written in the `.proto`; `name` is checked against the message's TypeScript type. */
export interface FieldSpec<T> {
  name: keyof T & string;
  id: number;
  kind: ScalarKind | MessageSchema<unknown>;
  repeated?: boolean;
  required?: boolean;
}

type Field = FieldSpec<Record<string, unknown>>;

export interface MessageSchema<T> {
  readonly name: string;
  readonly fields: readonly Field[];
  /** Type-level only: ties the schema to its message type. */
  readonly __message?: T;
}

export function defineMessage<T>(name: string, fields: readonly FieldSpec<T>[]): MessageSchema<T> {
  return { name, fields: fields as readonly Field[] };
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

export function encode<T>(schema: MessageSchema<T>, value: T): Uint8Array {
  const w = new ProtoWriter();
  const record = value as Record<string, unknown>;
  for (const field of schema.fields) {
    const v = record[field.name];
    if (v === undefined) continue;
    if (field.repeated) {
      if (!Array.isArray(v)) throw encodeError(schema, field, 'expected an array');
      for (const item of v) writeField(w, schema, field, item);
    } else {
      writeField(w, schema, field, v);
    }
  }
  return w.finish();
}

function writeField(w: ProtoWriter, schema: MessageSchema<unknown>, field: Field, v: unknown): void {
  const kind = field.kind;
  if (typeof kind !== 'string') {
    w.tag(field.id, WireType.LengthDelimited);
    w.lengthDelimited(encode(kind, v));
    return;
  }
  switch (kind) {
    case 'uint32':
    case 'enum':
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff) {
        throw encodeError(schema, field, 'expected a uint32');
      }
      w.tag(field.id, WireType.Varint);
      w.varint(v);
      return;
    case 'uint64':
      if (typeof v !== 'bigint') throw encodeError(schema, field, 'expected a bigint');
      w.tag(field.id, WireType.Varint);
      w.varint64(v);
      return;
    case 'bool':
      if (typeof v !== 'boolean') throw encodeError(schema, field, 'expected a boolean');
      w.tag(field.id, WireType.Varint);
      w.varint(v ? 1 : 0);
      return;
    case 'string':
      if (typeof v !== 'string') throw encodeError(schema, field, 'expected a string');
      w.tag(field.id, WireType.LengthDelimited);
      w.lengthDelimited(utf8Encoder.encode(v));
      return;
    case 'bytes':
      if (!(v instanceof Uint8Array)) throw encodeError(schema, field, 'expected bytes');
      w.tag(field.id, WireType.LengthDelimited);
      w.lengthDelimited(v);
      return;
  }
}

export function decode<T>(schema: MessageSchema<T>, bytes: Uint8Array): T {
  const r = new ProtoReader(bytes);
  const out: Record<string, unknown> = {};
  const byId = new Map(schema.fields.map((f) => [f.id, f]));
  while (!r.done) {
    const { fieldId, wireType } = r.tag();
    const field = byId.get(fieldId);
    if (!field) {
      r.skip(wireType);
      continue;
    }
    if (field.repeated) {
      const list = (out[field.name] ??= []) as unknown[];
      if (wireType === WireType.LengthDelimited && isVarintKind(field.kind)) {
        const packed = new ProtoReader(r.lengthDelimited());
        while (!packed.done) list.push(readVarintValue(packed, schema, field));
      } else {
        list.push(readField(r, wireType, schema, field));
      }
    } else {
      out[field.name] = readField(r, wireType, schema, field);
    }
  }
  for (const field of schema.fields) {
    if (field.required && out[field.name] === undefined) {
      throw new TrezorProtocolError(`${schema.name}: required field '${field.name}' is missing`);
    }
  }
  return out as T;
}

function isVarintKind(kind: Field['kind']): boolean {
  return kind === 'uint32' || kind === 'uint64' || kind === 'bool' || kind === 'enum';
}

function readField(r: ProtoReader, wireType: number, schema: MessageSchema<unknown>, field: Field): unknown {
  const expected = isVarintKind(field.kind) ? WireType.Varint : WireType.LengthDelimited;
  if (wireType !== expected) {
    throw new TrezorProtocolError(`${schema.name}.${field.name}: wire type ${wireType}, expected ${expected}`);
  }
  const kind = field.kind;
  if (typeof kind !== 'string') return decode(kind, r.lengthDelimited());
  switch (kind) {
    case 'string':
      try {
        return utf8Decoder.decode(r.lengthDelimited());
      } catch (e) {
        throw new TrezorProtocolError(`${schema.name}.${field.name}: invalid UTF-8`, e);
      }
    case 'bytes':
      return Uint8Array.from(r.lengthDelimited());
    default:
      return readVarintValue(r, schema, field);
  }
}

function readVarintValue(r: ProtoReader, schema: MessageSchema<unknown>, field: Field): unknown {
  if (field.kind === 'uint64') return r.varint64();
  const v = r.varint64();
  if (field.kind === 'bool') return v !== 0n;
  if (v > 0xffffffffn) throw new TrezorProtocolError(`${schema.name}.${field.name}: ${v} does not fit in 32 bits`);
  return Number(v);
}

function encodeError(schema: MessageSchema<unknown>, field: Field, what: string): TrezorProtocolError {
  return new TrezorProtocolError(`${schema.name}.${field.name}: ${what}`);
}
