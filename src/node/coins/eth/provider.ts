/**
 * JSON-RPC to an EVM node over HTTP(S), failing over across the activation's `urls`: a node that
 * cannot be reached (refused, timed out, not JSON, HTTP error) is skipped and the next one asked;
 * a JSON-RPC error the node answers (a revert, "insufficient funds", an unknown method) is an
 * answer and is not retried elsewhere. The last node that answered is asked first next time.
 *
 * Each node is an ethers JsonRpcProvider with a static network and no request cache: the cache's
 * stale `eth_getTransactionCount` would hand two back-to-back transactions the same nonce
 * (devnet-notes §3). Library errors become MmError here, keeping the cause.
 */
import { FetchRequest, JsonRpcProvider, Network } from 'ethers';
import { MmError } from '../../core/errors';
import type { LogFn } from './log';
import { classifyNodeError, NodesFailedError, type NodeFailure } from './nodeFailures';
import { errorMessage } from '../../../shared/errorChain';

/** Per request; a dead node that refuses the connection fails at once, a silent one after this. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** A JSON-RPC error object as the node sent it. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** The node answered with a JSON-RPC error: reported as `Transport` (KDF's Web3RpcError), never failed over. */
export class NodeRpcError extends MmError {
  readonly method: string;
  readonly rpc: JsonRpcErrorObject;

  constructor(method: string, rpc: JsonRpcErrorObject, cause: unknown) {
    const reason = `${method}: ${rpc.message}`;
    super({ errorType: 'Transport', message: `Transport error: ${reason}`, errorData: reason, httpStatus: 502, cause });
    this.method = method;
    this.rpc = rpc;
  }
}

export interface EthProviderOptions {
  urls: readonly string[];
  chainId: number;
  onLog?: LogFn;
}

interface Node {
  url: string;
  rpc: JsonRpcProvider;
}

/** A call's answer, the node that gave it, and the nodes that failed before it. */
export interface ProbeAnswer<T> {
  result: T;
  url: string;
  skipped: NodeFailure[];
}

export class EthProvider {
  private readonly nodes: Node[];
  private active = 0;
  private calls = 0;

  constructor(private readonly opts: EthProviderOptions) {
    const network = Network.from(opts.chainId);
    this.nodes = opts.urls.map((url) => {
      const request = new FetchRequest(url);
      request.timeout = REQUEST_TIMEOUT_MS;
      const rpc = new JsonRpcProvider(request, network, { staticNetwork: network, cacheTimeout: -1, pollingInterval: 100 });
      return { url, rpc };
    });
  }

  /** JSON-RPC calls sent so far, one per attempt (a benchmark figure). */
  get callCount(): number {
    return this.calls;
  }

  async send<T>(method: string, params: readonly unknown[]): Promise<T> {
    return (await this.ask<T>(method, params, false)).result;
  }

  /**
   * An activation's first call: as `send`, but a node that answers it with a JSON-RPC error is no
   * EVM node and the next one is asked. Resolves with the node that answered and the ones skipped.
   */
  probe<T>(method: string): Promise<ProbeAnswer<T>> {
    return this.ask<T>(method, [], true);
  }

  private async ask<T>(method: string, params: readonly unknown[], rpcErrorSkips: boolean): Promise<ProbeAnswer<T>> {
    const skipped: NodeFailure[] = [];
    for (let i = 0; i < this.nodes.length; i++) {
      const at = (this.active + i) % this.nodes.length;
      const node = this.nodes[at] as Node;
      this.calls++;
      try {
        const result = (await node.rpc.send(method, [...params])) as T;
        this.active = at;
        return { result, url: node.url, skipped };
      } catch (e) {
        const answered = jsonRpcErrorOf(e);
        if (answered && !rpcErrorSkips) {
          this.active = at;
          throw new NodeRpcError(method, answered, e);
        }
        const failure = answered
          ? { url: node.url, reason: 'not_evm_node' as const, error: `${method}: ${answered.message}` }
          : classifyNodeError(node.url, e, describe(e));
        skipped.push(failure);
        this.opts.onLog?.('warn', `${method} failed on ${node.url}, trying the next node: ${failure.error}`);
      }
    }
    throw new NodesFailedError(`${method}: no node answered (${skipped.map((f) => `${f.url}: ${f.error}`).join('; ')})`, skipped);
  }

  destroy(): void {
    for (const node of this.nodes) node.rpc.destroy();
  }
}

function isErrorObject(v: unknown): v is JsonRpcErrorObject {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.code === 'number' && typeof o.message === 'string';
}

/**
 * The JSON-RPC error inside an ethers error, if the node sent one. ethers keeps it under `error`,
 * `info.error` or `info.info.error` depending on the method (JsonRpcApiProvider.getRpcError).
 */
export function jsonRpcErrorOf(e: unknown, depth = 0): JsonRpcErrorObject | null {
  if (typeof e !== 'object' || e === null || depth > 3) return null;
  const o = e as Record<string, unknown>;
  if (isErrorObject(o.error)) return o.error;
  return jsonRpcErrorOf(o.info, depth + 1);
}

function describe(e: unknown): string {
  if (typeof e === 'object' && e !== null && 'shortMessage' in e && typeof e.shortMessage === 'string') return e.shortMessage;
  return errorMessage(e);
}
