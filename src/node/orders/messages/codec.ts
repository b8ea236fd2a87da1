/**
 * `OrdermatchMessage` ⇄ bytes, byte-compatible with KDF's `rmp_serde::to_vec` (kdf-facts §5.1,
 * §5.2), on the p2p msgpack helpers. Decoding also rejects values no honest node sends (price ≤ 0,
 * max < min volume, a uuid that is not 16 bytes, an unknown variant), so the orderbook never holds
 * an impossible order.
 */
import type { MmNumber } from '../../../shared/number';
import { bytesToHex, hexToBytes } from '../../crypto';
import {
  bigRational,
  byteSeq,
  decodeMsgpack,
  encodeMsgpack,
  MsgMap,
  MsgpackError,
  readByteSeq,
  readNil,
  readOption,
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
import type { MatchBy, TakerAction } from '../types';
import { compactUuid, encodeConf, readCompactUuid, readConf, readNonNegative, readPositive } from './fields';
import {
  VARIANTS,
  type ConnectMsg,
  type MakerOrderCreatedMsg,
  type MakerOrderUpdatedMsg,
  type MakerReservedMsg,
  type OrdermatchMessage,
  type TakerRequestMsg,
} from './types';

const ACTIONS: readonly TakerAction[] = ['Buy', 'Sell'];
const H64_LEN = 8;

const readH64 = (v: MsgValue, path: string): Uint8Array => readByteSeq(v, path, H64_LEN);
const readSwapVersion = (v: MsgValue, path: string): number => new StructReader(v, path, 1).next(readUint);
const optionalRational = (n: MmNumber | undefined): MsgValue => (n === undefined ? null : bigRational(n));

function encodeMatchBy(m: MatchBy): MsgValue {
  switch (m.type) {
    case 'Any':
      return variant(0);
    case 'Orders':
      return variant(1, m.data.map(compactUuid));
    case 'Pubkeys':
      return variant(2, m.data.map((hex) => byteSeq(hexToBytes(hex))));
  }
}

function readMatchBy(v: MsgValue, path: string): MatchBy {
  const { index, value, path: at } = readVariant(v, path);
  if (index === 0) {
    readNil(value, at);
    return { type: 'Any' };
  }
  if (index === 1) return { type: 'Orders', data: readSeq(value, at, readCompactUuid) };
  if (index === 2) return { type: 'Pubkeys', data: readSeq(value, at, (p, pp) => bytesToHex(readByteSeq(p, pp, 32))) };
  throw new MsgpackError(path, `unknown MatchBy variant ${index}`);
}

function readAction(v: MsgValue, path: string): TakerAction {
  const { index, value, path: at } = readVariant(v, path);
  const action = ACTIONS[index];
  if (!action) throw new MsgpackError(path, `unknown TakerAction variant ${index}`);
  readNil(value, at);
  return action;
}

function encodeCreated(m: MakerOrderCreatedMsg): MsgValue {
  return struct([
    compactUuid(m.uuid),
    m.base,
    m.rel,
    bigRational(m.price),
    bigRational(m.maxVolume),
    bigRational(m.minVolume),
    m.createdAt,
    encodeConf(m.confSettings),
    m.timestamp,
    byteSeq(m.pairTrieRoot),
    byteSeq(m.baseProtocolInfo),
    byteSeq(m.relProtocolInfo),
  ]);
}

function readCreated(v: MsgValue, path: string): MakerOrderCreatedMsg {
  const r = new StructReader(v, path, 10, 2);
  const m: MakerOrderCreatedMsg = {
    uuid: r.next(readCompactUuid),
    base: r.next(readString),
    rel: r.next(readString),
    price: r.next(readPositive),
    maxVolume: r.next(readPositive),
    minVolume: r.next(readNonNegative),
    createdAt: r.next(readUint),
    confSettings: r.next(readConf),
    timestamp: r.next(readUint),
    pairTrieRoot: r.next(readH64),
    baseProtocolInfo: r.optional(readByteSeq) ?? new Uint8Array(),
    relProtocolInfo: r.optional(readByteSeq) ?? new Uint8Array(),
  };
  if (m.maxVolume.lt(m.minVolume)) throw new MsgpackError(path, 'max_volume is below min_volume');
  if (m.base === m.rel) throw new MsgpackError(path, 'base equals rel');
  return m;
}

/** Untagged V1/V2: V2 adds `conf_settings`, which older nodes neither send nor expect. */
function encodeUpdated(m: MakerOrderUpdatedMsg): MsgValue {
  const v1 = [
    compactUuid(m.uuid),
    optionalRational(m.newPrice),
    optionalRational(m.newMaxVolume),
    optionalRational(m.newMinVolume),
    m.timestamp,
    byteSeq(m.pairTrieRoot),
  ];
  return struct(m.v1 ? v1 : [...v1, m.confSettings ? encodeConf(m.confSettings) : null]);
}

function readUpdated(v: MsgValue, path: string): MakerOrderUpdatedMsg {
  const r = new StructReader(v, path, 6, 1);
  const uuid = r.next(readCompactUuid);
  const newPrice = r.next((x, p) => readOption(x, p, readPositive)) ?? undefined;
  const newMaxVolume = r.next((x, p) => readOption(x, p, readNonNegative)) ?? undefined;
  const newMinVolume = r.next((x, p) => readOption(x, p, readNonNegative)) ?? undefined;
  const timestamp = r.next(readUint);
  const pairTrieRoot = r.next(readH64);
  if (newMaxVolume && newMinVolume && newMaxVolume.lt(newMinVolume)) {
    throw new MsgpackError(path, 'new_max_volume is below new_min_volume');
  }
  const base = { uuid, newPrice, newMaxVolume, newMinVolume, timestamp, pairTrieRoot };
  if (r.length === 6) return { ...base, v1: true };
  const conf = r.next((x, p) => readOption(x, p, readConf));
  return conf ? { ...base, confSettings: conf } : base;
}

function encodeRequest(m: TakerRequestMsg): MsgValue {
  return struct([
    m.base,
    m.rel,
    bigRational(m.baseAmount),
    bigRational(m.relAmount),
    variant(ACTIONS.indexOf(m.action)),
    compactUuid(m.uuid),
    encodeMatchBy(m.matchBy),
    encodeConf(m.confSettings),
    m.baseProtocolInfo && byteSeq(m.baseProtocolInfo),
    m.relProtocolInfo && byteSeq(m.relProtocolInfo),
    m.swapVersion === undefined ? undefined : struct([m.swapVersion]),
  ]);
}

function readRequest(v: MsgValue, path: string): TakerRequestMsg {
  const r = new StructReader(v, path, 8, 3);
  const m: TakerRequestMsg = {
    base: r.next(readString),
    rel: r.next(readString),
    baseAmount: r.next(readPositive),
    relAmount: r.next(readPositive),
    action: r.next(readAction),
    uuid: r.next(readCompactUuid),
    matchBy: r.next(readMatchBy),
    confSettings: r.next(readConf),
  };
  const baseProtocolInfo = r.optional(readByteSeq);
  const relProtocolInfo = r.optional(readByteSeq);
  const swapVersion = r.optional(readSwapVersion);
  if (m.base === m.rel) throw new MsgpackError(path, 'base equals rel');
  return {
    ...m,
    ...(baseProtocolInfo && { baseProtocolInfo }),
    ...(relProtocolInfo && { relProtocolInfo }),
    ...(swapVersion !== undefined && { swapVersion }),
  };
}

function encodeReserved(m: MakerReservedMsg): MsgValue {
  return struct([
    m.base,
    m.rel,
    bigRational(m.baseAmount),
    bigRational(m.relAmount),
    compactUuid(m.takerOrderUuid),
    compactUuid(m.makerOrderUuid),
    encodeConf(m.confSettings),
    m.baseProtocolInfo && byteSeq(m.baseProtocolInfo),
    m.relProtocolInfo && byteSeq(m.relProtocolInfo),
    m.swapVersion === undefined ? undefined : struct([m.swapVersion]),
    m.premium && bigRational(m.premium),
  ]);
}

function readReserved(v: MsgValue, path: string): MakerReservedMsg {
  const r = new StructReader(v, path, 7, 4);
  const m: MakerReservedMsg = {
    base: r.next(readString),
    rel: r.next(readString),
    baseAmount: r.next(readPositive),
    relAmount: r.next(readPositive),
    takerOrderUuid: r.next(readCompactUuid),
    makerOrderUuid: r.next(readCompactUuid),
    confSettings: r.next(readConf),
  };
  const baseProtocolInfo = r.optional(readByteSeq);
  const relProtocolInfo = r.optional(readByteSeq);
  const swapVersion = r.optional(readSwapVersion);
  const premium = r.optional(readNonNegative);
  return {
    ...m,
    ...(baseProtocolInfo && { baseProtocolInfo }),
    ...(relProtocolInfo && { relProtocolInfo }),
    ...(swapVersion !== undefined && { swapVersion }),
    ...(premium && { premium }),
  };
}

const encodeConnect = (m: ConnectMsg): MsgValue => struct([compactUuid(m.takerOrderUuid), compactUuid(m.makerOrderUuid)]);

function readConnect(v: MsgValue, path: string): ConnectMsg {
  const r = new StructReader(v, path, 2);
  return { takerOrderUuid: r.next(readCompactUuid), makerOrderUuid: r.next(readCompactUuid) };
}

function encodePayload(m: OrdermatchMessage): MsgValue {
  switch (m.type) {
    case 'MakerOrderCreated':
      return encodeCreated(m.msg);
    case 'MakerOrderUpdated':
      return encodeUpdated(m.msg);
    case 'PubkeyKeepAlive':
      return struct([new MsgMap([...m.msg.trieRoots].map(([pair, root]) => [pair, byteSeq(root)])), m.msg.timestamp]);
    case 'MakerOrderCancelled':
      return struct([compactUuid(m.msg.uuid), m.msg.timestamp, byteSeq(m.msg.pairTrieRoot)]);
    case 'TakerRequest':
      return encodeRequest(m.msg);
    case 'MakerReserved':
      return encodeReserved(m.msg);
    case 'TakerConnect':
    case 'MakerConnected':
      return encodeConnect(m.msg);
  }
}

export function encodeOrdermatchMessage(m: OrdermatchMessage): Uint8Array {
  return encodeMsgpack(variant(VARIANTS.indexOf(m.type), encodePayload(m)));
}

/** Throws MsgpackError for anything that is not a well-formed, plausible ordermatch message. */
export function decodeOrdermatchMessage(bytes: Uint8Array): OrdermatchMessage {
  const { index, value, path } = readVariant(decodeMsgpack(bytes), '$');
  switch (VARIANTS[index]) {
    case 'MakerOrderCreated':
      return { type: 'MakerOrderCreated', msg: readCreated(value, path) };
    case 'MakerOrderUpdated':
      return { type: 'MakerOrderUpdated', msg: readUpdated(value, path) };
    case 'PubkeyKeepAlive': {
      const r = new StructReader(value, path, 2);
      const trieRoots = r.next((x, p) => readStringMap(x, p, readH64));
      return { type: 'PubkeyKeepAlive', msg: { trieRoots, timestamp: r.next(readUint) } };
    }
    case 'MakerOrderCancelled': {
      const r = new StructReader(value, path, 3);
      return {
        type: 'MakerOrderCancelled',
        msg: { uuid: r.next(readCompactUuid), timestamp: r.next(readUint), pairTrieRoot: r.next(readH64) },
      };
    }
    case 'TakerRequest':
      return { type: 'TakerRequest', msg: readRequest(value, path) };
    case 'MakerReserved':
      return { type: 'MakerReserved', msg: readReserved(value, path) };
    case 'TakerConnect':
      return { type: 'TakerConnect', msg: readConnect(value, path) };
    case 'MakerConnected':
      return { type: 'MakerConnected', msg: readConnect(value, path) };
    default:
      throw new MsgpackError('$', `unknown OrdermatchMessage variant ${index}`);
  }
}
