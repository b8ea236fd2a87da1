import { describe, expect, it } from 'vitest';
import vectors from '../../../fixtures/orders/trieRoots.json';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import { MmNumber } from '../../../../src/shared/number';
import { encodeMsgpack } from '../../../../src/node/p2p/msgpack';
import { encodeP2pItem } from '../../../../src/node/orders/messages/requests';
import { Orderbook, pairTrieRoot } from '../../../../src/node/orders/orderbook';
import { compactLength, EMPTY_TRIE_ROOT, trieRoot } from '../../../../src/node/orders/orderTrie';
import type { OrderbookItem } from '../../../../src/node/orders/types';

const none = new Uint8Array();
const orders: OrderbookItem[] = vectors.orders.map((o) => ({
  pubkey: o.pubkey,
  base: o.base,
  rel: o.rel,
  price: MmNumber.parse(o.price),
  maxVolume: MmNumber.parse(o.max),
  minVolume: MmNumber.parse(o.min),
  uuid: o.uuid,
  createdAt: o.createdAt,
  baseProtocolInfo: none,
  relProtocolInfo: none,
  confSettings: null,
}));

describe('KDF pair trie roots (sp_trie LayoutV0, Blake2b-64), against roots from paritytech/trie built with rustc', () => {
  it.each(vectors.cases)('$description', ({ entries, root }) => {
    const pairs = entries.map((e) => [hexToBytes(e.key), hexToBytes(e.value)] as const);
    expect(bytesToHex(trieRoot(pairs))).toBe(root);
    expect(bytesToHex(trieRoot([...pairs].reverse()))).toBe(root);
  });

  it('encodes orders as KDF’s trie values and roots them like the vectors', () => {
    orders.forEach((o, i) => expect(bytesToHex(encodeMsgpack(encodeP2pItem(o)))).toBe(vectors.orders[i]!.value));
    const [one, three] = vectors.cases.slice(-2);
    expect(bytesToHex(pairTrieRoot(orders.slice(0, 1)))).toBe(one!.root);
    expect(bytesToHex(pairTrieRoot(orders))).toBe(three!.root);
  });

  it('the orderbook’s cached root follows every change of the maker’s orders', () => {
    const book = new Orderbook();
    for (const o of orders) book.upsert(o, 0);
    const pair = 'MORTY:RICK';
    expect(bytesToHex(book.pairRoot(orders[0]!.pubkey, pair)!)).toBe(vectors.cases.at(-1)!.root);
    book.remove(orders[1]!.uuid);
    expect(book.pairRoot(orders[0]!.pubkey, pair)).toEqual(pairTrieRoot([orders[0]!, orders[2]!]));
    book.upsert({ ...orders[0]!, maxVolume: MmNumber.parse('3') }, 0);
    expect(book.pairRoot(orders[0]!.pubkey, pair)).toEqual(pairTrieRoot([{ ...orders[0]!, maxVolume: MmNumber.parse('3') }, orders[2]!]));
    book.remove(orders[0]!.uuid);
    book.remove(orders[2]!.uuid);
    expect(book.pairRoot(orders[0]!.pubkey, pair)).toBeNull();
  });

  it('refuses a repeated key and lengths SCALE cannot carry, and roots the empty set as hashed_null_node', () => {
    expect(() => trieRoot([[new Uint8Array([1]), none], [new Uint8Array([1]), new Uint8Array([2])]])).toThrow(RangeError);
    expect(() => compactLength(2 ** 30)).toThrow(RangeError);
    expect(compactLength(63)).toEqual([252]);
    expect(compactLength(64)).toEqual([1, 1]);
    expect(compactLength(16384)).toEqual([2, 0, 1, 0]);
    expect(bytesToHex(EMPTY_TRIE_ROOT)).toBe(vectors.cases[0]!.root);
  });
});
