import type { IDBPDatabase } from 'idb';
import { openDb, type DbSpec } from './db.js';
import { dbName } from './dbName.js';
import { toDbError } from './dbError.js';

/** One transaction of a coin's history; `details` is the coins domain's record, opaque here. */
export interface StoredTx<T> {
  coin: string;
  internal_id: string;
  block_height: number;
  details: T;
}

const STORE = 'tx_history';
const BY_COIN = 'coin';

const TX_HISTORY_DB: DbSpec = {
  db: 'tx_history',
  version: 1,
  migrations: {
    1: (db) => {
      const store = db.createObjectStore(STORE, { keyPath: ['coin', 'internal_id'] });
      store.createIndex(BY_COIN, 'coin');
    },
  },
};

/**
 * A wallet's transaction histories (`MAIN::<rmd160>::tx_history`, as KDF names it), so history
 * survives a reload and only new transactions are fetched again.
 */
export class TxHistoryStore<T> {
  private constructor(private readonly db: IDBPDatabase<unknown>) {}

  static async open<T>(factory: IDBFactory, walletRmd160: string): Promise<TxHistoryStore<T>> {
    return new TxHistoryStore<T>(await openDb(factory, dbName(walletRmd160, TX_HISTORY_DB.db), TX_HISTORY_DB));
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
    if (put.length === 0 && remove.length === 0) return;
    try {
      const tx = this.db.transaction(STORE, 'readwrite');
      await Promise.all([
        ...put.map((r) => tx.store.put(r)),
        ...remove.map((r) => tx.store.delete([r.coin, r.internal_id])),
        tx.done,
      ]);
    } catch (e) {
      throw toDbError(e, 'cannot save the transaction history');
    }
  }

  close(): void {
    this.db.close();
  }
}
