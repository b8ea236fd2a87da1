/**
 * The headless host's databases: `dbdir` (KDF's conf key; by default `DB` beside the conf file, a
 * relative path being relative to the conf file too), created if missing, locked for this process
 * (`dbdirLock.ts`), every database in the one SQLite file `kdf-node.sqlite3` in it.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { lockDbdir } from './dbdirLock';
import { SqliteStorage } from './sqliteStorage';

export const DEFAULT_DBDIR = 'DB';
export const DB_FILE = 'kdf-node.sqlite3';

export interface HostDbdir {
  readonly dir: string;
  readonly storage: SqliteStorage;
  /** Closes the database file and releases the lock; safe to call twice. */
  close(): void;
}

/** Where the conf at `confPath` keeps its databases. */
export function dbdirPath(confPath: string, dbdir: unknown): string {
  if (dbdir !== undefined && (typeof dbdir !== 'string' || dbdir.trim() === '')) {
    throw new Error("conf: 'dbdir' must be a non-empty path");
  }
  return resolve(dirname(confPath), dbdir ?? DEFAULT_DBDIR);
}

export function openDbdir(dir: string): HostDbdir {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lock = lockDbdir(dir);
  let storage: SqliteStorage;
  try {
    storage = SqliteStorage.file(join(dir, DB_FILE));
  } catch (e) {
    lock.release();
    throw e;
  }
  let open = true;
  return {
    dir,
    storage,
    close() {
      if (!open) return;
      open = false;
      storage.close();
      lock.release();
    },
  };
}
