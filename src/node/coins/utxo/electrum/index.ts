/** Electrum over WebSocket: the client (pool, fail-over, subscriptions), its errors and types. */
export { ElectrumClient } from './client';
export { ElectrumError, electrumUrl, isElectrumError, serverFailuresOf } from './errors';
export type { ElectrumErrorKind, ServerFailure, ServerFailureReason } from './errors';
export { PROTOCOL_MAX, PROTOCOL_MIN, isSupportedProtocol } from './connection';
export type {
  BackoffOptions,
  ElectrumCall,
  ElectrumClientOptions,
  ElectrumServer,
  ElectrumStats,
  LogLevel,
  RecoveryOptions,
  Timers,
  WebSocketFactory,
  WebSocketLike,
} from './types';
