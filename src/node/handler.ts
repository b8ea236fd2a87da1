/**
 * The shape of an RPC handler. Each domain exports a `HandlerTable` from its `rpc.ts`; the
 * dispatcher in `rpc/` only wires them to the method table. Handlers get typed argument readers
 * and throw MmError; they never build envelopes.
 */
import type { ParamReader } from '../shared/params';
import type { NodeContext } from './context';

/** A flat-format handler: returns the whole response body (wrapped in `{result}` or not, as KDF does). */
export type LegacyHandler = (ctx: NodeContext, args: ParamReader) => Promise<unknown>;

/** An mmrpc 2.0 handler: returns the value of `result`. */
export type MmRpcHandler = (ctx: NodeContext, params: ParamReader) => Promise<unknown>;

export interface MethodHandlers {
  legacy?: LegacyHandler;
  mmrpc?: MmRpcHandler;
}

export type HandlerTable = Readonly<Record<string, MethodHandlers>>;

/** A flat-format answer with its own status and body, for KDF's errors that carry more than `{error}` (disable_coin). */
export class LegacyResponse {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
