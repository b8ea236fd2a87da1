import { dbName } from './dbName.js';
import { toDbError } from './dbError.js';
import type { Database, DbSchema, StorageFactory } from './storage.js';

/** One HD account of a coin; the rest of the record belongs to the coins domain (JSON values only). */
export interface StoredHdAccount {
  coin: string;
  account_id: number;
}

const STORE = 'hd_account';
const BY_COIN = 'coin';

const HD_WALLET_DB: DbSchema = {
  db: 'hd_wallet',
  version: 1,
  stores: { [STORE]: { keyPath: ['coin', 'account_id'], indexes: { [BY_COIN]: 'coin' } } },
};

/**
 * The HD accounts a wallet has used, per coin (`MAIN::<rmd160>::hd_wallet`, table `hd_account`,
 * as KDF names them), with how many addresses of each chain are known, so that an unlock
 * reports them without scanning again.
 */
export class HdAccountsStore {
  private constructor(private readonly db: Database) {}

  static async open(storage: StorageFactory, walletRmd160: string): Promise<HdAccountsStore> {
    const fullName = dbName(walletRmd160, HD_WALLET_DB.db);
    try {
      return new HdAccountsStore(await storage.open(fullName, HD_WALLET_DB));
    } catch (e) {
      throw toDbError(e, `cannot open database ${fullName}`);
    }
  }

  /** The coin's records as stored: unchecked data from disk. */
  async all(coin: string): Promise<unknown[]> {
    try {
      return await this.db.getAllFromIndex(STORE, BY_COIN, coin);
    } catch (e) {
      throw toDbError(e, `cannot read the HD accounts of ${coin}`);
    }
  }

  async put(record: StoredHdAccount): Promise<void> {
    try {
      await this.db.write([{ type: 'put', store: STORE, value: record }]);
    } catch (e) {
      throw toDbError(e, `cannot save HD account ${record.account_id} of ${record.coin}`);
    }
  }

  close(): void {
    this.db.close();
  }
}
