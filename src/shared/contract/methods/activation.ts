/**
 * KDF's answers of the methods of coin activation: per format, the success shape and the error variants,
 * in the shape language of tests/fixtures/kdf-shapes/README.md; each fixture's `source` says where in KDF it comes from.
 * Written by scripts/contractGen.mjs from tests/fixtures/kdf-shapes (`npm run contract:gen`); edit the fixtures, not this file.
 */
export const activationMethods = {
  'electrum': {
    legacy: {"success":{"status":200,"body":{"ref":"CoinInitResponse"}}},
  },
  'enable': {
    legacy: {"success":{"status":200,"body":{"ref":"CoinInitResponse"}}},
  },
  'enable_eth_with_tokens': {
    mmrpc: {"success":{"status":200,"body":{"ref":"EthWithTokensActivationResult"}},"errors":{"PlatformIsAlreadyActivated":{"status":400,"error_data":"any"},"PlatformConfigIsNotFound":{"status":400,"error_data":"any"},"TokenConfigIsNotFound":{"status":400,"error_data":"any"},"UnexpectedPlatformProtocol":{"status":400,"error_data":"any"},"InvalidPayload":{"status":400,"error_data":"any"},"AtLeastOneNodeRequired":{"status":400,"error_data":"any"},"NoSuchTask":{"status":400,"error_data":"any"},"UnexpectedDeviceActivationPolicy":{"status":400,"error_data":"any"},"UnexpectedTokenProtocol":{"status":400,"error_data":"any"},"CoinProtocolParseError":{"status":500,"error_data":"any"},"TokenProtocolParseError":{"status":500,"error_data":"any"},"PlatformCoinCreationError":{"status":500,"error_data":"any"},"PrivKeyPolicyNotAllowed":{"status":500,"error_data":"any"},"UnexpectedDerivationMethod":{"status":500,"error_data":"any"},"Internal":{"status":500,"error_data":"any"},"TaskTimedOut":{"status":500,"error_data":"any"},"Transport":{"status":502,"error_data":"string"}}},
  },
  'enable_erc20': {
    mmrpc: {"success":{"status":200,"body":{"object":{"balances":{"map":{"ref":"CoinBalance"}},"platform_coin":"string","token_contract_address":"string","required_confirmations":"uint"}}},"errors":{"TokenIsAlreadyActivated":{"status":400,"error_data":"any"},"PlatformCoinIsNotActivated":{"status":400,"error_data":"any"},"TokenConfigIsNotFound":{"status":400,"error_data":"any"},"UnexpectedTokenProtocol":{"status":400,"error_data":"any"},"InvalidPayload":{"status":400,"error_data":"any"},"TokenProtocolParseError":{"status":500,"error_data":"any"},"UnsupportedPlatformCoin":{"status":500,"error_data":"any"},"UnexpectedDerivationMethod":{"status":500,"error_data":"any"},"Transport":{"status":500,"error_data":"any"},"CouldNotFetchBalance":{"status":500,"error_data":"any"},"InvalidConfig":{"status":500,"error_data":"any"},"Internal":{"status":500,"error_data":"any"},"PrivKeyPolicyNotAllowed":{"status":500,"error_data":"any"}}},
  },
  'task::enable_utxo::init': {
    mmrpc: {"success":{"status":200,"body":{"ref":"InitTaskResult"}},"errors":{"NoSuchTask":{"status":400,"error_data":"uint"},"CoinIsAlreadyActivated":{"status":400,"error_data":{"object":{"ticker":"string"}}},"CoinConfigIsNotFound":{"status":400,"error_data":"string"},"CoinProtocolParseError":{"status":400,"error_data":"any"},"UnexpectedCoinProtocol":{"status":400,"error_data":"any"},"CoinCreationError":{"status":400,"error_data":"any"},"TaskTimedOut":{"status":408,"error_data":"any"},"HwError":{"status":410,"error_data":"any"},"Transport":{"status":500,"error_data":"string"},"Internal":{"status":500,"error_data":"string"}}},
  },
  'task::enable_utxo::status': {
    mmrpc: {"success":{"status":200,"body":{"oneOf":[{"object":{"status":{"const":"Ok"},"details":{"ref":"UtxoStandardActivationResult"}}},{"ref":"CoinActivationTaskOtherStatus"}]}},"errors":{"NoSuchTask":{"status":400,"error_data":"uint"}}},
  },
  'task::enable_utxo::user_action': {
    mmrpc: {"success":{"status":200,"body":{"const":"success"}},"errors":{"NoSuchTask":{"status":400,"error_data":"uint"}}},
  },
  'task::enable_utxo::cancel': {
    mmrpc: {"success":{"status":200,"body":{"const":"success"}},"errors":{"NoSuchTask":{"status":404,"error_data":"uint"},"TaskFinished":{"status":409,"error_data":"uint"}}},
  },
  'task::enable_eth::init': {
    mmrpc: {"success":{"status":200,"body":{"ref":"InitTaskResult"}},"errors":{"PlatformIsAlreadyActivated":{"status":400,"error_data":"any"},"PlatformConfigIsNotFound":{"status":400,"error_data":"any"},"TokenConfigIsNotFound":{"status":400,"error_data":"any"},"UnexpectedPlatformProtocol":{"status":400,"error_data":"any"},"InvalidPayload":{"status":400,"error_data":"any"},"AtLeastOneNodeRequired":{"status":400,"error_data":"any"},"NoSuchTask":{"status":400,"error_data":"any"},"UnexpectedDeviceActivationPolicy":{"status":400,"error_data":"any"},"UnexpectedTokenProtocol":{"status":400,"error_data":"any"},"CoinProtocolParseError":{"status":500,"error_data":"any"},"TokenProtocolParseError":{"status":500,"error_data":"any"},"PlatformCoinCreationError":{"status":500,"error_data":"any"},"PrivKeyPolicyNotAllowed":{"status":500,"error_data":"any"},"UnexpectedDerivationMethod":{"status":500,"error_data":"any"},"Internal":{"status":500,"error_data":"any"},"TaskTimedOut":{"status":500,"error_data":"any"},"Transport":{"status":502,"error_data":"string"}}},
  },
  'task::enable_eth::status': {
    mmrpc: {"success":{"status":200,"body":{"oneOf":[{"object":{"status":{"const":"Ok"},"details":{"ref":"EthWithTokensActivationResult"}}},{"ref":"CoinActivationTaskOtherStatus"}]}},"errors":{"NoSuchTask":{"status":400,"error_data":"uint"}}},
  },
  'task::enable_eth::user_action': {
    mmrpc: {"success":{"status":200,"body":{"const":"success"}},"errors":{"NoSuchTask":{"status":400,"error_data":"uint"}}},
  },
  'task::enable_eth::cancel': {
    mmrpc: {"success":{"status":200,"body":{"const":"success"}},"errors":{"NoSuchTask":{"status":404,"error_data":"uint"},"TaskFinished":{"status":409,"error_data":"uint"}}},
  },
} as const;
