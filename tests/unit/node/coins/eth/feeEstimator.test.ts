/**
 * The EIP-1559 estimate of `get_eth_estimated_fee_per_gas`, from `eth_feeHistory` answers worked by
 * hand (KDF's simple estimator), and the answers a broken or hostile node may send, each refused
 * as an invalid response before any fee is built on it.
 */
import { describe, expect, it } from 'vitest';
import type { EthChainApi } from '../../../../../src/node/coins/eth/chainApi';
import { estimateFromHistory, estimateToWire, FEE_HISTORY_BLOCKS, FEE_HISTORY_PERCENTILES } from '../../../../../src/node/coins/eth/feeEstimator';
import { feeHistory, latestBaseFee } from '../../../../../src/node/coins/eth/feeHistory';
import { MmError } from '../../../../../src/node/core/errors';
import fixture from '../../../../fixtures/eth/fee-estimator.json';

/** A chain whose node answers every call with `answer`, recording the calls. */
function nodeAnswering(answer: unknown) {
  const calls: { method: string; params: unknown[] }[] = [];
  const api = {
    provider: {
      send: (method: string, params: unknown[]) => {
        calls.push({ method, params });
        return Promise.resolve(answer);
      },
    },
  } as unknown as EthChainApi;
  return { api, calls };
}

describe('the simple EIP-1559 estimator', () => {
  it.each(fixture.estimates)('$description', async (c) => {
    const { api, calls } = nodeAnswering(c.history);
    const history = await feeHistory(api, FEE_HISTORY_BLOCKS, FEE_HISTORY_PERCENTILES);
    expect(calls).toEqual([{ method: 'eth_feeHistory', params: ['0x5', 'latest', [25, 50, 75]] }]);
    expect(estimateToWire(estimateFromHistory(history))).toEqual(c.expected);
  });

  it('refuses a history without rewards', () => {
    expect(() => estimateFromHistory({ oldestBlock: 1, baseFeePerGas: [1n], gasUsedRatio: [], reward: null })).toThrow(/expected reward in eth_feeHistory/);
  });
});

describe('eth_feeHistory answers a node should not send', () => {
  it.each(fixture.badHistories)('$description', async (c) => {
    const { api } = nodeAnswering(c.answer);
    const error = await feeHistory(api, FEE_HISTORY_BLOCKS, FEE_HISTORY_PERCENTILES).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MmError);
    expect(error).toMatchObject({ errorType: 'Transport', errorData: c.error, httpStatus: 502 });
  });
});

describe('the latest base fee', () => {
  it('reads a London block, and null for a block without one', async () => {
    expect(await latestBaseFee(nodeAnswering({ number: '0x5', baseFeePerGas: '0x3b9aca00' }).api)).toBe(1_000_000_000n);
    expect(await latestBaseFee(nodeAnswering({ number: '0x5' }).api)).toBeNull();
  });

  it('refuses a missing block and a base fee that is no quantity', async () => {
    await expect(latestBaseFee(nodeAnswering(null).api)).rejects.toMatchObject({ errorType: 'Transport' });
    await expect(latestBaseFee(nodeAnswering({ baseFeePerGas: 7 }).api)).rejects.toMatchObject({ errorType: 'Transport' });
  });
});
