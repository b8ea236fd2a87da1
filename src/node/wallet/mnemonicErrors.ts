/** KDF's `MnemonicRpcError` (lp_wallet.rs): the errors of `get_mnemonic`, `change_mnemonic_password` and `delete_wallet`. */
import type { CommonErrorType, WalletErrorType } from '../../shared/contract/errors';
import { MmError } from '../core/errors';

function variant(errorType: WalletErrorType | CommonErrorType, prefix: string, data: string, httpStatus: number, cause?: unknown): MmError {
  return new MmError({ errorType, message: `${prefix}: ${data}`, errorData: data, httpStatus, cause });
}

export const mnemonicError = {
  invalidRequest: (data: string): MmError => variant('InvalidRequest', 'Invalid request error', data, 400),
  /** A wrong wallet password (or a stored secret that does not decrypt): never names either. */
  invalidPassword: (data: string, cause?: unknown): MmError => variant('InvalidPassword', 'Invalid password error', data, 400, cause),
  passwordPolicyViolation: (data: string): MmError =>
    variant('PasswordPolicyViolation', 'Password does not meet policy requirements', data, 400),
  walletsStorageError: (data: string, cause?: unknown): MmError =>
    variant('WalletsStorageError', 'Wallets storage error', data, 500, cause),
  internal: (data: string): MmError => variant('Internal', 'Internal error', data, 500),
};
