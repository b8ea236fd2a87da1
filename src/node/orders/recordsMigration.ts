/**
 * Moves stored order records forward to the current version before they are read. Version 0 is
 * the shape written before records had versions: `{uuid, order}` (history: plus `type`, `reason`,
 * `finishedAt`) with the in-memory order inside, its numbers as `{$num: "numer/denom"}`, its maps
 * as `{$map: [[key, value], …]}` and its bytes as Uint8Array.
 */
import { ParamError } from '../../shared/params';
import { bytesToHex } from '../crypto';
import { ORDER_RECORD_VERSION } from './records';

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

/** A v0 value in v1 form: `$num` → `{numer, denom}`, `$map` → the list of its values, bytes → hex. */
function v0Value(v: unknown, path: string): unknown {
  if (v instanceof Uint8Array) return bytesToHex(v);
  if (Array.isArray(v)) return v.map((x, i) => v0Value(x, `${path}[${i}]`));
  if (!isPlain(v)) return v;
  if ('$num' in v) {
    const m = typeof v.$num === 'string' ? /^(-?\d+)\/(\d+)$/.exec(v.$num) : null;
    if (!m) throw new ParamError(path, `\`${path}\` is not a numer/denom number`);
    return { numer: m[1], denom: m[2] };
  }
  if ('$map' in v) {
    if (!Array.isArray(v.$map)) throw new ParamError(path, `\`${path}\` is not a list of entries`);
    return v.$map.map((entry: unknown, i) => {
      if (!Array.isArray(entry) || entry.length !== 2) throw new ParamError(`${path}[${i}]`, `\`${path}[${i}]\` is not a [key, value] entry`);
      return v0Value(entry[1], `${path}[${i}]`);
    });
  }
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, v0Value(x, path ? `${path}.${k}` : k)]));
}

function v0Order(record: Plain): Plain {
  const order = v0Value(record.order, 'order');
  if (!isPlain(order)) throw new ParamError('order', '`order` is not an object');
  return { ...order, v: ORDER_RECORD_VERSION, uuid: record.uuid };
}

export type OrderTable = 'maker' | 'taker' | 'history';

/**
 * The record in the current version, and whether it had to be moved forward (the caller writes it
 * back). Throws ParamError for a record that is not an object or has an unknown version.
 */
export function upgradeRecord(table: OrderTable, raw: unknown): { record: Plain; migrated: boolean } {
  if (!isPlain(raw)) throw new ParamError('record', 'the record is not an object');
  if (raw.v === ORDER_RECORD_VERSION) return { record: raw, migrated: false };
  if (raw.v !== undefined) throw new ParamError('v', `unknown record version ${JSON.stringify(raw.v)}`);
  if (table !== 'history') return { record: v0Order(raw), migrated: true };
  const { type, reason, finishedAt, uuid } = raw;
  return { record: { v: ORDER_RECORD_VERSION, uuid, type, reason, finishedAt, order: v0Order(raw) }, migrated: true };
}
