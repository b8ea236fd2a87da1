/**
 * The planner's errors as `withdraw` reports them (KDF `WithdrawError::from_generate_tx_error`,
 * lp_coins.rs; spec §7.2): amounts are decimal strings in coin units, all are HTTP 400.
 */
import { MmError } from '../../../errors';
import { satToDecimal } from './amount';

export interface AmountContext {
  ticker: string;
  decimals: number;
}

/** Not enough coins: `required` is what the last attempt needed, fee included. */
export function notSufficientBalance(ctx: AmountContext, available: bigint, required: bigint): MmError {
  const data = { coin: ctx.ticker, available: satToDecimal(available, ctx.decimals), required: satToDecimal(required, ctx.decimals) };
  return new MmError({
    errorType: 'NotSufficientBalance',
    message: `Not enough ${data.coin} to withdraw: available ${data.available}, required at least ${data.required}`,
    errorData: data,
    httpStatus: 400,
  });
}

/** An output below the coin's dust. */
export function amountTooLow(ctx: AmountContext, amount: bigint, threshold: bigint): MmError {
  const data = { amount: satToDecimal(amount, ctx.decimals), threshold: satToDecimal(threshold, ctx.decimals) };
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
