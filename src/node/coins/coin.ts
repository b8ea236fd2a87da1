/**
 * What every activated coin offers the rest of the node, whatever its family (UTXO, EVM, QRC20).
 * What only some families offer is an optional interface in capabilities/, asked of a coin with
 * its type guard, never by its class. Amounts are base units (`bigint`) or exact decimal strings
 * already in coin units; the coins domain's `rpc.ts` turns these camelCase shapes into the wire's
 * snake_case.
 */
import type { MmNumber } from '../../shared/number';
import type { TaskHandle } from '../core/tasks';
import type { CoinConfig } from './config';
import type { SwapOps } from './swapOps';
import type { TradeFees } from './tradeFee';

export interface CoinBalance {
  /** Spendable now: confirmed + unconfirmed, less what is unspendable. */
  spendable: bigint;
  /** Held but not spendable yet, e.g. immature coinbase outputs. */
  unspendable: bigint;
}

export type WithdrawFee =
  | { type: 'UtxoFixed'; amount: MmNumber }
  | { type: 'UtxoPerKbyte'; amount: MmNumber }
  | { type: 'EthGas'; gasPrice: MmNumber; gas: number }
  /** Gwei per gas; `gas` null asks the node to estimate the limit (KDF's `gas_option: Calc`). */
  | { type: 'EthGasEip1559'; maxFeePerGas: MmNumber; maxPriorityFeePerGas: MmNumber; gas: number | null }
  | { type: 'Qrc20Gas'; gasLimit: number; gasPrice: number };

export interface WithdrawRequest {
  to: string;
  /** Null with `max`. */
  amount: MmNumber | null;
  max: boolean;
  fee: WithdrawFee | null;
  /** KDF's `HDAddressSelector`: the HD address to spend from, by path or by ids; absent: the enabled address. */
  from?: WithdrawFrom;
}

export type WithdrawFrom =
  | { derivationPath: string }
  | { accountId: number; chain: 'External' | 'Internal'; addressId: number };

export type FeeDetails =
  | { type: 'Utxo'; coin: string; amount: string }
  /** The max fees per gas are null for a legacy transaction, where `gasPrice` is what was paid. */
  | { type: 'Eth'; coin: string; gas: number; gasPrice: string; maxFeePerGas: string | null; maxPriorityFeePerGas: string | null; totalFee: string }
  | { type: 'Qrc20'; coin: string; minerFee: string; gasLimit: number; gasPrice: number; totalGasFee: string };

/** KDF's `TransactionDetails`: a withdraw result or a history entry. */
export interface TransactionDetails {
  txHex: string;
  txHash: string;
  from: string[];
  to: string[];
  totalAmount: string;
  spentByMe: string;
  receivedByMe: string;
  myBalanceChange: string;
  /** 0 until mined. */
  blockHeight: number;
  /** Unix seconds. */
  timestamp: number;
  feeDetails: FeeDetails;
  coin: string;
  /** A history entry's key (here its hash); a withdraw result's is `''`, as KDF's. */
  internalId: string;
  transactionType: 'StandardTransfer';
  /** Null on the chains served here; KDF fills it for chains whose transactions carry a memo. */
  memo: string | null;
  /** KMD only (KDF's `KmdRewardsDetails`): the interest the transaction claims; absent for other coins. */
  kmdRewards?: { amount: string; claimedByMe: boolean };
}

/** KDF's `HistorySyncState`, serialized with `state` and `additional_info`. */
export type HistorySyncState =
  | { state: 'NotEnabled' }
  | { state: 'NotStarted' }
  | { state: 'InProgress'; additional_info: { transactions_left: number } }
  | { state: 'Error'; additional_info: { error: string } }
  | { state: 'Finished' };

/** A coin's stored history, for `my_tx_history`. */
export interface TxHistoryView {
  readonly syncStatus: HistorySyncState;
  /** The chain tip height, for `confirmations` and `current_block`. */
  readonly currentBlock: number;
  /** In KDF's order: unconfirmed first, then newest first. */
  transactions(): Promise<TransactionDetails[]>;
  /** Stored records that could not be read and were skipped (each logged and sent as an event). */
  readonly unreadableRecords: number;
}

/** How a withdraw reaches the user while a hardware wallet waits for a confirmation. */
export interface WithdrawHooks {
  /** The user must confirm on the device (KDF's FollowHwDeviceInstructions). */
  onFollowDevice?(): void;
  /** The task running the withdraw: a hardware wallet's PIN or passphrase request becomes its `UserActionRequired`. */
  task?: TaskHandle;
  /** Aborting cancels the signing on the device. */
  signal?: AbortSignal;
}

export interface EnabledCoin {
  readonly ticker: string;
  readonly config: CoinConfig;
  readonly decimals: number;
  readonly requiredConfirmations: number;
  readonly requiresNotarization: boolean;
  /** UTXO coins only. */
  readonly matureConfirmations: number | undefined;
  /** The wallet's address for this coin. */
  readonly address: string;
  balance(): Promise<CoinBalance>;
  /** Builds and signs; never broadcasts. */
  withdraw(req: WithdrawRequest, hooks?: WithdrawHooks): Promise<TransactionDetails>;
  /** Broadcasts a signed transaction; resolves with its hash. */
  sendRawTransaction(txHex: string): Promise<string>;
  /** The background history, when activated with `tx_history: true`. */
  readonly history: TxHistoryView | null;
  /** Swap fee estimates; absent for a coin family that cannot swap yet. */
  readonly tradeFees?: TradeFees;
  /** The transactions of an atomic swap; absent for a coin family that cannot swap yet. */
  readonly swapOps?: SwapOps;
  /** Closes connections and timers; called on disable and on node stop. */
  shutdown(): Promise<void>;
}
