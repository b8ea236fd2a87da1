import { MmError } from '../core/errors.js';
import { dbName, SHARED_DB_OWNER } from './dbName.js';
import { dbError, toDbError } from './dbError.js';
import { KeyExistsError, type Database, type DbSchema, type StorageFactory } from './storage.js';
import { walletFromRecord, walletRecordKey, walletToRecord, type StoredWallet } from './walletRecord.js';

export type { StoredWallet } from './walletRecord.js';

/** Where unreadable rows are reported (the node's log). */
export type WalletsLog = (level: 'error', line: string) => void;

const STORE = 'mnemonics';

const WALLETS_DB: DbSchema = {
  db: 'wallets',
  version: 1,
  stores: { [STORE]: { keyPath: 'wallet_name' } },
};

/**
 * The wallets every user of this browser profile (or host `dbdir`) has saved, in the database
 * shared by all wallets (`MAIN::KOMODEFI::wallets`), so the login page can list them before any
 * key exists. Rows are validated when read: an unreadable one is logged once, counted, and left
 * out of the list (reading it by name is a DbError, so it is never taken for a free name).
 */
export class WalletsStore {
  /** Names (or `(no name)`) of the rows found unreadable, each reported once. */
  private readonly unreadable = new Set<string>();

  private constructor(
    private readonly db: Database,
    private readonly log: WalletsLog,
  ) {}

  static async open(storage: StorageFactory, log: WalletsLog = () => undefined): Promise<WalletsStore> {
    const fullName = dbName(SHARED_DB_OWNER, WALLETS_DB.db);
    try {
      return new WalletsStore(await storage.open(fullName, WALLETS_DB), log);
    } catch (e) {
      throw toDbError(e, `cannot open database ${fullName}`);
    }
  }

  /** How many stored wallets could not be read. */
  get unreadableRecords(): number {
    return this.unreadable.size;
  }

  /** Names of the readable wallets in ascending order (records come back in key order). */
  async names(): Promise<string[]> {
    let rows: unknown[];
    try {
      rows = await this.db.getAll(STORE);
    } catch (e) {
      throw toDbError(e, 'cannot list wallets');
    }
    const names: string[] = [];
    for (const raw of rows) {
      const wallet = this.decode(raw);
      if (wallet) names.push(wallet.wallet_name);
    }
    return names;
  }

  async get(walletName: string): Promise<StoredWallet | undefined> {
    let raw: unknown;
    try {
      raw = await this.db.get(STORE, walletName);
    } catch (e) {
      throw toDbError(e, `cannot read wallet '${walletName}'`);
    }
    if (raw === undefined) return undefined;
    const wallet = this.decode(raw);
    if (!wallet) throw dbError(`the stored wallet '${walletName}' is unreadable`);
    return wallet;
  }

  /** Inserts a new wallet; `add` (not `put`) makes an existing name fail without touching it. */
  async add(wallet: StoredWallet): Promise<void> {
    try {
      await this.db.write([{ type: 'add', store: STORE, value: walletToRecord(wallet) }]);
    } catch (e) {
      if (e instanceof KeyExistsError) throw walletAlreadyExists(wallet.wallet_name, e);
      throw toDbError(e, `cannot save wallet '${wallet.wallet_name}'`);
    }
  }

  /** Overwrites a stored wallet in one write (a new wallet password), so it is never missing in between. */
  async replace(wallet: StoredWallet): Promise<void> {
    try {
      await this.db.write([{ type: 'put', store: STORE, value: walletToRecord(wallet) }]);
    } catch (e) {
      throw toDbError(e, `cannot save wallet '${wallet.wallet_name}'`);
    }
  }

  /**
   * Stores `wallet` under its new name and drops `oldName` in one write: both or neither. A new name
   * that is taken fails with WalletAlreadyExists and changes nothing.
   */
  async rename(oldName: string, wallet: StoredWallet): Promise<void> {
    try {
      await this.db.write([
        { type: 'add', store: STORE, value: walletToRecord(wallet) },
        { type: 'delete', store: STORE, key: oldName },
      ]);
    } catch (e) {
      if (e instanceof KeyExistsError) throw walletAlreadyExists(wallet.wallet_name, e);
      throw toDbError(e, `cannot rename wallet '${oldName}'`);
    }
  }

  /** Removes a wallet; a name that is not stored is not an error. */
  async delete(walletName: string): Promise<void> {
    try {
      await this.db.write([{ type: 'delete', store: STORE, key: walletName }]);
      this.unreadable.delete(walletName);
    } catch (e) {
      throw toDbError(e, `cannot delete wallet '${walletName}'`);
    }
  }

  close(): void {
    this.db.close();
  }

  /**
   * The row's wallet; undefined (reported) when unreadable. An old row is read forward and not
   * written back: a write here could bring back a wallet renamed or deleted since it was read
   * (the store has no compare-and-set), so it takes the current version when it is next saved.
   */
  private decode(raw: unknown): StoredWallet | undefined {
    try {
      return walletFromRecord(raw);
    } catch (e) {
      const key = walletRecordKey(raw);
      if (!this.unreadable.has(key)) {
        this.unreadable.add(key);
        this.log('error', `wallets: skipped the unreadable stored wallet ${key}: ${(e as Error).message}`);
      }
      return undefined;
    }
  }
}

function walletAlreadyExists(walletName: string, cause: unknown): MmError {
  return new MmError({
    errorType: 'WalletAlreadyExists',
    message: `Wallet '${walletName}' already exists`,
    errorData: walletName,
    httpStatus: 400,
    cause,
  });
}
