/**
 * KDF's TransactionDetails and fee details keys, in the order KDF serializes them (lp_coins.rs,
 * eth.rs, utxo.rs; mm2_test_helpers' structs.rs reads them with `deny_unknown_fields`): what
 * `withdraw`, `task::withdraw::status` and each `my_tx_history` entry (plus `confirmations`) carry.
 */
export const DETAILS_KEYS = [
  'tx_hex',
  'tx_hash',
  'from',
  'to',
  'total_amount',
  'spent_by_me',
  'received_by_me',
  'my_balance_change',
  'block_height',
  'timestamp',
  'fee_details',
  'coin',
  'internal_id',
  'transaction_type',
  'memo',
];

export const UTXO_FEE_KEYS = ['type', 'coin', 'amount'];
export const ETH_FEE_KEYS = ['type', 'coin', 'gas', 'gas_price', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'total_fee'];
