/**
 * Types of the Electrum client: server settings (as in KDF's `electrum` / `enable` request),
 * the socket shapes we need (the browser's `WebSocket` or `ws`, and in the headless host Node's
 * `net`/`tls` for TCP and SSL, all injected), and the client's options. No runtime code here.
 */

/** KDF's `ElectrumProtocol`: WebSockets in a browser, raw TCP (plain or TLS) in a native build. */
export type ElectrumProtocol = 'TCP' | 'SSL' | 'WS' | 'WSS';

/** One Electrum server, as the activation request lists it. */
export interface ElectrumServer {
  /** `host:port`, without a scheme (KDF rejects a scheme). */
  url: string;
  protocol: ElectrumProtocol;
  /** Accept any certificate (SSL, and WSS in the host); the page refuses it for WSS, as a browser cannot. */
  disableCertVerification?: boolean;
  /** Per-server request and connect timeout in seconds (overrides the client's defaults). */
  timeoutSec?: number;
}

/**
 * A handler property that accepts both the browser's and `ws`'s event types: declared through a
 * method so that its parameter is compared bivariantly (the handlers are written, never read).
 */
type Handler<E> = { bivarianceHack(ev: E): void }['bivarianceHack'];

/** The part of a WebSocket the client uses (browser `WebSocket` and `ws`'s `WebSocket` fit). */
export interface WebSocketLike {
  readonly readyState: number;
  /** Bytes given to `send` and not yet sent (both the browser's WebSocket and `ws` have it). */
  readonly bufferedAmount?: number;
  /** Set to `'arraybuffer'` when present, so binary frames never arrive as Blobs. */
  binaryType?: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code?: number; reason?: string }> | null;
  onerror: Handler<unknown> | null;
}

/** What a WebSocket factory may honour; the browser's WebSocket takes neither, so the client checks again on receipt. */
export interface WebSocketOptions {
  /** Refuse (and close) a message larger than this before holding it. */
  maxMessageBytes?: number;
  /** `false` accepts any certificate (`disable_cert_verification`); only where the runtime can. */
  verifyCertificate?: boolean;
}

export type WebSocketFactory = (url: string, options?: WebSocketOptions) => WebSocketLike;

/** Where a TCP or SSL connection goes. */
export interface TcpTarget {
  host: string;
  port: number;
  /** SSL: TLS over the TCP connection. */
  tls: boolean;
  /** TLS only: `false` accepts any certificate (`disable_cert_verification`). */
  verifyCertificate: boolean;
}

/** Why a TCP connection ended abnormally. */
export interface TcpFailure {
  message: string;
  /** The TLS handshake refused the server's certificate (self-signed, expired, another name). */
  badCertificate: boolean;
}

/**
 * A byte stream to a server (Node's `net.Socket` or `tls.TLSSocket` in the host), the part the
 * line framing uses. `onopen` fires once connected (after the TLS handshake for SSL), `onclose`
 * exactly once, with the failure if there was one.
 */
export interface TcpSocketLike {
  /** Bytes written and not yet handed to the network (Node's `writableLength`). */
  readonly queuedBytes: number;
  write(text: string): void;
  /** Ends the connection at once; `onclose` follows. */
  close(): void;
  onopen: (() => void) | null;
  ondata: ((chunk: Uint8Array) => void) | null;
  onclose: ((failure: TcpFailure | undefined) => void) | null;
}

/** Opens TCP/TLS connections: the host's Node `net`/`tls`; a browser has none. */
export type TcpSocketFactory = (target: TcpTarget) => TcpSocketLike;

/** Timer functions, injectable so tests can observe that nothing is left running. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  now(): number;
}

export type LogLevel = 'debug' | 'info' | 'warn';

/** Reconnect back-off of a dropped server: `initialMs · 2^(n-1)`, capped at `maxMs`, plus up to `jitter`·delay. */
export interface BackoffOptions {
  /** First suspension (KDF: 10 s). */
  initialMs?: number;
  /** Cap of the suspension (default 5 min). */
  maxMs?: number;
  /** Fraction of the delay added at random (default 0.1). */
  jitter?: number;
}

/**
 * What a request does when it finds no connected server: it opens every suspended server at once
 * instead of waiting for its back-off, so a server that came back is used within a round trip.
 */
export interface RecoveryOptions {
  /** How long such a request waits for the first server to connect (default 5 000). */
  budgetMs?: number;
  /** At most one such attempt per server in this period, so a flood of requests is not a connect storm (default 1 000). */
  perServerIntervalMs?: number;
}

export interface ElectrumClientOptions {
  servers: ElectrumServer[];
  /** Servers that must be up for `connect()` to resolve (default 1). */
  minConnected?: number;
  /** Servers kept connected at once (default all); the rest are stand-bys taken when one drops. */
  maxConnected?: number;
  /** Sent in `server.version`, e.g. `"mygui GUI/MM2 0.1.0"`. */
  clientName: string;
  socketFactory: WebSocketFactory;
  /**
   * TCP and SSL servers (the host). Where absent (a page), such a server is refused with KDF's
   * wasm text, and so is `disable_cert_verification` on a WSS server.
   */
  tcpSocketFactory?: TcpSocketFactory;
  /** Per request and attempt (default 20 000). */
  requestTimeoutMs?: number;
  /** Socket open plus `server.version` (default 20 000). */
  connectTimeoutMs?: number;
  /** `server.ping` period on each connection (default 30 000). */
  pingIntervalMs?: number;
  /** A connection that receives nothing for this long is cut off (default 60 000). */
  silenceTimeoutMs?: number;
  backoff?: BackoffOptions;
  recovery?: RecoveryOptions;
  /** Random source for the back-off jitter (default `Math.random`). */
  random?: () => number;
  /** Injectable clock and timers for tests (default the global ones). */
  timers?: Timers;
  onLog?: (level: LogLevel, line: string) => void;
}

/** A JSON-RPC call. */
export interface ElectrumCall {
  method: string;
  params?: unknown[];
}

/** A server's JSON-RPC error object. */
export interface RpcErrorObject {
  code?: number;
  message: string;
  data?: unknown;
}

/** One answer of a request or of a batch item. */
export type ItemResult = { ok: true; result: unknown } | { ok: false; error: RpcErrorObject };

/** Counters of a client (`ElectrumClient.stats()`). */
export interface ElectrumStats {
  roundTrips: number;
  /** JSON-RPC calls, each call of a batch counted. */
  requests: number;
  bytesSent: number;
  bytesReceived: number;
  /** Servers connected now. */
  connected: string[];
  /** Round trips per server. */
  byServer: Record<string, number>;
}
