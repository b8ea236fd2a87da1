/**
 * Errors of the Electrum client. Everything it rejects with is an `ElectrumError`: KDF's
 * `Transport` (502), either because the connection failed (`kind: 'transport'`, which the client
 * retries on another server) or because the server answered with a JSON-RPC error
 * (`kind: 'server'`, never retried; its `code` and text are kept).
 */
import { MmError } from '../../../errors';
import type { ElectrumServer, RpcErrorObject } from './types';

export type ElectrumErrorKind = 'transport' | 'server';

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
  }

  static transport(server: string | undefined, message: string, cause?: unknown): ElectrumError {
    return new ElectrumError({ kind: 'transport', message, ...(server === undefined ? {} : { server }), cause });
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
      message: "'TCP' and 'SSL' are not supported in a browser. Please use 'WS' or 'WSS' protocols",
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
