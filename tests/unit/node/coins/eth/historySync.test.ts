import { describe, expect, it } from 'vitest';
import type { EthChainApi, RpcReceipt, RpcTransaction } from '../../../../../src/node/coins/eth/chainApi';
import { EthHistory } from '../../../../../src/node/coins/eth/history/ethHistory';
import { ethSource, SCAN_DEPTH, type HistorySource, type Transfer } from '../../../../../src/node/coins/eth/history/sources';
import { NodeRpcError } from '../../../../../src/node/coins/eth/provider';
import type { TransactionDetails } from '../../../../../src/node/coins/coin';
import { TxHistoryStore, type StorageFactory } from '../../../../../src/node/storage';
import { freshIndexedDb } from '../../../../../tools/host/nodeIndexedDb';

const ME = '0xf5c3bf03cBA4E343484588932e423A7C8BFf102d';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/** A chain with one transfer to the wallet in each listed block; the transaction hash is the height. */
function fakeChain(blocks: number[]) {
  const fetched: string[] = [];
  const tx = (hash: string): RpcTransaction => ({
    hash,
    type: 0,
    from: OTHER,
    to: ME,
    nonce: 0,
    value: 1n,
    gas: 21000n,
    gasPrice: 1n,
    maxFeePerGas: null,
    maxPriorityFeePerGas: null,
    input: '0x',
    chainId: 31337n,
    blockNumber: Number(hash),
    accessList: null,
    v: 27n,
    r: `0x${'11'.repeat(32)}`,
    s: `0x${'22'.repeat(32)}`,
  });
  const api = {
    transaction: async (hash: string) => {
      fetched.push(hash);
      return tx(hash);
    },
    receipt: async (hash: string): Promise<RpcReceipt> => ({ status: 1, gasUsed: 21000n, effectiveGasPrice: 1n, blockNumber: Number(hash), logs: [] }),
    blockTimestamp: async (h: number) => 1_700_000_000 + h,
  } as unknown as EthChainApi;
  const ranges: [number, number][] = [];
  const source: HistorySource = {
    range: 10,
    floor: async () => 0,
    transfers: async (from, to) => {
      ranges.push([from, to]);
      return blocks
        .filter((b) => b >= from && b <= to)
        .map((b): Transfer => ({ txHash: hashOf(b), blockNumber: b, from: OTHER, to: ME, value: 1n, failed: false }));
    },
  };
  return { api, source, ranges, fetched };
}

async function history(chain: ReturnType<typeof fakeChain>, tip: { height: number }, factory: StorageFactory) {
  const events: unknown[] = [];
  const store = await TxHistoryStore.open<TransactionDetails>(factory, 'aa'.repeat(20));
  const h = new EthHistory({
    coin: { ticker: 'ETHDEV', decimals: 18, address: ME, platform: { ticker: 'ETHDEV' }, contract: null },
    api: chain.api,
    source: chain.source,
    store,
    tip: () => tip.height,
    emit: (event, data) => events.push({ event, data }),
    log: () => undefined,
  });
  return { h, events };
}

describe('EthHistory', () => {
  it('reads down to the floor newest range first, then only new blocks, and keeps entries across a reload', async () => {
    const chain = fakeChain([3, 15, 24]);
    const tip = { height: 25 };
    const idb = freshIndexedDb();
    const { h, events } = await history(chain, tip, idb);
    await h.sync();
    expect(chain.ranges).toEqual([[16, 25], [6, 15], [0, 5]]);
    expect((await h.transactions()).map((t) => t.blockHeight)).toEqual([24, 15, 3]);
    expect(h.syncStatus).toEqual({ state: 'Finished' });
    expect(h.currentBlock).toBe(25);
    expect(events).toEqual([{ event: 'coin_history', data: { coin: 'ETHDEV' } }]);

    tip.height = 27;
    await h.sync();
    expect(chain.ranges.at(-1)).toEqual([26, 27]);
    expect(events).toHaveLength(1); // nothing new, no event
    h.close();

    const fetchedBefore = chain.fetched.length;
    const reloaded = await history(chain, tip, idb);
    expect((await reloaded.h.transactions()).map((t) => t.internalId)).toEqual([24, 15, 3].map((b) => hashOf(b).slice(2)));
    await reloaded.h.sync();
    expect(chain.fetched.length, 'stored transactions are not fetched again').toBe(fetchedBefore);
    reloaded.h.close();
  });

  it('reports an error state and recovers on the next sync', async () => {
    const chain = fakeChain([1]);
    let fail = true;
    const transfers = chain.source.transfers;
    chain.source.transfers = async (from, to) => {
      if (fail) throw new Error('node down');
      return transfers(from, to);
    };
    const { h } = await history(chain, { height: 2 }, freshIndexedDb());
    await h.sync();
    expect(h.syncStatus).toEqual({ state: 'Error', additional_info: { error: 'node down' } });
    fail = false;
    await h.sync();
    expect(h.syncStatus).toEqual({ state: 'Finished' });
    expect(await h.transactions()).toHaveLength(1);
    h.close();
  });

  it('does not move past a transaction the node named but could not give yet', async () => {
    const chain = fakeChain([4, 8]);
    let missing: string | null = hashOf(4);
    const receipt = chain.api.receipt.bind(chain.api);
    chain.api.receipt = async (hash: string) => (hash === missing ? null : receipt(hash));
    const tip = { height: 9 };
    const { h } = await history(chain, tip, freshIndexedDb());
    await h.sync();
    expect((await h.transactions()).map((t) => t.blockHeight)).toEqual([8]);
    missing = null;
    tip.height = 10;
    await h.sync();
    expect(chain.ranges.at(-1), 'the next pass starts at the missing block').toEqual([4, 10]);
    expect((await h.transactions()).map((t) => t.blockHeight)).toEqual([8, 4]);
    expect(chain.fetched.filter((x) => x === hashOf(8)), 'the stored one is not fetched again').toHaveLength(1);
    h.close();
  });
});

describe('ethSource without trace_filter', () => {
  it(`scans the last ${SCAN_DEPTH} blocks for transactions from or to the wallet`, async () => {
    const heights: number[] = [];
    const api = {
      traces: async () => {
        throw new NodeRpcError('trace_filter', { code: -32601, message: 'Method not found' }, null);
      },
      blockTransactions: async (h: number) => {
        heights.push(h);
        return h === 1500
          ? [
              { hash: hashOf(1), from: OTHER, to: ME, value: 5n },
              { hash: hashOf(2), from: OTHER, to: OTHER, value: 6n },
              { hash: hashOf(3), from: ME, to: null, value: 0n },
            ]
          : [];
      },
    } as unknown as EthChainApi;
    const source = ethSource(api, ME, () => undefined);
    expect(await source.floor(2000)).toBe(1000);
    expect(await source.transfers(1490, 1509)).toEqual([
      { txHash: hashOf(1), blockNumber: 1500, from: OTHER, to: ME, value: 5n, failed: false },
    ]);
    expect(heights).toHaveLength(20);
  });

  it('uses traces when the node has them, from block 0', async () => {
    const api = {
      traces: async (f: { fromAddress?: string[] }) =>
        f.fromAddress
          ? [{ type: 'call', action: { from: ME, to: OTHER, value: '0x10' }, traceAddress: [], blockNumber: 7, transactionHash: hashOf(7) }]
          : [
              { type: 'call', action: { from: ME, to: OTHER, value: '0x10' }, traceAddress: [], blockNumber: 7, transactionHash: hashOf(7) },
              { type: 'call', action: { from: OTHER, to: ME, value: '0x5' }, traceAddress: [0], blockNumber: 7, transactionHash: hashOf(7), error: 'Reverted' },
            ],
    } as unknown as EthChainApi;
    const source = ethSource(api, ME, () => undefined);
    expect(await source.floor(2000)).toBe(0);
    expect(await source.transfers(0, 999)).toEqual([
      { txHash: hashOf(7), blockNumber: 7, from: ME, to: OTHER, value: 16n, failed: false },
      { txHash: hashOf(7), blockNumber: 7, from: OTHER, to: ME, value: 5n, failed: true },
    ]);
  });
});
