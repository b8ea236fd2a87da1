/**
 * One connection to one Electrum server (the lowest layer of the client), over a WebSocket or a
 * TCP/TLS stream of lines (lineSocket.ts): opens the socket, negotiates `server.version` before anything else, matches responses to requests by id,
 * times requests out, pings, cuts off a silent server, and reports notifications and its own end
 * to the pool above. It enforces limits.ts on whatever the server sends. It never retries: a transport failure is reported once, through `closed`,
 * and every request still pending is answered with a transport error the pool may re-send.
 */
import { decodeFrame, encodeFrame, encodeRequest, frameText, utf8Length } from './codec';
import type { Incoming, RpcRequest } from './codec';
import { ElectrumError, SocketFailure } from './errors';
import type { ServerFailureReason } from './errors';
import type { ConnectionLimits } from './limits';
import type { ElectrumCall, ItemResult, LogLevel, Timers, WebSocketLike } from './types';
import { errorMessage } from '../../../../shared/errorChain';

/** The protocol range we offer and accept (KDF: `["1.2", "1.4"]`). */
export const PROTOCOL_MIN = '1.2';
export const PROTOCOL_MAX = '1.4';

const OPEN = 1;
const CLOSED = 3;
/** WebSocket close code 1009, "Message Too Big": what `ws` closes with past its `maxPayload`. */
const MESSAGE_TOO_BIG = 1009;
/** The code of the error `ws` reports (before that close) for a message past its `maxPayload`. */
const WS_MESSAGE_TOO_BIG = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';

export interface ConnectionSettings {
  /** `host:port`, used in messages. */
  name: string;
  /** `ws://`, `wss://`, `tcp://` or `ssl://` URL, for the log. */
  url: string;
  clientName: string;
  /** Opens the socket (a WebSocket, or a TCP/TLS stream of lines); may throw. */
  openSocket: () => WebSocketLike;
  limits: ConnectionLimits;
  timers: Timers;
  requestTimeoutMs: number;
  connectTimeoutMs: number;
  pingIntervalMs: number;
  silenceTimeoutMs: number;
  /** Request ids, increasing across the whole client. */
  nextId: () => number;
  /** Counts the bytes of every frame sent and received (shared by the client's connections). */
  traffic: Traffic;
  log: (level: LogLevel, line: string) => void;
}

/** Bytes sent and received, UTF-8 as on the wire (WebSocket text frames). */
export interface Traffic {
  bytesSent: number;
  bytesReceived: number;
}

export interface ConnectionEvents {
  /** The version was negotiated; the connection takes requests. */
  ready(conn: ElectrumConnection): void;
  notification(conn: ElectrumConnection, method: string, params: unknown[]): void;
  /** Called exactly once, whether the connection never became ready or dropped later. */
  closed(conn: ElectrumConnection, reason: ElectrumError): void;
}

/** Answer of one frame: `err` for a transport failure, else one result per call, in order. */
export type SendCallback = (err: ElectrumError | null, results: ItemResult[]) => void;

interface PendingFrame {
  label: string;
  results: (ItemResult | undefined)[];
  ids: number[];
  remaining: number;
  timer: unknown;
  /** Messages received before this frame was sent: unchanged at its timeout means a dead server. */
  receivedAtSend: number;
  cb: SendCallback;
}

export type ConnectionState = 'idle' | 'connecting' | 'ready' | 'closed';

/** Whether a negotiated protocol version lies within 1.2–1.4 (`1.4.2` counts as 1.4). */
export function isSupportedProtocol(version: unknown): boolean {
  if (typeof version !== 'string') return false;
  const m = /^(\d+)\.(\d+)(?:\.\d+)*$/.exec(version.trim());
  if (!m) return false;
  const v = [Number(m[1]), Number(m[2])] as const;
  const lo = PROTOCOL_MIN.split('.').map(Number);
  const hi = PROTOCOL_MAX.split('.').map(Number);
  const cmp = (a: readonly number[], b: number[]): number => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0);
  return cmp(v, lo) >= 0 && cmp(v, hi) <= 0;
}

export class ElectrumConnection {
  state: ConnectionState = 'idle';
  /** `[server software, protocol version]` once ready. */
  serverVersion: [string, string] | undefined;

  private socket: WebSocketLike | undefined;
  private readonly pending = new Map<number, { frame: PendingFrame; index: number }>();
  private connectTimer: unknown;
  private pingTimer: unknown;
  private silenceTimer: unknown;
  private received = 0;
  /** The socket opened: a later failure while connecting is the handshake's, not the network's. */
  private opened = false;
  private lastReceivedAt = 0;
  /** Unsolicited messages in the current window, and when that window began. */
  private unsolicited = 0;
  private windowStart = 0;
  private socketGone = false;
  private readonly socketClosed: Promise<void>;
  private markSocketClosed: () => void = () => {};

  constructor(
    private readonly s: ConnectionSettings,
    private readonly events: ConnectionEvents,
  ) {
    this.socketClosed = new Promise<void>((resolve) => {
      this.markSocketClosed = () => {
        this.socketGone = true;
        resolve();
      };
    });
  }

  get name(): string {
    return this.s.name;
  }

  /** Opens the socket; the outcome arrives through `events` (never synchronously). */
  open(): void {
    if (this.state !== 'idle') return;
    this.state = 'connecting';
    const t = this.s.timers;
    this.connectTimer = t.setTimeout(() => {
      this.connectTimer = undefined;
      this.fail(`no connection within ${this.s.connectTimeoutMs} ms`, undefined, 'warn', 'timeout');
    }, this.s.connectTimeoutMs);
    let socket: WebSocketLike;
    try {
      socket = this.s.openSocket();
    } catch (e) {
      this.markSocketClosed();
      queueMicrotask(() => this.fail(`cannot open ${this.s.url}: ${errorMessage(e)}`, e, 'warn', 'unreachable'));
      return;
    }
    this.socket = socket;
    if ('binaryType' in socket) {
      try {
        socket.binaryType = 'arraybuffer';
      } catch {
        // a socket that refuses the setting keeps its own; text frames are unaffected
      }
    }
    socket.onopen = () => this.onOpen();
    socket.onmessage = (ev) => this.onMessage(ev.data);
    socket.onerror = (ev) => {
      if (ev instanceof SocketFailure) this.fail(ev.message, ev, 'warn', ev.reason);
      else if (errorCode(ev) === WS_MESSAGE_TOO_BIG) this.fail(`a message over ${this.s.limits.maxMessageBytes} bytes, connection cut off`, ev, 'warn', 'over_limit');
      else this.fail(`socket error${errorText(ev)}`, ev, 'warn', this.endedBeforeOpen());
    };
    socket.onclose = (ev) => {
      this.markSocketClosed();
      const code = ev?.code === undefined ? '' : ` (code ${ev.code}${ev.reason ? `, ${ev.reason}` : ''})`;
      const reason = ev?.code === MESSAGE_TOO_BIG ? 'over_limit' : this.endedBeforeOpen();
      this.fail(this.state === 'connecting' ? `connection failed${code}` : `connection closed${code}`, undefined, 'warn', reason);
    };
  }

  /** Sends calls as one frame (`single`: a plain request object, else a batch array). */
  send(calls: ElectrumCall[], single: boolean, cb: SendCallback): void {
    if (this.state !== 'ready') {
      const err = ElectrumError.transport(this.s.name, 'not connected');
      queueMicrotask(() => cb(err, []));
      return;
    }
    this.sendFrame(calls, single, this.s.requestTimeoutMs, cb);
  }

  /** Closes the connection (idempotent); pending requests get a transport error. */
  close(reason = 'connection closed by the client'): void {
    this.fail(reason, undefined, 'info');
  }

  /** Resolves when the socket has reported its close (or never existed). */
  whenSocketClosed(): Promise<void> {
    if (!this.socketGone && this.socket && this.socket.readyState === CLOSED) this.markSocketClosed();
    return this.socketClosed;
  }

  private onOpen(): void {
    if (this.state !== 'connecting') return;
    this.opened = true;
    this.sendFrame(
      [{ method: 'server.version', params: [this.s.clientName, [PROTOCOL_MIN, PROTOCOL_MAX]] }],
      true,
      null,
      (err, results) => {
        if (err) return; // the connection is failing already
        const r = results[0];
        if (!r || !r.ok) {
          this.fail(`server.version refused: ${r && !r.ok ? r.error.message : 'no answer'}`, undefined, 'warn', 'not_electrum');
          return;
        }
        const v = r.result;
        if (!Array.isArray(v) || typeof v[0] !== 'string' || typeof v[1] !== 'string') {
          this.fail(`malformed server.version answer ${JSON.stringify(v)}`, undefined, 'warn', 'not_electrum');
          return;
        }
        if (!isSupportedProtocol(v[1])) {
          this.fail(`protocol version ${v[1]} is not supported (expected ${PROTOCOL_MIN}–${PROTOCOL_MAX})`, undefined, 'warn', 'not_electrum');
          return;
        }
        this.becomeReady([v[0], v[1]]);
      },
    );
  }

  private becomeReady(version: [string, string]): void {
    const t = this.s.timers;
    if (this.connectTimer !== undefined) t.clearTimeout(this.connectTimer);
    this.connectTimer = undefined;
    this.serverVersion = version;
    this.state = 'ready';
    this.lastReceivedAt = this.windowStart = t.now();
    this.pingTimer = t.setInterval(() => this.ping(), this.s.pingIntervalMs);
    this.armSilenceWatch(this.s.silenceTimeoutMs);
    this.s.log('info', `connected to ${this.s.url} (${version[0]}, protocol ${version[1]})`);
    this.events.ready(this);
  }

  private ping(): void {
    if (this.state !== 'ready') return;
    // An error answer (an old server without server.ping) still proves the server alive.
    this.sendFrame([{ method: 'server.ping' }], true, this.s.requestTimeoutMs, () => {});
  }

  private armSilenceWatch(delay: number): void {
    this.silenceTimer = this.s.timers.setTimeout(() => {
      this.silenceTimer = undefined;
      if (this.state !== 'ready') return;
      const idle = this.s.timers.now() - this.lastReceivedAt;
      if (idle >= this.s.silenceTimeoutMs) this.fail(`nothing received for ${idle} ms, connection cut off`);
      else this.armSilenceWatch(this.s.silenceTimeoutMs - idle);
    }, Math.max(1, delay));
  }

  private sendFrame(calls: ElectrumCall[], single: boolean, timeoutMs: number | null, cb: SendCallback): void {
    const socket = this.socket;
    const requests: RpcRequest[] = calls.map((c) => encodeRequest(this.s.nextId(), c));
    const frame: PendingFrame = {
      label: calls.length === 1 ? (calls[0]?.method ?? '') : `batch of ${calls.length}`,
      results: new Array<ItemResult | undefined>(calls.length).fill(undefined),
      ids: requests.map((r) => r.id),
      remaining: calls.length,
      timer: undefined,
      receivedAtSend: this.received,
      cb,
    };
    frame.ids.forEach((id, index) => this.pending.set(id, { frame, index }));
    if (timeoutMs !== null) frame.timer = this.s.timers.setTimeout(() => this.onFrameTimeout(frame, timeoutMs), timeoutMs);
    if (!socket || socket.readyState !== OPEN) {
      queueMicrotask(() => this.fail('socket is not open', undefined, 'warn', this.endedBeforeOpen()));
      return;
    }
    const queued = socket.bufferedAmount ?? 0;
    if (queued > this.s.limits.maxQueuedBytes) {
      queueMicrotask(() => this.fail(`${queued} bytes sent and not taken by the server, connection cut off`, undefined, 'warn', 'over_limit'));
      return;
    }
    try {
      const text = encodeFrame(requests, single);
      socket.send(text);
      this.s.traffic.bytesSent += utf8Length(text);
    } catch (e) {
      queueMicrotask(() => this.fail(`send failed: ${errorMessage(e)}`, e, 'warn', this.endedBeforeOpen()));
    }
  }

  private onFrameTimeout(frame: PendingFrame, timeoutMs: number): void {
    frame.timer = undefined;
    if (frame.remaining === 0 || this.state === 'closed') return;
    if (this.received === frame.receivedAtSend) {
      // Nothing at all came back since: the server is gone; everything pending moves elsewhere.
      this.fail(`no answer to ${frame.label} within ${timeoutMs} ms, connection cut off`);
      return;
    }
    for (const id of frame.ids) this.pending.delete(id);
    frame.remaining = 0;
    frame.cb(ElectrumError.transport(this.s.name, `no answer to ${frame.label} within ${timeoutMs} ms`), []);
  }

  private onMessage(data: unknown): void {
    if (this.state === 'closed' || this.state === 'idle') return;
    const text = frameText(data);
    if (text === null) {
      this.s.log('warn', `${this.s.name}: unreadable frame (${typeof data}) ignored`);
      return;
    }
    const bytes = utf8Length(text);
    this.s.traffic.bytesReceived += bytes;
    if (bytes > this.s.limits.maxMessageBytes) {
      this.fail(`a message of ${bytes} bytes (more than ${this.s.limits.maxMessageBytes}), connection cut off`, undefined, 'warn', 'over_limit');
      return;
    }
    this.received++;
    this.lastReceivedAt = this.s.timers.now();
    for (const msg of decodeFrame(text)) {
      if ((this.state as ConnectionState) === 'closed') return;
      this.handle(msg);
    }
  }

  private handle(msg: Incoming): void {
    switch (msg.type) {
      case 'notification':
        if (!this.withinUnsolicitedBudget()) return;
        if (this.state === 'ready') this.events.notification(this, msg.method, msg.params);
        return;
      case 'invalid':
        if (!this.withinUnsolicitedBudget()) return;
        this.s.log('warn', `${this.s.name}: ${msg.reason}`);
        return;
      case 'response': {
        const id = typeof msg.id === 'number' ? msg.id : typeof msg.id === 'string' && /^\d+$/.test(msg.id) ? Number(msg.id) : NaN;
        const entry = this.pending.get(id);
        if (!entry) {
          if (!this.withinUnsolicitedBudget()) return;
          const what = msg.error ? `error ${JSON.stringify(msg.error)}` : 'response';
          this.s.log('debug', `${this.s.name}: ${what} for unknown id ${JSON.stringify(msg.id)} ignored`);
          return;
        }
        this.pending.delete(id);
        const { frame, index } = entry;
        frame.results[index] = msg.error ? { ok: false, error: msg.error } : { ok: true, result: msg.result };
        frame.remaining--;
        if (frame.remaining === 0) {
          if (frame.timer !== undefined) this.s.timers.clearTimeout(frame.timer);
          frame.timer = undefined;
          frame.cb(null, frame.results as ItemResult[]);
        }
        return;
      }
    }
  }

  /** Counts a message nobody asked for; past the window's budget the connection is cut (a flood). */
  private withinUnsolicitedBudget(): boolean {
    const now = this.s.timers.now();
    const { maxUnsolicitedPerWindow, unsolicitedWindowMs } = this.s.limits;
    if (now - this.windowStart >= unsolicitedWindowMs) {
      this.windowStart = now;
      this.unsolicited = 0;
    }
    if (++this.unsolicited <= maxUnsolicitedPerWindow) return true;
    this.fail(`more than ${maxUnsolicitedPerWindow} unsolicited messages within ${unsolicitedWindowMs} ms, connection cut off`, undefined, 'warn', 'over_limit');
    return false;
  }

  /** A socket that ends before its `open` never reached the server (refused, no route, failed TLS). */
  private endedBeforeOpen(): ServerFailureReason {
    return this.state === 'connecting' && !this.opened ? 'unreachable' : 'closed';
  }

  /** Ends the connection once: timers stopped, socket closed, pending answered, pool told. */
  private fail(message: string, cause?: unknown, level: LogLevel = 'warn', reason: ServerFailureReason = 'closed'): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    const t = this.s.timers;
    if (this.connectTimer !== undefined) t.clearTimeout(this.connectTimer);
    if (this.pingTimer !== undefined) t.clearInterval(this.pingTimer);
    if (this.silenceTimer !== undefined) t.clearTimeout(this.silenceTimer);
    this.connectTimer = this.pingTimer = this.silenceTimer = undefined;
    const socket = this.socket;
    if (socket) {
      if (socket.readyState === CLOSED) this.markSocketClosed();
      else {
        try {
          socket.close(1000);
        } catch {
          this.markSocketClosed();
        }
      }
    }
    const err = ElectrumError.transport(this.s.name, message, cause, reason);
    this.s.log(level, `${this.s.name}: ${message}`);
    const frames = new Set<PendingFrame>();
    for (const { frame } of this.pending.values()) frames.add(frame);
    this.pending.clear();
    for (const frame of frames) if (frame.timer !== undefined) t.clearTimeout(frame.timer);
    this.events.closed(this, err);
    for (const frame of frames) {
      frame.remaining = 0;
      frame.cb(err, []);
    }
  }
}


function errorCode(ev: unknown): unknown {
  return (ev as { error?: { code?: unknown } } | null)?.error?.code;
}

function errorText(ev: unknown): string {
  const m = (ev as { message?: unknown; error?: { message?: unknown } } | null)?.message ?? (ev as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof m === 'string' && m !== '' ? `: ${m}` : '';
}
