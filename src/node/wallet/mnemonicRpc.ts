/**
 * KDF's wallet secret methods (lp_wallet.rs): `get_mnemonic` (the stored secret, encrypted as kept
 * or in clear given the wallet password), `change_mnemonic_password` and `delete_wallet`.
 * The secret and the passwords never reach a log or an error text. KDF counts no wrong attempts
 * here; each attempt costs a full PBKDF2 derivation, and attempts run one at a time per node so
 * parallel guessing gains nothing.
 */
import type { MmRpcResult } from '../../shared/contract';
import { isRecord } from '../../shared/guards';
import type { ParamReader } from '../../shared/params';
import type { HandlerTable, MmRpcAnswer } from '../core/handler';
import type { NodeContext } from '../core/context';
import { decryptSecret, encryptSecret, type EncryptedSecret } from '../crypto';
import { MmError } from '../core/errors';
import type { StoredWallet } from '../storage';
import { mnemonicError } from './mnemonicErrors';
import { passwordPolicyViolation } from './passwordPolicy';
import { whileWalletClosed } from './walletLocks';
import { errorMessage } from '../../shared/errorChain';

/** One password check at a time for each running node. */
const checkQueues = new WeakMap<NodeContext, Promise<unknown>>();

function oneAtATime<T>(ctx: NodeContext, run: () => Promise<T>): Promise<T> {
  const previous = checkQueues.get(ctx) ?? Promise.resolve();
  const next = previous.then(run, run);
  checkQueues.set(ctx, next.catch(() => undefined));
  return next;
}

async function readStored(ctx: NodeContext, walletName: string): Promise<StoredWallet | undefined> {
  try {
    return await ctx.wallets.get(walletName);
  } catch (e) {
    throw mnemonicError.walletsStorageError(errorMessage(e), e);
  }
}

/** KDF's `try_load_wallet_passphrase`: undefined when the wallet is not stored, InvalidPassword when the password is wrong. */
function loadSecret(ctx: NodeContext, walletName: string, password: string): Promise<string | undefined> {
  return oneAtATime(ctx, async () => {
    const stored = await readStored(ctx, walletName);
    if (!stored) return undefined;
    try {
      return await decryptSecret(stored.encrypted_passphrase as EncryptedSecret, password);
    } catch (e) {
      if (e instanceof MmError && e.errorType === 'DecryptionError') {
        throw mnemonicError.invalidPassword('Error decrypting mnemonic: wrong password or corrupted data', e);
      }
      throw e;
    }
  });
}

function activeWallet(ctx: NodeContext, whenNone: string): string {
  if (ctx.walletName === null) throw mnemonicError.internal(whenNone);
  return ctx.walletName;
}

/** `{format: "encrypted"}` or `{format: "plaintext", password}` (serde's adjacently tagged enum). */
async function getMnemonic(ctx: NodeContext, p: ParamReader): Promise<MmRpcAnswer<'get_mnemonic'>> {
  const format = p.oneOf('format', ['encrypted', 'plaintext'] as const);
  if (format === 'encrypted') {
    const walletName = activeWallet(ctx, 'Cannot get encrypted mnemonic: This operation requires an active named wallet.');
    const stored = await readStored(ctx, walletName);
    if (!stored) throw mnemonicError.invalidRequest('Wallet mnemonic file not found');
    // The wallet store reads the record back as an object; anything else is not one it wrote.
    if (!isRecord(stored.encrypted_passphrase)) throw mnemonicError.walletsStorageError(`${walletName}: the stored secret is not an object`);
    return { format, encrypted_mnemonic_data: stored.encrypted_passphrase };
  }
  const password = p.str('password');
  const walletName = activeWallet(ctx, 'Cannot read stored passphrase: no active wallet is set.');
  const mnemonic = await loadSecret(ctx, walletName, password);
  if (mnemonic === undefined) throw mnemonicError.invalidRequest('Wallet mnemonic file not found');
  return { format, mnemonic };
}

/** Re-encrypts the active wallet's secret under a new password, checked against KDF's policy. */
async function changeMnemonicPassword(ctx: NodeContext, p: ParamReader): Promise<MmRpcResult<'change_mnemonic_password'>> {
  const currentPassword = p.str('current_password');
  const newPassword = p.str('new_password');
  if (newPassword === '') throw mnemonicError.passwordPolicyViolation('`new_password` cannot be empty');
  const weak = ctx.conf.allow_weak_password ? null : passwordPolicyViolation(newPassword);
  if (weak) throw mnemonicError.passwordPolicyViolation(weak);
  const walletName = activeWallet(ctx, '`wallet_name` cannot be None!');
  const mnemonic = await loadSecret(ctx, walletName, currentPassword);
  if (mnemonic === undefined) throw mnemonicError.internal(`${walletName}: wallet mnemonic file not found`);
  const stored = await readStored(ctx, walletName);
  if (!stored) throw mnemonicError.internal(`${walletName}: wallet mnemonic file not found`);
  const encrypted = await encryptSecret(mnemonic, newPassword);
  try {
    await ctx.wallets.replace({ ...stored, encrypted_passphrase: encrypted });
  } catch (e) {
    throw mnemonicError.walletsStorageError(errorMessage(e), e);
  }
  ctx.log('info', `wallet '${walletName}': password changed`);
  return null;
}

/** Deletes a stored wallet other than the active one and not open in another tab, once its password has been proved. */
async function deleteWallet(ctx: NodeContext, p: ParamReader): Promise<MmRpcResult<'delete_wallet'>> {
  const walletName = p.str('wallet_name');
  const password = p.str('password');
  if (ctx.walletName === walletName) {
    throw mnemonicError.invalidRequest(`Cannot delete wallet '${walletName}' as it is currently active.`);
  }
  const secret = await loadSecret(ctx, walletName, password);
  if (secret === undefined) throw mnemonicError.invalidRequest(`Wallet '${walletName}' not found.`);
  // Unlike KDF, a wallet running in another tab is refused too: that tab would lose its stored record.
  const inUse = (): MmError => mnemonicError.invalidRequest(`Cannot delete wallet '${walletName}' as it is open in another tab.`);
  await whileWalletClosed(ctx.platform.locks, secret, inUse, async () => {
    try {
      await ctx.wallets.delete(walletName);
    } catch (e) {
      throw mnemonicError.walletsStorageError(errorMessage(e), e);
    }
  });
  ctx.log('info', `wallet '${walletName}' deleted`);
  return null;
}

export const mnemonicHandlers: HandlerTable = {
  get_mnemonic: { mmrpc: getMnemonic },
  change_mnemonic_password: { mmrpc: changeMnemonicPassword },
  delete_wallet: { mmrpc: deleteWallet },
};
