/**
 * Chain reads over mmrpc, as KDF serves them: `get_raw_transaction` (the signed bytes of any
 * transaction by hash, UTXO from Electrum, EVM re-encoded from the node's description) and
 * `get_current_mtp` (UTXO: the median time of the last `mtp_block_count` headers), for the coins
 * whose family has the capability (capabilities/rawTransactions.ts, medianTimePast.ts).
 */
import type { MmRpcResult } from '../../shared/contract';
import type { NodeContext } from '../core/context';
import { MmError } from '../core/errors';
import type { HandlerTable } from '../core/handler';
import type { ParamReader } from '../../shared/params';
import { hasMedianTimePast } from './capabilities/medianTimePast';
import { hasRawTransactions, rawTxError } from './capabilities/rawTransactions';
import { mmrpcCoin } from './coinLookup';
import { errorMessage } from '../../shared/errorChain';

const mtpError = {
  noSuchCoin: (reason: string): MmError => new MmError({ errorType: 'NoSuchCoin', message: reason, errorData: reason, httpStatus: 404 }),
  notSupportedCoin: (coin: string): MmError =>
    new MmError({
      errorType: 'NotSupportedCoin',
      message: `Requested coin: ${coin}; is not supported for this action.`,
      errorData: coin,
      httpStatus: 400,
    }),
  rpc: (reason: string, cause?: unknown): MmError => new MmError({ errorType: 'RpcError', message: reason, errorData: reason, httpStatus: 500, cause }),
};

async function getRawTransaction(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'get_raw_transaction'>> {
  const ticker = params.str('coin');
  const txHash = params.str('tx_hash');
  const coin = mmrpcCoin(ctx, ticker, () => rawTxError.noSuchCoin(ticker));
  if (!hasRawTransactions(coin)) throw rawTxError.notImplemented(ticker);
  return { tx_hex: await coin.rawTransactionHex(txHash) };
}

/** KDF's `median` (common.rs): the middle value, or the floor of the mean of the two middle ones. */
export function medianTime(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? Math.floor((sorted[mid - 1]! + sorted[mid]!) / 2) : sorted[mid]!;
}

/** KDF's `get_current_mtp`: the median of the times of the coin's last `mtp_block_count` headers. */
async function getCurrentMtp(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'get_current_mtp'>> {
  const ticker = params.str('coin');
  const coin = mmrpcCoin(ctx, ticker, mtpError.noSuchCoin);
  if (!hasMedianTimePast(coin)) throw mtpError.notSupportedCoin(ticker);
  let times: number[];
  try {
    times = await coin.mtpHeaderTimes();
  } catch (e) {
    throw mtpError.rpc(errorMessage(e), e);
  }
  if (times.length === 0) throw mtpError.rpc('Server returned zero count');
  return { mtp: medianTime(times) };
}

export const chainHandlers: HandlerTable = {
  get_raw_transaction: { mmrpc: getRawTransaction },
  get_current_mtp: { mmrpc: getCurrentMtp },
};
