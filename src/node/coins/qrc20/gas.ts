/**
 * KDF's QRC20 gas constants (`qrc20.rs`) and the contract-call outputs built from them: every
 * call pays `gas_limit × gas_price` satoshis of QTUM on top of the miner fee, and its output
 * carries no QTUM (`OUTPUT_QTUM_AMOUNT`).
 */
import { contractCallScript } from './contractScript';

/** `transfer`, `approve`, `receiverSpend`, `senderRefund`. */
export const QRC20_GAS_LIMIT_DEFAULT = 100_000n;
/** `erc20Payment`. */
export const QRC20_PAYMENT_GAS_LIMIT = 200_000n;
/** Satoshis of QTUM per unit of gas. */
export const QRC20_GAS_PRICE_DEFAULT = 40n;
/** A contract-call output's QTUM value. */
export const OUTPUT_QTUM_AMOUNT = 0n;
/** KDF's `QRC20_DUST`: a token transaction's QTUM change is kept whatever its size. */
export const QRC20_DUST = 0n;

/** One contract-call output and the gas it offers. */
export interface ContractCallOutput {
  script: Uint8Array;
  value: bigint;
  gasLimit: bigint;
  gasPrice: bigint;
}

export function contractCallOutput(callData: Uint8Array, contract: Uint8Array, gasLimit = QRC20_GAS_LIMIT_DEFAULT, gasPrice = QRC20_GAS_PRICE_DEFAULT): ContractCallOutput {
  return { script: contractCallScript(callData, gasLimit, gasPrice, contract), value: OUTPUT_QTUM_AMOUNT, gasLimit, gasPrice };
}

/** The QTUM the calls burn as gas at most: what the transaction pays beside the miner fee. */
export function gasFeeOf(outputs: readonly ContractCallOutput[]): bigint {
  return outputs.reduce((a, o) => a + o.gasLimit * o.gasPrice, 0n);
}
