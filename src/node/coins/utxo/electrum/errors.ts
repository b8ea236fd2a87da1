/**
 * Errors of the Electrum client. Everything it rejects with is an `ElectrumError`: KDF's
 * `Transport` (502), either because the connection failed (`kind: 'transport'`, which the client
 * retries on another server) or because the server answered with a JSON-RPC error
 * (`kind: 'server'`, never retried; its `code` and text are kept).
 */
import { MmError } from '../../../core/errors';
import { findInChain } from '../../../../shared/errorChain';
import type { ElectrumProtocol, ElectrumServer, RpcErrorObject, TcpTarget } from './types';

export type ElectrumErrorKind = 'transport' | 'server';

/**
 * Why a server could not be used, for a client to act on (say which server failed and why, or
 * suggest WS for WSS): `unreachable` (the socket never opened: refused, no route, TLS failed),
 * `bad_certificate` (the TLS handshake refused the server's certificate), `timeout` (no answer
 * in time), `not_electrum` (it answered, but not as an Electrum server speaking protocol
 * 1.2–1.4), `over_limit` (it sent a message too large, flooded us, or stopped reading: see
 * limits.ts), `closed` (it was connected and went away).
 */
export type ServerFailureReason = 'unreachable' | 'bad_certificate' | 'timeout' | 'not_electrum' | 'over_limit' | 'closed';

/** A socket's own failure that already knows its reason (a broken bound, a refused certificate). */
export class SocketFailure extends Error {
  constructor(
    message: string,
    readonly reason: ServerFailureReason,
  ) {
    super(message);
    this.name = 'SocketFailure';
  }
}

/** One server a connect attempt could not use; carried in activation errors' `error_data.servers`. */
export interface ServerFailure {
  /** `host:port`, as the request gave it. */
  url: string;
  protocol: ElectrumProtocol;
  reason: ServerFailureReason;
  /** The connection's own words (the close code, the library's text). */
  error: string;
}

export interface ElectrumErrorInit {
  kind: ElectrumErrorKind;
  /** The human text; for a server error, the server's own message. */
  message: string;
  /** `host:port` of the server concerned, when there is one. */
  server?: string;
  /** The method of the failed call, when there is one. */
  method?: string;
  code?: number;
  data?: unknown;
  cause?: unknown;
  /** Why the connection ended (`kind: 'transport'` from a connection). */
  reason?: ServerFailureReason;
  /** The servers a failed connect could not use (`kind: 'transport'` from the client's connect). */
  servers?: ServerFailure[];
}

export class ElectrumError extends MmError {
  readonly kind: ElectrumErrorKind;
  /** The server's JSON-RPC error code (`kind: 'server'`). */
  readonly code?: number;
  /** The server's JSON-RPC error text, unchanged (`kind: 'server'`). */
  readonly rpcMessage?: string;
  /** The server's JSON-RPC error `data`, if any. */
  readonly rpcData?: unknown;
  readonly server?: string;
  readonly method?: string;
  /** The text without the server prefix. */
  readonly detail: string;
  readonly reason?: ServerFailureReason;
  readonly servers?: ServerFailure[];

  constructor(init: ElectrumErrorInit) {
    const where = init.server ? `Electrum server ${init.server}` : 'Electrum';
    const message =
      init.kind === 'server'
        ? `${where} rejected ${init.method ?? 'the request'}: ${init.message}${init.code === undefined ? '' : ` (code ${init.code})`}`
        : `${where}: ${init.message}`;
    super({ errorType: 'Transport', message, errorData: message, httpStatus: 502, cause: init.cause });
    this.name = 'ElectrumError';
    this.kind = init.kind;
    if (init.code !== undefined) this.code = init.code;
    if (init.kind === 'server') this.rpcMessage = init.message;
    if (init.data !== undefined) this.rpcData = init.data;
    if (init.server !== undefined) this.server = init.server;
    if (init.method !== undefined) this.method = init.method;
    this.detail = init.message;
    if (init.reason !== undefined) this.reason = init.reason;
    if (init.servers !== undefined) this.servers = init.servers;
  }

  static transport(server: string | undefined, message: string, cause?: unknown, reason?: ServerFailureReason): ElectrumError {
    return new ElectrumError({ kind: 'transport', message, ...(server === undefined ? {} : { server }), cause, ...(reason && { reason }) });
  }

  static fromRpc(server: string, method: string, err: RpcErrorObject): ElectrumError {
    return new ElectrumError({
      kind: 'server',
      server,
      method,
      message: err.message,
      ...(err.code === undefined ? {} : { code: err.code }),
      ...(err.data === undefined ? {} : { data: err.data }),
    });
  }
}

export function isElectrumError(e: unknown): e is ElectrumError {
  return e instanceof ElectrumError;
}

/** The per-server failures of a failed connect, found along the error's `cause` chain. */
export function serverFailuresOf(e: unknown): ServerFailure[] | undefined {
  return findInChain(e, (link): link is ElectrumError => link instanceof ElectrumError && link.servers !== undefined)?.servers;
}

/** KDF's wasm text for a TCP or SSL server (`ElectrumConnectionErr::Irrecoverable`). */
export const TCP_IN_BROWSER = "'TCP' and 'SSL' are not supported in a browser. Please use 'WS' or 'WSS' protocols";

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The WebSocket URL of a server: `ws://host:port` for WS, `wss://host:port` for WSS, as KDF's
 * WASM build prepends it. A url that already has a scheme, or a protocol a browser cannot open,
 * is a bad request (KDF's texts).
 */
export function electrumUrl(server: ElectrumServer): string {
  const url = server.url.trim();
  if (SCHEME.test(url)) {
    throw new MmError({
      errorType: 'InvalidRequest',
      message:
        `There has not to be a scheme in the url: ${url}. 'ws://' scheme is used by default. ` +
        `Consider using 'protocol: "WSS"' in the electrum request to switch to the 'wss://' scheme.`,
      errorData: url,
      httpStatus: 400,
    });
  }
  const protocol: string = server.protocol;
  if (protocol !== 'WS' && protocol !== 'WSS') {
    throw new MmError({
      errorType: 'InvalidRequest',
      message: TCP_IN_BROWSER,
      errorData: protocol,
      httpStatus: 400,
    });
  }
  if (url === '' || /\s/.test(url)) {
    throw new MmError({
      errorType: 'InvalidRequest',
      message: `Invalid electrum url '${server.url}': expected host:port without a scheme`,
      errorData: server.url,
      httpStatus: 400,
    });
  }
  return `${protocol === 'WS' ? 'ws' : 'wss'}://${url}`;
}

/**
 * Where a TCP or SSL server is: `host:port` (`[v6]:port` for IPv6), as KDF's native build reads it
 * (no scheme, a port). A malformed one is a bad request, as it is for WebSockets.
 */
export function tcpTarget(server: ElectrumServer): TcpTarget {
  const url = server.url.trim();
  const bad = (why: string): MmError => new MmError({ errorType: 'InvalidRequest', message: `Invalid electrum url '${server.url}': ${why}`, errorData: server.url, httpStatus: 400 });
  if (SCHEME.test(url)) throw bad(`there has not to be a scheme; use 'protocol: "SSL"' for TLS`);
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:[\]]+)):(\d{1,5})$/.exec(url);
  const port = Number(m?.[3]);
  const host = m?.[1] ?? m?.[2];
  if (!m || host === undefined || !Number.isInteger(port) || port < 1 || port > 65535) throw bad('expected host:port');
  return { host, port, tls: server.protocol === 'SSL', verifyCertificate: server.disableCertVerification !== true };
}
