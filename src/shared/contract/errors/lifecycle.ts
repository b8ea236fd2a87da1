/** Why a node could not start (KDF's `WalletInitError` / `MmInitError`), plus ours: the tab lock and a second start. */
export type LifecycleErrorType =
  | 'ErrorDeserializingConfig'
  | 'FieldNotFoundInConfig'
  | 'PasswordPolicyViolation'
  | 'PassphraseMismatch'
  | 'MnemonicError'
  | 'ConfigError'
  | 'AlreadyRunning'
  | 'WalletInUse';
