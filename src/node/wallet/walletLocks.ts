/**
 * Keeps a stored wallet closed while its record is rewritten (renamed or deleted): every tab lock
 * it could run under is held meanwhile, so no tab runs it and none can start it. A wallet's lock is
 * named after its internal key, which depends on the mode it is opened in (a start conf may open a
 * BIP39 mnemonic in iguana or HD mode), so the lock of each mode the secret allows is taken.
 */
import { deriveNodeKeys } from '../crypto';
import type { MmError } from '../core/errors';
import { tryAcquireWalletLock, type WalletLock } from '../storage';

export async function whileWalletClosed<T>(
  locks: LockManager | undefined,
  secret: string,
  inUse: () => MmError,
  run: () => Promise<T>,
): Promise<T> {
  const held: WalletLock[] = [];
  try {
    for (const key of lockKeys(secret)) {
      const lock = await tryAcquireWalletLock(locks, key);
      if (!lock) throw inUse();
      held.push(lock);
    }
    return await run();
  } finally {
    for (const lock of held) lock.release();
  }
}

/** The lock keys (rmd160 of the internal key) of the modes this secret can be opened in. */
function lockKeys(secret: string): string[] {
  const keys = [deriveNodeKeys(secret, { enableHd: false }).rmd160Hex];
  try {
    keys.push(deriveNodeKeys(secret, { enableHd: true }).rmd160Hex);
  } catch {
    // Not a BIP39 mnemonic: it opens in iguana mode only.
  }
  return keys;
}
