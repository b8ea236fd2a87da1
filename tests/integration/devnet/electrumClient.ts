/**
 * A bare Electrum-protocol client over `ws` for conformance tests: one JSON message per text
 * frame, requests matched to replies by id, everything else (notifications, batch replies) kept
 * as frames to wait for.
 */
import WebSocket from 'ws';

export class ElectrumError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type Frame = unknown;

export class TestClient {
  private nextId = 1_000;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly frames: Frame[] = [];
  private wake: (() => void)[] = [];
  /** Resolves with the close code when the server (or we) closed the connection. */
  readonly closed: Promise<number>;

  private constructor(private readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('message', (data, isBinary) => {
      if (isBinary) throw new Error('the server sent a binary frame');
      const frame = JSON.parse(String(data)) as Frame;
      const reply = frame as { id?: number; result?: unknown; error?: { code: number; message: string } };
      const waiter = typeof reply.id === 'number' ? this.pending.get(reply.id) : undefined;
      if (waiter && !Array.isArray(frame)) {
        this.pending.delete(reply.id!);
        if (reply.error) waiter.reject(new ElectrumError(reply.error.code, reply.error.message));
        else waiter.resolve(reply.result);
        return;
      }
      this.frames.push(frame);
      for (const w of this.wake.splice(0)) w();
    });
  }

  /** Connects to host:port; by default negotiates protocol 1.4 first, as every client must. */
  static async connect(url: string, handshake = true): Promise<TestClient> {
    const ws = new WebSocket(`ws://${url}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const client = new TestClient(ws);
    if (handshake) await client.request('server.version', ['conformance-test', '1.4']);
    return client;
  }

  request<T = unknown>(method: string, params: unknown = []): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  send(message: unknown): void {
    this.sendText(JSON.stringify(message));
  }

  /** One text frame, verbatim. */
  sendText(text: string): void {
    this.ws.send(text);
  }

  /** The first unclaimed frame matching `match` (notifications, batch replies), waiting up to `ms`. */
  async frame<T = Frame>(match: (f: Frame) => boolean, ms = 10_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = this.frames.findIndex(match);
      if (i >= 0) return this.frames.splice(i, 1)[0] as T;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${ms} ms; unclaimed: ${JSON.stringify(this.frames).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The params of the next `method` notification matching `match`. */
  notification<P extends unknown[]>(method: string, match: (params: P) => boolean = () => true, ms = 10_000): Promise<P> {
    const isIt = (f: Frame): boolean => {
      const n = f as { method?: string; params?: P };
      return n.method === method && n.params !== undefined && match(n.params);
    };
    return this.frame<{ params: P }>(isIt, ms).then((f) => f.params);
  }

  close(): void {
    this.ws.close();
  }
}
