/**
 * KDF's answers of the methods of swaps and their volumes and fees: per format, the success shape and the error variants,
 * in the shape language of tests/fixtures/kdf-shapes/README.md; each fixture's `source` says where in KDF it comes from.
 * Written by scripts/contractGen.mjs from tests/fixtures/kdf-shapes (`npm run contract:gen`); edit the fixtures, not this file.
 */
export const swapsMethods = {
  'trade_preimage': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"oneOf":[{"ref":"TakerPreimage"},{"ref":"MakerPreimage"}]}}}}},
    mmrpc: {"success":{"status":200,"body":{"oneOf":[{"ref":"TakerPreimage"},{"ref":"MakerPreimage"}]}},"errors":{"NotSufficientBalance":{"status":400,"error_data":{"object":{"coin":"string","available":"decimal","required":"decimal"},"optional":{"locked_by_swaps":{"nullable":"decimal"}}}},"NotSufficientBaseCoinBalance":{"status":400,"error_data":"any"},"VolumeTooLow":{"status":400,"error_data":{"object":{"coin":"string","volume":"decimal","threshold":"decimal"}}},"NoSuchCoin":{"status":400,"error_data":{"object":{"coin":"string"}}},"CoinIsWalletOnly":{"status":400,"error_data":"any"},"BaseEqualRel":{"status":400},"InvalidParam":{"status":400,"error_data":{"object":{"param":"string","reason":"string"}}},"PriceTooLow":{"status":400,"error_data":{"object":{"price":"decimal","threshold":"decimal"}}},"Transport":{"status":500,"error_data":"string"},"InternalError":{"status":500,"error_data":"string"}}},
  },
  'max_taker_vol': {
    legacy: {"success":{"status":200,"body":{"object":{"result":"fraction","coin":"string"}}}},
  },
  'max_maker_vol': {
    mmrpc: {"success":{"status":200,"body":{"object":{"coin":"string","volume":{"ref":"MmNumberMultiRepr"},"balance":{"ref":"MmNumberMultiRepr"},"locked_by_swaps":{"ref":"MmNumberMultiRepr"}}}},"errors":{"NoSuchCoin":{"status":404,"error_data":{"object":{"coin":"string"}}},"NotSufficientBalance":{"status":400,"error_data":{"object":{"coin":"string","available":"decimal","required":"decimal"},"optional":{"locked_by_swaps":{"nullable":"decimal"}}}},"NotSufficientBaseCoinBalance":{"status":400,"error_data":"any"},"VolumeTooLow":{"status":400,"error_data":"any"},"Transport":{"status":500,"error_data":"string"},"InternalError":{"status":500,"error_data":"string"}}},
  },
  'min_trading_vol': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"coin":"string","min_trading_vol":"decimal","min_trading_vol_rat":"rational","min_trading_vol_fraction":"fraction"}}}}}},
  },
  'get_trade_fee': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"coin":"string","amount":"decimal","amount_rat":"rational","amount_fraction":"fraction"}}}}}},
  },
  'my_swap_status': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"ref":"MySwapStatusResponse"}}}}},
    mmrpc: {"success":{"status":200,"body":{"ref":"SwapRpcData"}},"errors":{"NoSwapWithUuid":{"status":400,"error_data":"uuid"},"DbError":{"status":500,"error_data":"string"},"UnsupportedSwapType":{"status":500,"error_data":"any"}}},
  },
  'my_recent_swaps': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"swaps":{"array":{"ref":"MySwapStatusResponse"}},"from_uuid":{"nullable":"uuid"},"skipped":"uint","limit":"uint","total":"uint","page_number":"uint","total_pages":"uint","found_records":"uint"}}}}}},
    mmrpc: {"success":{"status":200,"body":{"object":{"swaps":{"array":{"ref":"SwapRpcData"}},"from_uuid":{"nullable":"uuid"},"skipped":"uint","limit":"uint","total":"uint","page_number":"uint","total_pages":"uint","found_records":"uint"}}},"errors":{"FromUuidSwapNotFound":{"status":400,"error_data":"uuid"},"InvalidTimeStampRange":{"status":400},"DbError":{"status":500,"error_data":"string"}}},
  },
  'active_swaps': {
    legacy: {"success":{"status":200,"body":{"object":{"uuids":{"array":"uuid"},"statuses":{"nullable":{"map":{"ref":"SavedSwap"}}}}}}},
    mmrpc: {"success":{"status":200,"body":{"object":{"uuids":{"array":"uuid"},"statuses":{"map":{"ref":"SwapRpcData"}}}}},"errors":{"Internal":{"status":500,"error_data":"string"}}},
  },
  'recover_funds_of_swap': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"action":{"enum":["RefundedMyPayment","SpentOtherPayment"]},"coin":"string","tx_hash":"hex","tx_hex":"hex"}}}}}},
  },
  'import_swaps': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"imported":{"array":"uuid"},"skipped":{"map":"string"}}}}}}},
  },
  'export_swaps': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"swaps":{"array":"any"}}}}}}},
  },
  'get_locked_amount': {
    mmrpc: {"success":{"status":200,"body":{"object":{"coin":"string","locked_amount":{"ref":"MmNumberMultiRepr"}}}},"errors":{"NoSuchCoin":{"status":500,"error_data":{"object":{"coin":"string"}}}}},
  },
  'watcher_status': {
    mmrpc: {"success":{"status":200,"body":{"object":{"is_watcher":"boolean","listening":{"array":"string"},"intake":{"nullable":{"object":{"received":"uint","accepted":"uint","refused":{"map":"uint"}}}},"swaps":{"array":{"object":{"uuid":"uuid","state":{"enum":["ValidateTakerFee","ValidateTakerPayment","WaitForTakerPaymentSpend","WaitForTakerToSpendMakerPayment","SpendMakerPayment","RefundTakerPayment","Stopped"]},"taker_coin":"string","maker_coin":"string","swap_started_at":"uint","lock_duration":"uint","taker_pub":"hex","taker_fee_hash":"hex","taker_payment_hash":"hex","maker_payment_hash":"hex","received_at":"uint","history":{"array":{"object":{"state":"string","at":"uint"}}}},"optional":{"secret":"hex","finished":"string","error":{"object":{"kind":"string","message":"string"}},"tx_hash":"hex"}}}}}},"errors":{}},
  },
} as const;
