/**
 * The node's fee market, read for EIP-1559: `eth_feeHistory` and the latest block's base fee.
 * Every number the node sends is checked (a hex quantity, at most MAX_FEE_PER_GAS_WEI, arrays as
 * long as asked for), so a broken or hostile node yields an error, never a fee built on garbage.
 */
import type { MmError } from '../../core/errors';
import { coinError } from '../coinErrors';
import type { EthChainApi } from './chainApi';

/** A fee per gas no chain charges (10^18 wei: one whole coin per gas); anything above is refused. */
export const MAX_FEE_PER_GAS_WEI = 10n ** 18n;

/** KDF's `FeeHistoryResult`, in wei; `reward` rows hold one value per asked percentile. */
export interface FeeHistory {
  oldestBlock: number;
  /** Oldest first; one more than the blocks (the next block's) when the node knows it. */
  baseFeePerGas: bigint[];
  gasUsedRatio: number[];
  /** Null when no percentiles were asked. */
  reward: bigint[][] | null;
}

/** KDF's Web3RpcError::InvalidResponse, which its withdraw reports as a Transport error. */
function invalidResponse(reason: string): MmError {
  return coinError.transport(`Invalid response: ${reason}`);
}

/** `eth_feeHistory(blockCount, "latest", percentiles)`. */
export async function feeHistory(api: EthChainApi, blockCount: number, percentiles: readonly number[]): Promise<FeeHistory> {
  const raw = await api.provider.send<unknown>('eth_feeHistory', [`0x${blockCount.toString(16)}`, 'latest', percentiles]);
  if (typeof raw !== 'object' || raw === null) throw invalidResponse('eth_feeHistory answered no object');
  const o = raw as Record<string, unknown>;
  const baseFeePerGas = feeArray(o.baseFeePerGas, 'baseFeePerGas');
  if (baseFeePerGas.length === 0 || baseFeePerGas.length > blockCount + 1) {
    throw invalidResponse(`eth_feeHistory baseFeePerGas has ${baseFeePerGas.length} entries for ${blockCount} blocks`);
  }
  if (!Array.isArray(o.gasUsedRatio) || o.gasUsedRatio.length > blockCount || !o.gasUsedRatio.every(isRatio)) {
    throw invalidResponse('eth_feeHistory gasUsedRatio is not a list of ratios');
  }
  let reward: bigint[][] | null = null;
  if (o.reward !== undefined && o.reward !== null) {
    if (!Array.isArray(o.reward) || o.reward.length > blockCount) throw invalidResponse('eth_feeHistory reward is not a list of blocks');
    reward = o.reward.map((row, i) => {
      const values = feeArray(row, `reward[${i}]`);
      if (values.length !== percentiles.length) throw invalidResponse(`eth_feeHistory reward[${i}] has ${values.length} values for ${percentiles.length} percentiles`);
      return values;
    });
  }
  return { oldestBlock: Number(quantity(o.oldestBlock, 'oldestBlock', BigInt(Number.MAX_SAFE_INTEGER))), baseFeePerGas, gasUsedRatio: o.gasUsedRatio as number[], reward };
}

/** The latest block's `baseFeePerGas`; null when the block has none (a chain before London, or without EIP-1559). */
export async function latestBaseFee(api: EthChainApi): Promise<bigint | null> {
  const block = await api.provider.send<unknown>('eth_getBlockByNumber', ['latest', false]);
  if (typeof block !== 'object' || block === null) throw invalidResponse('eth_getBlockByNumber answered no block for "latest"');
  const fee = (block as Record<string, unknown>).baseFeePerGas;
  return fee === undefined || fee === null ? null : quantity(fee, 'baseFeePerGas', MAX_FEE_PER_GAS_WEI);
}

function feeArray(v: unknown, name: string): bigint[] {
  if (!Array.isArray(v)) throw invalidResponse(`eth_feeHistory ${name} is not a list`);
  return v.map((x, i) => quantity(x, `${name}[${i}]`, MAX_FEE_PER_GAS_WEI));
}

const isRatio = (x: unknown): boolean => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 1;

/** A JSON-RPC quantity (0x, at most 64 hex digits) no greater than `max`. */
function quantity(v: unknown, name: string, max: bigint): bigint {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(v)) throw invalidResponse(`${name} is not a hex quantity: ${JSON.stringify(v)?.slice(0, 80)}`);
  const n = BigInt(v);
  if (n > max) throw invalidResponse(`${name} ${n} is out of range`);
  return n;
}
