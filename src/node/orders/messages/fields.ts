/**
 * Readers for the ordermatch fields the p2p msgpack helpers do not name: `CompactUuid` (16 bytes of
 * bin), confirmation settings, and amounts that must be positive. Each throws MsgpackError with the
 * field's path, so a forged message is rejected whole.
 */
import type { MmNumber } from '../../../shared/number';
import {
  MsgpackError,
  readBigRational,
  readBin,
  readBool,
  readUint,
  StructReader,
  struct,
  type MsgValue,
} from '../../p2p/msgpack';
import type { ConfSettings } from '../types';
import { uuidFromBytes, uuidToBytes } from '../uuid';

export const compactUuid = (uuid: string): Uint8Array => uuidToBytes(uuid);

export const readCompactUuid = (v: MsgValue, path: string): string => uuidFromBytes(readBin(v, path, 16));

export function encodeConf(c: ConfSettings): MsgValue {
  return struct([c.baseConfs, c.baseNota, c.relConfs, c.relNota]);
}

export function readConf(v: MsgValue, path: string): ConfSettings {
  const r = new StructReader(v, path, 4);
  return { baseConfs: r.next(readUint), baseNota: r.next(readBool), relConfs: r.next(readUint), relNota: r.next(readBool) };
}

export function readPositive(v: MsgValue, path: string): MmNumber {
  const n = readBigRational(v, path);
  if (!n.isPositive()) throw new MsgpackError(path, 'expected a value greater than zero');
  return n;
}

export function readNonNegative(v: MsgValue, path: string): MmNumber {
  const n = readBigRational(v, path);
  if (n.isNegative()) throw new MsgpackError(path, 'expected a value not below zero');
  return n;
}
