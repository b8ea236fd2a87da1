/**
 * The shape of an RPC handler, typed by the RPC contract (`src/shared/contract`): each method's
 * handler must answer that method's shape in its format, so a renamed method or a wrong answer
 * field is a compile error here rather than a conformance failure. Each domain exports a
 * `HandlerTable` from its `rpc.ts`; the dispatcher in `rpc/` only wires them to the method table.
 * Handlers get typed argument readers and throw MmError; they never build envelopes.
 */
import type { LegacyMethod, LegacyResult, MethodName, MmRpcMethod, MmRpcResult } from '../../shared/contract';
import type { RpcFormat } from '../../shared/methods';
import type { ParamReader } from '../../shared/params';
import type { NodeContext } from './context';
import type { Beyond } from './beyondContract';
import type { MmError } from './errors';

/** A flat-format answer of `M`: its contract's body, what it answers beyond it, or a `LegacyResponse`. */
export type LegacyAnswer<M extends LegacyMethod> = LegacyResult<M> | Beyond<M, 'legacy'> | LegacyResponse;

/** The `result` of an mmrpc 2.0 answer of `M`: its contract's, or what it answers beyond it. */
export type MmRpcAnswer<M extends MmRpcMethod> = MmRpcResult<M> | Beyond<M, 'mmrpc'>;

/**
 * A flat-format handler of `M`: returns the whole response body (wrapped in `{result}` or not, as
 * KDF does), or a `LegacyResponse` for KDF's answers with another status or an error body.
 */
export type LegacyHandler<M extends LegacyMethod = LegacyMethod> = (ctx: NodeContext, args: ParamReader) => Promise<LegacyAnswer<M>>;

/** An mmrpc 2.0 handler of `M`: returns the value of `result`. */
export type MmRpcHandler<M extends MmRpcMethod = MmRpcMethod> = (ctx: NodeContext, params: ParamReader) => Promise<MmRpcAnswer<M>>;

/** What the dispatcher calls, whatever the method: every handler above is one. */
export type AnyHandler = (ctx: NodeContext, params: ParamReader) => Promise<unknown>;

/**
 * A handler whose module is imported on its first call (`rpc/handlers.ts`). The dispatcher calls it
 * itself once loaded, so the method answers as a handler imported with the worker does (only the
 * calls that wait for the import see their error traces start at the dispatcher).
 */
export interface DeferredHandler<H extends AnyHandler = AnyHandler> {
  /** The handler once imported; undefined before. */
  readonly loaded: H | undefined;
  load(): Promise<H>;
}

/** `M`'s handlers: a format the contract gives `M` no success answer in cannot have one. */
export interface MethodHandlers<M extends MethodName = MethodName> {
  legacy?: M extends LegacyMethod ? LegacyHandler<M> | DeferredHandler<LegacyHandler<M>> : never;
  mmrpc?: M extends MmRpcMethod ? MmRpcHandler<M> | DeferredHandler<MmRpcHandler<M>> : never;
}

/** Handlers by contract method name (the method table's canonical names). */
export type HandlerTable = { readonly [M in MethodName]?: MethodHandlers<M> };

/**
 * The dispatcher's view of a method's handlers: to it, every handler answers `unknown`. The tables
 * the domains declare are `HandlerTable`s, which the compiler checks against the contract.
 */
export interface AnyMethodHandlers {
  readonly legacy?: AnyHandler | DeferredHandler;
  readonly mmrpc?: AnyHandler | DeferredHandler;
}

/** What the dispatcher looks handlers up in; every `HandlerTable` is one. */
export type DispatchTable = { readonly [M in MethodName]?: AnyMethodHandlers };

/** The handler of `method` in `format`, if the table has one. */
export function handlerOf(table: DispatchTable, method: MethodName, format: RpcFormat): AnyHandler | DeferredHandler | undefined {
  return table[method]?.[format];
}

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
