/**
 * The headless host's storage engine: the storage interface on SQLite (better-sqlite3), every
 * database of a `dbdir` in one file, so one lock and one journal cover them all. Each IndexedDB
 * database (`MAIN::<owner>::<db>`) is a row of `kdf_databases` with its version; its object stores
 * and indexes are rows of `kdf_stores` / `kdf_indexes`; records are JSON text in `kdf_records`
 * under an order-preserving key BLOB (`sqliteKeys.ts`); index entries live in
 * `kdf_index_entries`, written in the same transaction as their record.
 *
 * Durability: WAL with `synchronous=FULL`, so a write that returned has been fsynced and survives
 * a SIGKILL or power loss. The file is opened in `locking_mode=EXCLUSIVE`: the connection holds
 * SQLite's lock for its whole life, so a second process cannot read or write the file even if it
 * got past the dbdir lock file. better-sqlite3 is synchronous: each call runs to completion before
 * the promise it returns settles, which keeps a transaction from interleaving with another.
 */
import Sqlite from 'better-sqlite3';
import { dbError, toDbError } from '../../src/node/storage/dbError';
import {
  checkJsonValue,
  checkSchema,
  DataError,
  KeyExistsError,
  type Database,
  type DbSchema,
  type Key,
  type KeyPath,
  type StorageFactory,
  type WriteOp,
} from '../../src/node/storage';
import { encodeKey, keyAt } from './sqliteKeys';

/** The layout of the tables below; a file written by a newer layout is refused. */
const LAYOUT_VERSION = 1;

const LAYOUT = `
  CREATE TABLE IF NOT EXISTS kdf_databases (
    name TEXT PRIMARY KEY,
    version INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE IF NOT EXISTS kdf_stores (
    id INTEGER PRIMARY KEY,
    db TEXT NOT NULL REFERENCES kdf_databases(name) ON DELETE CASCADE,
    name TEXT NOT NULL,
    key_path TEXT NOT NULL,
    UNIQUE (db, name)
  ) STRICT;
  CREATE TABLE IF NOT EXISTS kdf_indexes (
    id INTEGER PRIMARY KEY,
    store_id INTEGER NOT NULL REFERENCES kdf_stores(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    key_path TEXT NOT NULL,
    UNIQUE (store_id, name)
  ) STRICT;
  CREATE TABLE IF NOT EXISTS kdf_records (
    store_id INTEGER NOT NULL REFERENCES kdf_stores(id) ON DELETE CASCADE,
    key BLOB NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (store_id, key)
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS kdf_index_entries (
    index_id INTEGER NOT NULL REFERENCES kdf_indexes(id) ON DELETE CASCADE,
    key BLOB NOT NULL,
    primary_key BLOB NOT NULL,
    PRIMARY KEY (index_id, key, primary_key)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS kdf_index_entries_by_record ON kdf_index_entries (index_id, primary_key);
`;

interface IndexMeta {
  id: number;
  keyPath: KeyPath;
}

interface StoreMeta {
  id: number;
  keyPath: KeyPath;
  indexes: Map<string, IndexMeta>;
}

/** The statements every database shares, prepared once per connection. */
function statements(conn: Sqlite.Database) {
  return {
    dbVersion: conn.prepare<[string], { version: number }>('SELECT version FROM kdf_databases WHERE name = ?'),
    setDbVersion: conn.prepare<[string, number]>(
      'INSERT INTO kdf_databases (name, version) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET version = excluded.version',
    ),
    stores: conn.prepare<[string], { id: number; name: string; key_path: string }>(
      'SELECT id, name, key_path FROM kdf_stores WHERE db = ?',
    ),
    addStore: conn.prepare<[string, string, string]>('INSERT INTO kdf_stores (db, name, key_path) VALUES (?, ?, ?)'),
    dropStore: conn.prepare<[number]>('DELETE FROM kdf_stores WHERE id = ?'),
    indexes: conn.prepare<[number], { id: number; name: string; key_path: string }>(
      'SELECT id, name, key_path FROM kdf_indexes WHERE store_id = ?',
    ),
    addIndex: conn.prepare<[number, string, string]>('INSERT INTO kdf_indexes (store_id, name, key_path) VALUES (?, ?, ?)'),
    dropIndex: conn.prepare<[number]>('DELETE FROM kdf_indexes WHERE id = ?'),
    get: conn.prepare<[number, Buffer], { value: string }>('SELECT value FROM kdf_records WHERE store_id = ? AND key = ?'),
    has: conn.prepare<[number, Buffer], { one: number }>('SELECT 1 AS one FROM kdf_records WHERE store_id = ? AND key = ?'),
    getAll: conn.prepare<[number], { value: string }>('SELECT value FROM kdf_records WHERE store_id = ? ORDER BY key'),
    getAllFromIndex: conn.prepare<[number, number, Buffer], { value: string }>(
      `SELECT r.value FROM kdf_index_entries e JOIN kdf_records r ON r.store_id = ? AND r.key = e.primary_key
       WHERE e.index_id = ? AND e.key = ? ORDER BY e.primary_key`,
    ),
    put: conn.prepare<[number, Buffer, string]>(
      'INSERT INTO kdf_records (store_id, key, value) VALUES (?, ?, ?) ON CONFLICT (store_id, key) DO UPDATE SET value = excluded.value',
    ),
    delete: conn.prepare<[number, Buffer]>('DELETE FROM kdf_records WHERE store_id = ? AND key = ?'),
    addEntry: conn.prepare<[number, Buffer, Buffer]>('INSERT INTO kdf_index_entries (index_id, key, primary_key) VALUES (?, ?, ?)'),
    dropEntries: conn.prepare<[number, Buffer]>('DELETE FROM kdf_index_entries WHERE index_id = ? AND primary_key = ?'),
  };
}

type Statements = ReturnType<typeof statements>;

/** Durability and locking first, then the layout, created in a write so the exclusive lock is taken now. */
function configure(conn: Sqlite.Database, onDisk: boolean): void {
  if (onDisk) {
    conn.pragma('locking_mode = EXCLUSIVE');
    const mode: unknown = conn.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`journal_mode is ${String(mode)}, not wal`);
    conn.pragma('synchronous = FULL');
  }
  conn.pragma('foreign_keys = ON');
  const layout = conn.pragma('user_version', { simple: true }) as number;
  if (layout > LAYOUT_VERSION) {
    throw new Error(`the file was written by a newer node (layout ${layout}, this node knows up to ${LAYOUT_VERSION})`);
  }
  conn
    .transaction(() => {
      conn.exec(LAYOUT);
      conn.pragma(`user_version = ${LAYOUT_VERSION}`);
    })
    .immediate();
}

/** A write op resolved against the store's metadata, with every key encoded, before the transaction starts. */
type PreparedOp =
  | { type: 'delete'; store: StoreMeta; key: Buffer }
  | { type: 'put' | 'add'; storeName: string; store: StoreMeta; key: Buffer; json: string; entries: IndexEntry[] };

interface IndexEntry {
  indexId: number;
  key: Buffer;
}

export class SqliteStorage implements StorageFactory {
  private readonly stmt: Statements;

  private constructor(private readonly conn: Sqlite.Database) {
    this.stmt = statements(conn);
  }

  /** Opens (creating) the file at `path`, durable and exclusively locked; throws DbError if it is held or unreadable. */
  static file(path: string): SqliteStorage {
    return SqliteStorage.connect(path, true);
  }

  /** A private in-memory database: nothing survives the process (tests, benchmarks). */
  static memory(): SqliteStorage {
    return SqliteStorage.connect(':memory:', false);
  }

  private static connect(path: string, onDisk: boolean): SqliteStorage {
    let conn: Sqlite.Database | undefined;
    try {
      // timeout 0: a file held by another process fails at once instead of waiting for it.
      conn = new Sqlite(path, { timeout: 0 });
      configure(conn, onDisk);
      return new SqliteStorage(conn);
    } catch (e) {
      conn?.close();
      throw toDbError(e, `cannot open the database file ${path}`);
    }
  }

  open(fullName: string, schema: DbSchema): Promise<Database> {
    try {
      checkSchema(schema);
      const stored = this.stmt.dbVersion.get(fullName)?.version ?? 0;
      if (stored > schema.version) {
        throw dbError(`database ${fullName} is at version ${stored}, this node knows up to ${schema.version}`);
      }
      if (stored < schema.version) this.upgrade(fullName, schema);
      return Promise.resolve(new SqliteDatabase(fullName, schema.version, this.loadStores(fullName), this.conn, this.stmt));
    } catch (e) {
      return Promise.reject(toDbError(e, `cannot open database ${fullName}`));
    }
  }

  /** Closes the file (checkpointing the WAL); databases opened from it fail afterwards. */
  close(): void {
    this.conn.close();
  }

  /** Brings the database's stores and indexes to `schema` in one transaction: all of it or none. */
  private upgrade(fullName: string, schema: DbSchema): void {
    try {
      this.conn.transaction(() => {
        this.stmt.setDbVersion.run(fullName, schema.version);
        const existing = this.loadStores(fullName);
        for (const [name, meta] of existing) if (!(name in schema.stores)) this.stmt.dropStore.run(meta.id);
        for (const [name, spec] of Object.entries(schema.stores)) {
          let store = existing.get(name);
          if (store && JSON.stringify(store.keyPath) !== JSON.stringify(spec.keyPath)) {
            throw new DataError(`store ${name}: its key path changed, which needs a data migration`);
          }
          if (!store) {
            const id = Number(this.stmt.addStore.run(fullName, name, JSON.stringify(spec.keyPath)).lastInsertRowid);
            store = { id, keyPath: spec.keyPath, indexes: new Map() };
          }
          this.upgradeIndexes(store, spec.indexes ?? {});
        }
      }).immediate();
    } catch (e) {
      throw toDbError(e, `migrating database ${fullName} to version ${schema.version} failed`);
    }
  }

  private upgradeIndexes(store: StoreMeta, wanted: Readonly<Record<string, KeyPath>>): void {
    for (const [name, index] of store.indexes) {
      const path = wanted[name];
      if (path === undefined || JSON.stringify(path) !== JSON.stringify(index.keyPath)) {
        this.stmt.dropIndex.run(index.id);
        store.indexes.delete(name);
      }
    }
    for (const [name, path] of Object.entries(wanted)) {
      if (store.indexes.has(name)) continue;
      const id = Number(this.stmt.addIndex.run(store.id, name, JSON.stringify(path)).lastInsertRowid);
      for (const { value } of this.stmt.getAll.all(store.id)) {
        const record: unknown = JSON.parse(value);
        const indexKey = keyAt(record, path);
        if (indexKey !== undefined) this.stmt.addEntry.run(id, encodeKey(indexKey), encodeKey(keyAt(record, store.keyPath)));
      }
      store.indexes.set(name, { id, keyPath: path });
    }
  }

  private loadStores(fullName: string): Map<string, StoreMeta> {
    const stores = new Map<string, StoreMeta>();
    for (const row of this.stmt.stores.all(fullName)) {
      const indexes = new Map<string, IndexMeta>();
      for (const index of this.stmt.indexes.all(row.id)) {
        indexes.set(index.name, { id: index.id, keyPath: JSON.parse(index.key_path) as KeyPath });
      }
      stores.set(row.name, { id: row.id, keyPath: JSON.parse(row.key_path) as KeyPath, indexes });
    }
    return stores;
  }
}

class SqliteDatabase implements Database {
  private closed = false;

  constructor(
    readonly name: string,
    readonly version: number,
    private readonly stores: ReadonlyMap<string, StoreMeta>,
    private readonly conn: Sqlite.Database,
    private readonly stmt: Statements,
  ) {}

  get(store: string, key: Key): Promise<unknown> {
    return this.run(() => {
      const row = this.stmt.get.get(this.store(store).id, encodeKey(key));
      return row ? (JSON.parse(row.value) as unknown) : undefined;
    });
  }

  getAll(store: string): Promise<unknown[]> {
    return this.run(() => this.stmt.getAll.all(this.store(store).id).map((r) => JSON.parse(r.value) as unknown));
  }

  getAllFromIndex(store: string, index: string, key: Key): Promise<unknown[]> {
    return this.run(() => {
      const meta = this.store(store);
      const indexMeta = meta.indexes.get(index);
      if (!indexMeta) throw new NotFoundError(`no index ${index} in ${store}`);
      return this.stmt.getAllFromIndex.all(meta.id, indexMeta.id, encodeKey(key)).map((r) => JSON.parse(r.value) as unknown);
    });
  }

  write(ops: readonly WriteOp[]): Promise<void> {
    return this.run(() => {
      if (ops.length === 0) return;
      const prepared = ops.map((op) => this.prepare(op));
      this.conn.transaction(() => {
        for (const op of prepared) this.apply(op);
      }).immediate();
    });
  }

  close(): void {
    this.closed = true;
  }

  /** Runs a synchronous step, its result or error becoming the promise's. */
  private run<T>(step: () => T): Promise<T> {
    try {
      if (this.closed) throw new InvalidStateError(`database ${this.name} is closed`);
      return Promise.resolve(step());
    } catch (e) {
      return Promise.reject(e as Error);
    }
  }

  private store(name: string): StoreMeta {
    const store = this.stores.get(name);
    if (!store) throw new NotFoundError(`no object store ${name} in ${this.name}`);
    return store;
  }

  private prepare(op: WriteOp): PreparedOp {
    const store = this.store(op.store);
    if (op.type === 'delete') return { type: op.type, store, key: encodeKey(op.key) };
    checkJsonValue(op.value, op.store);
    const key = keyAt(op.value, store.keyPath);
    if (key === undefined) throw new DataError(`${op.store}: the record has no valid key at ${JSON.stringify(store.keyPath)}`);
    const entries: IndexEntry[] = [];
    for (const index of store.indexes.values()) {
      const indexKey = keyAt(op.value, index.keyPath);
      if (indexKey !== undefined) entries.push({ indexId: index.id, key: encodeKey(indexKey) });
    }
    return { type: op.type, storeName: op.store, store, key: encodeKey(key), json: JSON.stringify(op.value), entries };
  }

  private apply(op: PreparedOp): void {
    const { store, key } = op;
    if (op.type === 'add' && this.stmt.has.get(store.id, key)) throw new KeyExistsError(op.storeName);
    for (const index of store.indexes.values()) this.stmt.dropEntries.run(index.id, key);
    if (op.type === 'delete') {
      this.stmt.delete.run(store.id, key);
      return;
    }
    this.stmt.put.run(store.id, key, op.json);
    for (const entry of op.entries) this.stmt.addEntry.run(entry.indexId, entry.key, key);
  }
}

/** IndexedDB's names for the same failures, so stores report them alike whatever the engine. */
class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}

class InvalidStateError extends Error {
  override readonly name = 'InvalidStateError';
}
