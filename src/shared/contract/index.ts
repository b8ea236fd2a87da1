/**
 * The RPC contract between the page and the node: for every method of `methods.ts`, per request
 * format, its answer type (derived from KDF's recorded shape) and its error types. `RpcClient`
 * takes method names as literal keys of it; `tests/unit/shared/contract.test.ts` checks it
 * against tests/fixtures/kdf-shapes. Type-only: the shapes stay out of the page's bundle.
 */
import type { DispatcherErrorType } from './errors';
import type { activationMethods } from './methods/activation';
import type { coinsMethods } from './methods/coins';
import type { hwMethods } from './methods/hw';
import type { lifecycleMethods } from './methods/lifecycle';
import type { mmbotMethods } from './methods/mmbot';
import type { ordersMethods } from './methods/orders';
import type { streamsMethods } from './methods/streams';
import type { swapsMethods } from './methods/swaps';
import type { walletMethods } from './methods/wallet';
import type { DEFS } from './defs';
import type { Infer } from './shape';

export type Contract = typeof lifecycleMethods &
  typeof walletMethods &
  typeof hwMethods &
  typeof streamsMethods &
  typeof ordersMethods &
  typeof swapsMethods &
  typeof activationMethods &
  typeof coinsMethods &
  typeof mmbotMethods;

export type MethodName = keyof Contract;

/** Methods answering the flat format with a success shape. */
export type LegacyMethod = { [M in MethodName]: Contract[M] extends { readonly legacy: { readonly success: object } } ? M : never }[MethodName];

/** Methods answering mmrpc 2.0 with a success shape. */
export type MmRpcMethod = { [M in MethodName]: Contract[M] extends { readonly mmrpc: { readonly success: object } } ? M : never }[MethodName];

/** The whole flat answer body of `M`. */
export type LegacyResult<M extends LegacyMethod> = Contract[M] extends { readonly legacy: { readonly success: { readonly body: infer S } } } ? Infer<S> : never;

/** The `result` of `M`'s mmrpc 2.0 answer. */
export type MmRpcResult<M extends MmRpcMethod> = Contract[M] extends { readonly mmrpc: { readonly success: { readonly body: infer S } } } ? Infer<S> : never;

/** The error types `M` answers in mmrpc 2.0: its own and the dispatcher's. */
export type MmRpcErrorType<M extends MmRpcMethod> =
  | DispatcherErrorType
  | (Contract[M] extends { readonly mmrpc: { readonly errors: infer E } } ? keyof E & string : never);

export type { Infer, Rational } from './shape';

// ---- Helpers for the node's handlers (src/node/core/handler.ts) and their answer builders ----

/** The type of a shape named in `defs.ts` (KDF's struct name), for builders of answers that share it. */
export type Def<N extends keyof typeof DEFS> = Infer<{ readonly ref: N }>;
