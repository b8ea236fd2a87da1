/**
 * camelCase coin shapes to the wire's snake_case, in KDF's field order (`TransactionDetails`,
 * `TxFeeDetails` in lp_coins.rs / eth.rs; the exact key sets of mm2_test_helpers' structs.rs).
 */
import type { Def } from '../../shared/contract';
import type { FeeDetails, TransactionDetails } from './coin';

export function feeDetailsToWire(f: FeeDetails): Def<'FeeDetails'> {
  switch (f.type) {
    case 'Utxo':
      return { type: 'Utxo', coin: f.coin, amount: f.amount };
    case 'Eth':
      return {
        type: 'Eth',
        coin: f.coin,
        gas: f.gas,
        gas_price: f.gasPrice,
        max_fee_per_gas: f.maxFeePerGas,
        max_priority_fee_per_gas: f.maxPriorityFeePerGas,
        total_fee: f.totalFee,
      };
    case 'Qrc20':
      return {
        type: 'Qrc20',
        coin: f.coin,
        miner_fee: f.minerFee,
        gas_limit: f.gasLimit,
        gas_price: f.gasPrice,
        total_gas_fee: f.totalGasFee,
      };
  }
}

export function txDetailsToWire(d: TransactionDetails): Def<'TransactionDetails'> {
  return {
    tx_hex: d.txHex,
    tx_hash: d.txHash,
    from: d.from,
    to: d.to,
    total_amount: d.totalAmount,
    spent_by_me: d.spentByMe,
    received_by_me: d.receivedByMe,
    my_balance_change: d.myBalanceChange,
    block_height: d.blockHeight,
    timestamp: d.timestamp,
    fee_details: feeDetailsToWire(d.feeDetails),
    coin: d.coin,
    internal_id: d.internalId,
    // `skip_serializing_if = "Option::is_none"`: the key exists only for KMD.
    ...(d.kmdRewards ? { kmd_rewards: { amount: d.kmdRewards.amount, claimed_by_me: d.kmdRewards.claimedByMe } } : {}),
    transaction_type: d.transactionType,
    memo: d.memo,
  };
}
