/**
 * Subscriptions of the client (`blockchain.headers.subscribe`, `blockchain.scripthash.subscribe`):
 * one server-side subscription per method and params however many listeners share it, each held
 * by one server. When that server goes, the subscription is orphaned and re-established (in one
 * batch with the other orphans) on the server that takes over; a result that differs from the
 * last known one reaches the listeners as a notification, shaped as the server would send it.
 */
import { ElectrumError } from './errors';
import type { ElectrumCall, ItemResult, LogLevel } from './types';

export type NotifyListener = (params: unknown[]) => void;

/** What the registry needs from the pool; `S` is the pool's server slot. */
export interface SubscriptionHost<S> {
  /** Sends calls with fail-over; resolves with the answers and the server that gave them. */
  send(calls: ElectrumCall[], single: boolean): Promise<{ results: ItemResult[]; slot: S }>;
  /** Sends to this server only, no fail-over; resolves `null` if it is not connected. */
  sendTo(slot: S, calls: ElectrumCall[]): Promise<ItemResult[] | null>;
  isReady(slot: S): boolean;
  anyReady(): boolean;
  slotName(slot: S): string;
  log(level: LogLevel, line: string): void;
}

interface Sub<S> {
  key: string;
  method: string;
  params: unknown[];
  listeners: Set<{ fn: NotifyListener }>;
  last: unknown;
  /** Server holding the subscription; null while orphaned or before the first answer. */
  slot: S | null;
  /** The first subscribe call, while in flight. */
  initial: Promise<unknown> | null;
}

/** Methods whose subscription the server can drop (protocol 1.4.2); others are dropped locally. */
const UNSUBSCRIBE: Record<string, string> = {
  'blockchain.scripthash.subscribe': 'blockchain.scripthash.unsubscribe',
};

/** Calls per batch of first subscriptions. */
const MAX_SUBSCRIBE_BATCH = 100;

const keyOf = (method: string, params: unknown[]): string => `${method}\u0000${JSON.stringify(params)}`;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export class SubscriptionRegistry<S> {
  private readonly subs = new Map<string, Sub<S>>();
  /** Subscriptions waiting for their first answer, sent together (`sendFirsts`). */
  private readonly firsts: { sub: Sub<S>; resolve: (result: unknown) => void; reject: (e: unknown) => void }[] = [];
  private resubscribing = false;
  private again = false;
  private closed = false;

  constructor(private readonly host: SubscriptionHost<S>) {}

  get size(): number {
    return this.subs.size;
  }

  async subscribe<T>(
    method: string,
    params: unknown[],
    onNotify: NotifyListener,
  ): Promise<{ result: T; unsubscribe: () => Promise<void> }> {
    const key = keyOf(method, params);
    let sub = this.subs.get(key);
    if (!sub) {
      const created: Sub<S> = { key, method, params: [...params], listeners: new Set(), last: undefined, slot: null, initial: null };
      this.subs.set(key, created);
      created.initial = this.firstSubscribe(created);
      sub = created;
    }
    if (sub.initial) await sub.initial;
    if (this.closed) throw ElectrumError.transport(undefined, 'the client is closed');
    const entry = { fn: onNotify };
    sub.listeners.add(entry);
    const owner = sub;
    let done = false;
    const unsubscribe = async (): Promise<void> => {
      if (done) return;
      done = true;
      owner.listeners.delete(entry);
      if (owner.listeners.size > 0 || this.subs.get(key) !== owner) return;
      this.subs.delete(key);
      await this.serverUnsubscribe(owner);
    };
    return { result: sub.last as T, unsubscribe };
  }

  /**
   * New subscriptions asked in the same tick go out in one batch (an HD wallet subscribes dozens of
   * addresses at once); a lone one stays a single request.
   */
  private firstSubscribe(sub: Sub<S>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.firsts.push({ sub, resolve, reject });
      if (this.firsts.length === 1) queueMicrotask(() => void this.sendFirsts());
    });
  }

  private async sendFirsts(): Promise<void> {
    while (this.firsts.length > 0) {
      const batch = this.firsts.splice(0, MAX_SUBSCRIBE_BATCH);
      let answer: { results: ItemResult[]; slot: S };
      try {
        answer = await this.host.send(batch.map(({ sub }) => ({ method: sub.method, params: sub.params })), batch.length === 1);
      } catch (e) {
        for (const { sub, reject } of batch) this.failFirst(sub, reject, e);
        continue;
      }
      const { results, slot } = answer;
      let orphaned = false;
      batch.forEach(({ sub, resolve, reject }, i) => {
        const r = results[i];
        if (!r || !r.ok) {
          this.failFirst(sub, reject, ElectrumError.fromRpc(this.host.slotName(slot), sub.method, r && !r.ok ? r.error : { message: 'no answer' }));
          return;
        }
        sub.last = r.result;
        sub.initial = null;
        if (this.host.isReady(slot)) sub.slot = slot;
        else orphaned = true; // the server went between its answer and now
        resolve(r.result);
      });
      if (orphaned) this.resubscribeOrphans();
    }
  }

  private failFirst(sub: Sub<S>, reject: (e: unknown) => void, e: unknown): void {
    if (this.subs.get(sub.key) === sub) this.subs.delete(sub.key);
    reject(e);
  }

  private async serverUnsubscribe(sub: Sub<S>): Promise<void> {
    const method = UNSUBSCRIBE[sub.method];
    if (!method || sub.slot === null || this.closed) return;
    try {
      const res = await this.host.sendTo(sub.slot, [{ method, params: sub.params.slice(0, 1) }]);
      const r = res?.[0];
      if (r && !r.ok) this.host.log('debug', `${method} refused: ${r.error.message}`);
    } catch (e) {
      this.host.log('debug', `${method} failed: ${(e as Error).message}`);
    }
  }

  /** The connected server holding the subscription, or null (orphaned, still being made, or none). */
  holder(method: string, params: unknown[]): S | null {
    const sub = this.subs.get(keyOf(method, params));
    return sub !== undefined && sub.initial === null && sub.slot !== null && this.host.isReady(sub.slot) ? sub.slot : null;
  }

  /** A notification from a server: to the subscription it holds whose params prefix the message's. */
  onNotification(slot: S, method: string, params: unknown[]): void {
    for (let n = 0; n < params.length; n++) {
      const sub = this.subs.get(keyOf(method, params.slice(0, n)));
      if (!sub || sub.slot !== slot) continue;
      sub.last = params[n];
      this.emit(sub, params);
      return;
    }
    this.host.log('debug', `unexpected notification ${method} from ${this.host.slotName(slot)}`);
  }

  onSlotReady(): void {
    this.resubscribeOrphans();
  }

  onSlotLost(slot: S): void {
    let orphaned = 0;
    for (const sub of this.subs.values()) {
      if (sub.slot === slot) {
        sub.slot = null;
        orphaned++;
      }
    }
    if (orphaned > 0) {
      this.host.log('info', `${orphaned} subscription(s) of ${this.host.slotName(slot)} move to another server`);
      this.resubscribeOrphans();
    }
  }

  clear(): void {
    this.closed = true;
    this.subs.clear();
  }

  private resubscribeOrphans(): void {
    if (this.closed) return;
    if (this.resubscribing) {
      this.again = true;
      return;
    }
    const orphans = [...this.subs.values()].filter((s) => s.slot === null && s.initial === null);
    if (orphans.length === 0 || !this.host.anyReady()) return;
    this.resubscribing = true;
    this.host
      .send(
        orphans.map((s) => ({ method: s.method, params: s.params })),
        false,
      )
      .then(
        ({ results, slot }) => {
          orphans.forEach((sub, i) => this.adopt(sub, results[i], slot));
        },
        (e: unknown) => this.host.log('warn', `re-subscribing failed: ${(e as Error).message}`),
      )
      .finally(() => {
        this.resubscribing = false;
        if (this.again) {
          this.again = false;
          this.resubscribeOrphans();
        }
      });
  }

  private adopt(sub: Sub<S>, r: ItemResult | undefined, slot: S): void {
    if (this.closed || this.subs.get(sub.key) !== sub) return; // unsubscribed meanwhile
    if (!r || !r.ok) {
      this.host.log('warn', `re-subscribing ${sub.method} on ${this.host.slotName(slot)} refused: ${r && !r.ok ? r.error.message : 'no answer'}`);
      return;
    }
    if (!this.host.isReady(slot)) {
      this.again = true; // that server went too; try the next one
      return;
    }
    sub.slot = slot;
    if (!same(r.result, sub.last)) {
      sub.last = r.result;
      this.emit(sub, [...sub.params, r.result]);
    }
  }

  private emit(sub: Sub<S>, params: unknown[]): void {
    for (const l of [...sub.listeners]) {
      try {
        l.fn(params);
      } catch (e) {
        this.host.log('warn', `a ${sub.method} listener threw: ${(e as Error).message}`);
      }
    }
  }
}
