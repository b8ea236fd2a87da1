/** The params of the coins methods: balances, addresses, keys, history, withdraw. */
import type { Bip44Chain, DecimalInput, HdAddressSelector, NoParams, TaskCancelParams, TaskStatusParams, TaskUserActionParams } from './common';

/** KDF's `EthGasLimitOption` (coins/lp_coins.rs): estimate the gas limit, or set it (this node reads it from `gas`). */
type EthGasLimitOption = { type: 'Calc' } | { type: 'Set'; gas: number };

/** coins/lp_coins.rs `WithdrawFee`, tagged by `type`; prices of EVM gas in gwei, of QRC20 gas in satoshi. */
export type WithdrawFee =
  | { type: 'UtxoFixed' | 'UtxoPerKbyte'; amount: DecimalInput }
  | { type: 'EthGas'; gas_price: DecimalInput; gas: number }
  | { type: 'EthGasEip1559'; max_fee_per_gas: DecimalInput; max_priority_fee_per_gas: DecimalInput; gas_option: EthGasLimitOption }
  | { type: 'Qrc20Gas'; gas_limit: number; gas_price: number };

/**
 * coins/lp_coins.rs `WithdrawRequest`. KDF defaults `amount` to 0; this node requires it unless
 * `max` (the whole balance). `from` only for a coin of an HD wallet; `fee` defaults to the coin's.
 */
export type WithdrawParams = {
  coin: string;
  to: string;
  fee?: WithdrawFee;
  from?: HdAddressSelector;
} & ({ amount: DecimalInput; max?: false } | { max: true; amount?: DecimalInput });

/** KDF's address formats (`UtxoAddressFormat`, coins/utxo.rs; EVM's `EthAddressFormat`), tagged by `format`. */
export type AddressFormat =
  | { format: 'standard' | 'segwit' }
  | { format: 'cashaddress'; network: string }
  | { format: 'singlecase' | 'mixedcase' };

/** coins/my_tx_history_v2.rs `MyTxHistoryTarget`, tagged by `type`: default `iguana` (the wallet's one address). */
export type TxHistoryTarget =
  | { type: 'iguana' }
  | { type: 'account_id'; account_id: number }
  | { type: 'address_id'; account_id: number; chain: Bip44Chain; address_id: number };

/** coins/my_tx_history_v2.rs `MyTxHistoryRequestV2`. */
export type MyTxHistoryV2Params = {
  coin: string;
  /** Default 10. */
  limit?: number;
  /** common/common.rs `PagingOptionsEnum`, externally tagged: default `{"PageNumber": 1}`; `FromId` is a transaction's internal id (hex). */
  paging_options?: { PageNumber: number } | { FromId: string };
  target?: TxHistoryTarget;
};

/** coins/lp_coins.rs `MyTxHistoryRequest`. */
export type MyTxHistoryParams = {
  coin: string;
  /** The page starts after this transaction's internal id (hex). */
  from_id?: string;
  /** Default false: with true, every record. */
  max?: boolean;
  /** Default 10. */
  limit?: number;
  /** From 1; ignored with `from_id`. */
  page_number?: number;
};

/** A coin named by its ticker. */
type Coin = { coin: string };

export interface CoinsParams {
  /** coins/lp_coins.rs `ConvertAddressReq`. */
  convertaddress: { legacy: { coin: string; from: string; to_address_format: AddressFormat } };
  /** coins/lp_coins.rs `ValidateAddressReq`. */
  validateaddress: { legacy: { coin: string; address: string } };
  /** coins/rpc_command/get_current_mtp.rs `GetCurrentMtpRequest`. */
  get_current_mtp: { mmrpc: Coin };
  /** Flat: coins/lp_coins.rs `get_enabled_coins`; 2.0: rpc_command/get_enabled_coins.rs. Both read nothing. */
  get_enabled_coins: { legacy: NoParams; mmrpc: NoParams };
  /** coins/eth/fee_estimation/rpc.rs `GetFeeEstimationRequest`: `estimator_type` required (KDF's `EstimatorType`). */
  get_eth_estimated_fee_per_gas: { mmrpc: { coin: string; estimator_type: 'Simple' | 'Provider' } };
  /** coins/rpc_command/get_new_address.rs `GetNewAddressRequest`: `chain` default `External`, `gap_limit` default the coin's. */
  get_new_address: { mmrpc: { coin: string; account_id: number; chain?: Bip44Chain; gap_limit?: number } };
  /** mm2_main/src/rpc/lp_commands/pubkey.rs `get_public_key`: reads nothing. */
  get_public_key: { mmrpc: NoParams };
  /** mm2_main/src/rpc/lp_commands/pubkey.rs `get_public_key_hash`: reads nothing. */
  get_public_key_hash: { mmrpc: NoParams };
  /** coins/lp_coins.rs `RawTransactionRequest`. */
  get_raw_transaction: { mmrpc: { coin: string; tx_hash: string } };
  /** coins/lp_coins.rs `kmd_rewards_info`: reads nothing (KMD's rewards). */
  kmd_rewards_info: { legacy: NoParams };
  /** mm2_main/src/rpc/lp_commands/legacy.rs `my_balance`: `req["coin"]`. */
  my_balance: { legacy: Coin };
  my_tx_history: { legacy: MyTxHistoryParams; mmrpc: MyTxHistoryV2Params };
  /** coins/lp_coins.rs `send_raw_transaction`: `req["coin"]`, `req["tx_hex"]` (EVM with or without 0x). */
  send_raw_transaction: { legacy: { coin: string; tx_hex: string } };
  /** coins/lp_coins.rs `show_priv_key`: `req["coin"]`. */
  show_priv_key: { legacy: Coin };
  /** coins/lp_coins.rs `SignatureRequest`: `address` (an HD wallet's only) default the enabled address. */
  sign_message: { mmrpc: { coin: string; message: string; address?: HdAddressSelector } };
  /** coins/lp_coins.rs `VerificationRequest`. */
  verify_message: { mmrpc: { coin: string; message: string; signature: string; address: string } };
  /**
   * coins/rpc_command/account_balance.rs `HDAccountBalanceRequest`. KDF requires `chain` and pages
   * with `limit`/`paging_options`; this node answers the account's external address and reads neither.
   */
  'task::account_balance::init': { mmrpc: { coin: string; account_index: number; chain?: Bip44Chain } };
  'task::account_balance::status': { mmrpc: TaskStatusParams };
  'task::account_balance::cancel': { mmrpc: TaskCancelParams };
  /** coins/rpc_command/init_create_account.rs `CreateNewAccountRequest`: `scan` default true, `account_id` default the next. */
  'task::create_new_account::init': { mmrpc: { coin: string; account_id?: number; scan?: boolean; gap_limit?: number } };
  'task::create_new_account::status': { mmrpc: TaskStatusParams };
  'task::create_new_account::cancel': { mmrpc: TaskCancelParams };
  /** coins/rpc_command/init_withdraw.rs `init_withdraw`: the `WithdrawRequest`. */
  'task::withdraw::init': { mmrpc: WithdrawParams };
  'task::withdraw::status': { mmrpc: TaskStatusParams };
  'task::withdraw::user_action': { mmrpc: TaskUserActionParams };
  'task::withdraw::cancel': { mmrpc: TaskCancelParams };
  /** coins/lp_coins.rs `WithdrawRequest`, the same in both forms. */
  withdraw: { legacy: WithdrawParams; mmrpc: WithdrawParams };
}
