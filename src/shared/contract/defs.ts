/** The shapes several methods share, named as KDF names the struct (tests/fixtures/kdf-shapes/_defs.json). */
export const DEFS = {
  "LegacyError": {
    "object": {
      "error": "string"
    }
  },
  "MmrpcError": {
    "object": {
      "mmrpc": {
        "const": "2.0"
      },
      "error": "string",
      "error_path": "string",
      "error_trace": "string",
      "error_type": "string",
      "id": {
        "nullable": "uint"
      }
    },
    "optional": {
      "error_data": "any"
    }
  },
  "H256": "hex",
  "MmNumberMultiRepr": {
    "object": {
      "decimal": "decimal",
      "rational": "rational",
      "fraction": "fraction"
    }
  },
  "CoinBalance": {
    "object": {
      "spendable": "decimal",
      "unspendable": "decimal"
    }
  },
  "OrderConfirmationsSettings": {
    "object": {
      "base_confs": "uint",
      "base_nota": "boolean",
      "rel_confs": "uint",
      "rel_nota": "boolean"
    }
  },
  "TakerAction": {
    "enum": [
      "Buy",
      "Sell"
    ]
  },
  "MatchBy": {
    "oneOf": [
      {
        "object": {
          "type": {
            "const": "Any"
          }
        }
      },
      {
        "object": {
          "type": {
            "const": "Orders"
          },
          "data": {
            "array": "uuid"
          }
        }
      },
      {
        "object": {
          "type": {
            "const": "Pubkeys"
          },
          "data": {
            "array": "hex"
          }
        }
      }
    ]
  },
  "OrderType": {
    "oneOf": [
      {
        "object": {
          "type": {
            "const": "GoodTillCancelled"
          }
        }
      },
      {
        "object": {
          "type": {
            "const": "FillOrKill"
          }
        }
      }
    ]
  },
  "TakerRequest": {
    "object": {
      "base": "string",
      "rel": "string",
      "base_amount": "decimal",
      "base_amount_rat": "rational",
      "rel_amount": "decimal",
      "rel_amount_rat": "rational",
      "action": {
        "ref": "TakerAction"
      },
      "uuid": "uuid",
      "method": "string",
      "sender_pubkey": "hex",
      "dest_pub_key": "hex",
      "match_by": {
        "ref": "MatchBy"
      },
      "conf_settings": {
        "ref": "OrderConfirmationsSettings"
      }
    }
  },
  "MakerReserved": {
    "object": {
      "base": "string",
      "rel": "string",
      "base_amount": "decimal",
      "base_amount_rat": "rational",
      "rel_amount": "decimal",
      "rel_amount_rat": "rational",
      "taker_order_uuid": "uuid",
      "maker_order_uuid": "uuid",
      "method": "string",
      "sender_pubkey": "hex",
      "dest_pub_key": "hex",
      "conf_settings": {
        "ref": "OrderConfirmationsSettings"
      }
    }
  },
  "TakerConnect": {
    "object": {
      "taker_order_uuid": "uuid",
      "maker_order_uuid": "uuid",
      "method": "string",
      "sender_pubkey": "hex",
      "dest_pub_key": "hex"
    }
  },
  "MakerConnected": {
    "object": {
      "taker_order_uuid": "uuid",
      "maker_order_uuid": "uuid",
      "method": "string",
      "sender_pubkey": "hex",
      "dest_pub_key": "hex"
    }
  },
  "MakerMatch": {
    "object": {
      "request": {
        "ref": "TakerRequest"
      },
      "reserved": {
        "ref": "MakerReserved"
      },
      "connect": {
        "nullable": {
          "ref": "TakerConnect"
        }
      },
      "connected": {
        "nullable": {
          "ref": "MakerConnected"
        }
      },
      "last_updated": "uint"
    }
  },
  "TakerMatch": {
    "object": {
      "reserved": {
        "ref": "MakerReserved"
      },
      "connect": {
        "ref": "TakerConnect"
      },
      "connected": {
        "nullable": {
          "ref": "MakerConnected"
        }
      },
      "last_updated": "uint"
    }
  },
  "HistoricalOrder": {
    "object": {},
    "optional": {
      "max_base_vol": "rational",
      "min_base_vol": "rational",
      "price": "rational",
      "updated_at": "uint",
      "conf_settings": {
        "ref": "OrderConfirmationsSettings"
      }
    }
  },
  "SetPriceResult": {
    "object": {
      "max_base_vol": "decimal",
      "max_base_vol_rat": "rational",
      "min_base_vol": "decimal",
      "min_base_vol_rat": "rational",
      "price": "decimal",
      "price_rat": "rational",
      "created_at": "uint",
      "updated_at": {
        "nullable": "uint"
      },
      "base": "string",
      "rel": "string",
      "matches": {
        "map": {
          "ref": "MakerMatch"
        }
      },
      "started_swaps": {
        "array": "uuid"
      },
      "uuid": "uuid",
      "conf_settings": {
        "nullable": {
          "ref": "OrderConfirmationsSettings"
        }
      },
      "base_orderbook_ticker": {
        "nullable": "string"
      },
      "rel_orderbook_ticker": {
        "nullable": "string"
      }
    },
    "optional": {
      "changes_history": {
        "array": {
          "ref": "HistoricalOrder"
        }
      }
    }
  },
  "MakerOrderRpcResult": {
    "object": {
      "max_base_vol": "decimal",
      "max_base_vol_rat": "rational",
      "min_base_vol": "decimal",
      "min_base_vol_rat": "rational",
      "price": "decimal",
      "price_rat": "rational",
      "created_at": "uint",
      "updated_at": {
        "nullable": "uint"
      },
      "base": "string",
      "rel": "string",
      "matches": {
        "map": {
          "ref": "MakerMatch"
        }
      },
      "started_swaps": {
        "array": "uuid"
      },
      "uuid": "uuid",
      "conf_settings": {
        "nullable": {
          "ref": "OrderConfirmationsSettings"
        }
      },
      "base_orderbook_ticker": {
        "nullable": "string"
      },
      "rel_orderbook_ticker": {
        "nullable": "string"
      },
      "cancellable": "boolean",
      "available_amount": "decimal"
    },
    "optional": {
      "changes_history": {
        "array": {
          "ref": "HistoricalOrder"
        }
      }
    }
  },
  "TakerOrderRpcResult": {
    "object": {
      "created_at": "uint",
      "request": {
        "ref": "TakerRequest"
      },
      "matches": {
        "map": {
          "ref": "TakerMatch"
        }
      },
      "order_type": {
        "ref": "OrderType"
      },
      "cancellable": "boolean",
      "base_orderbook_ticker": {
        "nullable": "string"
      },
      "rel_orderbook_ticker": {
        "nullable": "string"
      }
    }
  },
  "BuyOrSellRpcRes": {
    "object": {
      "base": "string",
      "rel": "string",
      "base_amount": "decimal",
      "base_amount_rat": "rational",
      "rel_amount": "decimal",
      "rel_amount_rat": "rational",
      "min_volume": "decimal",
      "min_volume_rat": "rational",
      "min_volume_fraction": "fraction",
      "action": {
        "ref": "TakerAction"
      },
      "uuid": "uuid",
      "method": "string",
      "sender_pubkey": "hex",
      "dest_pub_key": "hex",
      "match_by": {
        "ref": "MatchBy"
      },
      "conf_settings": {
        "ref": "OrderConfirmationsSettings"
      },
      "order_type": {
        "ref": "OrderType"
      },
      "base_orderbook_ticker": {
        "nullable": "string"
      },
      "rel_orderbook_ticker": {
        "nullable": "string"
      }
    }
  },
  "RpcOrderbookEntry": {
    "object": {
      "coin": "string",
      "address": "string",
      "price": "decimal",
      "price_rat": "rational",
      "price_fraction": "fraction",
      "maxvolume": "decimal",
      "max_volume_rat": "rational",
      "max_volume_fraction": "fraction",
      "min_volume": "decimal",
      "min_volume_rat": "rational",
      "min_volume_fraction": "fraction",
      "pubkey": "hex",
      "age": "uint",
      "uuid": "uuid",
      "is_mine": "boolean",
      "base_max_volume": "decimal",
      "base_max_volume_rat": "rational",
      "base_max_volume_fraction": "fraction",
      "base_min_volume": "decimal",
      "base_min_volume_rat": "rational",
      "base_min_volume_fraction": "fraction",
      "rel_max_volume": "decimal",
      "rel_max_volume_rat": "rational",
      "rel_max_volume_fraction": "fraction",
      "rel_min_volume": "decimal",
      "rel_min_volume_rat": "rational",
      "rel_min_volume_fraction": "fraction"
    },
    "optional": {
      "base_confs": "uint",
      "base_nota": "boolean",
      "rel_confs": "uint",
      "rel_nota": "boolean"
    }
  },
  "AggregatedOrderbookEntry": {
    "object": {
      "coin": "string",
      "address": "string",
      "price": "decimal",
      "price_rat": "rational",
      "price_fraction": "fraction",
      "maxvolume": "decimal",
      "max_volume_rat": "rational",
      "max_volume_fraction": "fraction",
      "min_volume": "decimal",
      "min_volume_rat": "rational",
      "min_volume_fraction": "fraction",
      "pubkey": "hex",
      "age": "uint",
      "uuid": "uuid",
      "is_mine": "boolean",
      "base_max_volume": "decimal",
      "base_max_volume_rat": "rational",
      "base_max_volume_fraction": "fraction",
      "base_min_volume": "decimal",
      "base_min_volume_rat": "rational",
      "base_min_volume_fraction": "fraction",
      "rel_max_volume": "decimal",
      "rel_max_volume_rat": "rational",
      "rel_max_volume_fraction": "fraction",
      "rel_min_volume": "decimal",
      "rel_min_volume_rat": "rational",
      "rel_min_volume_fraction": "fraction",
      "base_max_volume_aggr": "decimal",
      "base_max_volume_aggr_rat": "rational",
      "base_max_volume_aggr_fraction": "fraction",
      "rel_max_volume_aggr": "decimal",
      "rel_max_volume_aggr_rat": "rational",
      "rel_max_volume_aggr_fraction": "fraction"
    },
    "optional": {
      "base_confs": "uint",
      "base_nota": "boolean",
      "rel_confs": "uint",
      "rel_nota": "boolean"
    }
  },
  "RpcOrderbookEntryV2": {
    "object": {
      "coin": "string",
      "address": {
        "oneOf": [
          {
            "object": {
              "address_type": {
                "const": "Transparent"
              },
              "address_data": "string"
            }
          },
          {
            "object": {
              "address_type": {
                "const": "Shielded"
              }
            }
          }
        ]
      },
      "price": {
        "ref": "MmNumberMultiRepr"
      },
      "pubkey": "hex",
      "uuid": "uuid",
      "is_mine": "boolean",
      "base_max_volume": {
        "ref": "MmNumberMultiRepr"
      },
      "base_min_volume": {
        "ref": "MmNumberMultiRepr"
      },
      "rel_max_volume": {
        "ref": "MmNumberMultiRepr"
      },
      "rel_min_volume": {
        "ref": "MmNumberMultiRepr"
      },
      "conf_settings": {
        "nullable": {
          "ref": "OrderConfirmationsSettings"
        }
      }
    }
  },
  "AggregatedOrderbookEntryV2": {
    "object": {
      "coin": "string",
      "address": {
        "oneOf": [
          {
            "object": {
              "address_type": {
                "const": "Transparent"
              },
              "address_data": "string"
            }
          },
          {
            "object": {
              "address_type": {
                "const": "Shielded"
              }
            }
          }
        ]
      },
      "price": {
        "ref": "MmNumberMultiRepr"
      },
      "pubkey": "hex",
      "uuid": "uuid",
      "is_mine": "boolean",
      "base_max_volume": {
        "ref": "MmNumberMultiRepr"
      },
      "base_min_volume": {
        "ref": "MmNumberMultiRepr"
      },
      "rel_max_volume": {
        "ref": "MmNumberMultiRepr"
      },
      "rel_min_volume": {
        "ref": "MmNumberMultiRepr"
      },
      "conf_settings": {
        "nullable": {
          "ref": "OrderConfirmationsSettings"
        }
      },
      "base_max_volume_aggr": {
        "ref": "MmNumberMultiRepr"
      },
      "rel_max_volume_aggr": {
        "ref": "MmNumberMultiRepr"
      }
    }
  },
  "TradeFee": {
    "object": {
      "coin": "string",
      "amount": "decimal",
      "amount_rat": "rational",
      "amount_fraction": "fraction",
      "paid_from_trading_vol": "boolean"
    }
  },
  "TotalTradeFee": {
    "object": {
      "coin": "string",
      "amount": "decimal",
      "amount_rat": "rational",
      "amount_fraction": "fraction",
      "required_balance": "decimal",
      "required_balance_rat": "rational",
      "required_balance_fraction": "fraction"
    }
  },
  "TakerPreimage": {
    "object": {
      "base_coin_fee": {
        "ref": "TradeFee"
      },
      "rel_coin_fee": {
        "ref": "TradeFee"
      },
      "taker_fee": {
        "ref": "TradeFee"
      },
      "fee_to_send_taker_fee": {
        "ref": "TradeFee"
      },
      "total_fees": {
        "array": {
          "ref": "TotalTradeFee"
        }
      }
    }
  },
  "MakerPreimage": {
    "object": {
      "base_coin_fee": {
        "ref": "TradeFee"
      },
      "rel_coin_fee": {
        "ref": "TradeFee"
      },
      "total_fees": {
        "array": {
          "ref": "TotalTradeFee"
        }
      }
    },
    "optional": {
      "volume": "decimal",
      "volume_rat": "rational",
      "volume_fraction": "fraction"
    }
  },
  "FeeDetails": {
    "oneOf": [
      {
        "object": {
          "type": {
            "const": "Utxo"
          },
          "amount": "decimal"
        },
        "optional": {
          "coin": "string"
        }
      },
      {
        "object": {
          "type": {
            "const": "Eth"
          },
          "coin": "string",
          "gas": "uint",
          "gas_price": "decimal",
          "max_fee_per_gas": {
            "nullable": "decimal"
          },
          "max_priority_fee_per_gas": {
            "nullable": "decimal"
          },
          "total_fee": "decimal"
        }
      }
    ]
  },
  "TransactionType": {
    "oneOf": [
      {
        "enum": [
          "StakingDelegation",
          "RemoveDelegation",
          "StandardTransfer",
          "FeeForTokenTx"
        ]
      },
      {
        "object": {
          "TokenTransfer": "string"
        }
      }
    ]
  },
  "TransactionDetails": {
    "object": {
      "tx_hex": "hex",
      "tx_hash": "hex",
      "from": {
        "array": "string"
      },
      "to": {
        "array": "string"
      },
      "total_amount": "decimal",
      "spent_by_me": "decimal",
      "received_by_me": "decimal",
      "my_balance_change": "decimal",
      "block_height": "uint",
      "timestamp": "uint",
      "fee_details": {
        "ref": "FeeDetails"
      },
      "coin": "string",
      "internal_id": "string",
      "transaction_type": {
        "ref": "TransactionType"
      },
      "memo": {
        "nullable": "string"
      }
    },
    "optional": {
      "kmd_rewards": {
        "object": {
          "amount": "decimal",
          "claimed_by_me": "boolean"
        }
      }
    }
  },
  "HistoryTransactionDetails": {
    "object": {
      "tx_hex": "hex",
      "tx_hash": "hex",
      "from": {
        "array": "string"
      },
      "to": {
        "array": "string"
      },
      "total_amount": "decimal",
      "spent_by_me": "decimal",
      "received_by_me": "decimal",
      "my_balance_change": "decimal",
      "block_height": "uint",
      "timestamp": "uint",
      "fee_details": {
        "ref": "FeeDetails"
      },
      "coin": "string",
      "internal_id": "string",
      "transaction_type": {
        "ref": "TransactionType"
      },
      "memo": {
        "nullable": "string"
      },
      "confirmations": "uint"
    },
    "optional": {
      "kmd_rewards": {
        "object": {
          "amount": "decimal",
          "claimed_by_me": "boolean"
        }
      }
    }
  },
  "SyncStatus": {
    "oneOf": [
      {
        "object": {
          "state": {
            "enum": [
              "NotEnabled",
              "NotStarted",
              "Finished"
            ]
          }
        }
      },
      {
        "object": {
          "state": {
            "enum": [
              "InProgress",
              "Error"
            ]
          },
          "additional_info": "any"
        }
      }
    ]
  },
  "IguanaWalletBalanceMap": {
    "object": {
      "wallet_type": {
        "const": "Iguana"
      },
      "address": "string",
      "balance": {
        "map": {
          "ref": "CoinBalance"
        }
      }
    }
  },
  "HDAddressBalanceMap": {
    "object": {
      "address": "string",
      "derivation_path": "string",
      "chain": {
        "enum": [
          "External",
          "Internal"
        ]
      },
      "balance": {
        "map": {
          "ref": "CoinBalance"
        }
      }
    }
  },
  "HDAccountBalanceMap": {
    "object": {
      "account_index": "uint",
      "derivation_path": "string",
      "total_balance": {
        "map": {
          "ref": "CoinBalance"
        }
      },
      "addresses": {
        "array": {
          "ref": "HDAddressBalanceMap"
        }
      }
    }
  },
  "EnableCoinBalanceMap": {
    "oneOf": [
      {
        "ref": "IguanaWalletBalanceMap"
      },
      {
        "object": {
          "wallet_type": {
            "const": "HD"
          },
          "accounts": {
            "array": {
              "ref": "HDAccountBalanceMap"
            }
          }
        }
      }
    ]
  },
  "UtxoStandardActivationResult": {
    "object": {
      "ticker": "string",
      "current_block": "uint",
      "wallet_balance": {
        "ref": "EnableCoinBalanceMap"
      }
    }
  },
  "EthWithTokensActivationResult": {
    "oneOf": [
      {
        "object": {
          "current_block": "uint",
          "eth_addresses_infos": {
            "map": {
              "object": {
                "derivation_method": {
                  "oneOf": [
                    {
                      "object": {
                        "type": {
                          "const": "Iguana"
                        }
                      }
                    },
                    {
                      "object": {
                        "type": {
                          "const": "HDWallet"
                        },
                        "data": "string"
                      }
                    }
                  ]
                },
                "pubkey": "hex"
              },
              "optional": {
                "balances": {
                  "ref": "CoinBalance"
                },
                "tickers": {
                  "array": "string"
                }
              }
            }
          },
          "erc20_addresses_infos": {
            "map": {
              "object": {
                "derivation_method": {
                  "oneOf": [
                    {
                      "object": {
                        "type": {
                          "const": "Iguana"
                        }
                      }
                    },
                    {
                      "object": {
                        "type": {
                          "const": "HDWallet"
                        },
                        "data": "string"
                      }
                    }
                  ]
                },
                "pubkey": "hex"
              },
              "optional": {
                "balances": {
                  "map": {
                    "ref": "CoinBalance"
                  }
                },
                "tickers": {
                  "array": "string"
                }
              }
            }
          },
          "nfts_infos": "any"
        }
      },
      {
        "object": {
          "current_block": "uint",
          "ticker": "string",
          "wallet_balance": {
            "ref": "EnableCoinBalanceMap"
          },
          "nfts_infos": "any"
        }
      }
    ]
  },
  "CoinInitResponse": {
    "object": {
      "result": {
        "const": "success"
      },
      "address": "string",
      "balance": "decimal",
      "unspendable_balance": "decimal",
      "coin": "string",
      "required_confirmations": "uint",
      "requires_notarization": "boolean"
    },
    "optional": {
      "mature_confirmations": "uint"
    }
  },
  "InitTaskResult": {
    "object": {
      "task_id": "uint"
    }
  },
  "TaskError": {
    "object": {
      "error": "string",
      "error_path": "string",
      "error_trace": "string",
      "error_type": "string"
    },
    "optional": {
      "error_data": "any"
    }
  },
  "SavedTradeFee": {
    "object": {
      "coin": "string",
      "amount": "decimal",
      "paid_from_trading_vol": "boolean"
    }
  },
  "MakerSwapData": {
    "object": {
      "taker_coin": "string",
      "maker_coin": "string",
      "taker": "hex",
      "secret": "hex",
      "secret_hash": {
        "nullable": "hex"
      },
      "my_persistent_pub": "hex",
      "lock_duration": "uint",
      "maker_amount": "decimal",
      "taker_amount": "decimal",
      "maker_payment_confirmations": "uint",
      "maker_payment_requires_nota": {
        "nullable": "boolean"
      },
      "taker_payment_confirmations": "uint",
      "taker_payment_requires_nota": {
        "nullable": "boolean"
      },
      "maker_payment_lock": "uint",
      "uuid": "uuid",
      "started_at": "uint",
      "maker_coin_start_block": "uint",
      "taker_coin_start_block": "uint",
      "maker_payment_trade_fee": {
        "nullable": {
          "ref": "SavedTradeFee"
        }
      },
      "taker_payment_spend_trade_fee": {
        "nullable": {
          "ref": "SavedTradeFee"
        }
      },
      "maker_coin_htlc_pubkey": {
        "nullable": "hex"
      },
      "taker_coin_htlc_pubkey": {
        "nullable": "hex"
      },
      "p2p_privkey": {
        "nullable": "any"
      }
    },
    "optional": {
      "maker_coin_swap_contract_address": "hex",
      "taker_coin_swap_contract_address": "hex"
    }
  },
  "TakerSwapData": {
    "object": {
      "taker_coin": "string",
      "maker_coin": "string",
      "maker": "hex",
      "my_persistent_pub": "hex",
      "lock_duration": "uint",
      "maker_amount": "decimal",
      "taker_amount": "decimal",
      "maker_payment_confirmations": "uint",
      "maker_payment_requires_nota": {
        "nullable": "boolean"
      },
      "taker_payment_confirmations": "uint",
      "taker_payment_requires_nota": {
        "nullable": "boolean"
      },
      "taker_payment_lock": "uint",
      "uuid": "uuid",
      "started_at": "uint",
      "maker_payment_wait": "uint",
      "maker_coin_start_block": "uint",
      "taker_coin_start_block": "uint",
      "fee_to_send_taker_fee": {
        "nullable": {
          "ref": "SavedTradeFee"
        }
      },
      "taker_payment_trade_fee": {
        "nullable": {
          "ref": "SavedTradeFee"
        }
      },
      "maker_payment_spend_trade_fee": {
        "nullable": {
          "ref": "SavedTradeFee"
        }
      },
      "maker_coin_htlc_pubkey": {
        "nullable": "hex"
      },
      "taker_coin_htlc_pubkey": {
        "nullable": "hex"
      },
      "p2p_privkey": {
        "nullable": "any"
      }
    },
    "optional": {
      "maker_coin_swap_contract_address": "hex",
      "taker_coin_swap_contract_address": "hex"
    }
  },
  "MakerSavedEvent": {
    "object": {
      "timestamp": "uint",
      "event": {
        "oneOf": [
          {
            "object": {
              "type": {
                "const": "Started"
              },
              "data": {
                "ref": "MakerSwapData"
              }
            }
          },
          {
            "object": {
              "type": {
                "enum": [
                  "StartFailed",
                  "Negotiated",
                  "NegotiateFailed",
                  "MakerPaymentInstructionsReceived",
                  "TakerFeeValidated",
                  "TakerFeeValidateFailed",
                  "MakerPaymentSent",
                  "MakerPaymentTransactionFailed",
                  "MakerPaymentDataSendFailed",
                  "MakerPaymentWaitConfirmFailed",
                  "TakerPaymentReceived",
                  "TakerPaymentValidateFailed",
                  "TakerPaymentWaitConfirmFailed",
                  "TakerPaymentSpent",
                  "TakerPaymentSpendFailed",
                  "TakerPaymentSpendConfirmFailed",
                  "MakerPaymentWaitRefundStarted",
                  "MakerPaymentRefunded",
                  "MakerPaymentRefundFailed"
                ]
              },
              "data": "any"
            }
          },
          {
            "object": {
              "type": {
                "enum": [
                  "TakerPaymentWaitConfirmStarted",
                  "TakerPaymentValidatedAndConfirmed",
                  "TakerPaymentSpendConfirmStarted",
                  "TakerPaymentSpendConfirmed",
                  "MakerPaymentRefundStarted",
                  "MakerPaymentRefundFinished",
                  "Finished"
                ]
              }
            }
          }
        ]
      }
    }
  },
  "TakerSavedEvent": {
    "object": {
      "timestamp": "uint",
      "event": {
        "oneOf": [
          {
            "object": {
              "type": {
                "const": "Started"
              },
              "data": {
                "ref": "TakerSwapData"
              }
            }
          },
          {
            "object": {
              "type": {
                "enum": [
                  "StartFailed",
                  "Negotiated",
                  "NegotiateFailed",
                  "TakerFeeSent",
                  "TakerFeeSendFailed",
                  "TakerPaymentInstructionsReceived",
                  "MakerPaymentReceived",
                  "MakerPaymentValidateFailed",
                  "MakerPaymentWaitConfirmFailed",
                  "TakerPaymentSent",
                  "WatcherMessageSent",
                  "TakerPaymentTransactionFailed",
                  "TakerPaymentDataSendFailed",
                  "TakerPaymentWaitConfirmFailed",
                  "TakerPaymentSpent",
                  "TakerPaymentWaitForSpendFailed",
                  "MakerPaymentSpent",
                  "MakerPaymentSpendConfirmFailed",
                  "MakerPaymentSpentByWatcher",
                  "MakerPaymentSpendFailed",
                  "TakerPaymentWaitRefundStarted",
                  "TakerPaymentRefunded",
                  "TakerPaymentRefundFailed",
                  "TakerPaymentRefundedByWatcher"
                ]
              },
              "data": "any"
            }
          },
          {
            "object": {
              "type": {
                "enum": [
                  "MakerPaymentWaitConfirmStarted",
                  "MakerPaymentValidatedAndConfirmed",
                  "MakerPaymentSpendConfirmed",
                  "TakerPaymentRefundStarted",
                  "TakerPaymentRefundFinished",
                  "Finished"
                ]
              }
            }
          }
        ]
      }
    }
  },
  "MakerSavedSwap": {
    "object": {
      "uuid": "uuid",
      "my_order_uuid": {
        "nullable": "uuid"
      },
      "events": {
        "array": {
          "ref": "MakerSavedEvent"
        }
      },
      "maker_amount": {
        "nullable": "decimal"
      },
      "maker_coin": {
        "nullable": "string"
      },
      "maker_coin_usd_price": {
        "nullable": "decimal"
      },
      "taker_amount": {
        "nullable": "decimal"
      },
      "taker_coin": {
        "nullable": "string"
      },
      "taker_coin_usd_price": {
        "nullable": "decimal"
      },
      "gui": {
        "nullable": "string"
      },
      "mm_version": {
        "nullable": "string"
      },
      "success_events": {
        "array": "string"
      },
      "error_events": {
        "array": "string"
      }
    }
  },
  "TakerSavedSwap": {
    "object": {
      "uuid": "uuid",
      "my_order_uuid": {
        "nullable": "uuid"
      },
      "events": {
        "array": {
          "ref": "TakerSavedEvent"
        }
      },
      "maker_amount": {
        "nullable": "decimal"
      },
      "maker_coin": {
        "nullable": "string"
      },
      "maker_coin_usd_price": {
        "nullable": "decimal"
      },
      "taker_amount": {
        "nullable": "decimal"
      },
      "taker_coin": {
        "nullable": "string"
      },
      "taker_coin_usd_price": {
        "nullable": "decimal"
      },
      "gui": {
        "nullable": "string"
      },
      "mm_version": {
        "nullable": "string"
      },
      "success_events": {
        "array": "string"
      },
      "error_events": {
        "array": "string"
      }
    }
  },
  "SavedSwap": {
    "oneOf": [
      {
        "object": {
          "type": {
            "const": "Maker"
          },
          "uuid": "uuid",
          "my_order_uuid": {
            "nullable": "uuid"
          },
          "events": {
            "array": {
              "ref": "MakerSavedEvent"
            }
          },
          "maker_amount": {
            "nullable": "decimal"
          },
          "maker_coin": {
            "nullable": "string"
          },
          "maker_coin_usd_price": {
            "nullable": "decimal"
          },
          "taker_amount": {
            "nullable": "decimal"
          },
          "taker_coin": {
            "nullable": "string"
          },
          "taker_coin_usd_price": {
            "nullable": "decimal"
          },
          "gui": {
            "nullable": "string"
          },
          "mm_version": {
            "nullable": "string"
          },
          "success_events": {
            "array": "string"
          },
          "error_events": {
            "array": "string"
          }
        }
      },
      {
        "object": {
          "type": {
            "const": "Taker"
          },
          "uuid": "uuid",
          "my_order_uuid": {
            "nullable": "uuid"
          },
          "events": {
            "array": {
              "ref": "TakerSavedEvent"
            }
          },
          "maker_amount": {
            "nullable": "decimal"
          },
          "maker_coin": {
            "nullable": "string"
          },
          "maker_coin_usd_price": {
            "nullable": "decimal"
          },
          "taker_amount": {
            "nullable": "decimal"
          },
          "taker_coin": {
            "nullable": "string"
          },
          "taker_coin_usd_price": {
            "nullable": "decimal"
          },
          "gui": {
            "nullable": "string"
          },
          "mm_version": {
            "nullable": "string"
          },
          "success_events": {
            "array": "string"
          },
          "error_events": {
            "array": "string"
          }
        }
      }
    ]
  },
  "MySwapInfo": {
    "object": {
      "my_coin": "string",
      "other_coin": "string",
      "my_amount": "decimal",
      "other_amount": "decimal",
      "started_at": "uint"
    }
  },
  "MySwapStatusResponse": {
    "oneOf": [
      {
        "object": {
          "type": {
            "const": "Maker"
          },
          "uuid": "uuid",
          "my_order_uuid": {
            "nullable": "uuid"
          },
          "events": {
            "array": {
              "ref": "MakerSavedEvent"
            }
          },
          "maker_amount": {
            "nullable": "decimal"
          },
          "maker_coin": {
            "nullable": "string"
          },
          "maker_coin_usd_price": {
            "nullable": "decimal"
          },
          "taker_amount": {
            "nullable": "decimal"
          },
          "taker_coin": {
            "nullable": "string"
          },
          "taker_coin_usd_price": {
            "nullable": "decimal"
          },
          "gui": {
            "nullable": "string"
          },
          "mm_version": {
            "nullable": "string"
          },
          "success_events": {
            "array": "string"
          },
          "error_events": {
            "array": "string"
          },
          "my_info": {
            "nullable": {
              "ref": "MySwapInfo"
            }
          },
          "recoverable": "boolean",
          "is_finished": "boolean"
        },
        "optional": {
          "is_success": "boolean"
        }
      },
      {
        "object": {
          "type": {
            "const": "Taker"
          },
          "uuid": "uuid",
          "my_order_uuid": {
            "nullable": "uuid"
          },
          "events": {
            "array": {
              "ref": "TakerSavedEvent"
            }
          },
          "maker_amount": {
            "nullable": "decimal"
          },
          "maker_coin": {
            "nullable": "string"
          },
          "maker_coin_usd_price": {
            "nullable": "decimal"
          },
          "taker_amount": {
            "nullable": "decimal"
          },
          "taker_coin": {
            "nullable": "string"
          },
          "taker_coin_usd_price": {
            "nullable": "decimal"
          },
          "gui": {
            "nullable": "string"
          },
          "mm_version": {
            "nullable": "string"
          },
          "success_events": {
            "array": "string"
          },
          "error_events": {
            "array": "string"
          },
          "my_info": {
            "nullable": {
              "ref": "MySwapInfo"
            }
          },
          "recoverable": "boolean",
          "is_finished": "boolean"
        },
        "optional": {
          "is_success": "boolean"
        }
      }
    ]
  },
  "SwapRpcData": {
    "oneOf": [
      {
        "object": {
          "swap_type": {
            "const": "MakerV1"
          },
          "swap_data": {
            "ref": "MakerSavedSwap"
          }
        }
      },
      {
        "object": {
          "swap_type": {
            "const": "TakerV1"
          },
          "swap_data": {
            "ref": "TakerSavedSwap"
          }
        }
      }
    ]
  },
  "CoinActivationInProgressStatus": {
    "oneOf": [
      {
        "enum": [
          "ActivatingCoin",
          "RequestingWalletBalance",
          "Finishing",
          "WaitingForTrezorToConnect",
          "FollowHwDeviceInstructions"
        ]
      },
      {
        "object": {
          "SyncingBlockHeaders": {
            "object": {
              "current_scanned_block": "uint",
              "last_block": "uint"
            }
          }
        }
      },
      {
        "object": {
          "TemporaryError": "string"
        }
      }
    ]
  },
  "WithdrawInProgressStatus": {
    "enum": [
      "Preparing",
      "GeneratingTransaction",
      "SigningTransaction",
      "Finishing",
      "WaitingForTrezorToConnect",
      "FollowHwDeviceInstructions",
      "WaitingForUserToConfirmSigning"
    ]
  },
  "AccountBalanceInProgressStatus": {
    "enum": [
      "RequestingAccountBalance"
    ]
  },
  "InitHwInProgressStatus": {
    "enum": [
      "Initializing",
      "WaitingForTrezorToConnect",
      "FollowHwDeviceInstructions"
    ]
  },
  "HwRpcTaskAwaitingStatus": {
    "enum": [
      "EnterTrezorPin",
      "EnterTrezorPassphrase"
    ]
  },
  "CoinActivationTaskOtherStatus": {
    "oneOf": [
      {
        "object": {
          "status": {
            "const": "InProgress"
          },
          "details": {
            "ref": "CoinActivationInProgressStatus"
          }
        }
      },
      {
        "object": {
          "status": {
            "const": "UserActionRequired"
          },
          "details": {
            "ref": "HwRpcTaskAwaitingStatus"
          }
        }
      },
      {
        "object": {
          "status": {
            "const": "Error"
          },
          "details": {
            "ref": "TaskError"
          }
        }
      }
    ]
  },
  "WithdrawTaskOtherStatus": {
    "oneOf": [
      {
        "object": {
          "status": {
            "const": "InProgress"
          },
          "details": {
            "ref": "WithdrawInProgressStatus"
          }
        }
      },
      {
        "object": {
          "status": {
            "const": "UserActionRequired"
          },
          "details": {
            "ref": "HwRpcTaskAwaitingStatus"
          }
        }
      },
      {
        "object": {
          "status": {
            "const": "Error"
          },
          "details": {
            "ref": "TaskError"
          }
        }
      }
    ]
  },
  "AccountBalanceTaskOtherStatus": {
    "oneOf": [
      {
        "object": {
          "status": {
            "const": "InProgress"
          },
          "details": {
            "ref": "AccountBalanceInProgressStatus"
          }
        }
      },
      {
        "object": {
          "status": {
            "const": "Error"
          },
          "details": {
            "ref": "TaskError"
          }
        }
      }
    ]
  },
  "InitHwTaskOtherStatus": {
    "oneOf": [
      {
        "object": {
          "status": {
            "const": "InProgress"
          },
          "details": {
            "ref": "InitHwInProgressStatus"
          }
        }
      },
      {
        "object": {
          "status": {
            "const": "UserActionRequired"
          },
          "details": {
            "ref": "HwRpcTaskAwaitingStatus"
          }
        }
      },
      {
        "object": {
          "status": {
            "const": "Error"
          },
          "details": {
            "ref": "TaskError"
          }
        }
      }
    ]
  },
  "MyTxHistoryTarget": {
    "oneOf": [
      {
        "object": {
          "type": {
            "const": "iguana"
          }
        }
      },
      {
        "object": {
          "type": {
            "const": "account_id"
          },
          "account_id": "uint"
        }
      },
      {
        "object": {
          "type": {
            "const": "address_id"
          },
          "account_id": "uint",
          "chain": {
            "enum": [
              "External",
              "Internal"
            ]
          },
          "address_id": "uint"
        }
      }
    ]
  },
  "FeePerGasLevel": {
    "object": {
      "max_priority_fee_per_gas": "decimal",
      "max_fee_per_gas": "decimal",
      "min_wait_time": {
        "nullable": "uint"
      },
      "max_wait_time": {
        "nullable": "uint"
      }
    }
  }
} as const;
