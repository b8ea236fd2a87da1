import { wrap, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { MmError } from '../core/errors.js';
import { dbError, toDbError } from './dbError.js';

/**
 * One schema step, run inside the `versionchange` transaction. It may be async, but may only await
 * requests made on `tx` (or `db` stores within it): awaiting anything else lets IndexedDB commit the
 * transaction half-way.
 */
export type Migration = (
  db: IDBPDatabase<unknown>,
  tx: IDBPTransaction<unknown, string[], 'versionchange'>,
) => void | Promise<void>;

export interface DbSpec {
  /** Short name (`wallets`, `swap`); the full name comes from `dbName`. */
  db: string;
  version: number;
  /** migrations[v] upgrades from v-1 to v; keys 1..version all present */
  migrations: Readonly<Record<number, Migration>>;
}

/**
 * A database's whole upgrade from `oldVersion` (0: new), run inside the `versionchange`
 * transaction, with the same await rule as a `Migration`.
 */
export type Upgrade = (
  db: IDBPDatabase<unknown>,
  tx: IDBPTransaction<unknown, string[], 'versionchange'>,
  oldVersion: number,
) => void | Promise<void>;

/**
 * Opens `fullName` at `spec.version`, running the missing migrations in order inside one upgrade
 * transaction, so an upgrade either completes or leaves the old version untouched.
 */
export async function openDb(factory: IDBFactory, fullName: string, spec: DbSpec): Promise<IDBPDatabase<unknown>> {
  const steps = checkedMigrations(spec);
  return openUpgraded(factory, fullName, spec.version, (db, tx, oldVersion) => runMigrations(db, tx, oldVersion, steps));
}

/**
 * Opens `fullName` at `version`, running `upgrade` when the stored version is older; a failing
 * upgrade aborts and leaves the old version untouched, a newer stored version is refused. The
 * connection closes itself when another tab asks for a newer version, so that tab's upgrade is
 * never blocked.
 */
export async function openUpgraded(
  factory: IDBFactory,
  fullName: string,
  version: number,
  upgrade: Upgrade,
): Promise<IDBPDatabase<unknown>> {
  try {
    return wrap(await openRaw(factory, fullName, version, upgrade));
  } catch (e) {
    if (e instanceof DOMException && e.name === 'VersionError') {
      throw await newerVersionError(factory, fullName, version, e);
    }
    throw toDbError(e, `cannot open database ${fullName}`);
  }
}

/** The spec's migrations as a list, index 0 upgrading to version 1. */
function checkedMigrations(spec: DbSpec): Migration[] {
  if (!Number.isSafeInteger(spec.version) || spec.version < 1) {
    throw dbError(`database ${spec.db}: invalid version ${spec.version}`);
  }
  const steps: Migration[] = [];
  for (let v = 1; v <= spec.version; v++) {
    const step = spec.migrations[v];
    if (typeof step !== 'function') throw dbError(`database ${spec.db}: no migration to version ${v}`);
    steps.push(step);
  }
  return steps;
}

/** A migration's own error, remembered so the abort it causes is reported with its real reason. */
class MigrationFailure {
  constructor(
    readonly version: number,
    readonly cause: unknown,
  ) {}

  toMmError(fullName: string): MmError {
    return toDbError(this.cause, `migrating database ${fullName} to version ${this.version} failed`);
  }
}

function openRaw(
  factory: IDBFactory,
  fullName: string,
  version: number,
  upgrade: Upgrade,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(fullName, version);
    let migrationError: MigrationFailure | undefined;
    let gaveUp = false;

    request.onupgradeneeded = (event) => {
      const tx = request.transaction;
      if (!tx) return; // never null during upgradeneeded
      runUpgrade(request.result, tx, event.oldVersion, upgrade).catch((e: unknown) => {
        migrationError = e instanceof MigrationFailure ? e : new MigrationFailure(version, e);
        try {
          tx.abort();
        } catch {
          // Already committed: the success handler reports the failure instead.
        }
      });
    };
    // Only a connection that ignores `versionchange` (not one of ours) can block us; waiting on it
    // could take forever, so say so now and close the connection if it still opens later.
    request.onblocked = () => {
      gaveUp = true;
      const message = `database ${fullName} is held open at an older version by another tab; close it and retry`;
      reject(dbError(message));
    };
    request.onsuccess = () => {
      const db = request.result;
      if (gaveUp || migrationError) {
        db.close();
        if (migrationError) reject(migrationError.toMmError(fullName));
        return;
      }
      db.addEventListener('versionchange', () => db.close());
      resolve(db);
    };
    request.onerror = () => {
      reject(migrationError ? migrationError.toMmError(fullName) : request.error);
    };
  });
}

async function runUpgrade(raw: IDBDatabase, rawTx: IDBTransaction, oldVersion: number, upgrade: Upgrade): Promise<void> {
  const tx = wrap(rawTx) as unknown as IDBPTransaction<unknown, string[], 'versionchange'>;
  // idb makes a `done` promise for every wrapped transaction; the open request already reports
  // an aborted upgrade, so an unobserved rejection here would only be noise.
  tx.done.catch(() => undefined);
  await upgrade(wrap(raw), tx, oldVersion);
}

async function runMigrations(
  db: IDBPDatabase<unknown>,
  tx: IDBPTransaction<unknown, string[], 'versionchange'>,
  oldVersion: number,
  steps: readonly Migration[],
): Promise<void> {
  for (let v = oldVersion + 1; v <= steps.length; v++) {
    try {
      await steps[v - 1]?.(db, tx);
    } catch (e) {
      throw new MigrationFailure(v, e);
    }
  }
}

/** The error for a database written by a newer node, naming its stored version when it can be read. */
async function newerVersionError(
  factory: IDBFactory,
  fullName: string,
  known: number,
  cause: unknown,
): Promise<MmError> {
  let stored = 'a newer version';
  try {
    // Opening without a version never upgrades, so this probe changes nothing.
    const db = await wrap(factory.open(fullName));
    if (db) {
      stored = `version ${db.version}`;
      db.close();
    }
  } catch {
    // Keep the generic wording; the VersionError itself is the cause.
  }
  return dbError(`database ${fullName} is at ${stored}, this node knows up to ${known}`, cause);
}
