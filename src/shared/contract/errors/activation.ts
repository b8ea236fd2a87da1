/**
 * KDF's activation errors (coins_activation): `InitStandaloneCoinError` (task::enable_utxo),
 * `EnablePlatformCoinWithTokensError` (enable_eth_with_tokens, task::enable_eth) and
 * `EnableTokenError` (enable_erc20).
 */
export type ActivationErrorType =
  | 'CoinIsAlreadyActivated'
  | 'CoinConfigIsNotFound'
  | 'CoinProtocolParseError'
  | 'UnexpectedCoinProtocol'
  | 'CoinCreationError'
  | 'PlatformIsAlreadyActivated'
  | 'PlatformConfigIsNotFound'
  | 'UnexpectedPlatformProtocol'
  | 'PlatformCoinCreationError'
  | 'PlatformCoinIsNotActivated'
  | 'UnsupportedPlatformCoin'
  | 'TokenIsAlreadyActivated'
  | 'TokenConfigIsNotFound'
  | 'UnexpectedTokenProtocol'
  | 'TokenProtocolParseError'
  | 'InvalidPayload'
  | 'AtLeastOneNodeRequired'
  | 'UnexpectedDeviceActivationPolicy'
  | 'UnexpectedDerivationMethod'
  | 'PrivKeyPolicyNotAllowed'
  | 'CouldNotFetchBalance'
  | 'InvalidConfig'
  | 'CustomTokenError';
