/**
 * Which secret the node starts with, following KDF's `initialize_wallet_passphrase`:
 * no wallet name and no passphrase is "no-login mode"; a passphrase alone is the legacy mode
 * (nothing stored); a wallet name unlocks the stored encrypted secret with `wallet_password`, or
 * creates the wallet from the given passphrase. Unlike KDF, a new wallet without a passphrase is
 * refused rather than given a generated mnemonic the user never saw.
 */
import { decryptSecret, encryptSecret, type EncryptedSecret } from '../crypto';
import { MmError } from '../core/errors';
import { startError } from '../lifecycle/startError';
import type { WalletsStore } from '../storage';
import { passwordPolicyViolation } from './passwordPolicy';

export interface WalletRequest {
  walletName: string | undefined;
  walletPassword: string | undefined;
  passphrase: string | undefined;
  enableHd: boolean | undefined;
  allowWeakPassword: boolean;
}

export interface OpenedWallet {
  walletName: string | null;
  /** null in no-login mode. */
  passphrase: string | null;
  enableHd: boolean;
  /**
   * Call once the wallet's tab lock is held: stores a newly created wallet, or checks that an
   * existing one is still stored as it was read (not renamed, deleted or re-encrypted meanwhile).
   */
  commit: (() => Promise<void>) | null;
}

export const MAX_WALLET_NAME_LENGTH = 64;

export async function openWallet(req: WalletRequest, store: WalletsStore, now: () => number): Promise<OpenedWallet> {
  const { walletName, passphrase } = req;
  if (walletName === undefined) {
    return { walletName: null, passphrase: passphrase ?? null, enableHd: req.enableHd ?? false, commit: null };
  }
  if (walletName.trim() === '' || walletName.length > MAX_WALLET_NAME_LENGTH) {
    throw startError.errorDeserializingConfig('wallet_name', `must be 1 to ${MAX_WALLET_NAME_LENGTH} characters, not blank`);
  }
  const password = req.walletPassword;
  if (password === undefined) throw startError.fieldNotFoundInConfig('wallet_password');

  const stored = await store.get(walletName);
  if (stored) {
    const storedSecret = await decryptStored(stored.encrypted_passphrase as EncryptedSecret, password);
    if (passphrase !== undefined && passphrase !== storedSecret) throw startError.passphraseMismatch();
    const commit = async (): Promise<void> => {
      const now = await store.get(walletName);
      if (!now || JSON.stringify(now.encrypted_passphrase) !== JSON.stringify(stored.encrypted_passphrase)) {
        // Another tab renamed, deleted or re-encrypted it meanwhile (holding its lock), so it was in use there.
        throw startError.walletInUse(walletName);
      }
    };
    return { walletName, passphrase: storedSecret, enableHd: req.enableHd ?? stored.enable_hd, commit };
  }

  if (passphrase === undefined) {
    throw startError.fieldNotFoundInConfig('passphrase', `wallet '${walletName}' does not exist; give its secret to create it`);
  }
  if (password === '') throw startError.passwordPolicyViolation('wallet_password', '`wallet_password` cannot be empty');
  const weak = req.allowWeakPassword ? null : passwordPolicyViolation(password);
  if (weak) throw startError.passwordPolicyViolation('wallet_password', weak);
  const enableHd = req.enableHd ?? false;
  const commit = async (): Promise<void> => {
    const encrypted = await encryptSecret(passphrase, password);
    await store.add({ wallet_name: walletName, encrypted_passphrase: encrypted, enable_hd: enableHd, created_at: now() });
  };
  return { walletName, passphrase, enableHd, commit };
}

async function decryptStored(encrypted: EncryptedSecret, password: string): Promise<string> {
  try {
    return await decryptSecret(encrypted, password);
  } catch (e) {
    const reason = e instanceof MmError ? e.message : 'cannot decrypt the stored passphrase';
    throw startError.mnemonicError(reason, e);
  }
}
