/** Checks both storage engines run, so a schema or record is accepted or refused the same everywhere. */
import type { DbSchema, KeyPath } from './storage.js';

/** Deeper records are refused rather than walked (nothing the node stores comes close). */
const MAX_DEPTH = 64;
const NAME = /^[A-Za-z0-9_]+$/;
const PATH_PART = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A record the engines cannot keep as it is; `name` matches IndexedDB's DataError. */
export class DataError extends Error {
  override readonly name = 'DataError';
}

/** A schema mistake is a programming error: refused before the database is touched. */
export function checkSchema(schema: DbSchema): void {
  if (!Number.isSafeInteger(schema.version) || schema.version < 1) {
    throw new DataError(`database ${schema.db}: invalid version ${schema.version}`);
  }
  for (const [store, spec] of Object.entries(schema.stores)) {
    if (!NAME.test(store)) throw new DataError(`database ${schema.db}: invalid store name '${store}'`);
    checkKeyPath(spec.keyPath, `${schema.db}.${store}`);
    for (const [index, path] of Object.entries(spec.indexes ?? {})) {
      if (!NAME.test(index)) throw new DataError(`database ${schema.db}: invalid index name '${store}.${index}'`);
      checkKeyPath(path, `${schema.db}.${store}.${index}`);
    }
  }
}

function checkKeyPath(path: KeyPath, where: string): void {
  const paths = typeof path === 'string' ? [path] : path;
  if (paths.length === 0) throw new DataError(`${where}: empty compound key path`);
  for (const p of paths) {
    if (!p.split('.').every((part) => PATH_PART.test(part))) throw new DataError(`${where}: invalid key path '${p}'`);
  }
}

/**
 * Refuses a value JSON would not give back unchanged: bytes, bigints, Maps, Dates, NaN, class
 * instances, `undefined` in arrays. `undefined` object properties are allowed (dropped, as absent).
 */
export function checkJsonValue(value: unknown, where: string, depth = 0): void {
  if (depth > MAX_DEPTH) throw new DataError(`${where}: nested deeper than ${MAX_DEPTH} levels`);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new DataError(`${where}: ${value} is not a JSON number`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkJsonValue(item, `${where}[${i}]`, depth + 1));
    return;
  }
  if (typeof value === 'object' && isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) if (v !== undefined) checkJsonValue(v, `${where}.${k}`, depth + 1);
    return;
  }
  const kind = typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value;
  throw new DataError(`${where}: a ${kind} is not a JSON value`);
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
