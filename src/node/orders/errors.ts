/**
 * Errors of the order RPCs. KDF's legacy ordermatch handlers fail with plain strings (flat
 * `{error}` with the trace prefix, HTTP 500), so most errors here only carry KDF's message; the
 * mmrpc `best_orders` has typed variants (`BestOrdersRpcError`).
 */
import { MmError } from '../core/errors';

/** A flat-format failure with KDF's wording. */
export function orderError(message: string, cause?: unknown): MmError {
  return new MmError({ errorType: 'OrderError', message, errorData: message, httpStatus: 500, cause });
}

/**
 * A store write that failed on an order's path (KDF answers "Error on saving … to database" with
 * 500): nothing was announced and the order is as it was before the request.
 */
export function orderStorageError(what: string, cause: unknown): MmError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  const message = `Error on saving ${what} to database: ${detail}`;
  return new MmError({ errorType: 'StorageError', message, errorData: message, httpStatus: 500, cause });
}

export const bestOrdersError = {
  coinIsWalletOnly: (coin: string): MmError =>
    new MmError({ errorType: 'CoinIsWalletOnly', message: `Coin ${coin} is wallet only`, errorData: coin, httpStatus: 400 }),
};

/**
 * A coin whose family estimates swap fees (`trade_preimage`) but cannot run a swap (every family
 * swaps today; this guards one added with fees first): an order in it is refused before anything
 * is stored or sent, rather than matched into a swap that could not start.
 */
export function swapsNotSupported(ticker: string, protocol: string): MmError {
  const message = `Coin ${ticker} (${protocol}) cannot be traded by this node yet: its atomic swaps are not supported`;
  return new MmError({ errorType: 'SwapsNotSupported', message, errorData: { coin: ticker, protocol }, httpStatus: 400 });
}

/** Orders need the node's key and peer-to-peer network; without them no order RPC can work. */
export function ordersUnavailable(): MmError {
  return orderError('Orders are not available: the node has no key or no peer-to-peer network (conf seednodes)');
}
