import { dbName } from './dbName.js';
import { toDbError } from './dbError.js';
import type { Database, DbSchema, StorageFactory } from './storage.js';

/**
 * One stored swap: its uuid, the filter fields `my_recent_swaps` selects by (KDF's `my_swaps`
 * table) and the saved swap itself, whose content belongs to the swaps domain (JSON values only).
 */
export interface StoredSwapRecord {
  uuid: string;
  /** Unix seconds. */
  started_at: number;
  my_coin: string;
  other_coin: string;
  /** 1 once the swap's last event is `Finished` (KDF's BoolAsInt). */
  is_finished: 0 | 1;
  saved_swap: unknown;
}

export const SAVED_SWAPS = 'saved_swap';

const SWAP_DB: DbSchema = {
  db: 'swap',
  version: 1,
  stores: {
    [SAVED_SWAPS]: { keyPath: 'uuid', indexes: { is_finished: 'is_finished' } },
  },
};

/**
 * A wallet's swaps (`MAIN::<rmd160>::swap`, KDF's WASM database and table names). A swap is one
 * record rewritten whole on every new event, so appending an event is a single atomic put: a
 * crash leaves the swap at its previous event or at the new one, never half-written.
 */
export class SwapsStore {
  private constructor(private readonly db: Database) {}

  static async open(storage: StorageFactory, walletRmd160: string): Promise<SwapsStore> {
    const fullName = dbName(walletRmd160, SWAP_DB.db);
    try {
      return new SwapsStore(await storage.open(fullName, SWAP_DB));
    } catch (e) {
      throw toDbError(e, `cannot open database ${fullName}`);
    }
  }

  async get(uuid: string): Promise<unknown> {
    try {
      return await this.db.get(SAVED_SWAPS, uuid);
    } catch (e) {
      throw toDbError(e, `cannot read swap ${uuid}`);
    }
  }

  async all(): Promise<unknown[]> {
    try {
      return await this.db.getAll(SAVED_SWAPS);
    } catch (e) {
      throw toDbError(e, 'cannot read swaps');
    }
  }

  async unfinished(): Promise<unknown[]> {
    try {
      return await this.db.getAllFromIndex(SAVED_SWAPS, 'is_finished', 0);
    } catch (e) {
      throw toDbError(e, 'cannot read unfinished swaps');
    }
  }

  async put(record: StoredSwapRecord): Promise<void> {
    try {
      await this.db.write([{ type: 'put', store: SAVED_SWAPS, value: record }]);
    } catch (e) {
      throw toDbError(e, `cannot save swap ${record.uuid}`);
    }
  }

  close(): void {
    this.db.close();
  }
}
