/**
 * Errors of the order RPCs. KDF's legacy ordermatch handlers fail with plain strings (flat
 * `{error}` with the trace prefix, HTTP 500), so most errors here only carry KDF's message; the
 * mmrpc `best_orders` has typed variants (`BestOrdersRpcError`).
 */
import { errorMessage } from '../../shared/errorChain';
import type { OrderCoinData, OrderRefusal, OrderVolumeData, OrderVolumeField } from '../../shared/contract/errors';
import type { MmNumber } from '../../shared/number';
import { MmError } from '../core/errors';

/** A flat-format failure with KDF's wording. */
export function orderError(message: string, cause?: unknown): MmError<'OrderError'> {
  return new MmError({ errorType: 'OrderError', message, errorData: message, httpStatus: 500, cause });
}

/** A flat refusal the page tells apart: KDF's text on the wire; the refusal and its data on the worker channel only. */
function refusal(pageReason: OrderRefusal, message: string, errorData: unknown = message): MmError<'OrderError'> {
  return new MmError({ errorType: 'OrderError', message, errorData, httpStatus: 500, pageReason });
}

const dec = (n: MmNumber): string => n.toDecimalString();

/** KDF's words for each amount of an order. */
const VOLUME_WORDS: Record<OrderVolumeField, string> = {
  max_base_vol: 'Max base vol',
  base_amount: 'Base amount',
  rel_amount: 'Rel amount',
  max_rel_vol: 'Max rel vol',
  min_base_vol: 'Min base vol',
  min_volume: 'Min volume',
};

type BaseEqualRelText =
  | 'Base and rel must be different coins'
  | 'Rel coin can not be same as base'
  | 'Base and rel coins have the same orderbook tickers and protocols.';

/** The flat order methods' refusals (lp_ordermatch.rs), with KDF's texts. */
export const orderRefusal = {
  /** `taker` words it as sell/buy do, which do not name the coin. */
  coinNotActive: (role: 'Base' | 'Rel', ticker: string, taker: boolean): MmError<'OrderError'> => {
    const data: OrderCoinData = taker ? { role } : { role, coin: ticker };
    return refusal('CoinNotActive', taker ? `${role} coin is not found or inactive` : `${role} coin ${ticker} is not found`, data);
  },
  coinNotInConfig: (coin: string): MmError<'OrderError'> =>
    refusal('CoinNotInConfig', `Coin ${coin} is not found in config`, { role: null, coin } satisfies OrderCoinData),
  /** `prefix` as KDF words it: `Base coin`, `Rel coin`, `Coin`, or the orderbook's `Base Coin` for either side. */
  coinIsWalletOnly: (prefix: string, coin: string, role: OrderCoinData['role']): MmError<'OrderError'> =>
    refusal('CoinIsWalletOnly', `${prefix} ${coin} is wallet only`, { role, coin } satisfies OrderCoinData),
  /** KDF's three wordings of one refusal. */
  baseEqualRel: (text: BaseEqualRelText): MmError<'OrderError'> => refusal('BaseEqualRel', text),
  priceTooLow: (price: MmNumber, threshold: MmNumber, message: string): MmError<'OrderError'> =>
    refusal('PriceTooLow', message, { price: dec(price), threshold: dec(threshold) }),
  volumeTooLow: (field: OrderVolumeField, volume: MmNumber, threshold: MmNumber): MmError<'OrderError'> => {
    const data: OrderVolumeData = { field, volume: dec(volume), threshold: dec(threshold) };
    return refusal('VolumeTooLow', `${VOLUME_WORDS[field]} ${data.volume} is too low, required: ${data.threshold}`, data);
  },
  volumeBelowMinVolume: (volume: MmNumber, minVolume: MmNumber): MmError<'OrderError'> => {
    const data: OrderVolumeData = { field: 'max_base_vol', volume: dec(volume), threshold: dec(minVolume) };
    return refusal('VolumeBelowMinVolume', `Max base vol ${data.volume} is below min base vol: ${data.threshold}`, data);
  },
  beingMatched: (uuid: string): MmError<'OrderError'> => refusal('OrderBeingMatched', `Order ${uuid} is being matched now, can't cancel`),
  noSuchOrder: (uuid: string): MmError<'OrderError'> => refusal('NoSuchOrder', `Order with uuid ${uuid} is not found`),
  stateChanged: (): MmError<'OrderError'> =>
    refusal('OrderChanged', "Order state has changed after price/volume/balance checks. Please try to update the order again if it's still needed."),
};

/**
 * A store write that failed on an order's path (KDF answers "Error on saving … to database" with
 * 500): nothing was announced and the order is as it was before the request.
 */
export function orderStorageError(what: string, cause: unknown): MmError {
  const detail = errorMessage(cause);
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
export function ordersUnavailable(): MmError<'OrderError'> {
  return refusal('OrdersUnavailable', 'Orders are not available: the node has no key or no peer-to-peer network (conf seednodes)');
}
