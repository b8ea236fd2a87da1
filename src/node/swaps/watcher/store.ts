/**
 * The swaps this node watches (beyond KDF, which keeps them in memory): `MAIN::<rmd160>::swap_watcher`,
 * one record per swap rewritten whole on each state change, so a restarted watcher resumes where it
 * was and still refuses a message it has seen. A record is kept until `expires_at` (KDF forgets a
 * taker fee hash after TAKER_SWAP_ENTRY_TIMEOUT_SEC), then dropped at the next start.
 */
import { dbName } from '../../storage/dbName';
import { toDbError } from '../../storage/dbError';
import type { Database, DbSchema, StorageFactory } from '../../storage/storage';
import type { WatcherState } from './states';

export interface WatchedSwapRecord {
  uuid: string;
  /** Hex of the taker fee's txid: KDF's per-fee-hash lock, one watch per fee. */
  fee_hash: string;
  /** 1 while the machine runs (not Stopped): what a restart resumes. */
  active: 0 | 1;
  /** Hex of the signed message's payload, as received: the whole swap is read from it again on resume. */
  message: string;
  /** Hex of the key that signed it (the taker's). */
  taker_pub: string;
  /** Unix seconds. */
  received_at: number;
  expires_at: number;
  state: WatcherState;
  /** Each state entered, with when (unix seconds). */
  history: { state: WatcherState['type']; at: number }[];
}

const WATCHED = 'watched_swap';

const WATCHER_DB: DbSchema = {
  db: 'swap_watcher',
  version: 1,
  stores: { [WATCHED]: { keyPath: 'uuid', indexes: { fee_hash: 'fee_hash', active: 'active' } } },
};

/** What the watcher needs of its storage (the database, or a map in tests and the bench). */
export interface WatchedSwapsDb {
  get(uuid: string): Promise<WatchedSwapRecord | undefined>;
  byFeeHash(feeHash: string): Promise<WatchedSwapRecord[]>;
  active(): Promise<WatchedSwapRecord[]>;
  all(): Promise<WatchedSwapRecord[]>;
  put(record: WatchedSwapRecord): Promise<void>;
  delete(uuids: readonly string[]): Promise<void>;
  close(): void;
}

export class WatcherStore implements WatchedSwapsDb {
  private constructor(private readonly db: Database) {}

  static async open(storage: StorageFactory, walletRmd160: string): Promise<WatcherStore> {
    const fullName = dbName(walletRmd160, WATCHER_DB.db);
    try {
      return new WatcherStore(await storage.open(fullName, WATCHER_DB));
    } catch (e) {
      throw toDbError(e, `cannot open database ${fullName}`);
    }
  }

  async get(uuid: string): Promise<WatchedSwapRecord | undefined> {
    return (await this.read(() => this.db.get(WATCHED, uuid), `watched swap ${uuid}`)) as WatchedSwapRecord | undefined;
  }

  async byFeeHash(feeHash: string): Promise<WatchedSwapRecord[]> {
    return (await this.read(() => this.db.getAllFromIndex(WATCHED, 'fee_hash', feeHash), 'watched swaps')) as WatchedSwapRecord[];
  }

  async active(): Promise<WatchedSwapRecord[]> {
    return (await this.read(() => this.db.getAllFromIndex(WATCHED, 'active', 1), 'watched swaps')) as WatchedSwapRecord[];
  }

  async all(): Promise<WatchedSwapRecord[]> {
    return (await this.read(() => this.db.getAll(WATCHED), 'watched swaps')) as WatchedSwapRecord[];
  }

  async put(record: WatchedSwapRecord): Promise<void> {
    try {
      await this.db.write([{ type: 'put', store: WATCHED, value: record }]);
    } catch (e) {
      throw toDbError(e, `cannot save watched swap ${record.uuid}`);
    }
  }

  async delete(uuids: readonly string[]): Promise<void> {
    if (uuids.length === 0) return;
    try {
      await this.db.write(uuids.map((key) => ({ type: 'delete' as const, store: WATCHED, key })));
    } catch (e) {
      throw toDbError(e, 'cannot delete expired watched swaps');
    }
  }

  close(): void {
    this.db.close();
  }

  private async read<T>(op: () => Promise<T>, what: string): Promise<T> {
    try {
      return await op();
    } catch (e) {
      throw toDbError(e, `cannot read ${what}`);
    }
  }
}
