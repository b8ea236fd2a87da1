import { MmError } from '../errors.js';
import { dbName, SHARED_DB_OWNER } from './dbName.js';
import { toDbError } from './dbError.js';
import { KeyExistsError, type Database, type DbSchema, type StorageFactory } from './storage.js';

/** One saved wallet, a row of KDF's `mnemonics` table. */
export interface StoredWallet {
  wallet_name: string;
  encrypted_passphrase: unknown /* opaque JSON from the crypto domain */;
  enable_hd: boolean;
  created_at: number /* ms */;
}

const STORE = 'mnemonics';

const WALLETS_DB: DbSchema = {
  db: 'wallets',
  version: 1,
  stores: { [STORE]: { keyPath: 'wallet_name' } },
};

/**
 * The wallets every user of this browser profile (or host `dbdir`) has saved, in the database
 * shared by all wallets (`MAIN::KOMODEFI::wallets`), so the login page can list them before any
 * key exists.
 */
export class WalletsStore {
  private constructor(private readonly db: Database) {}

  static async open(storage: StorageFactory): Promise<WalletsStore> {
    const fullName = dbName(SHARED_DB_OWNER, WALLETS_DB.db);
    try {
      return new WalletsStore(await storage.open(fullName, WALLETS_DB));
    } catch (e) {
      throw toDbError(e, `cannot open database ${fullName}`);
    }
  }

  /** Wallet names in ascending order (records come back in key order). */
  async names(): Promise<string[]> {
    try {
      return ((await this.db.getAll(STORE)) as StoredWallet[]).map((w) => w.wallet_name);
    } catch (e) {
      throw toDbError(e, 'cannot list wallets');
    }
  }

  async get(walletName: string): Promise<StoredWallet | undefined> {
    try {
      return (await this.db.get(STORE, walletName)) as StoredWallet | undefined;
    } catch (e) {
      throw toDbError(e, `cannot read wallet '${walletName}'`);
    }
  }

  /** Inserts a new wallet; `add` (not `put`) makes an existing name fail without touching it. */
  async add(wallet: StoredWallet): Promise<void> {
    try {
      await this.db.write([{ type: 'add', store: STORE, value: wallet }]);
    } catch (e) {
      if (e instanceof KeyExistsError) throw walletAlreadyExists(wallet.wallet_name, e);
      throw toDbError(e, `cannot save wallet '${wallet.wallet_name}'`);
    }
  }

  /** Overwrites a stored wallet in one write (a new wallet password), so it is never missing in between. */
  async replace(wallet: StoredWallet): Promise<void> {
    try {
      await this.db.write([{ type: 'put', store: STORE, value: wallet }]);
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
        { type: 'add', store: STORE, value: wallet },
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
    } catch (e) {
      throw toDbError(e, `cannot delete wallet '${walletName}'`);
    }
  }

  close(): void {
    this.db.close();
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
