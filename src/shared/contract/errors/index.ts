/**
 * Every error type the node raises, as literal unions per domain. `MmError<T>` (node) and
 * `RpcError` (page) carry one of these, so a misspelt type or an unhandled case is a compile error.
 */
import type { ActivationErrorType } from './activation';
import type { CoinsErrorType } from './coins';
import type { CommonErrorType } from './common';
import type { DispatcherErrorType } from './dispatcher';
import type { HwErrorType } from './hw';
import type { LifecycleErrorType } from './lifecycle';
import type { MmBotErrorType } from './mmbot';
import type { OrdersErrorType } from './orders';
import type { P2pErrorType } from './p2p';
import type { StreamsErrorType } from './streams';
import type { SwapsErrorType } from './swaps';
import type { TaskErrorType } from './tasks';
import type { WalletErrorType } from './wallet';

export type { ActivationErrorType } from './activation';
export type * from './coins';
export type { CommonErrorType } from './common';
export type { DispatcherErrorType } from './dispatcher';
export type { HwErrorType, HwRpcError } from './hw';
export type { LifecycleErrorType } from './lifecycle';
export type { MmBotErrorType, MmBotSkipReason } from './mmbot';
export type { OrderCoinData, OrderPriceData, OrderRefusal, OrdersErrorType, OrderVolumeData, OrderVolumeField } from './orders';
export type { P2pErrorType } from './p2p';
export type { StreamsErrorType } from './streams';
export type { SwapsErrorType } from './swaps';
export type { TaskErrorType } from './tasks';
export type { WalletErrorType } from './wallet';
export type { CoinReason, ErrorReason, HwReason } from './reasons';

export type ErrorType =
  | CommonErrorType
  | DispatcherErrorType
  | TaskErrorType
  | CoinsErrorType
  | ActivationErrorType
  | WalletErrorType
  | LifecycleErrorType
  | OrdersErrorType
  | SwapsErrorType
  | HwErrorType
  | P2pErrorType
  | StreamsErrorType
  | MmBotErrorType;
