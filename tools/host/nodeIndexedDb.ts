/**
 * IndexedDB under Node.js, from fake-indexeddb (in memory: nothing survives a restart).
 * idb's `wrap` recognises IndexedDB objects with `instanceof IDBRequest` etc., so the interface
 * classes become globals; `indexedDB` itself never does: code must use the factory it is given.
 */
import * as fake from 'fake-indexeddb';

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

export function freshIndexedDb(): IDBFactory {
  return new fake.IDBFactory();
}
