/**
 * The coins domain's error types: KDF's `WithdrawError`, `RawTransactionError`, `SignatureError` /
 * `VerificationError`, `MyTxHistoryErrorV2`, `GetNewAddressRpcError` / `HDAccountBalanceRpcError`,
 * `FeeEstimatorError`, `CoinFindError` and the swap-side transaction errors; `CoinActivationError`
 * is ours for the flat `electrum` / `enable` (KDF's flat errors are untyped; `CoinReason` tells
 * the page which).
 */
export type WithdrawErrorType =
  | 'NoSuchCoin'
  | 'NotSufficientBalance'
  | 'AmountTooLow'
  | 'AmountIsTooSmall'
  | 'InvalidAddress'
  | 'InvalidFeePolicy'
  | 'ZeroBalanceToWithdrawMax'
  | 'TransactionTooLarge'
  | 'TxTypeNotSupported'
  | 'UnexpectedFromAddress'
  | 'UnknownAccount'
  | 'CoinDoesntSupportInitWithdraw';

export type HdAccountErrorType =
  | 'HwContextNotInitialized'
  | 'CoinIsActivatedNotWithHDWallet'
  | 'UnknownAccount'
  | 'InvalidBip44Chain'
  | 'ErrorDerivingAddress'
  | 'AddressLimitReached'
  | 'EmptyAddressesLimitReached'
  | 'AccountLimitReached'
  | 'RpcInvalidResponse'
  | 'WalletStorageError'
  | 'FailedScripthashSubscription';

export type ChainErrorType =
  | 'InvalidHashError'
  | 'HashNotExist'
  | 'DecodeError'
  | 'TransactionError'
  | 'NotImplemented'
  | 'NotSupportedCoin'
  | 'RpcError'
  | 'TxDeserializationError'
  | 'TransactionErr'
  | 'SwapValidationError'
  | 'PrivKeyPolicyNotAllowed';

export type MessageErrorType = 'CoinIsNotFound' | 'PrefixNotFound' | 'SignatureDecodingError' | 'AddressDecodingError';

export type TxHistoryErrorType = 'CoinIsNotActive' | 'NotSupportedFor' | 'InvalidTarget' | 'StorageIsNotInitialized' | 'StorageError' | 'RpcError';

export type FeeEstimatorErrorType = 'CoinNotFound' | 'CoinNotSupported';

/** Ours, the flat activation methods' failures (`electrum`, `enable`): `CoinIsAlreadyActivated` when the coin runs already. */
export type LegacyActivationErrorType = 'CoinActivationError' | 'PlatformCoinIsNotActivated' | 'NativeRpcNotSupportedInWasm';

/** Key material read from a request or a config (`InvalidPrivKey`, `InvalidPassphrase`, `DecryptionError`). */
export type KeyErrorType = 'InvalidPrivKey' | 'InvalidPassphrase' | 'DecryptionError';

export type CoinsErrorType =
  | WithdrawErrorType
  | HdAccountErrorType
  | ChainErrorType
  | MessageErrorType
  | TxHistoryErrorType
  | FeeEstimatorErrorType
  | LegacyActivationErrorType
  | KeyErrorType;
