/**
 * KDF's answer to `SyncPubkeyOrderbookState` (kdf-facts §5.3): `SyncPubkeyOrderbookStateRes
 * {last_signed_pubkey_payload, pair_orders_diff, protocol_infos, conf_infos}`, where each pair's
 * diff is `DeltaOrFullTrie`: variant 0 `Delta` (uuid → the order, or nil for a removed one) or
 * variant 1 `FullTrie` (every (uuid, order) of the maker on the pair). KDF leaves the payload
 * empty; the receiver checks the result against the maker's signed keep-alive root instead.
 */
import {
  byteSeq,
  decodeMsgpack,
  encodeMsgpack,
  MsgMap,
  MsgpackError,
  readArray,
  readByteSeq,
  readMap,
  readOption,
  readSeq,
  readString,
  readStringMap,
  readVariant,
  struct,
  StructReader,
  variant,
  type MsgValue,
} from '../../p2p/msgpack';
import type { OrderbookItem } from '../types';
import { applyInfos, encodeInfos, encodeP2pItem, MAX_ORDERS_IN_RESPONSE, MAX_SYNC_PAIRS, readP2pItem } from './requests';

export type PairDiff = { kind: 'full'; orders: OrderbookItem[] } | { kind: 'delta'; changes: Map<string, OrderbookItem | null> };

export interface PubkeySyncRes {
  /** `last_signed_pubkey_payload` (empty from KDF). */
  proof: Uint8Array;
  pairs: Map<string, PairDiff>;
}

const DELTA = 0;
const FULL_TRIE = 1;

/** Our answer: a `FullTrie` of the maker's orders on each pair. */
export function encodePubkeySyncRes(proof: Uint8Array, pairs: ReadonlyMap<string, readonly OrderbookItem[]>): Uint8Array {
  const diffs = new MsgMap([...pairs].map(([pair, orders]) => [pair, variant(FULL_TRIE, orders.map((o) => struct([o.uuid, encodeP2pItem(o)])))]));
  return encodeMsgpack(struct([byteSeq(proof), diffs, ...encodeInfos([...pairs.values()].flat())]));
}

/** Counts entries against the answer's cap before any is read. */
function countEntries(v: MsgValue, path: string, kind: number, seen: { n: number }): void {
  seen.n += kind === FULL_TRIE ? readArray(v, path).length : readMap(v, path).length;
  if (seen.n > MAX_ORDERS_IN_RESPONSE) throw new MsgpackError(path, `more than ${MAX_ORDERS_IN_RESPONSE} orders`);
}

function readFullTrie(v: MsgValue, path: string): OrderbookItem[] {
  return readSeq(v, path, (pair, pp) => {
    const t = new StructReader(pair, pp, 2);
    const uuid = t.next(readString);
    const order = t.next(readP2pItem);
    if (order.uuid !== uuid) throw new MsgpackError(pp, 'order under another uuid');
    return order;
  });
}

function readDelta(v: MsgValue, path: string): Map<string, OrderbookItem | null> {
  const changes = readStringMap(v, path, (x, xp) => readOption(x, xp, readP2pItem));
  for (const [uuid, order] of changes) if (order && order.uuid !== uuid) throw new MsgpackError(path, 'order under another uuid');
  return changes;
}

/** Throws MsgpackError on a malformed answer or one holding more than MAX_ORDERS_IN_RESPONSE orders. */
export function decodePubkeySyncRes(bytes: Uint8Array): PubkeySyncRes {
  const r = new StructReader(decodeMsgpack(bytes), '$', 2, 2);
  const proof = r.next(readByteSeq);
  const seen = { n: 0 };
  const pairs = r.next((v, p) => {
    if (readMap(v, p).length > MAX_SYNC_PAIRS) throw new MsgpackError(p, `more than ${MAX_SYNC_PAIRS} pairs`);
    return readStringMap(v, p, (x, xp): PairDiff => {
      const { index, value, path } = readVariant(x, xp);
      if (index !== DELTA && index !== FULL_TRIE) throw new MsgpackError(xp, `unknown DeltaOrFullTrie variant ${index}`);
      countEntries(value, path, index, seen);
      return index === FULL_TRIE ? { kind: 'full', orders: readFullTrie(value, path) } : { kind: 'delta', changes: readDelta(value, path) };
    });
  });
  const orders = [...pairs.values()].flatMap((d) => (d.kind === 'full' ? d.orders : [...d.changes.values()].filter((o) => o !== null)));
  applyInfos(r, orders);
  return { proof, pairs };
}
