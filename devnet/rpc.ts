/** A small JSON-RPC client for litecoind (HTTP POST with basic auth). */
import { parseExactJson } from './exactJson';

export interface RpcEndpoint {
  url: string;
  user: string;
  password: string;
}

/** An error the daemon itself returned (`{"error":{"code","message"}}`). */
export class DaemonError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'DaemonError';
  }
}

export interface CallOptions {
  /** Routes the call to `/wallet/<name>`, required by litecoind once two wallets are loaded. */
  wallet?: string;
  /** Keep non-integer numbers as their literal text (see exactJson.ts). */
  exact?: boolean;
}

export class DaemonRpc {
  private readonly auth: string;
  private nextId = 0;

  constructor(
    readonly endpoint: RpcEndpoint,
    private readonly timeoutMs = 30_000,
  ) {
    this.auth = 'Basic ' + Buffer.from(`${endpoint.user}:${endpoint.password}`).toString('base64');
  }

  async call<T = unknown>(method: string, params: unknown[] = [], opts: CallOptions = {}): Promise<T> {
    const [result] = await this.batch<T>([[method, params]], opts);
    return result!;
  }

  /** Several calls in one JSON-RPC batch (one HTTP round trip); throws the first error. */
  async batch<T = unknown>(calls: [method: string, params: unknown[]][], opts: CallOptions = {}): Promise<T[]> {
    return (await this.batchSettled<T>(calls, opts)).map((r) => {
      if (r instanceof DaemonError) throw r;
      return r;
    });
  }

  /** Like `batch`, with each call's daemon error in place of its result. */
  async batchSettled<T = unknown>(calls: [method: string, params: unknown[]][], opts: CallOptions = {}): Promise<(T | DaemonError)[]> {
    if (calls.length === 0) return [];
    const base = this.endpoint.url.replace(/\/+$/, '');
    const url = opts.wallet ? `${base}/wallet/${encodeURIComponent(opts.wallet)}` : `${base}/`;
    const first = this.nextId + 1;
    this.nextId += calls.length;
    const res = await fetch(url, {
      method: 'POST',
      // No keep-alive: litecoind's shutdown waits for idle connections, which fetch keeps for 4 s.
      headers: { authorization: this.auth, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify(calls.map(([method, params], i) => ({ jsonrpc: '1.0', id: first + i, method, params }))),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    // litecoind answers errors with a JSON body; 401 and friends have none.
    if (!text) throw new Error(`${calls[0]![0]}: HTTP ${res.status} ${res.statusText}`);
    const replies = (opts.exact ? parseExactJson(text) : JSON.parse(text)) as {
      id: number;
      result: T;
      error: { code: number; message: string } | null;
    }[];
    if (!Array.isArray(replies)) throw new Error(`${calls[0]![0]}: HTTP ${res.status} ${text.slice(0, 200)}`);
    const byId = new Map(replies.map((r) => [r.id, r]));
    return calls.map((_, i) => {
      const reply = byId.get(first + i);
      if (!reply) throw new Error(`${calls[i]![0]}: no reply in batch`);
      return reply.error ? new DaemonError(reply.error.code, reply.error.message) : reply.result;
    });
  }
}
