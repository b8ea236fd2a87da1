import { describe, expect, it } from 'vitest';
import vectors from '../../../fixtures/orders/requests.json';
import { MmNumber } from '../../../../src/shared/number';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import { encodeMsgpack, MsgMap, MsgpackError, struct, variant, type MsgValue } from '../../../../src/node/p2p/msgpack';
import { decodePubkeySyncRes, encodePubkeySyncRes } from '../../../../src/node/orders/messages/pubkeySync';
import {
  decodeOrdermatchRequest,
  encodeOrdermatchRequest,
  encodeP2pItem,
  MAX_ORDERS_IN_RESPONSE,
  MAX_SYNC_PAIRS,
} from '../../../../src/node/orders/messages/requests';
import type { OrderbookItem } from '../../../../src/node/orders/types';

const uuid = vectors.getOrderbookRes.uuid;
const item = (over: Partial<OrderbookItem> = {}): OrderbookItem => ({
  pubkey: vectors.getOrderbookRes.pubkey,
  base: 'A',
  rel: 'B',
  price: MmNumber.of(1n),
  maxVolume: MmNumber.of(2n),
  minVolume: MmNumber.of(1n),
  uuid,
  createdAt: 7,
  baseProtocolInfo: new Uint8Array(),
  relProtocolInfo: new Uint8Array(),
  confSettings: null,
  ...over,
});
const ascii = (s: string): string => bytesToHex(new TextEncoder().encode(s));
const itemHex = (o: OrderbookItem): string => bytesToHex(encodeMsgpack(encodeP2pItem(o)));
/** `SyncPubkeyOrderbookStateRes` bytes built by hand: [payload, {pair: diff}, protocol_infos, conf_infos]. */
const res = (diffs: MsgValue, extra: MsgValue[] = []): Uint8Array => encodeMsgpack(struct([[], diffs, ...extra]));

describe('SyncPubkeyOrderbookState (OrdermatchRequest variant 1)', () => {
  it.each(vectors.syncPubkeyRequests)('$description encodes and decodes as KDF', ({ pubkey, trieRoots, hex }) => {
    const req = { type: 'SyncPubkeyOrderbookState' as const, pubkey, trieRoots: new Map(Object.entries(trieRoots).map(([p, r]) => [p, hexToBytes(r)])) };
    expect(bytesToHex(encodeOrdermatchRequest(req))).toBe(hex);
    expect(decodeOrdermatchRequest(hexToBytes(hex))).toEqual(req);
  });

  it('refuses roots that are not 8 bytes and more pairs than MAX_SYNC_PAIRS', () => {
    const pubkey = vectors.getOrderbookRes.pubkey;
    const short = encodeMsgpack(variant(0, variant(1, struct([pubkey, new MsgMap([['A:B', [1, 2, 3]]])]))));
    expect(() => decodeOrdermatchRequest(short)).toThrow(MsgpackError);
    const many = new MsgMap(Array.from({ length: MAX_SYNC_PAIRS + 1 }, (_, i) => [`A:B${i}`, [1, 2, 3, 4, 5, 6, 7, 8]]));
    expect(() => decodeOrdermatchRequest(encodeMsgpack(variant(0, variant(1, struct([pubkey, many])))))).toThrow(/more than 32 pairs/);
  });
});

describe('SyncPubkeyOrderbookStateRes', () => {
  it('our FullTrie answer has KDF’s byte layout', () => {
    const o = item({ relProtocolInfo: new Uint8Array([7]), confSettings: { baseConfs: 1, baseNota: false, relConfs: 2, relNota: true } });
    const expected =
      '94' + // struct of 4
      '9103' + // last_signed_pubkey_payload: Vec<u8> as an array of ints
      `81a3${ascii('A:B')}` + // pair_orders_diff: one pair
      '8101' + // DeltaOrFullTrie::FullTrie
      `9192d924${ascii(uuid)}${itemHex(o)}` + // [(uuid, OrderbookP2PItem)]
      `81d924${ascii(uuid)}92909107` + // protocol_infos {uuid: {base: [], rel: [7]}}
      `81d924${ascii(uuid)}9401c202c3`; // conf_infos {uuid: [1, false, 2, true]}
    expect(bytesToHex(encodePubkeySyncRes(new Uint8Array([3]), new Map([['A:B', [o]]])))).toBe(expected);
    const back = decodePubkeySyncRes(hexToBytes(expected));
    expect(back.proof).toEqual(new Uint8Array([3]));
    expect(back.pairs.get('A:B')).toEqual({ kind: 'full', orders: [o] });
  });

  it('reads KDF’s Delta (nil for a removed order) and answers without the optional infos', () => {
    const gone = '00000000-0000-4000-8000-000000000009';
    const back = decodePubkeySyncRes(res(new MsgMap([['A:B', variant(0, new MsgMap([[uuid, encodeP2pItem(item())], [gone, null]]))]])));
    expect(back.proof).toEqual(new Uint8Array());
    expect(back.pairs.get('A:B')).toEqual({ kind: 'delta', changes: new Map([[uuid, item()], [gone, null]]) });
  });

  it('refuses an unknown variant, an order under another uuid, and more than MAX_ORDERS_IN_RESPONSE orders (a FullTrie of 10x a maker’s cap)', () => {
    expect(() => decodePubkeySyncRes(res(new MsgMap([['A:B', variant(2, [])]])))).toThrow(/unknown DeltaOrFullTrie variant 2/);
    const other = '00000000-0000-4000-8000-000000000009';
    expect(() => decodePubkeySyncRes(res(new MsgMap([['A:B', variant(1, [struct([other, encodeP2pItem(item())])])]])))).toThrow(/another uuid/);
    expect(() => decodePubkeySyncRes(res(new MsgMap([['A:B', variant(0, new MsgMap([[other, encodeP2pItem(item())]]))]])))).toThrow(/another uuid/);
    const entry = struct([uuid, encodeP2pItem(item())]);
    const huge = Array.from({ length: 10 * MAX_ORDERS_IN_RESPONSE }, () => entry);
    expect(() => decodePubkeySyncRes(res(new MsgMap([['A:B', variant(1, huge)]])))).toThrow(/more than 1000 orders/);
    const split = Array.from({ length: MAX_ORDERS_IN_RESPONSE / 2 + 1 }, () => entry);
    expect(() => decodePubkeySyncRes(res(new MsgMap([['A:B', variant(1, split)], ['A:C', variant(1, split)]])))).toThrow(/more than 1000 orders/);
  });
});
