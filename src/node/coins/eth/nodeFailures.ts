/**
 * Why an EVM node could not be used, typed, so an activation error can list each node that failed
 * and why (`error_data.nodes`) and a client can say it in words without parsing texts.
 */
import { MmError } from '../../core/errors';
import { findInChain } from '../../../shared/errorChain';

/**
 * `unreachable`: no HTTP answer (refused, unknown host, TLS, CORS in a browser); `timeout`: no
 * answer in time; `http_status`: an HTTP error status; `not_evm_node`: it answered, but not as an
 * Ethereum JSON-RPC node (no JSON, no JSON-RPC answer, or an error to `eth_chainId`);
 * `wrong_chain`: it serves another chain than the coins file names.
 */
export type NodeFailureReason = 'unreachable' | 'timeout' | 'http_status' | 'not_evm_node' | 'wrong_chain';

export interface NodeFailure {
  /** As the request gave it. */
  url: string;
  reason: NodeFailureReason;
  /** The transport's own words (the library's text, the HTTP status, the chain ids). */
  error: string;
}

/** No node answered a call: KDF's Transport (502), with each node's failure. */
export class NodesFailedError extends MmError {
  readonly nodes: NodeFailure[];

  constructor(message: string, nodes: NodeFailure[], cause?: unknown) {
    super({ errorType: 'Transport', message: `Transport error: ${message}`, errorData: message, httpStatus: 502, cause });
    this.name = 'NodesFailedError';
    this.nodes = nodes;
  }
}

/** The per-node failures of a failed activation, found along the error's `cause` chain. */
export function nodeFailuresOf(e: unknown): NodeFailure[] | undefined {
  return findInChain(e, (link) => link instanceof NodesFailedError)?.nodes;
}

const field = (o: unknown, key: string): unknown => (typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[key] : undefined);

/**
 * Why a request to a node failed, from the ethers error's `code` (its FetchRequest and
 * JsonRpcProvider): TIMEOUT, SERVER_ERROR with the HTTP status, UNSUPPORTED_OPERATION (body not
 * JSON) or BAD_DATA (no JSON-RPC answer in it); anything else never got an HTTP answer.
 */
export function classifyNodeError(url: string, e: unknown, text: string): NodeFailure {
  const code = field(e, 'code');
  if (code === 'TIMEOUT') return { url, reason: 'timeout', error: text };
  const status = field(field(e, 'info'), 'responseStatus');
  if (code === 'SERVER_ERROR' && typeof status === 'string') return { url, reason: 'http_status', error: `HTTP ${status}` };
  if (code === 'UNSUPPORTED_OPERATION' || code === 'BAD_DATA') return { url, reason: 'not_evm_node', error: text };
  return { url, reason: 'unreachable', error: text };
}
