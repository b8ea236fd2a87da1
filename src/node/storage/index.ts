export { DB_NAMESPACE, SHARED_DB_OWNER, dbName } from './dbName.js';
export { openDb, type DbSpec, type Migration } from './db.js';
export { WalletsStore, type StoredWallet } from './walletsDb.js';
export { tryAcquireWalletLock, type WalletLock } from './tabLock.js';
export { TxHistoryStore, type StoredTx } from './txHistoryDb.js';
