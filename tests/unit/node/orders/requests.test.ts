import { describe, expect, it } from 'vitest';
import vectors from '../../../fixtures/orders/requests.json';
import { MmNumber } from '../../../../src/shared/number';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import { MsgpackError } from '../../../../src/node/p2p/msgpack';
import {
  decodeBestOrdersRes,
  decodeGetOrderbookRes,
  decodeOrdermatchRequest,
  encodeBestOrdersRes,
  encodeGetOrderbookRes,
  encodeOrdermatchRequest,
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
    const bytes = encodeGetOrderbookRes([{ pubkey: item().pubkey, lastKeepAlive: 5, orders: [item()] }]);
    expect(bytesToHex(bytes)).toBe(vectors.getOrderbookRes.hex);
    expect(decodeGetOrderbookRes(bytes)).toEqual([{ pubkey: item().pubkey, lastKeepAlive: 5, orders: [item()] }]);
  });

  it('refuses an order listed under another maker', () => {
    const bytes = encodeGetOrderbookRes([{ pubkey: `03${'22'.repeat(32)}`, lastKeepAlive: 5, orders: [item()] }]);
    expect(() => decodeGetOrderbookRes(bytes)).toThrow(MsgpackError);
  });

  it('refuses impossible orders', () => {
    for (const bad of [{ price: MmNumber.ZERO }, { maxVolume: MmNumber.of(1n, 2n) }, { rel: 'A' }, { pubkey: 'zz' }]) {
      const o = item(bad);
      expect(() => decodeGetOrderbookRes(encodeGetOrderbookRes([{ pubkey: o.pubkey, lastKeepAlive: 1, orders: [o] }]))).toThrow(MsgpackError);
    }
  });
});

describe('BestOrdersP2PRes', () => {
  it('round-trips orders by coin with their infos', () => {
    const orders = new Map([['B', [item()]]]);
    expect(decodeBestOrdersRes(encodeBestOrdersRes(orders))).toEqual(orders);
  });
});
