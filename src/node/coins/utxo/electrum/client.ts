/**
 * The Electrum client: a pool of connections (one per server) with fail-over, reconnect with
 * back-off, subscriptions that survive a change of server, and counters. Requests go to the first
 * connected server in the configured order (so a read after a broadcast sees the same mempool);
 * a request whose server drops or stops answering is re-sent on another connected server
 * (Electrum reads and broadcasts are idempotent), and fails with a transport error only when no
 * server is left to try. A server's JSON-RPC error is final and never retried. A request that
 * finds no server connected opens the suspended ones at once rather than waiting for their
 * back-off (recovery), and waits a short budget for the first to connect.
 */
import { ElectrumConnection } from './connection';
import type { ConnectionEvents, ConnectionSettings, Traffic } from './connection';
import { ElectrumError } from './errors';
import type { ServerFailure, ServerFailureReason } from './errors';
import { DEFAULT_LIMITS } from './limits';
import { SubscriptionRegistry } from './subscriptions';
import { invalid, serverTransport } from './transport';
import type { SubscriptionHost } from './subscriptions';
import type { ElectrumCall, ElectrumClientOptions, ElectrumStats, ElectrumServer, ItemResult, LogLevel, Timers, WebSocketLike } from './types';

export const DEFAULT_REQUEST_TIMEOUT_MS = 20_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 20_000;
export const DEFAULT_PING_INTERVAL_MS = 30_000;
export const DEFAULT_SILENCE_TIMEOUT_MS = 60_000;
/** KDF's first suspension of a failed server. */
export const DEFAULT_BACKOFF_INITIAL_MS = 10_000;
export const DEFAULT_BACKOFF_MAX_MS = 300_000;
export const DEFAULT_BACKOFF_JITTER = 0.1;
/** How long a request that found no server connected waits for one to come back. */
export const DEFAULT_RECOVERY_BUDGET_MS = 5_000;
/** Recovery opens each server at most once in this period, however many requests ask. */
export const DEFAULT_RECOVERY_INTERVAL_MS = 1_000;
/** How long `close()` waits for the sockets to report their close. */
const CLOSE_GRACE_MS = 1000;

type SlotState = 'idle' | 'connecting' | 'ready' | 'suspended';

interface Slot {
  readonly server: ElectrumServer;
  /** `host:port`. */
  readonly name: string;
  /** The server's URL with its protocol's scheme, for the log. */
  readonly url: string;
  readonly openSocket: () => WebSocketLike;
  state: SlotState;
  conn: ElectrumConnection | null;
  failures: number;
  retryTimer: unknown;
  /** When the last connection to it was opened (`timers.now()`), to rate-limit recovery. */
  lastAttemptAt: number;
  lastError: string | undefined;
  lastReason: ServerFailureReason | undefined;
  /** The last failure's text without the server prefix. */
  lastDetail: string | undefined;
  roundTrips: number;
}

interface Job {
  calls: ElectrumCall[];
  single: boolean;
  counted: boolean;
  tried: Set<Slot>;
  lastError: ElectrumError | null;
  waitTimer: unknown;
  onResult(results: ItemResult[], slot: Slot): void;
  onFail(err: ElectrumError): void;
}

interface StartWaiter {
  promise: Promise<void>;
  resolve(): void;
  reject(e: ElectrumError): void;
  timer: unknown;
}

type ClientState = 'idle' | 'starting' | 'running' | 'closed';

export const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as Parameters<typeof clearTimeout>[0]),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as Parameters<typeof clearInterval>[0]),
  now: () => Date.now(),
};

export class ElectrumClient {
  private state: ClientState = 'idle';
  private readonly slots: Slot[];
  private readonly min: number;
  private readonly max: number;
  private readonly timers: Timers;
  private readonly requestTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly recoveryBudgetMs: number;
  private readonly recoveryIntervalMs: number;
  private readonly log: (level: LogLevel, line: string) => void;
  private readonly waiting = new Set<Job>();
  private readonly subs: SubscriptionRegistry<Slot>;
  private readonly connSlot = new Map<ElectrumConnection, Slot>();
  private startWaiter: StartWaiter | null = null;
  private closing: Promise<void> | null = null;
  private nextId = 0;
  private roundTrips = 0;
  /** JSON-RPC calls sent (a batch counts each of its calls), with the bytes of every frame. */
  private requests = 0;
  private readonly traffic: Traffic = { bytesSent: 0, bytesReceived: 0 };

  constructor(private readonly opts: ElectrumClientOptions) {
    if (opts.servers.length === 0) throw invalid('no Electrum servers given');
    this.slots = opts.servers.map((server) => ({
      server,
      name: server.url.trim(),
      ...serverTransport(server, opts),
      state: 'idle',
      conn: null,
      failures: 0,
      retryTimer: undefined,
      lastAttemptAt: -Infinity,
      lastError: undefined,
      lastReason: undefined,
      lastDetail: undefined,
      roundTrips: 0,
    }));
    const n = this.slots.length;
    this.min = opts.minConnected ?? 1;
    this.max = Math.min(opts.maxConnected ?? n, n);
    if (!Number.isInteger(this.min) || this.min < 1) throw invalid(`min_connected must be at least 1, got ${this.min}`);
    if (!Number.isInteger(this.max) || this.max < 1) throw invalid(`max_connected must be at least 1, got ${opts.maxConnected}`);
    if (this.min > this.max) {
      throw invalid(`min_connected (${this.min}) must not exceed max_connected (${this.max}) nor the number of servers (${n})`);
    }
    this.timers = opts.timers ?? defaultTimers;
    this.requestTimeoutMs = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.recoveryBudgetMs = Math.min(opts.recovery?.budgetMs ?? DEFAULT_RECOVERY_BUDGET_MS, this.requestTimeoutMs);
    this.recoveryIntervalMs = opts.recovery?.perServerIntervalMs ?? DEFAULT_RECOVERY_INTERVAL_MS;
    const onLog = opts.onLog;
    this.log = onLog ? (level, line) => onLog(level, line) : () => {};
    this.subs = new SubscriptionRegistry<Slot>(this.subscriptionHost());
  }

  /** Resolves once `minConnected` servers have negotiated `server.version`. */
  connect(): Promise<void> {
    if (this.state === 'closed') return Promise.reject(closedError());
    if (this.startWaiter) return this.startWaiter.promise;
    if (this.readyCount() >= this.min) return Promise.resolve();
    let resolve!: () => void;
    let reject!: (e: ElectrumError) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const waiter: StartWaiter = { promise, resolve, reject, timer: undefined };
    waiter.timer = this.timers.setTimeout(() => {
      waiter.timer = undefined;
      this.abortStart(this.connectError(`fewer than ${this.min} server(s) connected within ${this.connectTimeoutMs} ms`, true));
    }, this.connectTimeoutMs);
    this.startWaiter = waiter;
    if (this.state === 'idle') this.state = 'starting';
    this.fill();
    this.checkStart();
    return promise;
  }

  async request<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const call = { method, params };
    const { results, slot } = await this.run([call], true);
    const r = results[0];
    if (!r) throw ElectrumError.transport(slot.name, `no answer to ${method}`);
    if (!r.ok) throw ElectrumError.fromRpc(slot.name, method, r.error);
    return r.result as T;
  }

  async batch<T extends unknown[] = unknown[]>(calls: { method: string; params?: unknown[] }[]): Promise<T> {
    if (calls.length === 0) return [] as unknown[] as T;
    const normalized = calls.map((c) => ({ method: c.method, params: c.params ?? [] }));
    const { results, slot } = await this.run(normalized, false);
    return results.map((r, i) => {
      if (!r.ok) throw ElectrumError.fromRpc(slot.name, normalized[i]?.method ?? '', r.error);
      return r.result;
    }) as T;
  }

  async subscribe<T = unknown>(
    method: string,
    params: unknown[],
    onNotify: (params: unknown[]) => void,
  ): Promise<{ result: T; unsubscribe: () => Promise<void> }> {
    if (this.state === 'closed') throw closedError();
    if (this.state === 'idle') await this.connect();
    return this.subs.subscribe<T>(method, params, onNotify);
  }

  /**
   * What the client has cost the servers so far: round trips, JSON-RPC calls, and the bytes of all
   * frames (pings and the version handshake included), for benchmarks and tests.
   */
  stats(): ElectrumStats {
    const byServer: Record<string, number> = {};
    for (const s of this.slots) byServer[s.name] = s.roundTrips;
    return {
      roundTrips: this.roundTrips,
      requests: this.requests,
      bytesSent: this.traffic.bytesSent,
      bytesReceived: this.traffic.bytesReceived,
      connected: this.slots.filter((s) => s.state === 'ready').map((s) => s.name),
      byServer,
    };
  }

  /** Whether a subscription is held by a connected server, so its last notified result is current. */
  isSubscriptionLive(method: string, params: unknown[]): boolean {
    return this.state === 'running' && this.subs.holder(method, params) !== null;
  }

  /**
   * A request to the server holding a subscription, so that its answer matches the status that
   * server notified (another server may be a block behind); `null` when no connected server holds
   * it or that server went meanwhile. A server's error answer still throws.
   */
  async requestAtSubscriber<T = unknown>(subscription: ElectrumCall, method: string, params: unknown[]): Promise<{ result: T } | null> {
    const slot = this.state === 'running' ? this.subs.holder(subscription.method, subscription.params ?? []) : null;
    if (!slot) return null;
    let results: ItemResult[] | null;
    try {
      results = await this.sendTo(slot, [{ method, params }]);
    } catch (e) {
      if (e instanceof ElectrumError && e.kind === 'transport') return null;
      throw e;
    }
    const r = results?.[0];
    if (!r) return null;
    if (!r.ok) throw ElectrumError.fromRpc(slot.name, method, r.error);
    return { result: r.result as T };
  }

  /** Stops every timer, closes every socket, rejects everything pending. Idempotent. */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    this.state = 'closed';
    const err = closedError();
    this.subs.clear();
    if (this.startWaiter) {
      const w = this.startWaiter;
      this.startWaiter = null;
      if (w.timer !== undefined) this.timers.clearTimeout(w.timer);
      w.reject(err);
    }
    const conns = this.releaseSlots();
    this.failWaiting(() => err);
    this.closing = this.awaitSockets(conns);
    return this.closing;
  }

  // --- pool ------------------------------------------------------------------------------------

  private readyCount(): number {
    return this.slots.reduce((n, s) => n + (s.state === 'ready' ? 1 : 0), 0);
  }

  /** Keeps up to `maxConnected` servers connected or connecting, in the configured order. */
  private fill(): void {
    if (this.state !== 'starting' && this.state !== 'running') return;
    let active = this.slots.reduce((n, s) => n + (s.state === 'ready' || s.state === 'connecting' ? 1 : 0), 0);
    for (const slot of this.slots) {
      if (active >= this.max) break;
      if (slot.state !== 'idle') continue;
      this.openSlot(slot);
      active++;
    }
  }

  private openSlot(slot: Slot): void {
    const server = slot.server;
    const perServerMs = server.timeoutSec !== undefined && server.timeoutSec > 0 ? server.timeoutSec * 1000 : undefined;
    const settings: ConnectionSettings = {
      name: slot.name,
      url: slot.url,
      clientName: this.opts.clientName,
      openSocket: slot.openSocket,
      limits: DEFAULT_LIMITS,
      timers: this.timers,
      requestTimeoutMs: perServerMs ?? this.requestTimeoutMs,
      connectTimeoutMs: perServerMs ?? this.connectTimeoutMs,
      pingIntervalMs: this.opts.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS,
      silenceTimeoutMs: this.opts.silenceTimeoutMs ?? DEFAULT_SILENCE_TIMEOUT_MS,
      nextId: () => ++this.nextId,
      traffic: this.traffic,
      log: this.log,
    };
    const conn = new ElectrumConnection(settings, this.connectionEvents());
    slot.state = 'connecting';
    slot.conn = conn;
    slot.lastAttemptAt = this.timers.now();
    this.connSlot.set(conn, slot);
    conn.open();
  }

  private connectionEvents(): ConnectionEvents {
    return {
      ready: (conn) => {
        const slot = this.connSlot.get(conn);
        if (!slot || slot.conn !== conn) return;
        slot.failures = 0;
        if (this.readyCount() >= this.max) return this.standBy(slot, conn);
        slot.state = 'ready';
        slot.lastError = undefined;
        slot.lastReason = undefined;
        slot.lastDetail = undefined;
        this.checkStart();
        this.drainWaiting();
        this.subs.onSlotReady();
      },
      notification: (conn, method, params) => {
        const slot = this.connSlot.get(conn);
        if (slot && slot.conn === conn) this.subs.onNotification(slot, method, params);
      },
      closed: (conn, reason) => {
        const slot = this.connSlot.get(conn);
        this.connSlot.delete(conn);
        if (!slot || slot.conn !== conn) return;
        slot.conn = null;
        slot.lastError = reason.message;
        slot.lastReason = reason.reason ?? 'closed';
        slot.lastDetail = reason.detail;
        if (this.state !== 'starting' && this.state !== 'running') {
          slot.state = 'idle';
          return;
        }
        this.suspend(slot);
        this.subs.onSlotLost(slot);
        this.fill();
        this.checkStart();
        this.failHopelessWaiting();
      },
    };
  }

  /** Suspends a failed server for the back-off delay, then makes it available again. */
  private suspend(slot: Slot): void {
    slot.failures++;
    const b = this.opts.backoff ?? {};
    const initial = b.initialMs ?? DEFAULT_BACKOFF_INITIAL_MS;
    const cap = b.maxMs ?? DEFAULT_BACKOFF_MAX_MS;
    const jitter = b.jitter ?? DEFAULT_BACKOFF_JITTER;
    const base = Math.min(initial * 2 ** Math.min(slot.failures - 1, 30), cap);
    const delay = Math.round(base * (1 + jitter * (this.opts.random ?? Math.random)()));
    slot.state = 'suspended';
    this.log('info', `${slot.name}: suspended for ${delay} ms (failure ${slot.failures})`);
    slot.retryTimer = this.timers.setTimeout(() => {
      slot.retryTimer = undefined;
      if (slot.state !== 'suspended') return;
      slot.state = 'idle';
      this.fill();
    }, delay);
  }

  /**
   * Opens, ahead of their back-off, the suspended servers `job` has not tried, each at most once
   * per recovery interval; called when no server is connected.
   */
  private recover(job: Job): void {
    const now = this.timers.now();
    for (const slot of this.slots) {
      if (slot.state !== 'suspended' || job.tried.has(slot) || now - slot.lastAttemptAt < this.recoveryIntervalMs) continue;
      if (slot.retryTimer !== undefined) this.timers.clearTimeout(slot.retryTimer);
      slot.retryTimer = undefined;
      this.log('info', `${slot.name}: no server is connected, trying it ahead of its back-off`);
      this.openSlot(slot);
    }
  }

  /** A server recovery connected beyond `maxConnected`: closed again, kept as a stand-by. */
  private standBy(slot: Slot, conn: ElectrumConnection): void {
    slot.conn = null;
    slot.state = 'idle';
    this.connSlot.delete(conn);
    conn.close(`more than ${this.max} server(s) connected, kept as a stand-by`);
  }

  private checkStart(): void {
    const w = this.startWaiter;
    if (!w) return;
    if (this.readyCount() >= this.min) {
      this.startWaiter = null;
      if (w.timer !== undefined) this.timers.clearTimeout(w.timer);
      if (this.state === 'starting') this.state = 'running';
      w.resolve();
      return;
    }
    if (this.state !== 'starting') return;
    const possible = this.slots.reduce((n, s) => n + (s.state === 'suspended' ? 0 : 1), 0);
    if (possible < this.min) {
      const connected = this.readyCount();
      this.abortStart(this.connectError(`could not connect to ${this.min} server(s), ${connected} connected`, false));
    }
  }

  /** A failed `connect()` leaves nothing running: the client goes back to idle. */
  private abortStart(err: ElectrumError): void {
    const w = this.startWaiter;
    if (!w) return;
    this.startWaiter = null;
    if (w.timer !== undefined) this.timers.clearTimeout(w.timer);
    if (this.state === 'starting') {
      this.state = 'idle';
      this.releaseSlots();
      this.failWaiting(() => err);
    }
    w.reject(err);
  }

  /** Closes every connection and cancels every reconnect; returns the connections closed. */
  private releaseSlots(): ElectrumConnection[] {
    const conns: ElectrumConnection[] = [];
    for (const slot of this.slots) {
      if (slot.retryTimer !== undefined) this.timers.clearTimeout(slot.retryTimer);
      slot.retryTimer = undefined;
      slot.failures = 0;
      const conn = slot.conn;
      slot.conn = null;
      slot.state = 'idle';
      if (conn) {
        conns.push(conn);
        conn.close(this.state === 'closed' ? 'the client is closed' : 'connect() gave up');
      }
    }
    return conns;
  }

  private async awaitSockets(conns: ElectrumConnection[]): Promise<void> {
    if (conns.length === 0) return;
    let timer: unknown;
    const grace = new Promise<void>((resolve) => {
      timer = this.timers.setTimeout(resolve, CLOSE_GRACE_MS);
    });
    await Promise.race([Promise.all(conns.map((c) => c.whenSocketClosed())), grace]);
    this.timers.clearTimeout(timer);
  }

  private errorsText(): string {
    const errs = this.slots.filter((s) => s.lastError !== undefined).map((s) => s.lastError);
    return errs.length === 0 ? '' : `: ${errs.join('; ')}`;
  }

  /**
   * A failed connect(), naming each server that failed and why (`servers`): its last failure,
   * or, when the connect timeout ran out (`timedOut`), a timeout for one still connecting.
   * Read before the slots are released.
   */
  private connectError(text: string, timedOut: boolean): ElectrumError {
    const servers: ServerFailure[] = this.slots
      .filter((s) => s.state !== 'ready' && (s.lastReason !== undefined || (timedOut && s.state === 'connecting')))
      .map((s) => ({
        url: s.name,
        protocol: s.server.protocol,
        reason: s.lastReason ?? 'timeout',
        error: s.lastDetail ?? `no answer within ${this.connectTimeoutMs} ms`,
      }));
    return new ElectrumError({ kind: 'transport', message: `${text}${this.errorsText()}`, servers });
  }

  // --- requests --------------------------------------------------------------------------------

  private async run(calls: ElectrumCall[], single: boolean): Promise<{ results: ItemResult[]; slot: Slot }> {
    if (this.state === 'closed') throw closedError();
    if (this.state === 'idle') await this.connect();
    return new Promise((resolve, reject) => {
      this.dispatch({
        calls,
        single,
        counted: true,
        tried: new Set(),
        lastError: null,
        waitTimer: undefined,
        onResult: (results, slot) => resolve({ results, slot }),
        onFail: reject,
      });
    });
  }

  private dispatch(job: Job): void {
    if (this.state === 'closed') return job.onFail(closedError());
    if (this.state === 'idle') return job.onFail(job.lastError ?? ElectrumError.transport(undefined, 'not connected'));
    const slot = this.pick(job);
    if (slot) return this.sendOn(slot, job);
    // While starting, connect() has its own timeout; recovery is for a running pool that lost all.
    const noneReady = this.state === 'running' && this.readyCount() === 0;
    if (noneReady) this.recover(job);
    if (!this.hasCandidate(job)) return job.onFail(this.noServerError(job));
    const waitMs = noneReady ? this.recoveryBudgetMs : this.requestTimeoutMs;
    job.waitTimer = this.timers.setTimeout(() => {
      job.waitTimer = undefined;
      this.waiting.delete(job);
      job.onFail(ElectrumError.transport(undefined, `no server became available within ${waitMs} ms${lastErrorText(job)}`));
    }, waitMs);
    this.waiting.add(job);
  }

  private pick(job: Job): Slot | undefined {
    return this.slots.find((s) => s.state === 'ready' && s.conn !== null && !job.tried.has(s));
  }

  private hasCandidate(job: Job): boolean {
    return this.slots.some((s) => s.state === 'connecting' && !job.tried.has(s));
  }

  private sendOn(slot: Slot, job: Job): void {
    const conn = slot.conn;
    if (!conn) return this.dispatch(job);
    job.tried.add(slot);
    if (job.counted) {
      this.roundTrips++;
      this.requests += job.calls.length;
      slot.roundTrips++;
    }
    conn.send(job.calls, job.single, (err, results) => {
      if (err === null) return job.onResult(results, slot);
      job.lastError = err;
      if (err.kind === 'transport') {
        if (this.state === 'running' || this.state === 'starting') {
          this.log('info', `${describeCalls(job.calls)} failed on ${slot.name} (${err.message}); trying another server`);
        }
        this.dispatch(job);
      } else job.onFail(err);
    });
  }

  private drainWaiting(): void {
    for (const job of [...this.waiting]) {
      const slot = this.pick(job);
      if (!slot) continue;
      this.waiting.delete(job);
      if (job.waitTimer !== undefined) this.timers.clearTimeout(job.waitTimer);
      job.waitTimer = undefined;
      this.sendOn(slot, job);
    }
  }

  private failHopelessWaiting(): void {
    for (const job of [...this.waiting]) {
      if (this.pick(job) || this.hasCandidate(job)) continue;
      this.waiting.delete(job);
      if (job.waitTimer !== undefined) this.timers.clearTimeout(job.waitTimer);
      job.waitTimer = undefined;
      job.onFail(this.noServerError(job));
    }
  }

  private failWaiting(errorFor: (job: Job) => ElectrumError): void {
    for (const job of [...this.waiting]) {
      this.waiting.delete(job);
      if (job.waitTimer !== undefined) this.timers.clearTimeout(job.waitTimer);
      job.waitTimer = undefined;
      job.onFail(errorFor(job));
    }
  }

  private noServerError(job: Job): ElectrumError {
    const tried = job.tried.size;
    const what = tried === 0 ? 'no server is connected' : `no other server is connected after ${tried} attempt(s)`;
    return ElectrumError.transport(undefined, `${describeCalls(job.calls)}: ${what}${lastErrorText(job)}`, job.lastError ?? undefined);
  }

  /** Sends to this server only, no fail-over; `null` if it is not connected. */
  private sendTo(slot: Slot, calls: ElectrumCall[]): Promise<ItemResult[] | null> {
    return new Promise((resolve, reject) => {
      const conn = slot.conn;
      if (slot.state !== 'ready' || !conn || this.state === 'closed') return resolve(null);
      this.roundTrips++;
      this.requests += calls.length;
      slot.roundTrips++;
      conn.send(calls, true, (err, results) => (err ? reject(err) : resolve(results)));
    });
  }

  private subscriptionHost(): SubscriptionHost<Slot> {
    return {
      send: (calls, single) => this.run(calls, single),
      sendTo: (slot, calls) => this.sendTo(slot, calls),
      isReady: (slot) => slot.state === 'ready',
      anyReady: () => this.readyCount() > 0,
      slotName: (slot) => slot.name,
      log: this.log,
    };
  }
}

function closedError(): ElectrumError {
  return ElectrumError.transport(undefined, 'the client is closed');
}

function describeCalls(calls: ElectrumCall[]): string {
  return calls.length === 1 ? (calls[0]?.method ?? 'request') : `batch of ${calls.length}`;
}

function lastErrorText(job: Job): string {
  return job.lastError ? ` (last error: ${job.lastError.message})` : '';
}
