/** Both storage engines, so every behaviour test runs against each: the browser's and the host's. */
import type { StorageFactory } from '../../../../src/node/storage';
import { freshIndexedDb } from '../../../../tools/host/nodeIndexedDb';
import { SqliteStorage } from '../../../../tools/host/sqliteStorage';

export interface Engine {
  name: string;
  /** An empty storage. */
  fresh(): StorageFactory;
}

export const engines: Engine[] = [
  { name: 'IndexedDB', fresh: freshIndexedDb },
  { name: 'SQLite', fresh: () => SqliteStorage.memory() },
];
