export { DB_NAMESPACE, SHARED_DB_OWNER, dbName } from './dbName.js';
export { openDb, type DbSpec, type Migration } from './db.js';
export {
  KeyExistsError,
  type Database,
  type DbSchema,
  type Key,
  type KeyPath,
  type StorageFactory,
  type StoreSchema,
  type WriteOp,
} from './storage.js';
export { checkJsonValue, checkSchema, DataError } from './checks.js';
export { indexedDbStorage } from './indexedDbStorage.js';
export { WalletsStore, type StoredWallet } from './walletsDb.js';
export { tryAcquireWalletLock, type WalletLock } from './tabLock.js';
export { TxHistoryStore, type StoredTx } from './txHistoryDb.js';
export { SwapsStore, SAVED_SWAPS, type StoredSwapRecord } from './swapsDb.js';
export { HdAccountsStore, type StoredHdAccount } from './hdAccountsDb.js';
