/**
 * The browser's storage engine: the storage interface on IndexedDB (through `idb`), one IndexedDB
 * database per full name, as KDF's WASM build names them.
 */
import type { IDBPDatabase, IDBPObjectStore, IDBPTransaction } from 'idb';
import { checkJsonValue, checkSchema, DataError } from './checks.js';
import { openUpgraded, type Upgrade } from './db.js';
import { toDbError } from './dbError.js';
import { KeyExistsError, type Database, type DbSchema, type Key, type KeyPath, type StorageFactory, type WriteOp } from './storage.js';

export function indexedDbStorage(factory: IDBFactory): StorageFactory {
  return {
    async open(fullName, schema) {
      try {
        checkSchema(schema);
      } catch (e) {
        throw toDbError(e, `cannot open database ${fullName}`);
      }
      return new IndexedDbDatabase(await openUpgraded(factory, fullName, schema.version, upgradeTo(schema)));
    },
  };
}

/** Brings the stores and indexes to the schema's: creates what is missing, drops what is no longer listed. */
function upgradeTo(schema: DbSchema): Upgrade {
  return (db, tx) => {
    for (const name of [...db.objectStoreNames]) if (!(name in schema.stores)) db.deleteObjectStore(name);
    for (const [name, spec] of Object.entries(schema.stores)) {
      let store: IDBPObjectStore<unknown, string[], string, 'versionchange'>;
      if (db.objectStoreNames.contains(name)) {
        store = tx.objectStore(name);
        if (!sameKeyPath(store.keyPath, spec.keyPath)) {
          throw new DataError(`store ${name}: its key path changed, which needs a data migration`);
        }
      } else {
        store = db.createObjectStore(name, { keyPath: idbKeyPath(spec.keyPath) });
      }
      const wanted = spec.indexes ?? {};
      for (const index of [...store.indexNames]) {
        const path = wanted[index];
        if (path === undefined || !sameKeyPath(store.index(index).keyPath, path)) store.deleteIndex(index);
      }
      for (const [index, path] of Object.entries(wanted)) {
        if (!store.indexNames.contains(index)) store.createIndex(index, idbKeyPath(path));
      }
    }
  };
}

const idbKeyPath = (path: KeyPath): string | string[] => (typeof path === 'string' ? path : [...path]);

function sameKeyPath(stored: string | string[] | null, wanted: KeyPath): boolean {
  return JSON.stringify(stored) === JSON.stringify(wanted);
}

class IndexedDbDatabase implements Database {
  constructor(private readonly db: IDBPDatabase<unknown>) {}

  get name(): string {
    return this.db.name;
  }

  get version(): number {
    return this.db.version;
  }

  get(store: string, key: Key): Promise<unknown> {
    return this.db.get(store, key as IDBValidKey);
  }

  getAll(store: string): Promise<unknown[]> {
    return this.db.getAll(store);
  }

  getAllFromIndex(store: string, index: string, key: Key): Promise<unknown[]> {
    return this.db.getAllFromIndex(store, index, key as IDBValidKey);
  }

  async write(ops: readonly WriteOp[]): Promise<void> {
    if (ops.length === 0) return;
    for (const op of ops) if (op.type !== 'delete') checkJsonValue(op.value, op.store);
    const tx = this.db.transaction([...new Set(ops.map((op) => op.store))], 'readwrite');
    const requests: Promise<unknown>[] = [];
    try {
      for (const op of ops) requests.push(request(tx, op));
    } catch (e) {
      // A request refused at once (a record without a valid key): nothing may be committed.
      tx.abort();
      await tx.done.catch(() => undefined);
      await Promise.allSettled(requests);
      throw e;
    }
    // The first failed request in op order is the cause; the ones after it only saw the abort.
    const failed = (await Promise.allSettled(requests)).find((r) => r.status === 'rejected');
    try {
      await tx.done;
    } catch (e) {
      throw failed ? failed.reason : e;
    }
    if (failed) throw failed.reason;
  }

  close(): void {
    this.db.close();
  }
}

function request(tx: IDBPTransaction<unknown, string[], 'readwrite'>, op: WriteOp): Promise<unknown> {
  const store = tx.objectStore(op.store);
  switch (op.type) {
    case 'put':
      return store.put(op.value);
    case 'delete':
      return store.delete(op.key as IDBValidKey);
    case 'add':
      return store.add(op.value).catch((e: unknown) => {
        throw e instanceof DOMException && e.name === 'ConstraintError' ? new KeyExistsError(op.store, { cause: e }) : e;
      });
  }
}
