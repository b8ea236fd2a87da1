/**
 * A tiny Electrum-like server over `ws` for the client's tests: it insists on `server.version`
 * first (as ElectrumX 2.0 does), answers batches with arrays, pushes notifications, and can be
 * told to hang, fail, drop connections or refuse them.
 */
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import { ElectrumClient, ElectrumError } from '../../../../../../src/node/coins/utxo/electrum';
import { afterEach, expect } from 'vitest';
import type { ElectrumClientOptions, Timers, WebSocketFactory, WebSocketLike } from '../../../../../../src/node/coins/utxo/electrum';
import { WebSocket as WsClient } from 'ws';

/** Throw this from a handler to answer with a JSON-RPC error. */
export class RpcFailure {
  constructor(
    readonly code: number,
    readonly message: string,
  ) {}
}

/** Return this from a handler to never answer. */
export const HANG = Symbol('hang');

export type Handler = (params: unknown[], session: Session) => unknown;

export interface Received {
  id: unknown;
  method: string;
  params: unknown[];
  session: Session;
}

export class Session {
  versionDone = false;
  closedByPeer = false;
  readonly closed: Promise<void>;
  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.once('close', () => resolve()));
  }
  send(obj: unknown, binary = false): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    const text = JSON.stringify(obj);
    this.ws.send(binary ? Buffer.from(text) : text, { binary });
  }
  kill(): void {
    this.ws.terminate();
  }
}

export interface FakeOptions {
  /** Protocol version answered to server.version (default '1.4'). */
  protocol?: string;
  handlers?: Record<string, Handler>;
  /** Send every answer as a binary frame. */
  binary?: boolean;
}

export class FakeElectrumServer {
  readonly sessions = new Set<Session>();
  readonly received: Received[] = [];
  readonly handlers = new Map<string, Handler>();
  /** Frames whose first message was not server.version (should stay 0). */
  versionViolations = 0;
  /** Connections accepted so far (refused ones included). */
  connections = 0;
  /** When set, new connections are dropped at once. */
  down = false;
  tip = { height: 100, hex: '00'.repeat(80) };
  readonly statuses = new Map<string, string | null>();

  private constructor(
    private readonly wss: WebSocketServer,
    private readonly opts: FakeOptions,
  ) {
    for (const [k, h] of Object.entries(opts.handlers ?? {})) this.handlers.set(k, h);
    wss.on('connection', (ws) => this.onConnection(ws));
  }

  static async start(opts: FakeOptions = {}): Promise<FakeElectrumServer> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    return new FakeElectrumServer(wss, opts);
  }

  get url(): string {
    return `127.0.0.1:${(this.wss.address() as AddressInfo).port}`;
  }

  calls(method: string): Received[] {
    return this.received.filter((r) => r.method === method);
  }

  notifyAll(method: string, params: unknown[]): void {
    for (const s of this.sessions) if (s.versionDone) s.send({ jsonrpc: '2.0', method, params });
  }

  killAll(): void {
    for (const s of this.sessions) s.kill();
  }

  async stop(): Promise<void> {
    for (const s of this.sessions) s.kill();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private onConnection(ws: WebSocket): void {
    this.connections++;
    if (this.down) {
      ws.terminate();
      return;
    }
    const session = new Session(ws);
    this.sessions.add(session);
    ws.on('close', () => {
      session.closedByPeer = true;
      this.sessions.delete(session);
    });
    ws.on('message', (data, isBinary) => {
      void this.onFrame(session, isBinary ? data.toString() : String(data));
    });
  }

  private async onFrame(session: Session, text: string): Promise<void> {
    const msg: unknown = JSON.parse(text);
    const items = (Array.isArray(msg) ? msg : [msg]) as { id: unknown; method: string; params?: unknown[] }[];
    if (!session.versionDone && items[0]?.method !== 'server.version') {
      this.versionViolations++;
      session.ws.close(1008, 'server.version must be first msg');
      return;
    }
    const answers = await Promise.all(items.map((it) => this.answer(session, it)));
    if (answers.some((a) => a === HANG)) return;
    session.send(Array.isArray(msg) ? answers : answers[0], this.opts.binary);
  }

  private async answer(session: Session, it: { id: unknown; method: string; params?: unknown[] }): Promise<unknown> {
    const params = it.params ?? [];
    this.received.push({ id: it.id, method: it.method, params, session });
    try {
      const h = this.handlers.get(it.method) ?? ((p: unknown[], s: Session) => this.builtin(it.method, p, s));
      const result = await h(params, session);
      if (result === HANG) return HANG;
      return { jsonrpc: '2.0', id: it.id, result };
    } catch (e) {
      if (e instanceof RpcFailure) return { jsonrpc: '2.0', id: it.id, error: { code: e.code, message: e.message } };
      throw e;
    }
  }

  private builtin(method: string, params: unknown[], session: Session): unknown {
    switch (method) {
      case 'server.version':
        session.versionDone = true;
        return ['FakeElectrum 1.0', this.opts.protocol ?? '1.4'];
      case 'server.ping':
        return null;
      case 'blockchain.headers.subscribe':
        return this.tip;
      case 'blockchain.scripthash.subscribe':
        return this.statuses.get(String(params[0])) ?? null;
      case 'blockchain.scripthash.unsubscribe':
        return true;
      case 'echo':
        return params;
      default:
        throw new RpcFailure(-32601, `unknown method "${method}"`);
    }
  }
}

/** The Node-side socket factory: `ws`'s client WebSocket, remembering every socket made. */
export function wsFactory(): { factory: WebSocketFactory; sockets: WebSocketLike[] } {
  const sockets: WebSocketLike[] = [];
  return {
    sockets,
    factory: (url) => {
      const s = new WsClient(url);
      sockets.push(s);
      return s;
    },
  };
}

/** Real timers that remember which are still alive. */
export function trackingTimers(): { timers: Timers; live: Set<unknown> } {
  const live = new Set<unknown>();
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      const h = setTimeout(() => {
        live.delete(h);
        fn();
      }, ms);
      live.add(h);
      return h;
    },
    clearTimeout: (h) => {
      live.delete(h);
      clearTimeout(h as NodeJS.Timeout);
    },
    setInterval: (fn, ms) => {
      const h = setInterval(fn, ms);
      live.add(h);
      return h;
    },
    clearInterval: (h) => {
      live.delete(h);
      clearInterval(h as NodeJS.Timeout);
    },
    now: () => Date.now(),
  };
  return { timers, live };
}

/** A port with nothing listening on it. */
export async function deadUrl(): Promise<string> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const port = (wss.address() as AddressInfo).port;
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  return `127.0.0.1:${port}`;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls until `cond` holds (or fails after `ms`). */
export async function until(cond: () => boolean, ms = 2000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

export interface Harness {
  client: ElectrumClient;
  sockets: WebSocketLike[];
  live: Set<unknown>;
  logs: string[];
}

/** A client over `ws` with short timeouts, tracked timers and a log, for the given servers. */
export function makeClient(urls: string[], extra: Partial<ElectrumClientOptions> = {}): Harness {
  const { factory, sockets } = wsFactory();
  const { timers, live } = trackingTimers();
  const logs: string[] = [];
  const client = new ElectrumClient({
    servers: urls.map((url) => ({ url, protocol: 'WS' })),
    clientName: 'test GUI/MM2 0.1.0',
    socketFactory: factory,
    timers,
    requestTimeoutMs: 1000,
    connectTimeoutMs: 1000,
    pingIntervalMs: 60_000,
    backoff: { initialMs: 50, maxMs: 400, jitter: 0 },
    onLog: (level, line) => logs.push(`${level} ${line}`),
    ...extra,
  });
  return { client, sockets, live, logs };
}

/**
 * Servers and clients for one test file: each test gets fresh ones, and after each test every
 * client is closed, every server stopped, and no server saw a request before `server.version`.
 */
export function electrumTestBed(): {
  server(opts?: FakeOptions): Promise<FakeElectrumServer>;
  harness(...args: Parameters<typeof makeClient>): Harness;
  rejection(p: Promise<unknown>): Promise<ElectrumError>;
} {
  const servers: FakeElectrumServer[] = [];
  const clients: ElectrumClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    for (const s of servers) expect(s.versionViolations).toBe(0);
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  });
  return {
    async server(opts = {}) {
      const s = await FakeElectrumServer.start(opts);
      servers.push(s);
      return s;
    },
    harness(...args) {
      const h = makeClient(...args);
      clients.push(h.client);
      return h;
    },
    async rejection(p) {
      try {
        await p;
      } catch (e) {
        expect(e).toBeInstanceOf(ElectrumError);
        return e as ElectrumError;
      }
      throw new Error('expected a rejection');
    },
  };
}
