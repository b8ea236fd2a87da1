/**
 * `withdraw` errors of EVM coins (KDF `WithdrawError`, spec §7.2), amounts as decimal strings in
 * the units of the coin named in the data; all are HTTP 400.
 */
import { MmError } from '../../errors';
import { formatUnits } from './units';

export interface AmountUnit {
  ticker: string;
  decimals: number;
}

/** `coin` is the coin short of funds: the platform when a token transfer cannot pay its gas. */
export function notSufficientBalance(unit: AmountUnit, available: bigint, required: bigint): MmError {
  const data = { coin: unit.ticker, available: formatUnits(available, unit.decimals), required: formatUnits(required, unit.decimals) };
  return new MmError({
    errorType: 'NotSufficientBalance',
    message: `Not enough ${data.coin} to withdraw: available ${data.available}, required at least ${data.required}`,
    errorData: data,
    httpStatus: 400,
  });
}

/** `max` of ETH whose balance does not cover the fee (KDF's eth_withdraw). */
export function amountTooLow(unit: AmountUnit, amount: bigint, threshold: bigint): MmError {
  const data = { amount: formatUnits(amount, unit.decimals), threshold: formatUnits(threshold, unit.decimals) };
  return new MmError({
    errorType: 'AmountTooLow',
    message: `The amount ${data.amount} is too small, required at least ${data.threshold}`,
    errorData: data,
    httpStatus: 400,
  });
}

export function zeroBalanceToWithdrawMax(): MmError {
  return new MmError({ errorType: 'ZeroBalanceToWithdrawMax', message: 'Balance is zero', httpStatus: 400 });
}
