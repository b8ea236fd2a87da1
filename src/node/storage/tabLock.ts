import { MmError } from '../core/errors.js';
import { errorMessage } from '../../shared/errorChain';

export interface WalletLock {
  release(): void;
}

/** Prefix keeping our lock names apart from other code on the origin (and off the reserved `-`). */
const LOCK_PREFIX = 'kdf-node::';

/**
 * Takes the lock that lets one tab at a time run the node for a wallet: two nodes on one wallet
 * would both answer swap messages and both write its database.
 * Resolves null when another tab (or worker) holds the lock. `locks` undefined (Node host: one
 * process) → a lock that is always granted.
 * The lock is held until `release()` or until the holder's worker ends, which frees it too.
 */
export async function tryAcquireWalletLock(
  locks: LockManager | undefined,
  walletKey: string,
): Promise<WalletLock | null> {
  if (!locks) return { release: () => undefined };
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return new Promise((resolve, reject) => {
    locks
      .request(LOCK_PREFIX + walletKey, { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        resolve({ release });
        return held;
      })
      .catch((e: unknown) => {
        const detail = errorMessage(e);
        reject(
          new MmError({
            errorType: 'InternalError',
            message: `cannot take the lock for wallet ${walletKey}: ${detail}`,
            httpStatus: 500,
            cause: e,
          }),
        );
      });
  });
}
