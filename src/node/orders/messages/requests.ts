/**
 * KDF's ordermatch peer requests and their answers (kdf-facts §5.3), the payloads of
 * `P2p.request`: `P2PRequest::Ordermatch(OrdermatchRequest)` in, `GetOrderbookRes`,
 * `SyncPubkeyOrderbookStateRes` (pubkeySync.ts) or `BestOrdersP2PRes` out, msgpack-encoded like
 * the gossip messages. `OrderbookDepth` and network-info requests get no answer.
 */
import type { MmNumber } from '../../../shared/number';
import {
  bigRational,
  byteSeq,
  decodeMsgpack,
  encodeMsgpack,
  MsgMap,
  MsgpackError,
  readBigRational,
  readByteSeq,
  readMap,
  readNil,
  readSeq,
  readString,
  readStringMap,
  readUint,
  readVariant,
  struct,
  StructReader,
  variant,
  type MsgValue,
} from '../../p2p/msgpack';
import type { OrderbookItem } from '../types';
import { parseUuid } from '../uuid';
import { encodeConf, readConf } from './fields';

export type BestOrdersAction = 'buy' | 'sell';

export type OrdermatchRequest =
  | { type: 'GetOrderbook'; base: string; rel: string }
  /** A maker's pairs whose roots (`trieRoots`, the requester's) differ from the maker's keep-alive. */
  | { type: 'SyncPubkeyOrderbookState'; pubkey: string; trieRoots: Map<string, Uint8Array> }
  | { type: 'BestOrders'; coin: string; action: BestOrdersAction; volume: MmNumber }
  | { type: 'BestOrdersByNumber'; coin: string; action: BestOrdersAction; number: number };

/** One maker's orders in a `GetOrderbook` answer. */
export interface PubkeyOrders {
  pubkey: string;
  /** Seconds. */
  lastKeepAlive: number;
  /** KDF's `last_signed_pubkey_payload`: the maker's signed message rooting these orders (pairProof.ts). */
  proof: Uint8Array;
  orders: OrderbookItem[];
}

/** KDF's MAX_ORDERS_NUMBER_IN_ORDERBOOK_RESPONSE: an answer holding more is refused whole. */
export const MAX_ORDERS_IN_RESPONSE = 1000;
/** Most pairs one `SyncPubkeyOrderbookState` may name (KDF names the pairs of one keep-alive: one). */
export const MAX_SYNC_PAIRS = 32;

const P2P_ORDERMATCH = 0;
const REQUEST_INDEX = { GetOrderbook: 0, SyncPubkeyOrderbookState: 1, BestOrders: 2, BestOrdersByNumber: 4 } as const;
const ACTIONS: readonly BestOrdersAction[] = ['buy', 'sell'];

export function encodeOrdermatchRequest(req: OrdermatchRequest): Uint8Array {
  let body: MsgValue;
  switch (req.type) {
    case 'GetOrderbook':
      body = struct([req.base, req.rel]);
      break;
    case 'SyncPubkeyOrderbookState':
      body = struct([req.pubkey, new MsgMap([...req.trieRoots].map(([pair, root]) => [pair, byteSeq(root)]))]);
      break;
    case 'BestOrders':
      body = struct([req.coin, variant(ACTIONS.indexOf(req.action)), bigRational(req.volume)]);
      break;
    case 'BestOrdersByNumber':
      body = struct([req.coin, variant(ACTIONS.indexOf(req.action)), req.number]);
      break;
  }
  return encodeMsgpack(variant(P2P_ORDERMATCH, variant(REQUEST_INDEX[req.type], body)));
}

function readAction(v: MsgValue, path: string): BestOrdersAction {
  const { index, value, path: at } = readVariant(v, path);
  const action = ACTIONS[index];
  if (!action) throw new MsgpackError(path, `unknown BestOrdersAction variant ${index}`);
  readNil(value, at);
  return action;
}

/** The request, or null for requests this node does not serve (depth, network info). */
export function decodeOrdermatchRequest(bytes: Uint8Array): OrdermatchRequest | null {
  const outer = readVariant(decodeMsgpack(bytes), '$');
  if (outer.index !== P2P_ORDERMATCH) return null;
  const { index, value, path } = readVariant(outer.value, outer.path);
  if (index === REQUEST_INDEX.GetOrderbook) {
    const r = new StructReader(value, path, 2);
    return { type: 'GetOrderbook', base: r.next(readString), rel: r.next(readString) };
  }
  if (index === REQUEST_INDEX.SyncPubkeyOrderbookState) {
    const r = new StructReader(value, path, 2);
    const pubkey = r.next(readString);
    const trieRoots = r.next((v, p) => {
      if (readMap(v, p).length > MAX_SYNC_PAIRS) throw new MsgpackError(p, `more than ${MAX_SYNC_PAIRS} pairs`);
      return readStringMap(v, p, (x, xp) => readByteSeq(x, xp, 8));
    });
    return { type: 'SyncPubkeyOrderbookState', pubkey, trieRoots };
  }
  if (index === REQUEST_INDEX.BestOrders) {
    const r = new StructReader(value, path, 3);
    return { type: 'BestOrders', coin: r.next(readString), action: r.next(readAction), volume: r.next(readBigRational) };
  }
  if (index === REQUEST_INDEX.BestOrdersByNumber) {
    const r = new StructReader(value, path, 3);
    return { type: 'BestOrdersByNumber', coin: r.next(readString), action: r.next(readAction), number: r.next(readUint) };
  }
  return null;
}

/**
 * `OrderbookP2PItem`; its protocol and confirmation infos travel beside it, keyed by uuid. Its
 * msgpack bytes are also the order's value in KDF's pair trie (`trie_state_bytes`).
 */
export function encodeP2pItem(o: OrderbookItem): MsgValue {
  return struct([
    o.pubkey,
    o.base,
    o.rel,
    bigRational(o.price),
    bigRational(o.maxVolume),
    bigRational(o.minVolume),
    o.uuid,
    o.createdAt,
  ]);
}

/** An `OrderbookP2PItem` that could be a live order; throws MsgpackError. */
export function readP2pItem(v: MsgValue, path: string): OrderbookItem {
  const r = new StructReader(v, path, 8);
  const pubkey = r.next(readString);
  const base = r.next(readString);
  const rel = r.next(readString);
  const price = r.next(readBigRational);
  const maxVolume = r.next(readBigRational);
  const minVolume = r.next(readBigRational);
  const uuid = parseUuid(r.next(readString));
  const createdAt = r.next(readUint);
  if (!uuid) throw new MsgpackError(path, 'invalid uuid');
  if (!/^0[23][0-9a-f]{64}$/.test(pubkey)) throw new MsgpackError(path, 'invalid pubkey');
  if (!price.isPositive() || !maxVolume.isPositive() || minVolume.isNegative() || maxVolume.lt(minVolume) || base === rel) {
    throw new MsgpackError(path, 'impossible order values');
  }
  const none = new Uint8Array();
  return { pubkey, base, rel, price, maxVolume, minVolume, uuid, createdAt, baseProtocolInfo: none, relProtocolInfo: none, confSettings: null };
}

/** `protocol_infos` and `conf_infos`. */
export function encodeInfos(orders: readonly OrderbookItem[]): MsgValue[] {
  return [
    new MsgMap(orders.map((o) => [o.uuid, struct([byteSeq(o.baseProtocolInfo), byteSeq(o.relProtocolInfo)])])),
    new MsgMap(orders.flatMap((o) => (o.confSettings ? [[o.uuid, encodeConf(o.confSettings)] as const] : []))),
  ];
}

/** Reads the optional `protocol_infos` and `conf_infos` fields into the orders they name. */
export function applyInfos(r: StructReader, orders: readonly OrderbookItem[]): void {
  const byUuid = new Map(orders.map((o) => [o.uuid, o]));
  const protocolInfos = r.optional((v, p) =>
    readStringMap(v, p, (x, xp) => {
      const s = new StructReader(x, xp, 2);
      return { base: s.next(readByteSeq), rel: s.next(readByteSeq) };
    }),
  );
  const confInfos = r.optional((v, p) => readStringMap(v, p, readConf));
  for (const [uuid, info] of protocolInfos ?? []) {
    const order = byUuid.get(uuid);
    if (order) Object.assign(order, { baseProtocolInfo: info.base, relProtocolInfo: info.rel });
  }
  for (const [uuid, conf] of confInfos ?? []) {
    const order = byUuid.get(uuid);
    if (order) order.confSettings = conf;
  }
}

export function encodeGetOrderbookRes(pubkeys: readonly PubkeyOrders[]): Uint8Array {
  const byPubkey = new MsgMap(
    pubkeys.map((p) => [p.pubkey, struct([p.lastKeepAlive, byteSeq(p.proof), p.orders.map((o) => struct([o.uuid, encodeP2pItem(o)]))])]),
  );
  return encodeMsgpack(struct([byPubkey, ...encodeInfos(pubkeys.flatMap((p) => p.orders))]));
}

export function decodeGetOrderbookRes(bytes: Uint8Array): PubkeyOrders[] {
  const r = new StructReader(decodeMsgpack(bytes), '$', 1, 2);
  const byPubkey = r.next((v, p) =>
    readStringMap(v, p, (x, xp) => {
      const s = new StructReader(x, xp, 3);
      const lastKeepAlive = s.next(readUint);
      const proof = s.next(readByteSeq);
      const orders = s.next((o, op) =>
        readSeq(o, op, (pair, pp) => {
          const t = new StructReader(pair, pp, 2);
          const uuid = t.next(readString);
          const order = t.next(readP2pItem);
          if (order.uuid !== uuid) throw new MsgpackError(pp, 'order under another uuid');
          return order;
        }),
      );
      return { lastKeepAlive, proof, orders };
    }),
  );
  const result = [...byPubkey].map(([pubkey, { lastKeepAlive, proof, orders }]) => {
    if (orders.some((o) => o.pubkey !== pubkey)) throw new MsgpackError('$[0]', `orders of another pubkey under ${pubkey}`);
    return { pubkey, lastKeepAlive, proof, orders };
  });
  const total = result.reduce((n, p) => n + p.orders.length, 0);
  if (total > MAX_ORDERS_IN_RESPONSE) throw new MsgpackError('$[0]', `${total} orders, more than ${MAX_ORDERS_IN_RESPONSE}`);
  applyInfos(r, result.flatMap((p) => p.orders));
  return result;
}

/** Best orders by the other coin's orderbook ticker. */
export function encodeBestOrdersRes(orders: ReadonlyMap<string, readonly OrderbookItem[]>): Uint8Array {
  const byCoin = new MsgMap([...orders].map(([coin, list]) => [coin, list.map((o) => struct([encodeP2pItem(o), [], []]))]));
  return encodeMsgpack(struct([byCoin, ...encodeInfos([...orders.values()].flat())]));
}

export function decodeBestOrdersRes(bytes: Uint8Array): Map<string, OrderbookItem[]> {
  const r = new StructReader(decodeMsgpack(bytes), '$', 1, 2);
  const result = r.next((v, p) =>
    readStringMap(v, p, (list, lp) => readSeq(list, lp, (w, wp) => new StructReader(w, wp, 3).next(readP2pItem))),
  );
  applyInfos(r, [...result.values()].flat());
  return result;
}
