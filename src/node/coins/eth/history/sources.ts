/**
 * Where the history of an EVM coin comes from, block range by block range:
 *
 * - ERC20: the token's Transfer logs from or to the wallet (`eth_getLogs`, two topic filters).
 * - ETH: `trace_filter` from and to the wallet when the node serves the trace module (anvil,
 *   Erigon, Nethermind, OpenEthereum), which also finds contract calls paying the wallet; else a
 *   scan of whole blocks for transactions from or to the wallet, bounded to the last
 *   SCAN_DEPTH blocks before the first sync (every later block is scanned as it comes).
 *
 * `trace_filter` and `eth_getLogs` go in block ranges the node accepts (blockRanges.ts), starting at
 * KDF's 1000 blocks per call.
 */
import { NodeRpcError } from '../provider';
import type { EthChainApi } from '../chainApi';
import { addressTopic, decodeTransfer, TRANSFER_TOPIC } from '../erc20';
import { sameAddress } from '../address';
import type { LogFn } from '../log';
import { BlockRanges, DEFAULT_BLOCK_RANGE } from './blockRanges';

/** How far back the block scan reaches at the first sync, in blocks. */
export const SCAN_DEPTH = 1000;
/** Blocks fetched at once by the block scan (ethers batches them into one HTTP request). */
const SCAN_PARALLEL = 25;

/** One movement of value in a transaction; a transaction may hold several. */
export interface Transfer {
  txHash: string;
  blockNumber: number;
  from: string;
  to: string;
  value: bigint;
  /** This movement reverted (a failed inner call); a reverted transaction is read from its receipt. */
  failed: boolean;
}

export interface HistorySource {
  /** Blocks per `transfers` call: what the node accepts, as far as known. */
  readonly range: number;
  /** The lowest block the first sync reaches, given the tip. */
  floor(tip: number): Promise<number>;
  /** Transfers touching the wallet in [from, to]. */
  transfers(from: number, to: number): Promise<Transfer[]>;
}

export function tokenSource(api: EthChainApi, contract: string, wallet: string): HistorySource {
  const me = addressTopic(wallet);
  const ranges = new BlockRanges();
  const logs = (fromBlock: number, toBlock: number) =>
    Promise.all([
      api.logs({ address: contract, fromBlock, toBlock, topics: [TRANSFER_TOPIC, me] }),
      api.logs({ address: contract, fromBlock, toBlock, topics: [TRANSFER_TOPIC, null, me] }),
    ]).then(([sent, received]) => [...sent, ...received]);
  return {
    get range() {
      return ranges.size;
    },
    floor: async () => 0,
    async transfers(fromBlock, toBlock) {
      const found = await ranges.each(fromBlock, toBlock, logs);
      const seen = new Set<string>();
      const out: Transfer[] = [];
      for (const log of found) {
        const key = `${log.transactionHash}:${log.logIndex}`;
        const t = decodeTransfer(log, contract);
        if (!t || seen.has(key)) continue;
        seen.add(key);
        out.push({ txHash: log.transactionHash, blockNumber: log.blockNumber, ...t, failed: false });
      }
      return out;
    },
  };
}

/** ETH transfers: traces when the node has them, else the bounded block scan. */
export function ethSource(api: EthChainApi, wallet: string, log: LogFn): HistorySource {
  let traces = true;
  const ranges = new BlockRanges();
  return {
    get range() {
      return traces ? ranges.size : DEFAULT_BLOCK_RANGE;
    },
    async floor(tip) {
      try {
        await api.traces({ fromBlock: tip, toBlock: tip, fromAddress: [wallet] });
        return 0;
      } catch (e) {
        if (!isMissingMethod(e)) throw e;
        traces = false;
        log('info', `trace_filter is not served (${(e as NodeRpcError).rpc.message}); scanning the last ${SCAN_DEPTH} blocks`);
        return Math.max(0, tip - SCAN_DEPTH);
      }
    },
    transfers: (from, to) => (traces ? traceTransfers(api, wallet, from, to, ranges) : scanTransfers(api, wallet, from, to)),
  };
}

/** The node does not serve the method (JSON-RPC -32601, or a "not supported/enabled" text). */
function isMissingMethod(e: unknown): e is NodeRpcError {
  return e instanceof NodeRpcError && (e.rpc.code === -32601 || /not (found|supported|available|enabled)|does not exist/i.test(e.rpc.message));
}

async function traceTransfers(api: EthChainApi, wallet: string, from: number, to: number, ranges: BlockRanges): Promise<Transfer[]> {
  const found = await ranges.each(from, to, (fromBlock, toBlock) =>
    Promise.all([
      api.traces({ fromBlock, toBlock, fromAddress: [wallet] }),
      api.traces({ fromBlock, toBlock, toAddress: [wallet] }),
    ]).then(([sent, received]) => [...sent, ...received]),
  );
  const seen = new Set<string>();
  const out: Transfer[] = [];
  for (const t of found) {
    const { from, to, value } = t.action;
    if (t.type !== 'call' || !t.transactionHash || !from || !to) continue;
    const key = `${t.transactionHash}:${t.traceAddress.join('.')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ txHash: t.transactionHash, blockNumber: t.blockNumber, from, to, value: BigInt(value ?? 0), failed: t.error !== undefined });
  }
  return out;
}

async function scanTransfers(api: EthChainApi, wallet: string, fromBlock: number, toBlock: number): Promise<Transfer[]> {
  const out: Transfer[] = [];
  for (let start = fromBlock; start <= toBlock; start += SCAN_PARALLEL) {
    const heights = Array.from({ length: Math.min(SCAN_PARALLEL, toBlock - start + 1) }, (_, i) => start + i);
    const blocks = await Promise.all(heights.map((h) => api.blockTransactions(h)));
    blocks.forEach((txs, i) => {
      for (const tx of txs) {
        if (!tx.to || !(sameAddress(tx.from, wallet) || sameAddress(tx.to, wallet))) continue;
        out.push({ txHash: tx.hash, blockNumber: heights[i] as number, from: tx.from, to: tx.to, value: tx.value, failed: false });
      }
    });
  }
  return out;
}
