/** KDF's `MnemonicRpcError` (lp_wallet.rs) and the wallets store's refusals. */
export type WalletErrorType = 'InvalidPassword' | 'PasswordPolicyViolation' | 'WalletsStorageError' | 'WalletAlreadyExists' | 'DecryptionError';
