import { dbError } from './dbError.js';

/** KDF's default namespace; KDF tests use `TEST_<n>` instead. */
export const DB_NAMESPACE = 'MAIN';
/** Owner of databases shared by every wallet (KDF's `wallets` database). */
export const SHARED_DB_OWNER = 'KOMODEFI';

const RMD160_HEX = /^[0-9a-f]{40}$/;
const DB = /^[a-z0-9_]+$/;
const NAMESPACE = /^[A-Z0-9_]+$/;

/**
 * The IndexedDB name KDF gives a database, `"<namespace>::<owner>::<db>"`, so a wallet's data
 * lives under the same names as in KDF's WASM build. `owner` is the hex hash160 of the wallet's
 * internal pubkey, or `SHARED_DB_OWNER`; the checks keep a malformed key from ever naming a
 * database (a wrong name would silently look like an empty wallet).
 */
export function dbName(owner: string, db: string, namespace = DB_NAMESPACE): string {
  if (owner !== SHARED_DB_OWNER && !RMD160_HEX.test(owner)) {
    throw dbError(
      `invalid database owner '${owner}': expected 40 lowercase hex characters or ${SHARED_DB_OWNER}`,
    );
  }
  if (!DB.test(db)) throw dbError(`invalid database name '${db}': expected [a-z0-9_]+`);
  if (!NAMESPACE.test(namespace)) {
    throw dbError(`invalid database namespace '${namespace}': expected [A-Z0-9_]+`);
  }
  return `${namespace}::${owner}::${db}`;
}
