/**
 * One client, over any transport (a WebSocket frame or a TCP line is one message): one JSON-RPC
 * message (or batch) per message, handled in arrival order. `server.version` must come first and
 * only once (ElectrumX 2.0); anything else first gets an error and the connection is closed.
 */
import { BAD_REQUEST, INTERNAL_ERROR, INVALID_REQUEST, PARSE_ERROR, RpcFault } from './errors';
import { invoke, PROTOCOL_VERSION, SERVER_VERSION, type ServerContext, type SessionApi, tipHeader } from './methods';
import { status } from './scripthash';

type Message = Record<string, unknown>;

/** The client's end of a connection, whatever carries it. */
export interface Peer {
  readonly open: boolean;
  send(text: string): void;
  /** Closes once what was sent has gone out. */
  close(): void;
}

const failure = (id: unknown, code: number, message: string): Message => ({ jsonrpc: '2.0', id: id ?? null, error: { code, message } });

/** Dotted version strings compared numerically ("1.4" = "1.4.0" < "1.10"). */
function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

const isVersion = (v: unknown): v is string => typeof v === 'string' && /^\d+(\.\d+)+$/.test(v);

export class Session implements SessionApi {
  private negotiated = false;
  private closing = false;
  private headers = false;
  /** Subscribed script hashes and the status last sent for each. */
  private readonly subs = new Map<string, string | null>();
  private queue = Promise.resolve();

  constructor(
    private readonly peer: Peer,
    private readonly ctx: ServerContext,
  ) {}

  /** One message from the client, handled after those before it. */
  onMessage(text: string): void {
    this.queue = this.queue.then(() => this.receive(text));
  }

  negotiate(_clientName: unknown, requested: unknown): [string, string] {
    if (this.negotiated) throw new RpcFault(BAD_REQUEST, 'server.version already sent');
    // A single string means min = max; nothing means the server's minimum.
    const [min, max] = Array.isArray(requested) ? requested : [requested ?? PROTOCOL_VERSION, requested ?? PROTOCOL_VERSION];
    const supported =
      isVersion(min) && isVersion(max) && compareVersions(min, PROTOCOL_VERSION) <= 0 && compareVersions(PROTOCOL_VERSION, max) <= 0;
    if (!supported) throw new RpcFault(BAD_REQUEST, `unsupported protocol version: ${JSON.stringify(requested)}`, true);
    this.negotiated = true;
    return [SERVER_VERSION, PROTOCOL_VERSION];
  }

  subscribeHeaders(): void {
    this.headers = true;
  }

  subscribe(sh: string, current: string | null): void {
    this.subs.set(sh, current);
  }

  unsubscribe(sh: string): boolean {
    return this.subs.delete(sh);
  }

  /** After the index changed: a new tip to header subscribers, changed statuses to their subscribers. */
  notify(tipChanged: boolean): void {
    if (this.closing) return;
    if (tipChanged && this.headers) this.send({ jsonrpc: '2.0', method: 'blockchain.headers.subscribe', params: [tipHeader(this.ctx.ix)] });
    for (const [sh, last] of this.subs) {
      const current = status(this.ctx.ix, sh);
      if (current === last) continue;
      this.subs.set(sh, current);
      this.send({ jsonrpc: '2.0', method: 'blockchain.scripthash.subscribe', params: [sh, current] });
    }
  }

  private async receive(text: string): Promise<void> {
    if (this.closing) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.send(failure(null, PARSE_ERROR, 'invalid JSON'));
      return;
    }
    if (Array.isArray(message)) {
      if (message.length === 0) this.send(failure(null, INVALID_REQUEST, 'empty batch'));
      const replies: Message[] = [];
      for (const m of message) {
        const reply = await this.handle(m);
        if (reply) replies.push(reply);
        if (this.closing) break;
      }
      if (replies.length) this.send(replies);
    } else {
      const reply = await this.handle(message);
      if (reply) this.send(reply);
    }
    if (this.closing) this.peer.close();
  }

  /** The reply to one request, or undefined for a notification (no `id`). */
  private async handle(m: unknown): Promise<Message | undefined> {
    if (typeof m !== 'object' || m === null || Array.isArray(m) || typeof (m as Message).method !== 'string') {
      return failure((m as Message | null)?.id, INVALID_REQUEST, 'invalid request');
    }
    const { id, method, params } = m as Message & { method: string };
    try {
      if (!this.negotiated && method !== 'server.version') {
        throw new RpcFault(BAD_REQUEST, 'use server.version to identify client', true);
      }
      const result = await invoke({ ...this.ctx, session: this }, method, params);
      return id === undefined ? undefined : { jsonrpc: '2.0', id, result };
    } catch (e) {
      const fault = e instanceof RpcFault ? e : new RpcFault(INTERNAL_ERROR, `internal error: ${String(e)}`);
      if (fault.disconnect) this.closing = true;
      return id === undefined ? undefined : failure(id, fault.code, fault.message);
    }
  }

  private send(message: unknown): void {
    if (this.peer.open) this.peer.send(JSON.stringify(message));
  }
}
