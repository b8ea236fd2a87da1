/**
 * Electrum over TCP and SSL: newline-delimited JSON-RPC (ElectrumX "message stream": every
 * message ends with `\n`), shaped as a WebSocket whose messages are lines, so one connection
 * class serves all four protocols. A line is bounded like a WebSocket frame; a server that never
 * ends its line is cut off once the unfinished line passes the bound, before it is held whole.
 */
import { SocketFailure } from './errors';
import type { TcpSocketLike, WebSocketLike } from './types';

const NEWLINE = 0x0a;
const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

/** Splits a byte stream into UTF-8 lines (a trailing `\r` dropped), refusing one longer than `maxLineBytes`. */
export class LineSplitter {
  private parts: Uint8Array[] = [];
  private pending = 0;
  private readonly utf8 = new TextDecoder('utf-8');

  constructor(private readonly maxLineBytes: number) {}

  /** The lines this chunk completes; throws a `SocketFailure` (`over_limit`) for a line over the bound. */
  push(chunk: Uint8Array): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      this.take(chunk.subarray(start, nl));
      lines.push(this.flush());
      start = nl + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
    return lines;
  }

  private take(bytes: Uint8Array): void {
    this.pending += bytes.length;
    if (this.pending > this.maxLineBytes) {
      throw new SocketFailure(`a message of more than ${this.maxLineBytes} bytes without a newline, connection cut off`, 'over_limit');
    }
    // Copied: the stream may reuse its buffer after the callback.
    if (bytes.length > 0) this.parts.push(bytes.slice());
  }

  private flush(): string {
    const whole = this.parts.length === 1 ? this.parts[0]! : concat(this.parts, this.pending);
    this.parts = [];
    this.pending = 0;
    const line = this.utf8.decode(whole);
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A TCP/TLS stream as a WebSocket of lines: `send` appends the newline, each line is one message. */
export function lineSocket(tcp: TcpSocketLike, maxLineBytes: number): WebSocketLike {
  return new LineSocket(tcp, new LineSplitter(maxLineBytes));
}

class LineSocket implements WebSocketLike {
  readyState = CONNECTING;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;

  constructor(
    private readonly tcp: TcpSocketLike,
    private readonly lines: LineSplitter,
  ) {
    tcp.onopen = () => {
      if (this.readyState !== CONNECTING) return;
      this.readyState = OPEN;
      this.onopen?.(undefined);
    };
    tcp.ondata = (chunk) => this.receive(chunk);
    tcp.onclose = (failure) => {
      if (this.readyState === CLOSED) return;
      this.readyState = CLOSED;
      if (failure) this.onerror?.(failure.badCertificate ? new SocketFailure(failure.message, 'bad_certificate') : new Error(failure.message));
      this.onclose?.({});
    };
  }

  get bufferedAmount(): number {
    return this.tcp.queuedBytes;
  }

  send(text: string): void {
    if (this.readyState !== OPEN) throw new Error('socket is not open');
    this.tcp.write(`${text}\n`);
  }

  close(): void {
    if (this.readyState === CLOSING || this.readyState === CLOSED) return;
    this.readyState = CLOSING;
    this.tcp.close();
  }

  private receive(chunk: Uint8Array): void {
    if (this.readyState !== OPEN) return;
    let lines: string[];
    try {
      lines = this.lines.push(chunk);
    } catch (e) {
      this.onerror?.(e);
      this.close();
      return;
    }
    for (const line of lines) {
      if (this.readyState !== OPEN) return;
      if (line.trim() !== '') this.onmessage?.({ data: line });
    }
  }
}
