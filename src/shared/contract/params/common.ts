/**
 * Request pieces several domains share, in KDF's JSON forms. KDF file paths in the comments are
 * under komodo-defi-framework's `mm2src/`.
 */
import type { Rational } from '../shape';

/** A method that reads no params (KDF's handlers that take only `ctx`, or `_req`). */
export type NoParams = Record<string, never>;

/**
 * KDF's `MmNumber` as a request reads it (mm2_number/src/mm_number.rs): a decimal string, a JSON
 * number, a rational `[[sign, [u32 digits]], [1, [digits]]]` or a fraction `{numer, denom}`.
 */
export type MmNumberInput = string | number | Rational | { numer: string; denom: string };

/** KDF's `BigDecimal` as a request reads it: a decimal string or a JSON number. */
export type DecimalInput = string | number;

/** KDF's `Bip44Chain` (crypto/src/standard_hd_path.rs). */
export type Bip44Chain = 'External' | 'Internal';

/** KDF's `HDPathAccountToAddressId` (coins/hd_wallet/mod.rs): every field defaults to 0 / `External`. */
export type HdPathToAddress = {
  account_id?: number;
  chain?: Bip44Chain;
  address_id?: number;
};

/**
 * KDF's untagged `HDAddressSelector` (coins/hd_wallet/mod.rs): an address of an HD wallet by its
 * ids, or by its full path `m/purpose'/coin_type'/account'/chain/address_id`.
 */
export type HdAddressSelector = { account_id: number; chain: Bip44Chain; address_id: number } | { derivation_path: string };

/**
 * The key an activation signs with: the node's (the default) or the connected Trezor's. KDF's UTXO
 * `PrivKeyActivationPolicy` (coins/lp_coins.rs) is the bare string, its EVM
 * `EthPrivKeyActivationPolicy` (coins/eth/v2_activation.rs) the tagged `{"type": …}`; this node
 * takes either form for both.
 */
export type PrivKeyPolicy = 'ContextPrivKey' | 'Trezor' | { type: 'ContextPrivKey' | 'Trezor' };

/** KDF's `EnabledCoinBalanceParams` (coins/coin_balance.rs) and `gap_limit`, flattened into v2 activations. */
export type HdScanParams = {
  /** Default `scan_if_new_wallet`. */
  scan_policy?: 'do_not_scan' | 'scan_if_new_wallet' | 'scan';
  min_addresses_number?: number;
  /** Default 20; this node allows at most its MAX_GAP_LIMIT. */
  gap_limit?: number;
};

/** KDF's `RpcTaskStatusRequest` (rpc_task/src/rpc_common.rs). */
export type TaskStatusParams = {
  task_id: number;
  /** Default true: a finished task's status is answered once, then forgotten. */
  forget_if_finished?: boolean;
};

/** KDF's `CancelRpcTaskRequest` (rpc_task/src/rpc_common.rs). */
export type TaskCancelParams = { task_id: number };

/**
 * KDF's `HwRpcTaskUserAction` (crypto/src/hw_rpc_task.rs, tagged by `action_type`): the PIN as
 * positions 1-9 of the device's matrix, or the passphrase. This node takes the `Hw*` spellings too.
 */
export type HwUserAction =
  | { action_type: 'TrezorPin' | 'HwPin'; pin: string }
  | { action_type: 'TrezorPassphrase' | 'HwPassphrase'; passphrase: string };

/** KDF's `RpcTaskUserActionRequest<HwRpcTaskUserAction>` (rpc_task/src/rpc_common.rs). */
export type TaskUserActionParams = { task_id: number; user_action: HwUserAction };
