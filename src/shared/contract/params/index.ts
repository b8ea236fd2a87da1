/**
 * The request params of every method of the contract, per request format: for mmrpc 2.0 the
 * `params` object, for the flat format the body's fields beside `method` and `userpass`. Each
 * domain module cites the KDF request struct a method's params come from, and types what this
 * node's handler reads where that differs (ours-only methods, fields ours adds or ignores).
 * `tests/unit/shared/contractParams.test.ts` sends them to the node's handlers. Type-only.
 */
import type { LegacyMethod, MethodName, MmRpcMethod } from '../index';
import type { ActivationParams } from './activation';
import type { CoinsParams } from './coins';
import type { HwParams } from './hw';
import type { LifecycleParams } from './lifecycle';
import type { MmBotParams } from './mmbot';
import type { OrdersParams } from './orders';
import type { StreamsParams } from './streams';
import type { SwapsParams } from './swaps';
import type { WalletParams } from './wallet';

/** A request's fields: a JSON object, as `RpcClient` sends it. */
type Fields = Record<string, unknown>;

/** The formats `M` answers (with a success shape in the contract), each requiring its params. */
type FormatsOf<M extends MethodName> = (M extends LegacyMethod ? { legacy: Fields } : unknown) & (M extends MmRpcMethod ? { mmrpc: Fields } : unknown);

/** Fails to compile unless `P` gives every method of the contract its params in each of its formats. */
type EveryMethod<P extends { [M in MethodName]: FormatsOf<M> }> = P;

export type MethodParams = EveryMethod<
  ActivationParams & CoinsParams & HwParams & LifecycleParams & MmBotParams & OrdersParams & StreamsParams & SwapsParams & WalletParams
>;

/** The fields of `M`'s flat request body, beside `method` and `userpass`. */
export type LegacyParams<M extends LegacyMethod> = MethodParams[M] extends { legacy: infer P extends Fields } ? P : never;

/** The `params` of `M`'s mmrpc 2.0 request. */
export type MmRpcParams<M extends MmRpcMethod> = MethodParams[M] extends { mmrpc: infer P extends Fields } ? P : never;

/** `M`'s params as the page sends them: in mmrpc 2.0 where `M` answers it, else in the flat format. */
export type ParamsOf<M extends MethodName> = M extends MmRpcMethod ? MmRpcParams<M> : M extends LegacyMethod ? LegacyParams<M> : never;

export type { MmNumberInput, DecimalInput, HdAddressSelector, HwUserAction, NoParams } from './common';
