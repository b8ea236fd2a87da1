import { AbiCoder } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { EthChainApi, LogFilter, RpcLog, RpcTrace } from '../../../../../src/node/coins/eth/chainApi';
import { addressTopic, TRANSFER_TOPIC } from '../../../../../src/node/coins/eth/erc20';
import { BlockRanges, DEFAULT_BLOCK_RANGE, isRangeTooLarge, RANGE_TOO_LARGE_MESSAGES } from '../../../../../src/node/coins/eth/history/blockRanges';
import { ethSource, tokenSource } from '../../../../../src/node/coins/eth/history/sources';
import { NodeRpcError } from '../../../../../src/node/coins/eth/provider';

const ME = '0xf5c3bf03cBA4E343484588932e423A7C8BFf102d';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const refusal = (method: string, code: number, message: string) => new NodeRpcError(method, { code, message }, null);
/** anvil's own answer to a trace_filter over more than 300 blocks. */
const anvilRefusal = () => refusal('trace_filter', -32602, 'block range too large, currently limited to 300');

describe('isRangeTooLarge', () => {
  const messages: [string, string][] = [
    ['block range too large', 'block range too large, currently limited to 300'],
    ['block range is too wide', 'block range is too wide (maximum 1024)'],
    ['exceed maximum block range', 'exceed maximum block range: 5000'],
    ['query exceeds max block range', 'query exceeds max block range 100000'],
    ['query returned more than', 'query returned more than 10000 results. Try with this block range [0x1, 0x2]'],
    ['log response size exceeded', 'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range'],
  ];
  it('has a test for every known message', () => {
    expect(messages.map(([known]) => known)).toEqual(RANGE_TOO_LARGE_MESSAGES);
  });
  for (const [known, message] of messages) {
    it(`knows "${known}" under a generic code`, () => {
      expect(isRangeTooLarge(refusal('eth_getLogs', -32602, message))).toBe(true);
      expect(isRangeTooLarge(refusal('eth_getLogs', -32000, message.toUpperCase()))).toBe(true);
    });
  }
  it('knows EIP-1474 "limit exceeded" by its code, whatever the text', () => {
    expect(isRangeTooLarge(refusal('eth_getLogs', -32005, 'please narrow the query'))).toBe(true);
  });
  it('takes other node errors and other failures for what they are', () => {
    expect(isRangeTooLarge(refusal('trace_filter', -32601, 'Method not found'))).toBe(false);
    expect(isRangeTooLarge(refusal('eth_getLogs', -32602, 'invalid block number'))).toBe(false);
    expect(isRangeTooLarge(new Error('block range too large'))).toBe(false);
  });
});

/** A read that refuses ranges wider than `limit` the way anvil does, recording every range asked. */
function limitedRead(limit: number) {
  const asked: [number, number][] = [];
  const read = async (from: number, to: number): Promise<number[]> => {
    asked.push([from, to]);
    if (to - from + 1 > limit) throw anvilRefusal();
    return [from, to];
  };
  return { asked, read };
}

describe('BlockRanges', () => {
  it('halves a refused range until the node accepts it, then keeps that size', async () => {
    const ranges = new BlockRanges();
    const { asked, read } = limitedRead(300);
    expect(await ranges.each(0, 999, read)).toEqual([0, 249, 250, 499, 500, 749, 750, 999]);
    expect(asked).toEqual([[0, 999], [0, 499], [0, 249], [250, 499], [500, 749], [750, 999]]);
    expect(ranges.size).toBe(250);

    asked.length = 0;
    await ranges.each(1000, 1600, read);
    expect(asked, 'no refusal on the later pass').toEqual([[1000, 1249], [1250, 1499], [1500, 1600]]);
  });

  it('halves the short tail range, not the size it was cut from', async () => {
    const ranges = new BlockRanges(DEFAULT_BLOCK_RANGE);
    const { asked, read } = limitedRead(40);
    await ranges.each(0, 99, read);
    expect(asked.slice(0, 3)).toEqual([[0, 99], [0, 49], [0, 24]]);
    expect(ranges.size).toBe(25);
  });

  it('throws when even one block is refused, after a bounded number of calls', async () => {
    const { asked, read } = limitedRead(0);
    await expect(new BlockRanges().each(0, 999, read)).rejects.toThrow('block range too large');
    expect(asked.map(([from, to]) => to - from + 1)).toEqual([1000, 500, 250, 125, 62, 31, 15, 7, 3, 1]);
    expect(asked.at(-1)).toEqual([0, 0]);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    const read = async (): Promise<number[]> => {
      calls++;
      throw refusal('eth_getLogs', -32000, 'header not found');
    };
    await expect(new BlockRanges().each(0, 999, read)).rejects.toThrow('header not found');
    expect(calls).toBe(1);
  });
});

const trace = (block: number, from: string, to: string): RpcTrace => ({
  type: 'call',
  action: { from, to, value: '0x1' },
  traceAddress: [],
  blockNumber: block,
  transactionHash: hashOf(block),
});

describe('history sources on a range-limited node', () => {
  it('ethSource finds every trace and reports the accepted range', async () => {
    const traces = [trace(5, OTHER, ME), trace(620, ME, OTHER), trace(999, OTHER, ME)];
    const asked: [number, number][] = [];
    const api = {
      traces: async (f: { fromBlock: number; toBlock: number; fromAddress?: string[]; toAddress?: string[] }) => {
        asked.push([f.fromBlock, f.toBlock]);
        if (f.toBlock - f.fromBlock + 1 > 300) throw anvilRefusal();
        return traces.filter((t) => t.blockNumber >= f.fromBlock && t.blockNumber <= f.toBlock && (f.fromAddress ? t.action.from === ME : t.action.to === ME));
      },
    } as unknown as EthChainApi;
    const source = ethSource(api, ME, () => undefined);
    expect(await source.floor(999)).toBe(0);
    expect(source.range).toBe(DEFAULT_BLOCK_RANGE);
    expect((await source.transfers(0, 999)).map((t) => t.blockNumber).sort((a, b) => a - b)).toEqual([5, 620, 999]);
    expect(source.range).toBe(250);
    const refused = asked.filter(([from, to]) => to - from + 1 > 300);
    expect(refused, 'the sent and the received query of each refused range').toEqual([[0, 999], [0, 999], [0, 499], [0, 499]]);
  });

  it('tokenSource pages eth_getLogs the same way', async () => {
    const transferLog = (block: number, from: string, to: string): RpcLog => ({
      address: TOKEN,
      topics: [TRANSFER_TOPIC, addressTopic(from), addressTopic(to)],
      data: AbiCoder.defaultAbiCoder().encode(['uint256'], [7n]),
      blockNumber: block,
      transactionHash: hashOf(block),
      logIndex: 0,
    });
    const logs = [transferLog(10, OTHER, ME), transferLog(400, ME, OTHER), transferLog(2047, OTHER, ME)];
    let refused = 0;
    const api = {
      logs: async (f: LogFilter) => {
        if (f.toBlock - f.fromBlock + 1 > 500) {
          refused++;
          throw refusal('eth_getLogs', -32005, 'limit exceeded');
        }
        return logs.filter((l) => l.blockNumber >= f.fromBlock && l.blockNumber <= f.toBlock && l.topics.every((t, i) => (f.topics[i] ?? null) === null || f.topics[i] === t));
      },
    } as unknown as EthChainApi;
    const source = tokenSource(api, TOKEN, ME);
    const found = await source.transfers(0, 2047);
    expect(found.map((t) => [t.blockNumber, t.value]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([[10, 7n], [400, 7n], [2047, 7n]]);
    expect(source.range).toBe(500);
    expect(refused).toBe(2); // the sent and the received query of the first range, once
  });
});
