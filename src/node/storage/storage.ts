/**
 * The storage interface the domain stores are written on, so they never know which engine runs:
 * IndexedDB in the browser (`indexedDbStorage.ts`), SQLite in the headless host
 * (`tools/host/sqliteStorage.ts`). It is IndexedDB's model cut down to what the stores use: a
 * database of named object stores, each with a key path and named indexes, read by key, in full,
 * or by an index value, and written in atomic batches.
 *
 * Records must be JSON values (plain objects, arrays, strings, finite numbers, booleans, null;
 * `undefined` object properties are dropped): the SQLite engine keeps JSON text, and both engines
 * refuse anything else so that a record never reads back different from what was written.
 */

/** A key: IndexedDB's ordering (numbers before strings before arrays; arrays element-wise). */
export type Key = string | number | readonly Key[];

/** A dotted property path, or a list of them for a compound key. */
export type KeyPath = string | readonly string[];

export interface StoreSchema {
  keyPath: KeyPath;
  /** Index name → key path of the indexed value; a record without that value is not indexed. */
  indexes?: Readonly<Record<string, KeyPath>>;
}

/**
 * A database's whole shape at one version. Opening at a higher version than stored creates the
 * stores and indexes that are missing and drops those no longer listed; a stored version higher
 * than this one is refused (an older node must not write a newer node's data). As in IndexedDB,
 * the shape is only compared on an upgrade: a changed schema needs a new version. Changing an
 * existing store's key path needs a data migration, which this interface does not offer: refused.
 */
export interface DbSchema {
  /** Short name (`wallets`, `ordermatch`); the full name comes from `dbName`. */
  db: string;
  version: number;
  stores: Readonly<Record<string, StoreSchema>>;
}

/** One change of an atomic write. `add` fails with `KeyExistsError` if the key is taken. */
export type WriteOp =
  | { type: 'put'; store: string; value: object }
  | { type: 'add'; store: string; value: object }
  | { type: 'delete'; store: string; key: Key };

export interface Database {
  readonly name: string;
  readonly version: number;
  get(store: string, key: Key): Promise<unknown>;
  /** Every record of the store in key order. */
  getAll(store: string): Promise<unknown[]>;
  /** The records whose index value equals `key`, in (index value, primary key) order. */
  getAllFromIndex(store: string, index: string, key: Key): Promise<unknown[]>;
  /** Applies every op in order in one transaction: all are stored, or none (the error is thrown). */
  write(ops: readonly WriteOp[]): Promise<void>;
  /** Later calls fail; the engine's resources are the factory's to free. */
  close(): void;
}

export interface StorageFactory {
  /** Opens (creating or upgrading) the database `fullName` (from `dbName`) at `schema`. */
  open(fullName: string, schema: DbSchema): Promise<Database>;
}

/**
 * An `add` on a key that is already stored. Named like IndexedDB's DOMException so that callers
 * can tell it apart the same way whatever the engine.
 */
export class KeyExistsError extends Error {
  override readonly name = 'ConstraintError';

  constructor(
    readonly store: string,
    options?: { cause?: unknown },
  ) {
    super(`a record with this key already exists in ${store}`, options);
  }
}
