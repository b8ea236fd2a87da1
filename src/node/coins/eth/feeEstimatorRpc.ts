/**
 * `get_eth_estimated_fee_per_gas` (mmrpc 2.0, KDF's coins/eth/fee_estimation/rpc.rs): the
 * EIP-1559 estimate for an activated ETH or ERC20 coin, with KDF's `GetFeeEstimationRequestError`
 * (CoinNotFound 404, CoinNotSupported 501, Internal 500). No estimator has to be started first:
 * KDF computes it on each call (its `fee_estimator::enable` stream is a separate, periodic push).
 */
import type { MmRpcResult } from '../../../shared/contract';
import type { NodeContext } from '../../core/context';
import { MmError } from '../../core/errors';
import type { HandlerTable } from '../../core/handler';
import type { ParamReader } from '../../../shared/params';
import { EthCoin } from './ethCoin';
import { estimateFromHistory, estimateToWire, FEE_HISTORY_BLOCKS, FEE_HISTORY_PERCENTILES } from './feeEstimator';
import { feeHistory, type FeeHistory } from './feeHistory';

const estimationError = {
  coinNotFound: (): MmError => new MmError({ errorType: 'CoinNotFound', message: 'CoinNotFound', httpStatus: 404 }),
  coinNotSupported: (): MmError => new MmError({ errorType: 'CoinNotSupported', message: 'CoinNotSupported', httpStatus: 501 }),
  /** KDF's text is the estimator's `Web3RpcError`, displayed as `Internal: …`. */
  internal: (reason: string, cause?: unknown): MmError => {
    const text = `Internal: ${reason}`;
    return new MmError({ errorType: 'Internal', message: text, errorData: text, httpStatus: 500, cause });
  },
};

async function getEthEstimatedFeePerGas(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'get_eth_estimated_fee_per_gas'>> {
  const ticker = params.str('coin');
  // KDF's `EstimatorType`; without a `gas_api` both are the simple estimator.
  params.oneOf('estimator_type', ['Simple', 'Provider'] as const);
  const coin = ctx.enabledCoins.get(ticker);
  if (!coin) throw estimationError.coinNotFound();
  if (!(coin instanceof EthCoin)) throw estimationError.coinNotSupported();
  let history: FeeHistory;
  try {
    history = await feeHistory(coin.chain.api, FEE_HISTORY_BLOCKS, FEE_HISTORY_PERCENTILES);
  } catch (e) {
    // KDF reports any failure of the history request with this one text; the log keeps the reason.
    ctx.log('warn', `${ticker}: eth_feeHistory failed: ${(e as Error).message}`);
    throw estimationError.internal('Eth requests failed', e);
  }
  try {
    return estimateToWire(estimateFromHistory(history));
  } catch (e) {
    throw estimationError.internal(e instanceof MmError ? String(e.errorData) : String(e), e);
  }
}

export const feeEstimatorHandlers: HandlerTable = {
  get_eth_estimated_fee_per_gas: { mmrpc: getEthEstimatedFeePerGas },
};
