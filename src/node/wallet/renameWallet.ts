/**
 * Renaming a stored wallet (no KDF RPC: a control op of the worker protocol). The wallet's password
 * is proved first; the rename is refused while the wallet runs in any tab (its tab lock is held
 * throughout) and when the new name is taken. The record moves in one write: it is under the old
 * name or the new one, never both or neither. Bad input changes nothing.
 */
import { decryptSecret, type EncryptedSecret } from '../crypto';
import { MmError } from '../core/errors';
import { startError } from '../lifecycle/startError';
import type { StoredWallet, WalletsStore } from '../storage';
import { mnemonicError } from './mnemonicErrors';
import { MAX_WALLET_NAME_LENGTH } from './openWallet';
import { whileWalletClosed } from './walletLocks';
import { errorMessage } from '../../shared/errorChain';

export interface RenameWalletRequest {
  wallet_name: string;
  new_name: string;
  password: string;
}

/** One password check at a time per wallets store, as for the wallet RPCs: parallel guessing gains nothing. */
const queues = new WeakMap<WalletsStore, Promise<unknown>>();

export function renameWallet(store: WalletsStore, locks: LockManager | undefined, raw: unknown): Promise<{ wallet_name: string }> {
  const req = readRequest(raw);
  const previous = queues.get(store) ?? Promise.resolve();
  const next = previous.then(
    () => rename(store, locks, req),
    () => rename(store, locks, req),
  );
  queues.set(store, next.catch(() => undefined));
  return next;
}

async function rename(store: WalletsStore, locks: LockManager | undefined, req: RenameWalletRequest): Promise<{ wallet_name: string }> {
  const { wallet_name: oldName, new_name: newName } = req;
  const stored = await readStored(store, oldName);
  if (!stored) throw mnemonicError.invalidRequest(`Wallet '${oldName}' not found.`);
  const secret = await decrypt(stored, req.password);
  await whileWalletClosed(locks, secret, () => startError.walletInUse(oldName), async () => {
    // Read again under the lock: the record must be the one whose password was just proved.
    const current = await readStored(store, oldName);
    if (!current || JSON.stringify(current.encrypted_passphrase) !== JSON.stringify(stored.encrypted_passphrase)) {
      throw mnemonicError.invalidRequest(`Wallet '${oldName}' changed while it was being renamed; try again.`);
    }
    try {
      await store.rename(oldName, { ...current, wallet_name: newName });
    } catch (e) {
      if (e instanceof MmError && e.errorType === 'WalletAlreadyExists') throw e;
      throw mnemonicError.walletsStorageError(errorMessage(e), e);
    }
  });
  return { wallet_name: newName };
}

function readRequest(raw: unknown): RenameWalletRequest {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const text = (field: string): string => {
    const v = r[field];
    if (typeof v !== 'string') throw mnemonicError.invalidRequest(`'${field}' must be a string`);
    return v;
  };
  const walletName = text('wallet_name');
  const newName = text('new_name');
  const password = text('password');
  if (newName.trim() === '' || newName.length > MAX_WALLET_NAME_LENGTH) {
    throw mnemonicError.invalidRequest(`'new_name' must be 1 to ${MAX_WALLET_NAME_LENGTH} characters, not blank`);
  }
  if (newName === walletName) throw mnemonicError.invalidRequest(`'new_name' is the wallet's name already`);
  return { wallet_name: walletName, new_name: newName, password };
}

async function readStored(store: WalletsStore, walletName: string): Promise<StoredWallet | undefined> {
  try {
    return await store.get(walletName);
  } catch (e) {
    throw mnemonicError.walletsStorageError(errorMessage(e), e);
  }
}

async function decrypt(stored: StoredWallet, password: string): Promise<string> {
  try {
    return await decryptSecret(stored.encrypted_passphrase as EncryptedSecret, password);
  } catch (e) {
    if (e instanceof MmError && e.errorType === 'DecryptionError') {
      throw mnemonicError.invalidPassword('Error decrypting mnemonic: wrong password or corrupted data', e);
    }
    throw e;
  }
}
