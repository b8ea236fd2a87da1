/** Electrum over WebSocket, TCP and SSL: the client (pool, fail-over, subscriptions), its errors, bounds and types. */
export { ElectrumClient } from './client';
export { ElectrumError, electrumUrl, isElectrumError, serverFailuresOf, SocketFailure, TCP_IN_BROWSER, tcpTarget } from './errors';
export { DEFAULT_LIMITS, MAX_MESSAGE_BYTES, MAX_QUEUED_BYTES, MAX_UNSOLICITED_PER_WINDOW, UNSOLICITED_WINDOW_MS } from './limits';
export { LineSplitter, lineSocket } from './lineSocket';
export type { ElectrumErrorKind, ServerFailure, ServerFailureReason } from './errors';
export { PROTOCOL_MAX, PROTOCOL_MIN, isSupportedProtocol } from './connection';
export type {
  BackoffOptions,
  ElectrumCall,
  ElectrumClientOptions,
  ElectrumProtocol,
  ElectrumServer,
  ElectrumStats,
  LogLevel,
  RecoveryOptions,
  TcpFailure,
  TcpSocketFactory,
  TcpSocketLike,
  TcpTarget,
  Timers,
  WebSocketFactory,
  WebSocketLike,
  WebSocketOptions,
} from './types';
