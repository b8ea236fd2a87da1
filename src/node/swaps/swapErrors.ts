/**
 * KDF's `TradePreimageRpcError` (lp_swap/trade_preimage.rs; spec §7.3), with its texts and HTTP
 * statuses: every variant is 400 but Transport and InternalError, which are 500. The balance checks
 * and `max_taker_vol` raise the same errors, as KDF's `CheckBalanceError` maps onto these.
 */
import type { MmNumber } from '../../shared/number';
import { AmountIsTooSmallError, NotSufficientBalanceError } from '../coins/tradeFee';
import type { CommonErrorType, SwapsErrorType } from '../../shared/contract/errors';
import { MmError } from '../core/errors';
import { errorMessage } from '../../shared/errorChain';

/** A balance short of what a swap needs; `lockedBySwaps` is set by the balance checks, not by a coin's estimate. */
export interface Shortfall {
  coin: string;
  available: MmNumber;
  required: MmNumber;
  lockedBySwaps?: MmNumber;
  /** What my other open orders promise of the coin (ours: KDF holds nothing for orders). */
  lockedByOrders?: MmNumber;
}

function shortfall(errorType: 'NotSufficientBalance' | 'NotSufficientBaseCoinBalance', what: string, s: Shortfall): MmError {
  const data: Record<string, string> = {
    coin: s.coin,
    available: s.available.toDecimalString(),
    required: s.required.toDecimalString(),
  };
  if (s.lockedBySwaps) data.locked_by_swaps = s.lockedBySwaps.toDecimalString();
  if (s.lockedByOrders) data.locked_by_orders = s.lockedByOrders.toDecimalString();
  const locked =
    (s.lockedBySwaps ? `, locked by swaps ${data.locked_by_swaps}` : '') + (s.lockedByOrders ? `, held by open orders ${data.locked_by_orders}` : '');
  return new MmError({
    errorType,
    message: `Not enough ${what} for swap: available ${data.available}, required at least ${data.required}${locked}`,
    errorData: data,
    httpStatus: 400,
  });
}

const badRequest = (errorType: SwapsErrorType | CommonErrorType, message: string, errorData?: unknown): MmError =>
  new MmError({ errorType, message, errorData, httpStatus: 400 });

export const swapError = {
  notSufficientBalance: (s: Shortfall): MmError => shortfall('NotSufficientBalance', s.coin, s),
  /** The platform coin cannot pay the gas of a token's swap. */
  notSufficientBaseCoinBalance: (s: Shortfall): MmError => shortfall('NotSufficientBaseCoinBalance', `base coin ${s.coin} balance`, s),
  volumeTooLow: (coin: string, volume: MmNumber, threshold: MmNumber): MmError => {
    const data = { coin, volume: volume.toDecimalString(), threshold: threshold.toDecimalString() };
    return badRequest('VolumeTooLow', `The volume ${data.volume} of the ${coin} coin less than minimum transaction amount ${data.threshold}`, data);
  },
  noSuchCoin: (coin: string): MmError => badRequest('NoSuchCoin', `No such coin ${coin}`, { coin }),
  coinIsWalletOnly: (coin: string): MmError => badRequest('CoinIsWalletOnly', `Coin ${coin} is wallet only`, { coin }),
  baseEqualRel: (): MmError => badRequest('BaseEqualRel', 'Rel coin can not be same as base'),
  invalidParam: (param: string, reason: string): MmError =>
    badRequest('InvalidParam', `Incorrect use of the '${param}' parameter: ${reason}`, { param, reason }),
  priceTooLow: (price: MmNumber, threshold: MmNumber): MmError => {
    const data = { price: price.toDecimalString(), threshold: threshold.toDecimalString() };
    return badRequest('PriceTooLow', `Price ${data.price} is too low, required at least ${data.threshold}`, data);
  },
  transport: (reason: string, cause?: unknown): MmError =>
    new MmError({ errorType: 'Transport', message: `Transport error: ${reason}`, errorData: reason, httpStatus: 500, cause }),
  internal: (reason: string, cause?: unknown): MmError =>
    new MmError({ errorType: 'InternalError', message: `Internal error: ${reason}`, errorData: reason, httpStatus: 500, cause }),
};

/**
 * A coin's estimate error as the RPC reports it (KDF `from_trade_preimage_error`): a shortfall of
 * `ticker` itself is NotSufficientBalance, of another coin (a token's platform) NotSufficientBaseCoinBalance;
 * an output below dust is VolumeTooLow of `ticker`.
 */
export function fromCoinError(e: unknown, ticker: string): MmError {
  if (e instanceof NotSufficientBalanceError) {
    const s = { coin: e.coin, available: e.available, required: e.required };
    return e.coin === ticker ? swapError.notSufficientBalance(s) : swapError.notSufficientBaseCoinBalance(s);
  }
  if (e instanceof AmountIsTooSmallError) return swapError.volumeTooLow(ticker, e.amount, e.threshold);
  if (e instanceof MmError && e.errorType === 'Transport') {
    return swapError.transport(typeof e.errorData === 'string' ? e.errorData : e.message, e);
  }
  return swapError.internal(errorMessage(e), e);
}
