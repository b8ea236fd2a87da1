/**
 * EIP-1559 fees per gas for three priorities, as KDF's simple estimator computes them
 * (`FeePerGasSimpleEstimator`, coins/eth/fee_estimation/eip1559/simple.rs) from the last 5 blocks'
 * `eth_feeHistory` with the 25th, 50th and 75th reward percentiles:
 * - each level's max priority fee is the median of that percentile's rewards over the blocks;
 * - its max fee is the first base fee of the history × 1.1 / 1.175 / 1.25, plus that priority fee
 *   (1.25 covers a full block's base-fee rise), cut to a whole wei;
 * - `base_fee` is the 75th percentile of the base fees, given for callers that price on their own.
 * KDF's `gas_api` providers are not configured here, so the `Provider` estimator answers the same
 * (KDF falls back to the simple estimator without `gas_api`).
 */
import type { Def, MmRpcResult } from '../../../shared/contract';
import { internalError } from '../../core/errors';
import type { FeeHistory } from './feeHistory';
import { formatUnits, GWEI_DECIMALS } from './units';

/** Blocks of history (`FEE_PRIORITY_DEPTH`). */
export const FEE_HISTORY_BLOCKS = 5;
/** Reward percentiles asked of `eth_feeHistory`, one per level (`HISTORY_PERCENTILES`). */
export const FEE_HISTORY_PERCENTILES = [25, 50, 75] as const;
/** Percentile of the base fees reported as the next block's (`BASE_FEE_PERCENTILE`). */
const BASE_FEE_PERCENTILE = 75;
/** Percentile over the blocks' rewards taken as each level's priority fee (`PRIORITY_FEE_PERCENTILES`). */
const PRIORITY_FEE_PERCENTILE = 50;
/** `ADJUST_MAX_FEE` [1.1, 1.175, 1.25] as exact fractions. */
const BASE_FEE_ADJUST: readonly [bigint, bigint][] = [
  [11n, 10n],
  [47n, 40n],
  [5n, 4n],
];

/** Wei per gas. */
export interface FeeLevel {
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
}

/** KDF's internal `FeePerGasEstimated`, in wei. */
export interface FeePerGasEstimate {
  baseFee: bigint;
  low: FeeLevel;
  medium: FeeLevel;
  high: FeeLevel;
}

/** The estimate from a history of `FEE_HISTORY_BLOCKS` blocks with `FEE_HISTORY_PERCENTILES`. */
export function estimateFromHistory(history: FeeHistory): FeePerGasEstimate {
  const reward = history.reward;
  if (reward === null || reward.length === 0) throw internalError('expected reward in eth_feeHistory');
  const firstBaseFee = history.baseFeePerGas[0] ?? 0n;
  const level = (i: number): FeeLevel => {
    const priority = percentileOf(reward.map((row) => row[i] ?? 0n), PRIORITY_FEE_PERCENTILE);
    const [num, den] = BASE_FEE_ADJUST[i] as [bigint, bigint];
    return { maxPriorityFeePerGas: priority, maxFeePerGas: (firstBaseFee * num) / den + priority };
  };
  return {
    baseFee: percentileOf(history.baseFeePerGas, BASE_FEE_PERCENTILE),
    low: level(0),
    medium: level(1),
    high: level(2),
  };
}

/** KDF's `percentile_of`: the sorted values' element at round((n − 1) × p / 100). */
function percentileOf(values: readonly bigint[], percent: number): bigint {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.round(((sorted.length - 1) * percent) / 100)] ?? 0n;
}

/** KDF's serialized `FeePerGasEstimated`: gwei decimals; no wait times or trends from this estimator. */
export function estimateToWire(e: FeePerGasEstimate): MmRpcResult<'get_eth_estimated_fee_per_gas'> {
  const gwei = (wei: bigint) => formatUnits(wei, GWEI_DECIMALS);
  const level = (l: FeeLevel): Def<'FeePerGasLevel'> => ({
    max_priority_fee_per_gas: gwei(l.maxPriorityFeePerGas),
    max_fee_per_gas: gwei(l.maxFeePerGas),
    min_wait_time: null,
    max_wait_time: null,
  });
  return {
    base_fee: gwei(e.baseFee),
    low: level(e.low),
    medium: level(e.medium),
    high: level(e.high),
    source: 'simple',
    base_fee_trend: '',
    priority_fee_trend: '',
    units: 'Gwei',
  };
}
