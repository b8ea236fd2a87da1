/**
 * The shape of an RPC handler. Each domain exports a `HandlerTable` from its `rpc.ts`; the
 * dispatcher in `rpc/` only wires them to the method table. Handlers get typed argument readers
 * and throw MmError; they never build envelopes.
 */
import type { ParamReader } from '../../shared/params';
import type { NodeContext } from './context';
import type { MmError } from './errors';

/** A flat-format handler: returns the whole response body (wrapped in `{result}` or not, as KDF does). */
export type LegacyHandler = (ctx: NodeContext, args: ParamReader) => Promise<unknown>;

/** An mmrpc 2.0 handler: returns the value of `result`. */
export type MmRpcHandler = (ctx: NodeContext, params: ParamReader) => Promise<unknown>;

/**
 * A handler whose module is imported on its first call (`rpc/handlers.ts`). The dispatcher calls it
 * itself once loaded, so the method answers as a handler imported with the worker does (only the
 * calls that wait for the import see their error traces start at the dispatcher).
 */
export interface DeferredHandler<H extends LegacyHandler | MmRpcHandler = LegacyHandler> {
  /** The handler once imported; undefined before. */
  readonly loaded: H | undefined;
  load(): Promise<H>;
}

export interface MethodHandlers {
  legacy?: LegacyHandler | DeferredHandler<LegacyHandler>;
  mmrpc?: MmRpcHandler | DeferredHandler<MmRpcHandler>;
}

export type HandlerTable = Readonly<Record<string, MethodHandlers>>;

/**
 * A flat-format answer with its own status and body, for KDF's errors that carry more than
 * `{error}` (disable_coin) or another status (cancel_order's 404); `error` types it for the page.
 */
export class LegacyResponse {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly error?: MmError,
  ) {}
}
