import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import messages from '../../../fixtures/orders/messages.json';
import rejected from '../../../fixtures/orders/rejected-messages.json';
import malformed from '../../../fixtures/orders/malformed-bytes.json';
import { MmNumber } from '../../../../src/shared/number';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import { MsgpackError } from '../../../../src/node/p2p/msgpack';
import { decodeOrdermatchMessage, encodeOrdermatchMessage } from '../../../../src/node/orders/messages/codec';
import type { OrdermatchMessage } from '../../../../src/node/orders/messages/types';
import { uuidFromBytes } from '../../../../src/node/orders/uuid';

const NUMBERS = new Set(['price', 'maxVolume', 'minVolume', 'newPrice', 'newMaxVolume', 'newMinVolume', 'baseAmount', 'relAmount']);
const BYTES = new Set(['pairTrieRoot', 'baseProtocolInfo', 'relProtocolInfo']);

function fraction(text: string): MmNumber {
  const [n = '0', d = '1'] = text.split('/');
  return MmNumber.of(BigInt(n), BigInt(d));
}

/** A fixture's message: numbers as "n/d" text, bytes as hex. */
function fixtureMessage(type: string, msg: Record<string, unknown>): OrdermatchMessage {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(msg)) {
    if (NUMBERS.has(k)) out[k] = fraction(v as string);
    else if (BYTES.has(k)) out[k] = hexToBytes(v as string);
    else if (k === 'trieRoots') out[k] = new Map(Object.entries(v as Record<string, string>).map(([p, h]) => [p, hexToBytes(h)]));
    else out[k] = v;
  }
  return { type, msg: out } as unknown as OrdermatchMessage;
}

describe('OrdermatchMessage codec: KDF byte vectors (rmp-serde 0.14 layout, kdf-facts §5.1–5.2)', () => {
  it.each(messages)('$description encodes to the vector', ({ type, msg, hex }) => {
    expect(bytesToHex(encodeOrdermatchMessage(fixtureMessage(type, msg)))).toBe(hex);
  });

  it.each(messages)('$description decodes from the vector', ({ type, msg, hex }) => {
    expect(decodeOrdermatchMessage(hexToBytes(hex))).toEqual(fixtureMessage(type, msg));
  });

  it('every variant index is covered by a vector', () => {
    const indexes = new Set(messages.map((m) => m.hex.slice(2, 4)));
    expect([...indexes].sort()).toEqual(['00', '01', '02', '03', '04', '05', '06', '07']);
  });
});

describe('OrdermatchMessage codec: rejects forged and malformed input', () => {
  it.each(rejected)('$description', ({ hex }) => {
    expect(() => decodeOrdermatchMessage(hexToBytes(hex))).toThrow(MsgpackError);
  });

  it.each(malformed)('$description', ({ hex }) => {
    expect(() => decodeOrdermatchMessage(hexToBytes(hex))).toThrow(MsgpackError);
  });
});

const uuidArb = fc.uint8Array({ minLength: 16, maxLength: 16 }).map(uuidFromBytes);
const positive = fc.tuple(fc.bigInt({ min: 1n, max: 1n << 100n }), fc.bigInt({ min: 1n, max: 1n << 70n })).map(([n, d]) => MmNumber.of(n, d));
const bytesArb = (n?: number) => fc.uint8Array(n === undefined ? { maxLength: 12 } : { minLength: n, maxLength: n });
const ticker = fc.stringMatching(/^[A-Z][A-Z0-9-]{0,11}$/);
const conf = fc.record({ baseConfs: fc.nat(100), baseNota: fc.boolean(), relConfs: fc.nat(100), relNota: fc.boolean() });
const ts = fc.nat({ max: 2 ** 40 });

const messageArb: fc.Arbitrary<OrdermatchMessage> = fc.oneof(
  fc
    .record({ uuid: uuidArb, base: ticker, rel: ticker, price: positive, maxVolume: positive, createdAt: ts, confSettings: conf, timestamp: ts })
    .filter((m) => m.base !== m.rel)
    .map((m) => ({
      type: 'MakerOrderCreated' as const,
      msg: { ...m, minVolume: m.maxVolume.div(MmNumber.of(3n)), pairTrieRoot: new Uint8Array(8), baseProtocolInfo: new Uint8Array([1]), relProtocolInfo: new Uint8Array() },
    })),
  fc.record({ uuid: uuidArb, newPrice: positive, timestamp: ts, pairTrieRoot: bytesArb(8), confSettings: conf }).map((msg) => ({ type: 'MakerOrderUpdated' as const, msg })),
  fc.record({ uuid: uuidArb, timestamp: ts, pairTrieRoot: bytesArb(8) }).map((msg) => ({ type: 'MakerOrderCancelled' as const, msg })),
  fc
    .record({ base: ticker, rel: ticker, baseAmount: positive, relAmount: positive, action: fc.constantFrom('Buy' as const, 'Sell' as const), uuid: uuidArb, confSettings: conf, baseProtocolInfo: bytesArb(), relProtocolInfo: bytesArb() })
    .filter((m) => m.base !== m.rel)
    .map((m) => ({ type: 'TakerRequest' as const, msg: { ...m, matchBy: { type: 'Orders' as const, data: [m.uuid] } } })),
  fc
    .record({ base: ticker, rel: ticker, baseAmount: positive, relAmount: positive, takerOrderUuid: uuidArb, makerOrderUuid: uuidArb, confSettings: conf })
    .map((msg) => ({ type: 'MakerReserved' as const, msg })),
  fc.record({ takerOrderUuid: uuidArb, makerOrderUuid: uuidArb }).map((msg) => ({ type: 'TakerConnect' as const, msg })),
  fc.record({ takerOrderUuid: uuidArb, makerOrderUuid: uuidArb }).map((msg) => ({ type: 'MakerConnected' as const, msg })),
);

describe('OrdermatchMessage codec: round trips', () => {
  it('decode(encode(m)) = m for generated messages of every kind', () => {
    fc.assert(
      fc.property(messageArb, (m) => {
        expect(decodeOrdermatchMessage(encodeOrdermatchMessage(m))).toEqual(m);
      }),
      { numRuns: 300 },
    );
  });
});
