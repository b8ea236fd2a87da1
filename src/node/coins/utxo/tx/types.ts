/** The shapes the transaction planner and signer exchange; amounts are satoshis (`bigint`). */

/** A spendable output of the wallet's script, as Electrum's `listunspent` reports it. */
export interface Unspent {
  txid: string;
  vout: number;
  value: bigint;
  /** 0 while in the mempool. */
  height: number;
}

/**
 * Satoshis per 1000 (virtual) bytes. `fixedPerKb` is the coins file's `txfee` (or `UtxoFixed`)
 * and is charged per started kB; `dynamic` is an estimate (or `UtxoPerKbyte`), charged pro rata.
 */
export type FeeRate = { kind: 'fixedPerKb'; satPerKb: bigint } | { kind: 'dynamic'; satPerKb: bigint };

export interface TxOutput {
  script: Uint8Array;
  value: bigint;
}

/** KDF's `FeePolicy`: the fee comes on top of the outputs, or out of one of them (`max`). */
export type FeePolicy = { kind: 'sendExact' } | { kind: 'deductFromOutput'; index: number };

/** The script kinds the wallet spends from; every input of a plan is of this one kind. */
export type InputKind = 'p2pkh' | 'p2wpkh';

export interface TxPlanRequest {
  /** Any order; duplicates of an outpoint are ignored. */
  unspents: Unspent[];
  outputs: TxOutput[];
  /** The wallet's own script; change goes there. */
  changeScript: Uint8Array;
  inputKind: InputKind;
  feeRate: FeeRate;
  feePolicy: FeePolicy;
  /** Smallest value of a non-OP_RETURN output, and of change worth keeping. */
  dust: bigint;
  /** Fee paid on top of the miner fee, e.g. QRC20 gas (gas limit × gas price). */
  gasFee?: bigint;
  /** The server's `blockchain.relayfee` in sat/kB, when the coin sets `force_min_relay_fee`. */
  minRelayFeeRate?: bigint;
  /**
   * KMD: the interest the given inputs claim (KDF's `calc_interest_if_required`), paid into the
   * change; absent for every other coin.
   */
  interestOf?: (inputs: Unspent[]) => bigint;
  /** Bytes the coin's transaction layout adds to Bitcoin's (txFormat.ts `layoutBytes`), sized into every fee. */
  layoutBytes?: number;
  /** For error data: the coin's ticker and decimals. */
  ticker: string;
  decimals: number;
}

export interface TxPlan {
  /** In spending order: ascending value, or descending when the standard size forced the largest that fit (plan.ts). */
  inputs: Unspent[];
  /** The requested outputs (the fee taken out of one with `deductFromOutput`), then change if any. */
  outputs: TxOutput[];
  /** The miner fee: inputs − outputs − gasFee, so change dropped as dust is included. */
  fee: bigint;
  /** 0 when there is no change output. */
  change: bigint;
  /** Sum of the inputs (KDF's `spent_by_me`). */
  spent: bigint;
  /** KMD: the interest the inputs claim, included in the change (inputs + interest = outputs + fee + gas). */
  interest?: bigint;
  /** The transaction's nLockTime; 0 when absent (KMD sets it so interest accrues, kmd/claim.ts). */
  lockTime?: number;
}
