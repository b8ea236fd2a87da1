/**
 * The node's protobuf codec against Trezor's published definitions: the byte vectors of
 * tests/fixtures/trezor (encoded with @trezor/protobuf's descriptors, see generate.ts there) both
 * ways, and every field of every schema against the descriptor it transcribes.
 */
import { fromJson, ScalarType, toBinary, type DescField, type JsonObject } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import * as nodeProto from '../../../../src/node/hw/trezor/protobuf';
import { decode, encode, type MessageSchema } from '../../../../src/node/hw/trezor/protobuf/codec';
import fixture from '../../../fixtures/trezor/vectors.json';
import { isRequired, toPlain, trezorMessageDesc } from './sim/trezorProtobuf';

interface Vector {
  schema: string;
  trezorType: string;
  messageType?: number;
  about: string;
  fields: JsonObject;
  skippedByNode?: string[];
  hex: string;
}

const VECTORS = fixture.vectors as Vector[];

/** Every schema the node's codec has, by name. */
const NODE_SCHEMAS = new Map<string, MessageSchema<unknown>>(
  Object.values(nodeProto as Record<string, unknown>)
    .filter((v): v is MessageSchema<unknown> => typeof v === 'object' && v !== null && 'fields' in v && 'name' in v)
    .map((schema) => [schema.name, schema]),
);

/** Node schema name → Trezor type name, as the fixture pairs them. */
const TREZOR_TYPE = new Map(VECTORS.map((v) => [v.schema, v.trezorType]));

function nodeSchema(name: string): MessageSchema<unknown> {
  const schema = NODE_SCHEMAS.get(name);
  if (!schema) throw new Error(`The node has no schema ${name}`);
  return schema;
}

/** The vector's message as Trezor's definitions read it, minus the fields the node does not declare. */
function expectedByNode(v: Vector): Record<string, unknown> {
  const plain = toPlain(trezorMessageDesc(v.trezorType), fromJson(trezorMessageDesc(v.trezorType), v.fields));
  for (const name of v.skippedByNode ?? []) delete plain[name];
  return plain;
}

const named = VECTORS.map((v) => [`${v.schema}: ${v.about}`, v] as const);

describe('Trezor byte vectors (tests/fixtures/trezor)', () => {
  it('cover every schema of the node and every field it declares', () => {
    expect([...new Set(VECTORS.map((v) => v.schema))].sort()).toEqual([...NODE_SCHEMAS.keys()].sort());
    expect(NODE_SCHEMAS.size).toBe(27);
    for (const [name, schema] of NODE_SCHEMAS) {
      const seen = new Set(VECTORS.filter((v) => v.schema === name).flatMap((v) => Object.keys(v.fields)));
      expect(schema.fields.map((f) => f.name).filter((f) => !seen.has(f)), name).toEqual([]);
    }
  });

  it.each(named)('%s: the hex is what Trezor’s definitions encode', (_name, v) => {
    const desc = trezorMessageDesc(v.trezorType);
    expect(bytesToHex(toBinary(desc, fromJson(desc, v.fields)))).toBe(v.hex);
  });

  it.each(named)('%s: the node decodes the bytes to the fields', (_name, v) => {
    expect(decode(nodeSchema(v.schema), hexToBytes(v.hex))).toEqual(expectedByNode(v));
  });

  it.each(named.filter(([, v]) => !v.skippedByNode))('%s: the node encodes the fields to the bytes', (_name, v) => {
    expect(bytesToHex(encode(nodeSchema(v.schema), expectedByNode(v)))).toBe(v.hex);
  });

  it.each(named.filter(([, v]) => v.messageType !== undefined))('%s: the node frames it with Trezor’s MessageType id', (_name, v) => {
    const msg = { name: v.schema, message: expectedByNode(v) } as nodeProto.AnyMessage;
    const payload = hexToBytes(v.hex);
    expect(nodeProto.decodeMessage({ type: v.messageType!, payload })).toEqual(msg);
    if (!v.skippedByNode) expect(nodeProto.encodeMessage(msg)).toEqual({ type: v.messageType, payload });
  });
});

/** The node's names of the scalar types it uses. */
const SCALAR_KINDS: Partial<Record<ScalarType, string>> = {
  [ScalarType.UINT32]: 'uint32',
  [ScalarType.UINT64]: 'uint64',
  [ScalarType.BOOL]: 'bool',
  [ScalarType.STRING]: 'string',
  [ScalarType.BYTES]: 'bytes',
};

/** A descriptor field's type as the node names it (a message by its Trezor type name). */
function trezorKind(field: DescField): string {
  if (field.fieldKind === 'enum' || (field.fieldKind === 'list' && field.listKind === 'enum')) return 'enum';
  if (field.message) return field.message.typeName;
  if (field.scalar === undefined) return field.fieldKind;
  return SCALAR_KINDS[field.scalar] ?? ScalarType[field.scalar];
}

describe('the node’s schemas against Trezor’s descriptors', () => {
  it.each([...NODE_SCHEMAS.keys()])('%s: each field has Trezor’s number, type, label and name', (name) => {
    const desc = trezorMessageDesc(TREZOR_TYPE.get(name)!);
    for (const field of nodeSchema(name).fields) {
      const trezor = desc.fields.find((f) => f.number === field.id);
      const kind = typeof field.kind === 'string' ? field.kind : TREZOR_TYPE.get(field.kind.name);
      expect(
        { name: field.name, kind, repeated: field.repeated ?? false, required: field.required ?? false },
        `${name} field ${field.id}`,
      ).toEqual({
        name: trezor?.name,
        kind: trezor && trezorKind(trezor),
        repeated: trezor?.fieldKind === 'list',
        required: trezor !== undefined && isRequired(trezor),
      });
    }
  });

  it.each([...NODE_SCHEMAS.keys()])('%s: declares every field Trezor requires', (name) => {
    const desc = trezorMessageDesc(TREZOR_TYPE.get(name)!);
    const declared = new Set(nodeSchema(name).fields.map((f) => f.id));
    expect(desc.fields.filter((f) => isRequired(f) && !declared.has(f.number)).map((f) => f.name)).toEqual([]);
  });
});
