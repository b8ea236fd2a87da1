/** Electrum over WebSocket: the client (pool, fail-over, subscriptions), its errors and types. */
export { ElectrumClient } from './client';
export { ElectrumError, electrumUrl, isElectrumError } from './errors';
export type { ElectrumErrorKind } from './errors';
export { PROTOCOL_MAX, PROTOCOL_MIN, isSupportedProtocol } from './connection';
export type {
  BackoffOptions,
  ElectrumCall,
  ElectrumClientOptions,
  ElectrumServer,
  LogLevel,
  RecoveryOptions,
  Timers,
  WebSocketFactory,
  WebSocketLike,
} from './types';
