/** Why a node could not start: KDF's `WalletInitError` / `MmInitError` variants, plus the tab lock. */
import { MmError } from '../core/errors';

export const startError = {
  errorDeserializingConfig: (field: string, error: string): MmError =>
    new MmError({
      errorType: 'ErrorDeserializingConfig',
      message: `Error deserializing '${field}' config field: ${error}`,
      errorData: { field, error },
      httpStatus: 400,
    }),
  fieldNotFoundInConfig: (field: string, why = ''): MmError =>
    new MmError({
      errorType: 'FieldNotFoundInConfig',
      message: `The '${field}' field not found in the config${why ? `: ${why}` : ''}`,
      errorData: { field },
      httpStatus: 400,
    }),
  passwordPolicyViolation: (field: string, reason: string): MmError =>
    new MmError({
      errorType: 'PasswordPolicyViolation',
      message: `Password does not meet policy requirements: ${field}: ${reason}`,
      errorData: reason,
      httpStatus: 400,
    }),
  passphraseMismatch: (): MmError =>
    new MmError({
      errorType: 'PassphraseMismatch',
      message:
        "Passphrase doesn't match the one from file, please create a new wallet if you want to use a new passphrase",
      httpStatus: 400,
    }),
  mnemonicError: (reason: string, cause?: unknown): MmError =>
    new MmError({
      errorType: 'MnemonicError',
      message: `Error generating or decrypting mnemonic: ${reason}`,
      errorData: reason,
      httpStatus: 400,
      cause,
    }),
  configError: (reason: string): MmError =>
    new MmError({ errorType: 'ConfigError', message: reason, errorData: reason, httpStatus: 400 }),
  alreadyRunning: (): MmError =>
    new MmError({ errorType: 'AlreadyRunning', message: 'The node is already running', httpStatus: 409 }),
  walletInUse: (walletName: string): MmError =>
    new MmError({
      errorType: 'WalletInUse',
      message: `Wallet '${walletName}' is open in another tab: lock it there to use it here`,
      errorData: { wallet_name: walletName },
      httpStatus: 409,
    }),
};
