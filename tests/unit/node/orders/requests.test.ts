import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import vectors from '../../../fixtures/orders/requests.json';
import { MmNumber } from '../../../../src/shared/number';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import { MsgpackError } from '../../../../src/node/p2p/msgpack';
import { encodeSigned } from '../../../../src/node/p2p/envelope';
import { encodeOrdermatchMessage } from '../../../../src/node/orders/messages/codec';
import { PairProofError, readPairProof } from '../../../../src/node/orders/messages/pairProof';
import type { OrdermatchMessage } from '../../../../src/node/orders/messages/types';
import {
  decodeBestOrdersRes,
  decodeGetOrderbookRes,
  decodeOrdermatchRequest,
  encodeBestOrdersRes,
  encodeGetOrderbookRes,
  encodeOrdermatchRequest,
  MAX_ORDERS_IN_RESPONSE,
  type OrdermatchRequest,
} from '../../../../src/node/orders/messages/requests';
import type { OrderbookItem } from '../../../../src/node/orders/types';

function request(r: Record<string, unknown>): OrdermatchRequest {
  return (r.type === 'BestOrders' ? { ...r, volume: MmNumber.of(1n, 2n) } : r) as OrdermatchRequest;
}

const conf = { baseConfs: 1, baseNota: false, relConfs: 2, relNota: true };
const item = (over: Partial<OrderbookItem> = {}): OrderbookItem => ({
  pubkey: vectors.getOrderbookRes.pubkey,
  base: 'A',
  rel: 'B',
  price: MmNumber.of(1n),
  maxVolume: MmNumber.of(2n),
  minVolume: MmNumber.of(1n),
  uuid: vectors.getOrderbookRes.uuid,
  createdAt: 7,
  baseProtocolInfo: new Uint8Array(),
  relProtocolInfo: new Uint8Array([0x91]),
  confSettings: conf,
  ...over,
});

describe('ordermatch peer requests (P2PRequest::Ordermatch)', () => {
  it.each(vectors.requests)('$description encodes and decodes as KDF', ({ request: r, hex }) => {
    expect(bytesToHex(encodeOrdermatchRequest(request(r)))).toBe(hex);
    expect(decodeOrdermatchRequest(hexToBytes(hex))).toEqual(request(r));
  });

  it.each(vectors.notServed)('requests this node does not serve decode to null (%s)', (hex) => {
    expect(decodeOrdermatchRequest(hexToBytes(hex))).toBeNull();
  });

  it('refuses garbage', () => {
    expect(() => decodeOrdermatchRequest(hexToBytes('92a141a142'))).toThrow(MsgpackError);
  });
});

describe('GetOrderbookRes', () => {
  it('matches the KDF layout: pubkey items with (uuid, item) pairs, protocol and conf infos by uuid', () => {
    const bytes = encodeGetOrderbookRes([{ pubkey: item().pubkey, lastKeepAlive: 5, proof: new Uint8Array(), orders: [item()] }]);
    expect(bytesToHex(bytes)).toBe(vectors.getOrderbookRes.hex);
    expect(decodeGetOrderbookRes(bytes)).toEqual([{ pubkey: item().pubkey, lastKeepAlive: 5, proof: new Uint8Array(), orders: [item()] }]);
  });

  it('carries the maker’s signed proof as last_signed_pubkey_payload', () => {
    const proof = new Uint8Array([0x93, 1, 2, 255]);
    const [group] = decodeGetOrderbookRes(encodeGetOrderbookRes([{ pubkey: item().pubkey, lastKeepAlive: 5, proof, orders: [item()] }]));
    expect(group?.proof).toEqual(proof);
  });

  it('refuses an answer with more than MAX_ORDERS_NUMBER_IN_ORDERBOOK_RESPONSE orders', () => {
    const many = Array.from({ length: MAX_ORDERS_IN_RESPONSE + 1 }, (_, i) => item({ uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    const bytes = encodeGetOrderbookRes([{ pubkey: item().pubkey, lastKeepAlive: 5, proof: new Uint8Array(), orders: many }]);
    expect(() => decodeGetOrderbookRes(bytes)).toThrow(/more than 1000/);
  });

  it('refuses an order listed under another maker', () => {
    const bytes = encodeGetOrderbookRes([{ pubkey: `03${'22'.repeat(32)}`, lastKeepAlive: 5, proof: new Uint8Array(), orders: [item()] }]);
    expect(() => decodeGetOrderbookRes(bytes)).toThrow(MsgpackError);
  });

  it('refuses impossible orders', () => {
    for (const bad of [{ price: MmNumber.ZERO }, { maxVolume: MmNumber.of(1n, 2n) }, { rel: 'A' }, { pubkey: 'zz' }]) {
      const o = item(bad);
      expect(() => decodeGetOrderbookRes(encodeGetOrderbookRes([{ pubkey: o.pubkey, lastKeepAlive: 1, proof: new Uint8Array(), orders: [o] }]))).toThrow(MsgpackError);
    }
  });
});

describe('BestOrdersP2PRes', () => {
  it('round-trips orders by coin with their infos', () => {
    const orders = new Map([['B', [item()]]]);
    expect(decodeBestOrdersRes(encodeBestOrdersRes(orders))).toEqual(orders);
  });
});

describe('a maker’s proof in a sync answer (last_signed_pubkey_payload)', () => {
  const key = new Uint8Array(32).fill(3);
  const pubkey = bytesToHex(secp256k1.getPublicKey(key, true));
  const root = new Uint8Array(8).fill(9);
  const signed = (m: OrdermatchMessage): Uint8Array => encodeSigned(encodeOrdermatchMessage(m), key);
  const created = {
    uuid: vectors.getOrderbookRes.uuid,
    base: 'B',
    rel: 'A',
    price: MmNumber.of(1n),
    maxVolume: MmNumber.of(2n),
    minVolume: MmNumber.of(1n),
    createdAt: 7,
    confSettings: conf,
    timestamp: 50,
    pairTrieRoot: root,
    baseProtocolInfo: new Uint8Array(),
    relProtocolInfo: new Uint8Array(),
  };

  it('takes the pair’s root and the timestamp from the maker’s keep-alive, creation, update or cancel', () => {
    const keepAlive = signed({ type: 'PubkeyKeepAlive', msg: { trieRoots: new Map([['A:B', root]]), timestamp: 40 } });
    expect(readPairProof(keepAlive, pubkey, 'A:B')).toEqual({ envelope: keepAlive, root, timestamp: 40 });
    expect(readPairProof(signed({ type: 'MakerOrderCreated', msg: created }), pubkey, 'A:B').timestamp).toBe(50);
    expect(readPairProof(signed({ type: 'MakerOrderCancelled', msg: { uuid: created.uuid, timestamp: 60, pairTrieRoot: root } }), pubkey, 'A:B').root).toEqual(root);
  });

  it('refuses another signer, a keep-alive without the pair, a creation on another pair, messages without a root and bad bytes', () => {
    const other = bytesToHex(secp256k1.getPublicKey(new Uint8Array(32).fill(4), true));
    const keepAlive = signed({ type: 'PubkeyKeepAlive', msg: { trieRoots: new Map([['A:B', root]]), timestamp: 40 } });
    expect(() => readPairProof(keepAlive, other, 'A:B')).toThrow(PairProofError);
    expect(() => readPairProof(keepAlive, pubkey, 'A:C')).toThrow(/no root/);
    expect(() => readPairProof(signed({ type: 'MakerOrderCreated', msg: { ...created, rel: 'C' } }), pubkey, 'A:B')).toThrow(/another pair/);
    expect(() => readPairProof(signed({ type: 'TakerConnect', msg: { takerOrderUuid: created.uuid, makerOrderUuid: created.uuid } }), pubkey, 'A:B')).toThrow(/no orderbook root/);
    expect(() => readPairProof(new Uint8Array(), pubkey, 'A:B')).toThrow(PairProofError);
    const tampered = keepAlive.slice();
    tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 1;
    expect(() => readPairProof(tampered, pubkey, 'A:B')).toThrow(PairProofError);
  });
});
