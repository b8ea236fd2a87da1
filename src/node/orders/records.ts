/**
 * My orders as stored records, version 1, and back: plain JSON-like objects with a `v` field,
 * numbers as `{numer, denom}` decimal-integer strings, maps as lists, bytes as hex. Reading
 * validates every field (a record is data from disk, not an object of ours) and throws ParamError
 * naming the first bad field.
 */
import type { MmNumber } from '../../shared/number';
import { items, ParamError, ParamReader } from '../../shared/params';
import { bytesToHex, hexToBytes } from '../crypto';
import type {
  ConfSettings,
  ConnectMessage,
  EndedOrder,
  HistoricalOrder,
  MakerMatch,
  MakerOrder,
  MakerReserved,
  MatchBy,
  OrderEndReason,
  TakerMatch,
  TakerOrder,
  TakerRequest,
} from './types';

export const ORDER_RECORD_VERSION = 1;

type Plain = Record<string, unknown>;
/** What `MmNumber.parse` reads back exactly. */
export interface NumRecord {
  numer: string;
  denom: string;
}

const numOut = (n: MmNumber): NumRecord => ({ numer: n.numer.toString(), denom: n.denom.toString() });

function numIn(r: ParamReader, name: string): MmNumber {
  const v = r.raw(name);
  const o = v as Partial<NumRecord> | null;
  if (typeof o !== 'object' || o === null || typeof o.numer !== 'string' || typeof o.denom !== 'string') {
    throw new ParamError(r.field(name), `\`${r.field(name)}\` is not a {numer, denom} number`);
  }
  return r.num(name);
}

const optNumIn = (r: ParamReader, name: string): MmNumber | undefined => (r.has(name) ? numIn(r, name) : undefined);

function nullableStr(r: ParamReader, name: string): string | null {
  return r.raw(name) === null ? null : r.str(name);
}

function hexIn(r: ParamReader, name: string): Uint8Array | undefined {
  if (!r.has(name)) return undefined;
  const hex = r.str(name);
  if (!/^([0-9a-f]{2})*$/.test(hex)) throw new ParamError(r.field(name), `\`${r.field(name)}\` is not hex`);
  return hexToBytes(hex);
}

const confOut = (c: ConfSettings): Plain => ({ baseConfs: c.baseConfs, baseNota: c.baseNota, relConfs: c.relConfs, relNota: c.relNota });

function confIn(r: ParamReader): ConfSettings {
  return { baseConfs: r.uint('baseConfs'), baseNota: r.bool('baseNota'), relConfs: r.uint('relConfs'), relNota: r.bool('relNota') };
}

function matchByIn(r: ParamReader): MatchBy {
  const type = r.oneOf('type', ['Any', 'Orders', 'Pubkeys'] as const);
  return type === 'Any' ? { type } : { type, data: r.arr('data', items.str) };
}

const connectOut = (c: ConnectMessage): Plain => ({ ...c });

function connectIn(r: ParamReader): ConnectMessage {
  return {
    takerOrderUuid: r.str('takerOrderUuid'),
    makerOrderUuid: r.str('makerOrderUuid'),
    senderPubkey: r.str('senderPubkey'),
    destPubKey: r.str('destPubKey'),
  };
}

const optConnectIn = (r: ParamReader, name: string): ConnectMessage | undefined => {
  const o = r.optObj(name);
  return o && connectIn(o);
};

function protocolOut(info: { baseProtocolInfo?: Uint8Array; relProtocolInfo?: Uint8Array }): Plain {
  return {
    ...(info.baseProtocolInfo && { baseProtocolInfo: bytesToHex(info.baseProtocolInfo) }),
    ...(info.relProtocolInfo && { relProtocolInfo: bytesToHex(info.relProtocolInfo) }),
  };
}

function protocolIn(r: ParamReader): { baseProtocolInfo?: Uint8Array; relProtocolInfo?: Uint8Array } {
  const base = hexIn(r, 'baseProtocolInfo');
  const rel = hexIn(r, 'relProtocolInfo');
  return { ...(base && { baseProtocolInfo: base }), ...(rel && { relProtocolInfo: rel }) };
}

function requestOut(q: TakerRequest): Plain {
  return {
    base: q.base,
    rel: q.rel,
    baseAmount: numOut(q.baseAmount),
    relAmount: numOut(q.relAmount),
    action: q.action,
    uuid: q.uuid,
    senderPubkey: q.senderPubkey,
    destPubKey: q.destPubKey,
    matchBy: q.matchBy.type === 'Any' ? { type: 'Any' } : { type: q.matchBy.type, data: [...q.matchBy.data] },
    confSettings: confOut(q.confSettings),
    ...protocolOut(q),
  };
}

function requestIn(r: ParamReader): TakerRequest {
  return {
    base: r.str('base'),
    rel: r.str('rel'),
    baseAmount: numIn(r, 'baseAmount'),
    relAmount: numIn(r, 'relAmount'),
    action: r.oneOf('action', ['Buy', 'Sell'] as const),
    uuid: r.str('uuid'),
    senderPubkey: r.str('senderPubkey'),
    destPubKey: r.str('destPubKey'),
    matchBy: matchByIn(r.obj_('matchBy')),
    confSettings: confIn(r.obj_('confSettings')),
    ...protocolIn(r),
  };
}

function reservedOut(m: MakerReserved): Plain {
  return {
    base: m.base,
    rel: m.rel,
    baseAmount: numOut(m.baseAmount),
    relAmount: numOut(m.relAmount),
    takerOrderUuid: m.takerOrderUuid,
    makerOrderUuid: m.makerOrderUuid,
    senderPubkey: m.senderPubkey,
    destPubKey: m.destPubKey,
    confSettings: confOut(m.confSettings),
    ...protocolOut(m),
  };
}

function reservedIn(r: ParamReader): MakerReserved {
  return {
    base: r.str('base'),
    rel: r.str('rel'),
    baseAmount: numIn(r, 'baseAmount'),
    relAmount: numIn(r, 'relAmount'),
    takerOrderUuid: r.str('takerOrderUuid'),
    makerOrderUuid: r.str('makerOrderUuid'),
    senderPubkey: r.str('senderPubkey'),
    destPubKey: r.str('destPubKey'),
    confSettings: confIn(r.obj_('confSettings')),
    ...protocolIn(r),
  };
}

function connectsOut(m: { connect?: ConnectMessage; connected?: ConnectMessage }): Plain {
  return { ...(m.connect && { connect: connectOut(m.connect) }), ...(m.connected && { connected: connectOut(m.connected) }) };
}

function connectsIn(r: ParamReader): { connect?: ConnectMessage; connected?: ConnectMessage } {
  const connect = optConnectIn(r, 'connect');
  const connected = optConnectIn(r, 'connected');
  return { ...(connect && { connect }), ...(connected && { connected }) };
}

function historicalOut(h: HistoricalOrder): Plain {
  return {
    ...(h.maxBaseVol && { maxBaseVol: numOut(h.maxBaseVol) }),
    ...(h.minBaseVol && { minBaseVol: numOut(h.minBaseVol) }),
    ...(h.price && { price: numOut(h.price) }),
    ...(h.updatedAt !== undefined && { updatedAt: h.updatedAt }),
    ...(h.confSettings && { confSettings: confOut(h.confSettings) }),
  };
}

function historicalIn(r: ParamReader): HistoricalOrder {
  const h: HistoricalOrder = {};
  const maxBaseVol = optNumIn(r, 'maxBaseVol');
  const minBaseVol = optNumIn(r, 'minBaseVol');
  const price = optNumIn(r, 'price');
  const updatedAt = r.optUint('updatedAt');
  const conf = r.optObj('confSettings');
  if (maxBaseVol) h.maxBaseVol = maxBaseVol;
  if (minBaseVol) h.minBaseVol = minBaseVol;
  if (price) h.price = price;
  if (updatedAt !== undefined) h.updatedAt = updatedAt;
  if (conf) h.confSettings = confIn(conf);
  return h;
}

export function makerOrderToRecord(o: MakerOrder): Plain {
  return {
    v: ORDER_RECORD_VERSION,
    uuid: o.uuid,
    base: o.base,
    rel: o.rel,
    price: numOut(o.price),
    maxBaseVol: numOut(o.maxBaseVol),
    minBaseVol: numOut(o.minBaseVol),
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    matches: [...o.matches.values()].map((m) => ({
      request: requestOut(m.request),
      reserved: reservedOut(m.reserved),
      ...connectsOut(m),
      lastUpdated: m.lastUpdated,
    })),
    startedSwaps: [...o.startedSwaps],
    confSettings: confOut(o.confSettings),
    changesHistory: o.changesHistory.map(historicalOut),
    saveInHistory: o.saveInHistory,
    baseOrderbookTicker: o.baseOrderbookTicker,
    relOrderbookTicker: o.relOrderbookTicker,
    wasTaker: o.wasTaker,
    ...(o.takerOrigin ? { takerOrigin: { request: requestOut(o.takerOrigin.request), createdAt: o.takerOrigin.createdAt } } : {}),
  };
}

export function makerOrderFromRecord(r: ParamReader): MakerOrder {
  const matches = r.arr('matches', (v, path): [string, MakerMatch] => {
    const m = new ParamReader(v, path);
    const request = requestIn(m.obj_('request'));
    return [request.uuid, { request, reserved: reservedIn(m.obj_('reserved')), ...connectsIn(m), lastUpdated: m.uint('lastUpdated') }];
  });
  return {
    uuid: r.str('uuid'),
    base: r.str('base'),
    rel: r.str('rel'),
    price: numIn(r, 'price'),
    maxBaseVol: numIn(r, 'maxBaseVol'),
    minBaseVol: numIn(r, 'minBaseVol'),
    createdAt: r.uint('createdAt'),
    updatedAt: r.uint('updatedAt'),
    matches: new Map(matches),
    startedSwaps: r.arr('startedSwaps', items.str),
    confSettings: confIn(r.obj_('confSettings')),
    changesHistory: r.arr('changesHistory', (v, path) => historicalIn(new ParamReader(v, path))),
    saveInHistory: r.bool('saveInHistory'),
    baseOrderbookTicker: nullableStr(r, 'baseOrderbookTicker'),
    relOrderbookTicker: nullableStr(r, 'relOrderbookTicker'),
    // Records written before the field were maker orders from the start, or converted ones not told apart.
    wasTaker: r.optBool('wasTaker', false),
    ...takerOriginIn(r.optObj('takerOrigin')),
  };
}

/** Optional in the record: maker orders converted before the origin was kept have none. */
function takerOriginIn(r: ParamReader | undefined): Pick<MakerOrder, 'takerOrigin'> {
  return r ? { takerOrigin: { request: requestIn(r.obj_('request')), createdAt: r.uint('createdAt') } } : {};
}

export function takerOrderToRecord(o: TakerOrder): Plain {
  return {
    v: ORDER_RECORD_VERSION,
    uuid: o.request.uuid,
    createdAt: o.createdAt,
    request: requestOut(o.request),
    matches: [...o.matches.values()].map((m) => ({ reserved: reservedOut(m.reserved), ...connectsOut(m), lastUpdated: m.lastUpdated })),
    minVolume: numOut(o.minVolume),
    orderType: o.orderType,
    timeout: o.timeout,
    saveInHistory: o.saveInHistory,
    baseOrderbookTicker: o.baseOrderbookTicker,
    relOrderbookTicker: o.relOrderbookTicker,
  };
}

export function takerOrderFromRecord(r: ParamReader): TakerOrder {
  const matches = r.arr('matches', (v, path): [string, TakerMatch] => {
    const m = new ParamReader(v, path);
    const reserved = reservedIn(m.obj_('reserved'));
    const { connect, connected } = connectsIn(m);
    if (!connect) throw new ParamError(m.field('connect'), `missing field \`${m.field('connect')}\``);
    return [reserved.makerOrderUuid, { reserved, connect, ...(connected && { connected }), lastUpdated: m.uint('lastUpdated') }];
  });
  const request = requestIn(r.obj_('request'));
  if (request.uuid !== r.str('uuid')) throw new ParamError(r.field('uuid'), 'the record key differs from the request uuid');
  return {
    createdAt: r.uint('createdAt'),
    request,
    matches: new Map(matches),
    minVolume: numIn(r, 'minVolume'),
    orderType: r.oneOf('orderType', ['GoodTillCancelled', 'FillOrKill'] as const),
    timeout: r.uint('timeout'),
    saveInHistory: r.bool('saveInHistory'),
    baseOrderbookTicker: nullableStr(r, 'baseOrderbookTicker'),
    relOrderbookTicker: nullableStr(r, 'relOrderbookTicker'),
  };
}

const END_REASONS: readonly OrderEndReason[] = ['Fulfilled', 'Cancelled', 'InsufficientBalance', 'TimedOut', 'ToMaker'];

export interface FinishedOrder {
  type: 'Maker' | 'Taker';
  order: MakerOrder | TakerOrder;
  reason: OrderEndReason;
  /** ms */
  finishedAt: number;
}

export function historyToRecord({ order, reason }: EndedOrder, finishedAt: number): Plain {
  const maker = !('request' in order);
  return {
    v: ORDER_RECORD_VERSION,
    uuid: maker ? order.uuid : order.request.uuid,
    type: maker ? 'Maker' : 'Taker',
    reason,
    finishedAt,
    order: maker ? makerOrderToRecord(order) : takerOrderToRecord(order),
  };
}

export function historyFromRecord(r: ParamReader): FinishedOrder {
  const type = r.oneOf('type', ['Maker', 'Taker'] as const);
  const order = type === 'Maker' ? makerOrderFromRecord(r.obj_('order')) : takerOrderFromRecord(r.obj_('order'));
  return { type, order, reason: r.oneOf('reason', END_REASONS), finishedAt: r.uint('finishedAt') };
}
