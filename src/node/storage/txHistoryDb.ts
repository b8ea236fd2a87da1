import { dbName } from './dbName.js';
import { toDbError } from './dbError.js';
import type { Database, DbSchema, StorageFactory, WriteOp } from './storage.js';

/** One transaction of a coin's history; `details` is the coins domain's record (JSON values only). */
export interface StoredTx<T> {
  coin: string;
  internal_id: string;
  block_height: number;
  details: T;
}

const STORE = 'tx_history';
const BY_COIN = 'coin';

const TX_HISTORY_DB: DbSchema = {
  db: 'tx_history',
  version: 1,
  stores: { [STORE]: { keyPath: ['coin', 'internal_id'], indexes: { [BY_COIN]: 'coin' } } },
};

/**
 * A wallet's transaction histories (`MAIN::<rmd160>::tx_history`, as KDF names it), so history
 * survives a reload and only new transactions are fetched again.
 */
export class TxHistoryStore<T> {
  private constructor(private readonly db: Database) {}

  static async open<T>(storage: StorageFactory, walletRmd160: string): Promise<TxHistoryStore<T>> {
    const fullName = dbName(walletRmd160, TX_HISTORY_DB.db);
    try {
      return new TxHistoryStore<T>(await storage.open(fullName, TX_HISTORY_DB));
    } catch (e) {
      throw toDbError(e, `cannot open database ${fullName}`);
    }
  }

  async all(coin: string): Promise<StoredTx<T>[]> {
    try {
      return (await this.db.getAllFromIndex(STORE, BY_COIN, coin)) as StoredTx<T>[];
    } catch (e) {
      throw toDbError(e, `cannot read the history of ${coin}`);
    }
  }

  /** Writes and deletes in one transaction, so the history is never half updated. */
  async update(put: StoredTx<T>[], remove: { coin: string; internal_id: string }[]): Promise<void> {
    const ops: WriteOp[] = [
      ...put.map((r): WriteOp => ({ type: 'put', store: STORE, value: r })),
      ...remove.map((r): WriteOp => ({ type: 'delete', store: STORE, key: [r.coin, r.internal_id] })),
    ];
    try {
      await this.db.write(ops);
    } catch (e) {
      throw toDbError(e, 'cannot save the transaction history');
    }
  }

  close(): void {
    this.db.close();
  }
}
