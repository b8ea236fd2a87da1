/**
 * rmp-serde 0.14 conventions: fixed bytes worked out by hand from the msgpack spec and the rules in
 * kdf-facts §5.2, an independent cross-check against @msgpack/msgpack on map-free values, and
 * rejection of malformed input with MsgpackError and a path.
 */
import { encode as referenceEncode } from '@msgpack/msgpack';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import {
  bigRational,
  byteSeq,
  decodeMsgpack,
  encodeMsgpack,
  MsgMap,
  MsgpackError,
  type MsgValue,
  readBigRational,
  readBin,
  readByteSeq,
  readOption,
  readSeq,
  readStringMap,
  readString,
  readU64,
  readUint,
  readVariant,
  struct,
  StructReader,
  variant,
} from '../../../../src/node/p2p/msgpack';
import { MmNumber } from '../../../../src/shared/number';

const hex = (v: MsgValue): string => bytesToHex(encodeMsgpack(v));
const decodeHex = (h: string): MsgValue => decodeMsgpack(hexToBytes(h));

function rejects(f: () => unknown, path: string, reason: RegExp): void {
  let err: unknown;
  try {
    f();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(MsgpackError);
  expect((err as MsgpackError).path).toBe(path);
  expect((err as MsgpackError).message).toMatch(reason);
  expect((err as MsgpackError).errorType).toBe('MsgpackError');
}

describe('integers take their smallest form, unsigned markers when non-negative (rmp write_uint/write_sint)', () => {
  it.each([
    [0, '00'],
    [127, '7f'],
    [128, 'cc80'],
    [255, 'ccff'],
    [256, 'cd0100'],
    [65535, 'cdffff'],
    [65536, 'ce00010000'],
    [0xffffffff, 'ceffffffff'],
    [2 ** 32, 'cf0000000100000000'],
    [Number.MAX_SAFE_INTEGER, 'cf001fffffffffffff'],
    [-1, 'ff'],
    [-32, 'e0'],
    [-33, 'd0df'],
    [-128, 'd080'],
    [-129, 'd1ff7f'],
    [-32768, 'd18000'],
    [-32769, 'd2ffff7fff'],
    [-(2 ** 31), 'd280000000'],
    [-(2 ** 31) - 1, 'd3ffffffff7fffffff'],
    [2n ** 64n - 1n, 'cfffffffffffffffff'],
    [-(2n ** 63n), 'd38000000000000000'],
  ] as [number | bigint, string][])('%s → %s', (n, h) => {
    expect(hex(n)).toBe(h);
    const back = decodeHex(h);
    expect(back).toBe(typeof n === 'bigint' && n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n);
  });

  it('decodes u64/i64 beyond 2^53 as bigint, within as number', () => {
    expect(decodeHex('cf0020000000000000')).toBe(2n ** 53n);
    expect(decodeHex('cf001fffffffffffff')).toBe(Number.MAX_SAFE_INTEGER);
    expect(readU64(decodeHex('cfffffffffffffffff'), '$')).toBe(2n ** 64n - 1n);
  });

  it('refuses to encode unsafe numbers and 65-bit bigints', () => {
    rejects(() => encodeMsgpack(2 ** 53), '$', /not a safe integer/);
    rejects(() => encodeMsgpack([1, 0.5]), '$[1]', /not a safe integer/);
    rejects(() => encodeMsgpack(2n ** 64n), '$', /64 bits/);
  });
});

describe('strings, bin, arrays and maps', () => {
  it('headers by length', () => {
    expect(hex('')).toBe('a0');
    expect(hex('a'.repeat(31))).toBe('bf' + '61'.repeat(31));
    expect(hex('a'.repeat(32))).toBe('d920' + '61'.repeat(32));
    expect(hex('a'.repeat(256)).slice(0, 6)).toBe('da0100');
    expect(hex('é')).toBe('a2c3a9');
    expect(hex(new Uint8Array([1, 2, 3]))).toBe('c403010203');
    expect(hex(new Uint8Array(256)).slice(0, 6)).toBe('c50100');
    expect(hex(Array(15).fill(0))).toBe('9f' + '00'.repeat(15));
    expect(hex(Array(16).fill(0))).toBe('dc0010' + '00'.repeat(16));
    expect(hex(new MsgMap([['a', 1]]))).toBe('81a16101');
    expect(hex(new MsgMap(Array.from({ length: 16 }, (_, i) => [i, null] as const))).slice(0, 10)).toBe('de001000c0');
  });

  it('maps keep key types, order and duplicates', () => {
    const m = decodeHex('8301a161a1610201a162');
    expect(m).toBeInstanceOf(MsgMap);
    expect((m as MsgMap).entries).toEqual([
      [1, 'a'],
      ['a', 2],
      [1, 'b'],
    ]);
    expect(hex(m)).toBe('8301a161a1610201a162');
  });

  it('bin decodes to a copy, not a view of the input', () => {
    const input = hexToBytes('c4020102');
    const out = decodeMsgpack(input) as Uint8Array;
    input[2] = 9;
    expect([...out]).toEqual([1, 2]);
  });
});

describe('rmp-serde conventions', () => {
  it('enum variants are 1-entry maps keyed by the u32 index; unit variants carry nil', () => {
    expect(hex(variant(3))).toBe('8103c0');
    expect(hex(variant(0, [1, 2]))).toBe('8100920102');
    expect(hex(variant(200, 'x'))).toBe('81ccc8a178');
    expect(() => variant(-1)).toThrow(MsgpackError);
    expect(() => variant(2 ** 32)).toThrow(MsgpackError);
  });

  it('structs are arrays in field order; skipped fields only at the end', () => {
    expect(hex(struct([1, 'a', undefined, undefined]))).toBe('9201a161');
    expect(hex(struct([1, null]))).toBe('9201c0'); // Option::None stays, as nil
    rejects(() => struct([1, undefined, 2]), '$[1]', /only trailing/);
  });

  it('Vec<u8> and [u8; N] are arrays of ints, serde_bytes fields bin', () => {
    expect(hex(byteSeq(new Uint8Array([0, 127, 128, 255])))).toBe('94007fcc80ccff');
    expect(hex(new Uint8Array([0, 255]))).toBe('c40200ff');
  });

  it('BigRational is [[sign,[u32 digits LE]],[sign,[digits]]]', () => {
    expect(hex(bigRational(MmNumber.of(1n, 3n)))).toBe('929201910192019103');
    expect(hex(bigRational(MmNumber.ZERO))).toBe('9292009092019101');
    // -(2^32)/5: digits [0, 1]
    expect(hex(bigRational(MmNumber.of(-(2n ** 32n), 5n)))).toBe('9292ff92000192019105');
    // 2^32 - 1 is one full digit (uint32)
    expect(hex(bigRational(MmNumber.of(2n ** 32n - 1n)))).toBe('92920191ceffffffff92019101');
    expect(readBigRational(decodeHex('9292ff92000192019105'), '$').eq(MmNumber.of(-(2n ** 32n), 5n))).toBe(true);
    expect(readBigRational(decodeHex('929201910292019104'), '$').toDecimalString()).toBe('0.5'); // reduced
  });

  it('reads a struct field by field, with an optional tail', () => {
    const bytes = encodeMsgpack(struct([new Uint8Array(16).fill(7), 'RICK', 1_700_000_000, byteSeq(new Uint8Array(8)), 5]));
    const s = new StructReader(decodeMsgpack(bytes), '$', 4, 2);
    expect(s.length).toBe(5);
    expect(s.next((v, p) => readBin(v, p, 16))).toEqual(new Uint8Array(16).fill(7));
    expect(s.next(readString)).toBe('RICK');
    expect(s.next(readUint)).toBe(1_700_000_000);
    expect(s.next((v, p) => readByteSeq(v, p, 8))).toEqual(new Uint8Array(8));
    expect(s.optional(readUint)).toBe(5);
    expect(s.optional(readUint)).toBeUndefined();
  });

  it('reads variants, options, sequences and string maps', () => {
    const value = variant(2, new MsgMap([['RICK:MORTY', byteSeq(new Uint8Array(8).fill(1))]]));
    const v = readVariant(decodeMsgpack(encodeMsgpack(value)), '$');
    expect(v.index).toBe(2);
    expect(v.path).toBe('${2}');
    const roots = readStringMap(v.value, v.path, (x, p) => readByteSeq(x, p, 8));
    expect([...roots.keys()]).toEqual(['RICK:MORTY']);
    expect(readOption(null, '$', readUint)).toBeNull();
    expect(readOption(4, '$', readUint)).toBe(4);
    expect(readSeq([1, 2], '$', readUint)).toEqual([1, 2]);
    expect(readByteSeq(new Uint8Array([1, 2]), '$')).toEqual(new Uint8Array([1, 2])); // bin tolerated
  });
});

describe('malformed input is refused with a path', () => {
  it.each([
    ['', '$', /truncated/],
    ['92 01', '$', /truncated/],
    ['92 01 a3 61', '$[1]', /truncated/],
    ['a3 6162', '$', /truncated/],
    ['c4 05 0102', '$', /truncated/],
    ['01 02', '$', /1 trailing byte/],
    ['c1', '$', /reserved marker/],
    ['d4 01 00', '$', /extension type/],
    ['cb 3ff0000000000000', '$', /floats/],
    ['a2 c328', '$', /UTF-8/],
    ['dd ffffffff', '$', /truncated/],
    ['df ffffffff', '$', /truncated/],
    ['81 01 a3', '${1}', /truncated/],
  ])('%s', (h, path, reason) => {
    rejects(() => decodeHex(h.replaceAll(' ', '')), path, reason);
  });

  it('nesting deeper than 64 levels', () => {
    rejects(() => decodeMsgpack(new Uint8Array(70).fill(0x91)), '$' + '[0]'.repeat(65), /nested deeper/);
  });

  it('shape mismatches name the field', () => {
    rejects(() => readVariant(decodeHex('8201020304'), '$'), '$', /1-entry map/);
    rejects(() => readVariant(decodeHex('81a13001'), '$'), '${#0}', /u32 variant index/);
    rejects(() => new StructReader(decodeHex('9101'), '$', 2), '$', /struct of 2 fields, got 1/);
    rejects(() => new StructReader(decodeHex('93010203'), '$', 1, 1), '$', /struct of 1..2 fields, got 3/);
    rejects(() => readByteSeq(decodeHex('9201cd0100'), '$'), '$[1]', /byte 0..255/);
    rejects(() => readByteSeq(decodeHex('920102'), '$', 8), '$', /expected 8 bytes, got 2/);
    rejects(() => readBin(decodeHex('920102'), '$'), '$', /expected bin, got array\(2\)/);
    rejects(() => readUint(decodeHex('ff'), '$'), '$', /unsigned/);
    rejects(() => readStringMap(decodeHex('82a16101a16102'), '$', readUint), '$', /duplicate key "a"/);
    rejects(() => readBigRational(decodeHex('929200910192019101'), '$'), '$', /invalid rational/);
    rejects(() => readBigRational(decodeHex('9292019101920090'), '$'), '$', /zero/);
  });
});

describe('agrees byte for byte with @msgpack/msgpack on map-free values', () => {
  const leaf = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.maxSafeInteger(),
    fc.integer({ min: -300, max: 70_000 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.uint8Array({ maxLength: 300 }),
  );
  const tree = fc.letrec<{ v: MsgValue }>((tie) => ({
    v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 20 })),
  })).v;

  it('encodes identically and decodes back', () => {
    fc.assert(
      fc.property(tree, (v) => {
        const ours = encodeMsgpack(v);
        expect(bytesToHex(ours)).toBe(bytesToHex(referenceEncode(v)));
        expect(decodeMsgpack(ours)).toEqual(v);
      }),
      { numRuns: 300 },
    );
  });
});
