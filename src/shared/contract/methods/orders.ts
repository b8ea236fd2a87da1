/**
 * KDF's answers of the methods of orders and orderbooks: per format, the success shape and the error variants,
 * in the shape language of tests/fixtures/kdf-shapes/README.md; each fixture's `source` says where in KDF it comes from.
 * Written by scripts/contractGen.mjs from tests/fixtures/kdf-shapes (`npm run contract:gen`); edit the fixtures, not this file.
 */
export const ordersMethods = {
  'setprice': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"ref":"SetPriceResult"}}}}},
  },
  'update_maker_order': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"ref":"SetPriceResult"}}}}},
  },
  'sell': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"ref":"BuyOrSellRpcRes"}}}}},
  },
  'buy': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"ref":"BuyOrSellRpcRes"}}}}},
  },
  'cancel_order': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"const":"success"}}}},"errorStatuses":[500,404]},
  },
  'cancel_all_orders': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"cancelled":{"array":"uuid"},"currently_matching":{"array":"uuid"}}}}}}},
  },
  'my_orders': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"maker_orders":{"map":{"ref":"MakerOrderRpcResult"}},"taker_orders":{"map":{"ref":"TakerOrderRpcResult"}}}}}}}},
  },
  'orderbook': {
    legacy: {"success":{"status":200,"body":{"object":{"askdepth":"uint","asks":{"array":{"ref":"AggregatedOrderbookEntry"}},"base":"string","biddepth":"uint","bids":{"array":{"ref":"AggregatedOrderbookEntry"}},"netid":"uint","numasks":"uint","numbids":"uint","rel":"string","timestamp":"uint","total_asks_base_vol":"decimal","total_asks_base_vol_rat":"rational","total_asks_base_vol_fraction":"fraction","total_asks_rel_vol":"decimal","total_asks_rel_vol_rat":"rational","total_asks_rel_vol_fraction":"fraction","total_bids_base_vol":"decimal","total_bids_base_vol_rat":"rational","total_bids_base_vol_fraction":"fraction","total_bids_rel_vol":"decimal","total_bids_rel_vol_rat":"rational","total_bids_rel_vol_fraction":"fraction"}}}},
    mmrpc: {"success":{"status":200,"body":{"object":{"asks":{"array":{"ref":"AggregatedOrderbookEntryV2"}},"base":"string","bids":{"array":{"ref":"AggregatedOrderbookEntryV2"}},"net_id":"uint","num_asks":"uint","num_bids":"uint","rel":"string","timestamp":"uint","total_asks_base_vol":{"ref":"MmNumberMultiRepr"},"total_asks_rel_vol":{"ref":"MmNumberMultiRepr"},"total_bids_base_vol":{"ref":"MmNumberMultiRepr"},"total_bids_rel_vol":{"ref":"MmNumberMultiRepr"}}}},"errors":{"BaseRelSame":{"status":400},"BaseRelSameOrderbookTickersAndProtocols":{"status":400},"CoinConfigNotFound":{"status":400,"error_data":"string"},"CoinIsWalletOnly":{"status":400,"error_data":"string"},"P2PSubscribeError":{"status":500,"error_data":"string"},"Internal":{"status":500,"error_data":"string"}}},
  },
  'best_orders': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"map":{"array":{"ref":"RpcOrderbookEntry"}}},"original_tickers":{"map":{"array":"string"}}}}}},
    mmrpc: {"success":{"status":200,"body":{"object":{"orders":{"map":{"array":{"ref":"RpcOrderbookEntryV2"}}},"original_tickers":{"map":{"array":"string"}}}}},"errors":{"CoinIsWalletOnly":{"status":400,"error_data":"string"},"P2PError":{"status":500,"error_data":"string"},"CtxError":{"status":500,"error_data":"string"}}},
  },
  'orderbook_depth': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"array":{"object":{"pair":{"tuple":["string","string"]},"depth":{"object":{"asks":"uint","bids":"uint"}}}}}}}}},
  },
  'order_status': {
    legacy: {"success":{"status":200,"body":{"oneOf":[{"object":{"type":{"const":"Maker"},"order":{"ref":"MakerOrderRpcResult"}}},{"object":{"type":{"const":"Taker"},"order":{"ref":"TakerOrderRpcResult"}}}]}},"errorStatuses":[404,500]},
  },
  'orders_history_by_filter': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"orders":{"array":{"object":{"uuid":"uuid","order_type":{"enum":["Maker","Taker"]},"initial_action":{"enum":["Buy","Sell"]},"base":"string","rel":"string","price":"number","volume":"number","created_at":"int","last_updated":"int","was_taker":"int","status":"string"}}},"details":{"array":"any"},"found_records":"uint","warnings":{"array":{"object":{"uuid":"string","warning":"string"}}}}}}}}},
  },
  'get_my_peer_id': {
    legacy: {"success":{"status":200,"body":{"object":{"result":"string"}}}},
  },
  'coins_needed_for_kick_start': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"array":"string"}}}}},
  },
  'disable_coin': {
    legacy: {"success":{"status":200,"body":{"object":{"result":{"object":{"coin":"string","cancelled_orders":{"array":"uuid"},"passivized":"boolean"}}}}},"errorBody":{"object":{"error":"string","orders":{"object":{"matching":{"array":"uuid"},"cancelled":{"array":"uuid"}}},"active_swaps":{"array":"uuid"}}}},
  },
} as const;
