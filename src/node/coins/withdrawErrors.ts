/**
 * `withdraw` errors shared by every coin family (KDF `WithdrawError`, spec §7.2): amounts are
 * decimal strings in the units of the coin named in the data; all are HTTP 400.
 */
import { MmNumber } from '../../shared/number';
import { MmError } from '../core/errors';

/** The coin an amount belongs to: its ticker, and the decimals of its base units. */
export interface AmountUnit {
  ticker: string;
  decimals: number;
}

const decimal = (amount: bigint, unit: AmountUnit): string => MmNumber.fromBaseUnits(amount, unit.decimals).toDecimalString();

/** Not enough coins: `required` includes the fee; `coin` may be the platform when a token cannot pay its gas. */
export function notSufficientBalance(unit: AmountUnit, available: bigint, required: bigint): MmError {
  const data = { coin: unit.ticker, available: decimal(available, unit), required: decimal(required, unit) };
  return new MmError({
    errorType: 'NotSufficientBalance',
    message: `Not enough ${data.coin} to withdraw: available ${data.available}, required at least ${data.required}`,
    errorData: data,
    httpStatus: 400,
  });
}

/** An amount below what the coin can send (UTXO dust; an ETH `max` that does not cover its fee). */
export function amountTooLow(unit: AmountUnit, amount: bigint, threshold: bigint): MmError {
  const data = { amount: decimal(amount, unit), threshold: decimal(threshold, unit) };
  return new MmError({
    errorType: 'AmountTooLow',
    message: `The amount ${data.amount} is too small, required at least ${data.threshold}`,
    errorData: data,
    httpStatus: 400,
  });
}

/** `max` with nothing to spend (spec §7.2; KDF itself reports the empty output as AmountTooLow). */
export function zeroBalanceToWithdrawMax(): MmError {
  return new MmError({ errorType: 'ZeroBalanceToWithdrawMax', message: 'Balance is zero', httpStatus: 400 });
}

/**
 * The transaction would exceed the chain's standard size (nodes refuse it with `tx-size`):
 * `inputs` is what the selection needs, `max_inputs` how many a standard transaction can spend.
 */
export function transactionTooLarge(inputs: number, maxInputs: number, maxWeight: number): MmError {
  return new MmError({
    errorType: 'TransactionTooLarge',
    message:
      `The transaction would spend ${inputs} inputs, over the standard size of ${maxWeight} weight units that nodes relay; ` +
      `at most ${maxInputs} inputs fit. Send a smaller amount, or merge the wallet's small outputs first`,
    errorData: { inputs, max_inputs: maxInputs },
    httpStatus: 400,
  });
}

/** KDF's `TxTypeNotSupported` (400, no data): the coin's `max_eth_tx_type`, or its chain, does not allow the fee's transaction type. */
export function txTypeNotSupported(): MmError {
  return new MmError({ errorType: 'TxTypeNotSupported', message: 'Transaction type not supported', httpStatus: 400 });
}

/** KDF's `UnexpectedFromAddress` (400): a `from` the coin cannot withdraw from, and why. */
export function unexpectedFromAddress(reason: string): MmError {
  return new MmError({ errorType: 'UnexpectedFromAddress', message: `Unexpected 'from' address: ${reason}`, errorData: reason, httpStatus: 400 });
}

/** KDF's withdraw `UnknownAccount` (400): `from` names an HD account the wallet has not used. */
export function unknownFromAccount(accountId: number): MmError {
  return new MmError({ errorType: 'UnknownAccount', message: `Unknown '${accountId}' account`, errorData: { account_id: accountId }, httpStatus: 400 });
}
