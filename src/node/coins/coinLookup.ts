/**
 * Finding an activated coin for the wallet RPCs with the error each of KDF's handlers gives when it
 * is not there: legacy handlers answer the flat `No such coin: X` (status 500, as every flat error).
 */
import type { NodeContext } from '../core/context';
import { MmError } from '../core/errors';
import type { EnabledCoin } from './coin';

/** A flat-format failure: KDF's `ERR!` string, answered with 500 and `{error}`. */
export function legacyError(message: string): MmError {
  return new MmError({ errorType: 'InternalError', message, errorData: message, httpStatus: 500 });
}

export function legacyCoin(ctx: NodeContext, ticker: string): EnabledCoin {
  const coin = ctx.enabledCoins.get(ticker);
  if (!coin) throw legacyError(`No such coin: ${ticker}`);
  return coin;
}

/** The coin, or the error `notFound` makes of KDF's `CoinFindError` text (`No such coin: X`). */
export function mmrpcCoin(ctx: NodeContext, ticker: string, notFound: (findError: string) => MmError): EnabledCoin {
  const coin = ctx.enabledCoins.get(ticker);
  if (!coin) throw notFound(`No such coin: ${ticker}`);
  return coin;
}
