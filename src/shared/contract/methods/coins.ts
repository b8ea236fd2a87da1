/**
 * KDF's answers of the methods of coins: balances, addresses, withdraw, history, keys, messages, chain queries: per format, the success shape and the error variants,
 * in the shape language of tests/fixtures/kdf-shapes/README.md; each fixture's `source` says where in KDF it comes from.
 * Written by scripts/contractGen.mjs from tests/fixtures/kdf-shapes (`npm run contract:gen`); edit the fixtures, not this file.
 */
export const coinsMethods = {
  'convertaddress': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"address":"string"}}}}}},
  },
  'get_current_mtp': {
    mmrpc: {"success":{"status":200,"body":{"object":{"mtp":"uint"}}},"errors":{"NoSuchCoin":{"status":404,"error_data":"string"},"NotSupportedCoin":{"status":400,"error_data":"string"},"RpcError":{"status":500,"error_data":"string"}}},
  },
  'get_enabled_coins': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"array":{"object":{"ticker":"string","address":"string"}}}}}}},
    mmrpc: {"success":{"status":200,"body":{"object":{"coins":{"array":{"object":{"ticker":"string"}}}}}},"errors":{"Internal":{"status":500,"error_data":"string"}}},
  },
  'get_eth_estimated_fee_per_gas': {
    mmrpc: {"success":{"status":200,"body":{"object":{"base_fee":"decimal","low":{"ref":"FeePerGasLevel"},"medium":{"ref":"FeePerGasLevel"},"high":{"ref":"FeePerGasLevel"},"source":"string","base_fee_trend":"string","priority_fee_trend":"string","units":{"const":"Gwei"}}}},"errors":{"CoinNotFound":{"status":404},"CoinNotSupported":{"status":501},"Internal":{"status":500,"error_data":"string"}}},
  },
  'get_new_address': {
    mmrpc: {"success":{"status":200,"body":{"object":{"new_address":{"ref":"HDAddressBalanceMap"}}}},"errors":{"HwContextNotInitialized":{"status":400},"NoSuchCoin":{"status":400,"error_data":{"object":{"coin":"string"}}},"UnexpectedUserAction":{"status":400,"error_data":{"object":{"expected":"string"}}},"CoinIsActivatedNotWithHDWallet":{"status":400},"UnknownAccount":{"status":400,"error_data":{"object":{"account_id":"uint"}}},"InvalidBip44Chain":{"status":400,"error_data":{"object":{"chain":{"enum":["External","Internal"]}}}},"ErrorDerivingAddress":{"status":400,"error_data":"string"},"AddressLimitReached":{"status":400,"error_data":{"object":{"max_addresses_number":"uint"}}},"EmptyAddressesLimitReached":{"status":400,"error_data":{"object":{"gap_limit":"uint"}}},"Transport":{"status":500,"error_data":"string"},"RpcInvalidResponse":{"status":500,"error_data":"string"},"WalletStorageError":{"status":500,"error_data":"string"},"FailedScripthashSubscription":{"status":500,"error_data":"string"},"Internal":{"status":500,"error_data":"string"},"HwError":{"status":500,"error_data":"any"},"Timeout":{"status":408,"error_data":"any"}}},
  },
  'get_public_key': {
    mmrpc: {"success":{"status":200,"body":{"object":{"public_key":"hex"}}},"errors":{"Internal":{"status":500,"error_data":"string"}}},
  },
  'get_public_key_hash': {
    mmrpc: {"success":{"status":200,"body":{"object":{"public_key_hash":"hex"}}},"errors":{"Internal":{"status":500,"error_data":"string"}}},
  },
  'get_raw_transaction': {
    mmrpc: {"success":{"status":200,"body":{"object":{"tx_hex":"hex"}}},"errors":{"NoSuchCoin":{"status":400,"error_data":{"object":{"coin":"string"}}},"InvalidHashError":{"status":400,"error_data":"string"},"HashNotExist":{"status":400,"error_data":"string"},"DecodeError":{"status":400,"error_data":"string"},"InvalidParam":{"status":400,"error_data":"string"},"TransactionError":{"status":400,"error_data":"string"},"Transport":{"status":502,"error_data":"string"},"InternalError":{"status":500,"error_data":"string"},"NotImplemented":{"status":501,"error_data":"any"}}},
  },
  'kmd_rewards_info': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"array":{"object":{"tx_hash":"hex","output_index":"uint","amount":"decimal","locktime":"uint","accrued_rewards":{"oneOf":[{"object":{"Accrued":"decimal"}},{"object":{"NotAccruedReason":{"enum":["LocktimeNotSet","LocktimeLessThanThreshold","UtxoHeightGreaterThanEndOfEra","UtxoAmountLessThanTen","OneHourNotPassedYet","TransactionInMempool"]}}}]}},"optional":{"height":"uint","accrue_start_at":"uint","accrue_stop_at":"uint"}}}}}}},
  },
  'my_balance': {
    legacy: {"success":{"status":200,"body":{"object":{"coin":"string","balance":"decimal","unspendable_balance":"decimal","address":"string"}}}},
  },
  'my_tx_history': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"transactions":{"array":{"ref":"HistoryTransactionDetails"}},"limit":"uint","skipped":"uint","from_id":{"nullable":"hex"},"total":"uint","current_block":"uint","sync_status":{"ref":"SyncStatus"},"page_number":{"nullable":"uint"},"total_pages":"uint"}}}}}},
    mmrpc: {"success":{"status":200,"body":{"object":{"coin":"string","target":{"ref":"MyTxHistoryTarget"},"current_block":"uint","transactions":{"array":{"ref":"HistoryTransactionDetails"}},"sync_status":{"ref":"SyncStatus"},"limit":"uint","skipped":"uint","total":"uint","total_pages":"uint","paging_options":{"oneOf":[{"object":{"PageNumber":"uint"}},{"object":{"FromId":"hex"}}]}}}},"errors":{"CoinIsNotActive":{"status":404,"error_data":"string"},"NotSupportedFor":{"status":400,"error_data":"string"},"InvalidTarget":{"status":400,"error_data":"string"},"StorageIsNotInitialized":{"status":500,"error_data":"string"},"StorageError":{"status":500,"error_data":"string"},"RpcError":{"status":500,"error_data":"string"},"Internal":{"status":500,"error_data":"string"}}},
  },
  'send_raw_transaction': {
    legacy: {"success":{"status":200,"body":{"object":{"tx_hash":"hex"}}}},
  },
  'show_priv_key': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"coin":"string","priv_key":"string"}}}}}},
  },
  'sign_message': {
    mmrpc: {"success":{"status":200,"body":{"object":{"signature":"string"}}},"errors":{"InvalidRequest":{"status":400,"error_data":"string"},"CoinIsNotFound":{"status":400,"error_data":"string"},"InternalError":{"status":500,"error_data":"string"},"PrefixNotFound":{"status":500}}},
  },
  'task::account_balance::cancel': {
    mmrpc: {"success":{"status":200,"body":{"const":"success"}},"errors":{"NoSuchTask":{"status":404,"error_data":"uint"},"TaskFinished":{"status":409,"error_data":"uint"}}},
  },
  'task::account_balance::init': {
    mmrpc: {"success":{"status":200,"body":{"ref":"InitTaskResult"}},"errors":{"NoSuchCoin":{"status":400,"error_data":{"object":{"coin":"string"}}},"CoinIsActivatedNotWithHDWallet":{"status":400},"UnknownAccount":{"status":400,"error_data":{"object":{"account_id":"uint"}}},"InvalidBip44Chain":{"status":400,"error_data":{"object":{"chain":{"enum":["External","Internal"]}}}},"ErrorDerivingAddress":{"status":400,"error_data":"string"},"Transport":{"status":500,"error_data":"string"},"WalletStorageError":{"status":500,"error_data":"string"},"RpcInvalidResponse":{"status":500,"error_data":"string"},"FailedScripthashSubscription":{"status":500,"error_data":"string"},"Internal":{"status":500,"error_data":"string"},"Timeout":{"status":408,"error_data":"any"}}},
  },
  'task::account_balance::status': {
    mmrpc: {"success":{"status":200,"body":{"oneOf":[{"object":{"status":{"const":"Ok"},"details":{"oneOf":[{"object":{"account_index":"uint","derivation_path":"string","total_balance":{"ref":"CoinBalance"},"addresses":{"array":{"object":{"address":"string","derivation_path":"string","chain":{"enum":["External","Internal"]},"balance":{"ref":"CoinBalance"}}}}}},{"ref":"HDAccountBalanceMap"}]}}},{"ref":"AccountBalanceTaskOtherStatus"}]}},"errors":{"NoSuchTask":{"status":400,"error_data":"uint"}}},
  },
  'task::create_new_account::cancel': {
    mmrpc: {"success":{"status":200,"body":{"const":"success"}},"errors":{"NoSuchTask":{"status":404,"error_data":"uint"},"TaskFinished":{"status":409,"error_data":"uint"}}},
  },
  'task::create_new_account::init': {
    mmrpc: {"success":{"status":200,"body":{"ref":"InitTaskResult"}},"errors":{"HwContextNotInitialized":{"status":400},"NoSuchCoin":{"status":400,"error_data":{"object":{"coin":"string"}}},"UnexpectedUserAction":{"status":400,"error_data":{"object":{"expected":"string"}}},"CoinIsActivatedNotWithHDWallet":{"status":400},"InvalidBip44Chain":{"status":400,"error_data":{"object":{"chain":{"enum":["External","Internal"]}}}},"AccountLimitReached":{"status":400,"error_data":{"object":{"max_accounts_number":"uint"}}},"RpcInvalidResponse":{"status":500,"error_data":"string"},"WalletStorageError":{"status":500,"error_data":"string"},"HwError":{"status":410,"error_data":"any"},"Transport":{"status":500,"error_data":"string"},"Internal":{"status":500,"error_data":"string"},"Timeout":{"status":408,"error_data":"any"}}},
  },
  'task::create_new_account::status': {
    mmrpc: {"success":{"status":200,"body":{"oneOf":[{"object":{"status":{"const":"Ok"},"details":{"ref":"HDAccountBalanceMap"}}},{"object":{"status":{"const":"InProgress"},"details":{"enum":["Preparing","RequestingAccountBalance","Finishing","WaitingForTrezorToConnect","FollowHwDeviceInstructions"]}}},{"object":{"status":{"const":"UserActionRequired"},"details":{"enum":["EnterTrezorPin","EnterTrezorPassphrase"]}}},{"object":{"status":{"const":"Error"},"details":{"ref":"TaskError"}}}]}},"errors":{"NoSuchTask":{"status":400,"error_data":"uint"}}},
  },
  'task::withdraw::cancel': {
    mmrpc: {"success":{"status":200,"body":{"const":"success"}},"errors":{"NoSuchTask":{"status":404,"error_data":"uint"},"TaskFinished":{"status":409,"error_data":"uint"}}},
  },
  'task::withdraw::init': {
    mmrpc: {"success":{"status":200,"body":{"ref":"InitTaskResult"}},"errors":{"NoSuchCoin":{"status":404,"error_data":{"object":{"coin":"string"}}},"NotSufficientBalance":{"status":400,"error_data":{"object":{"coin":"string","available":"decimal","required":"decimal"}}},"AmountTooLow":{"status":400,"error_data":{"object":{"amount":"decimal","threshold":"decimal"}}},"InvalidAddress":{"status":400,"error_data":"string"},"ZeroBalanceToWithdrawMax":{"status":400},"CoinDoesntSupportInitWithdraw":{"status":400,"error_data":{"object":{"coin":"string"}}}}},
  },
  'task::withdraw::status': {
    mmrpc: {"success":{"status":200,"body":{"oneOf":[{"object":{"status":{"const":"Ok"},"details":{"ref":"TransactionDetails"}}},{"ref":"WithdrawTaskOtherStatus"}]}},"errors":{"NoSuchTask":{"status":400,"error_data":"uint"}}},
  },
  'task::withdraw::user_action': {
    mmrpc: {"success":{"status":200,"body":{"const":"success"}},"errors":{"NoSuchTask":{"status":400,"error_data":"uint"}}},
  },
  'validateaddress': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"is_valid":"boolean"},"optional":{"reason":"string"}}}}}},
  },
  'verify_message': {
    mmrpc: {"success":{"status":200,"body":{"object":{"is_valid":"boolean"}}},"errors":{"InvalidRequest":{"status":400,"error_data":"string"},"SignatureDecodingError":{"status":400,"error_data":"string"},"AddressDecodingError":{"status":400,"error_data":"string"},"CoinIsNotFound":{"status":400,"error_data":"string"},"InternalError":{"status":500,"error_data":"string"},"PrefixNotFound":{"status":500}}},
  },
  'withdraw': {
    legacy: {"success":{"status":200,"body":{"ref":"TransactionDetails"}}},
    mmrpc: {"success":{"status":200,"body":{"ref":"TransactionDetails"}},"errors":{"NoSuchCoin":{"status":404,"error_data":{"object":{"coin":"string"}}},"NotSufficientBalance":{"status":400,"error_data":{"object":{"coin":"string","available":"decimal","required":"decimal"}}},"AmountTooLow":{"status":400,"error_data":{"object":{"amount":"decimal","threshold":"decimal"}}},"InvalidAddress":{"status":400,"error_data":"string"},"ZeroBalanceToWithdrawMax":{"status":400},"CoinDoesntSupportInitWithdraw":{"status":400,"error_data":{"object":{"coin":"string"}}}}},
  },
} as const;
