/**
 * IndexedDB under Node.js, from fake-indexeddb (in memory: nothing survives a restart), so tests
 * can run the browser's storage engine outside a browser.
 * idb's `wrap` recognises IndexedDB objects with `instanceof IDBRequest` etc., so the interface
 * classes become globals; `indexedDB` itself never does: code must use the factory it is given.
 */
import * as fake from 'fake-indexeddb';
import { indexedDbStorage, type StorageFactory } from '../../src/node/storage';

const classes = {
  IDBCursor: fake.IDBCursor,
  IDBCursorWithValue: fake.IDBCursorWithValue,
  IDBDatabase: fake.IDBDatabase,
  IDBIndex: fake.IDBIndex,
  IDBKeyRange: fake.IDBKeyRange,
  IDBObjectStore: fake.IDBObjectStore,
  IDBOpenDBRequest: fake.IDBOpenDBRequest,
  IDBRequest: fake.IDBRequest,
  IDBTransaction: fake.IDBTransaction,
};
for (const [name, value] of Object.entries(classes)) {
  if (name in globalThis) continue;
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

/** A raw, empty IndexedDB factory. */
export function freshIdbFactory(): IDBFactory {
  return new fake.IDBFactory();
}

/** The browser's storage engine on an empty in-memory IndexedDB. */
export function freshIndexedDb(): StorageFactory {
  return indexedDbStorage(freshIdbFactory());
}
