/**
 * The Ethereum JSON-RPC methods the node uses, typed: hex quantities become `bigint` (amounts) or
 * `number` (heights, nonces, indexes), addresses and hashes stay 0x-prefixed strings as the node
 * sends them.
 */
import type { EthProvider } from './provider';

export type BlockTag = 'latest' | 'pending' | number;

/** A call or transaction to estimate or run (`eth_call`, `eth_estimateGas`). */
export interface CallRequest {
  from?: string;
  to: string;
  value?: bigint;
  data?: string;
  gasPrice?: bigint;
}

export interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: number;
  transactionHash: string;
  logIndex: number;
}

/** `eth_getTransactionByHash`, with the fields a signed transaction is rebuilt from. */
export interface RpcTransaction {
  hash: string;
  type: number;
  from: string;
  to: string | null;
  nonce: number;
  value: bigint;
  gas: bigint;
  gasPrice: bigint | null;
  maxFeePerGas: bigint | null;
  maxPriorityFeePerGas: bigint | null;
  input: string;
  chainId: bigint | null;
  blockNumber: number | null;
  accessList: unknown[] | null;
  v: bigint;
  r: string;
  s: string;
}

export interface RpcReceipt {
  /** 1 success, 0 reverted. */
  status: number;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  blockNumber: number;
  logs: RpcLog[];
}

/** One `trace_filter` entry (OpenEthereum's trace module, as anvil and Erigon serve it). */
export interface RpcTrace {
  type: string;
  action: { from?: string; to?: string; value?: string; callType?: string };
  /** Position in the call tree; [] for the transaction itself. */
  traceAddress: number[];
  blockNumber: number;
  transactionHash: string | null;
  error?: string;
}

export interface LogFilter {
  address: string;
  fromBlock: number;
  toBlock: number;
  topics: (string | null)[];
}

export interface TraceFilter {
  fromBlock: number;
  toBlock: number;
  fromAddress?: string[];
  toAddress?: string[];
}

const quantity = (n: bigint | number): string => `0x${n.toString(16)}`;
const tag = (t: BlockTag): string => (typeof t === 'number' ? quantity(t) : t);
const big = (hex: unknown): bigint => BigInt(hex as string);
const num = (hex: unknown): number => Number(BigInt(hex as string));
const optBig = (hex: unknown): bigint | null => (typeof hex === 'string' ? BigInt(hex) : null);

type Raw = Record<string, unknown>;

export class EthChainApi {
  constructor(readonly provider: EthProvider) {}

  private send<T>(method: string, params: unknown[] = []): Promise<T> {
    return this.provider.send<T>(method, params);
  }

  async chainId(): Promise<number> {
    return num(await this.send('eth_chainId'));
  }

  async blockNumber(): Promise<number> {
    return num(await this.send('eth_blockNumber'));
  }

  async balance(address: string, at: BlockTag = 'latest'): Promise<bigint> {
    return big(await this.send('eth_getBalance', [address, tag(at)]));
  }

  async transactionCount(address: string, at: BlockTag): Promise<number> {
    return num(await this.send('eth_getTransactionCount', [address, tag(at)]));
  }

  async gasPrice(): Promise<bigint> {
    return big(await this.send('eth_gasPrice'));
  }

  async estimateGas(req: CallRequest): Promise<bigint> {
    return big(await this.send('eth_estimateGas', [callObject(req)]));
  }

  async call(req: CallRequest, at: BlockTag = 'latest'): Promise<string> {
    return this.send<string>('eth_call', [callObject(req), tag(at)]);
  }

  /** Broadcasts 0x-prefixed signed bytes; resolves with the 0x-prefixed hash. */
  sendRawTransaction(hex0x: string): Promise<string> {
    return this.send<string>('eth_sendRawTransaction', [hex0x]);
  }

  async logs(filter: LogFilter): Promise<RpcLog[]> {
    const raw = await this.send<Raw[]>('eth_getLogs', [
      { address: filter.address, fromBlock: quantity(filter.fromBlock), toBlock: quantity(filter.toBlock), topics: filter.topics },
    ]);
    return raw.map(toLog);
  }

  async traces(filter: TraceFilter): Promise<RpcTrace[]> {
    const raw = await this.send<Raw[]>('trace_filter', [
      { ...filter, fromBlock: quantity(filter.fromBlock), toBlock: quantity(filter.toBlock) },
    ]);
    return raw.map((t) => ({
      type: String(t.type),
      action: (t.action ?? {}) as RpcTrace['action'],
      traceAddress: Array.isArray(t.traceAddress) ? (t.traceAddress as number[]) : [],
      blockNumber: Number(t.blockNumber),
      transactionHash: typeof t.transactionHash === 'string' ? t.transactionHash : null,
      ...(typeof t.error === 'string' ? { error: t.error } : {}),
    }));
  }

  /** Unix seconds of a block; null if the node does not have it. */
  async blockTimestamp(height: number): Promise<number | null> {
    const block = await this.send<Raw | null>('eth_getBlockByNumber', [quantity(height), false]);
    return block ? num(block.timestamp) : null;
  }

  /** The block's transactions, in full. */
  async blockTransactions(height: number): Promise<RpcTransaction[]> {
    const block = await this.send<Raw | null>('eth_getBlockByNumber', [quantity(height), true]);
    return ((block?.transactions ?? []) as Raw[]).map(toTransaction);
  }

  async transaction(hash: string): Promise<RpcTransaction | null> {
    const raw = await this.send<Raw | null>('eth_getTransactionByHash', [hash]);
    return raw ? toTransaction(raw) : null;
  }

  async receipt(hash: string): Promise<RpcReceipt | null> {
    const raw = await this.send<Raw | null>('eth_getTransactionReceipt', [hash]);
    if (!raw) return null;
    return {
      status: num(raw.status),
      gasUsed: big(raw.gasUsed),
      effectiveGasPrice: big(raw.effectiveGasPrice),
      blockNumber: num(raw.blockNumber),
      logs: ((raw.logs ?? []) as Raw[]).map(toLog),
    };
  }
}

function callObject(req: CallRequest): Record<string, string> {
  const o: Record<string, string> = { to: req.to };
  if (req.from !== undefined) o.from = req.from;
  if (req.value !== undefined) o.value = quantity(req.value);
  if (req.data !== undefined) o.data = req.data;
  if (req.gasPrice !== undefined) o.gasPrice = quantity(req.gasPrice);
  return o;
}

function toLog(raw: Raw): RpcLog {
  return {
    address: String(raw.address),
    topics: (raw.topics ?? []) as string[],
    data: String(raw.data),
    blockNumber: num(raw.blockNumber),
    transactionHash: String(raw.transactionHash),
    logIndex: num(raw.logIndex),
  };
}

function toTransaction(raw: Raw): RpcTransaction {
  return {
    hash: String(raw.hash),
    type: raw.type === undefined ? 0 : num(raw.type),
    from: String(raw.from),
    to: typeof raw.to === 'string' ? raw.to : null,
    nonce: num(raw.nonce),
    value: big(raw.value),
    gas: big(raw.gas),
    gasPrice: optBig(raw.gasPrice),
    maxFeePerGas: optBig(raw.maxFeePerGas),
    maxPriorityFeePerGas: optBig(raw.maxPriorityFeePerGas),
    input: String(raw.input ?? '0x'),
    chainId: optBig(raw.chainId),
    blockNumber: typeof raw.blockNumber === 'string' ? num(raw.blockNumber) : null,
    accessList: Array.isArray(raw.accessList) ? raw.accessList : null,
    v: big(raw.v),
    r: String(raw.r),
    s: String(raw.s),
  };
}
