/**
 * The swap watcher of a node with `is_watcher` (KDF's `process_watcher_msg` and
 * `spawn_taker_swap_watcher`): it listens on `swpwtchr/<coin>` for its active coins, admits a
 * message only within the peer's rate and the watcher's capacity and after every check that needs
 * no chain (admission.ts), keeps one watch per taker fee (KDF's per-fee-hash lock) and per uuid,
 * stores it, and runs its state machine. Stored watches resume after a restart once their coins
 * are active again.
 */
import type { P2p, P2pMessage } from '../../p2p/types';
import { bytesToHex, hexToBytes } from '../../crypto';
import type { WatcherOps } from '../../coins/watcherOps';
import type { SwapClock } from '../engine/clock';
import { admit, admitDecoded, WatcherRefusal, type AdmittedSwap, type RefusalReason } from './admission';
import type { WatcherConf } from './conf';
import { runWatch, watchExpiry } from './machine';
import { decodeWatcherMsg, MAX_WATCHER_MSG_BYTES, WATCHER_PREFIX, watcherTopic } from './message';
import { MAX_STORED_SWAPS, MAX_WATCHED_SWAPS, PeerRateLimit } from './limits';
import { parseState, type WatcherState } from './states';
import type { WatchedSwapRecord, WatchedSwapsDb } from './store';
import { errorMessage } from '../../../shared/errorChain';

export interface SwapWatcherDeps {
  p2p: Pick<P2p, 'subscribe'>;
  db: WatchedSwapsDb;
  /** The watcher operations of an active coin that can be watched. */
  opsFor(ticker: string): WatcherOps | undefined;
  /** The active coins, whose topics the watcher listens on. */
  activeTickers(): string[];
  /** Whether this node itself runs the swap (KDF skips a swap in its own `swap_msgs`). */
  isOwnSwap(uuid: string): boolean;
  clock: SwapClock;
  conf: WatcherConf;
  paymentLocktime: number;
  log(level: 'debug' | 'info' | 'warn' | 'error', line: string): void;
  /** How often the topics are matched to the active coins and stored watches waiting for a coin are tried; default 2 s. */
  reconcileMs?: number;
  maxWatched?: number;
  maxStored?: number;
  rateLimit?: PeerRateLimit;
}

/** How often expired watches are removed while the node runs (they are at every start too). */
const PURGE_INTERVAL_SEC = 600;

interface Running {
  abort: AbortController;
  done: Promise<void>;
  record: WatchedSwapRecord;
}

/** What `watcher_status` reports of the watcher's intake. */
export interface WatcherCounters {
  received: number;
  accepted: number;
  refused: Partial<Record<RefusalReason | 'oversized', number>>;
}

export class SwapWatcher {
  private readonly running = new Map<string, Running>();
  /** Fee hashes (hex) of the running watches and of the ones being admitted now. */
  private readonly lockedFees = new Set<string>();
  /** Uuids being stored now (a second message for one meanwhile is a duplicate). */
  private readonly entering = new Set<string>();
  private lastPurge = 0;
  /** Stored watches not running: waiting for their coins (resumed), or stopped. */
  private readonly waiting = new Map<string, WatchedSwapRecord>();
  private readonly topics = new Map<string, () => void>();
  private readonly rate: PeerRateLimit;
  private readonly counters: WatcherCounters = { received: 0, accepted: 0, refused: {} };
  private storedCount = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(private readonly deps: SwapWatcherDeps) {
    this.rate = deps.rateLimit ?? new PeerRateLimit(() => deps.clock.now());
  }

  /** Forgets expired watches, resumes the stored ones as their coins allow, and starts listening. */
  async start(): Promise<void> {
    const now = this.nowSec();
    const all = await this.purge();
    for (const r of all) if (r.active === 1 && r.expires_at >= now) this.waiting.set(r.uuid, r);
    this.reconcile();
    this.timer = setInterval(() => this.reconcile(), this.deps.reconcileMs ?? 2_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const unsubscribe of this.topics.values()) unsubscribe();
    this.topics.clear();
    const all = [...this.running.values()];
    for (const r of all) r.abort.abort(new Error('the watcher stopped'));
    await Promise.all(all.map((r) => r.done));
  }

  /** Listens on the topics of the active coins only, and resumes stored watches whose coins are now active. */
  reconcile(): void {
    if (this.stopped) return;
    const wanted = new Set(this.deps.activeTickers().filter((t) => this.deps.opsFor(t)).map(watcherTopic));
    for (const [topic, unsubscribe] of this.topics) {
      if (!wanted.has(topic)) {
        unsubscribe();
        this.topics.delete(topic);
      }
    }
    for (const topic of wanted) if (!this.topics.has(topic)) this.topics.set(topic, this.deps.p2p.subscribe(topic, (m) => this.onMessage(m)));
    for (const record of [...this.waiting.values()]) this.resume(record);
    if (this.nowSec() - this.lastPurge > PURGE_INTERVAL_SEC) {
      this.purge().catch((e: unknown) => this.deps.log('warn', `watcher: expired watches not removed: ${(e as Error).message}`));
    }
  }

  /** Removes the stored watches past their expiry (never a running one); answers those kept. */
  private async purge(): Promise<WatchedSwapRecord[]> {
    const now = this.nowSec();
    this.lastPurge = now;
    const all = await this.deps.db.all();
    const expired = all.filter((r) => r.expires_at < now && !this.running.has(r.uuid));
    await this.deps.db.delete(expired.map((r) => r.uuid));
    const kept = all.filter((r) => !expired.includes(r));
    this.storedCount = kept.length;
    return kept;
  }

  /** The topics listened on now. */
  get listening(): string[] {
    return [...this.topics.keys()];
  }

  get intake(): WatcherCounters {
    return { ...this.counters, refused: { ...this.counters.refused } };
  }

  /** Every stored watch, newest first. */
  async watched(): Promise<WatchedSwapRecord[]> {
    return (await this.deps.db.all()).sort((a, b) => b.received_at - a.received_at);
  }

  /** Settles when every running watch has stopped (tests, bench). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** A gossip message on a watcher topic; never throws (a bad message is counted and dropped). */
  onMessage(m: Pick<P2pMessage, 'topic' | 'payload' | 'from' | 'author'>): void {
    this.counters.received++;
    if (this.stopped || !m.topic.startsWith(`${WATCHER_PREFIX}/`)) return;
    if (m.payload.length > MAX_WATCHER_MSG_BYTES) return this.refused('oversized', `${m.payload.length} bytes`);
    if (!this.rate.take(m.author)) return this.refused('rate_limited', m.author);
    let swap: AdmittedSwap;
    try {
      swap = admit(m.payload, m.from, { nowSec: this.nowSec(), paymentLocktime: this.deps.paymentLocktime, opsFor: (t) => this.deps.opsFor(t) });
      // KDF listens for a taker coin on that coin's topic only.
      if (m.topic !== watcherTopic(swap.data.takerCoin)) throw new WatcherRefusal('malformed', `a ${swap.data.takerCoin} swap on ${m.topic}`);
      this.checkIntake(swap);
    } catch (e) {
      if (e instanceof WatcherRefusal) return this.refused(e.reason, e.message);
      this.deps.log('error', `watcher: a message failed unexpectedly: ${(e as Error).message}`);
      return;
    }
    const fee = bytesToHex(swap.data.takerFeeHash);
    const { uuid } = swap.data;
    this.lockedFees.add(fee);
    this.entering.add(uuid);
    this.enter(swap, m.payload)
      .finally(() => this.entering.delete(uuid))
      .catch((e: unknown) => {
        this.lockedFees.delete(fee);
        if (e instanceof WatcherRefusal) this.refused(e.reason, e.message);
        else this.deps.log('error', `watcher ${uuid}: not stored: ${(e as Error).message}`);
      });
  }

  private refused(reason: RefusalReason | 'oversized', detail: string): void {
    this.counters.refused[reason] = (this.counters.refused[reason] ?? 0) + 1;
    this.deps.log('debug', `watcher: refused a message (${reason}): ${detail}`);
  }

  /** What memory alone can tell: our own swap, a swap or fee already watched, no room. */
  private checkIntake(swap: AdmittedSwap): void {
    const { uuid } = swap.data;
    if (this.deps.isOwnSwap(uuid)) throw new WatcherRefusal('own_swap', uuid);
    if (this.running.has(uuid) || this.waiting.has(uuid) || this.entering.has(uuid) || this.lockedFees.has(bytesToHex(swap.data.takerFeeHash))) {
      throw new WatcherRefusal('duplicate', uuid);
    }
    if (this.running.size >= (this.deps.maxWatched ?? MAX_WATCHED_SWAPS)) throw new WatcherRefusal('at_capacity', `${this.running.size} swaps watched`);
    if (this.storedCount >= (this.deps.maxStored ?? MAX_STORED_SWAPS)) throw new WatcherRefusal('at_capacity', `${this.storedCount} swaps stored`);
  }

  /** What only the store can tell (a watch seen before a restart), then the stored first state, then the run. */
  private async enter(swap: AdmittedSwap, payload: Uint8Array): Promise<void> {
    const { db } = this.deps;
    const { uuid } = swap.data;
    const fee = bytesToHex(swap.data.takerFeeHash);
    if ((await db.get(uuid)) || (await db.byFeeHash(fee)).length > 0) throw new WatcherRefusal('duplicate', `${uuid} (stored)`);
    if (this.stopped) throw new WatcherRefusal('at_capacity', 'the watcher stopped');
    const now = this.nowSec();
    const state: WatcherState = { type: 'ValidateTakerFee' };
    const record: WatchedSwapRecord = {
      uuid,
      fee_hash: fee,
      active: 1,
      message: bytesToHex(payload),
      taker_pub: bytesToHex(swap.takerPub),
      received_at: now,
      expires_at: watchExpiry(swap),
      state,
      history: [{ state: state.type, at: now }],
    };
    await db.put(record);
    this.storedCount++;
    this.counters.accepted++;
    this.deps.log('info', `watcher: watching ${swap.data.makerCoin}/${swap.data.takerCoin} swap ${uuid} (taker fee ${fee})`);
    this.launch(swap, record);
  }

  /** A stored watch runs again once both its coins are active; one whose message no longer reads is stopped. */
  private resume(record: WatchedSwapRecord): void {
    let swap: AdmittedSwap;
    try {
      const data = decodeWatcherMsg(hexToBytes(record.message));
      if (!this.deps.opsFor(data.takerCoin) || !this.deps.opsFor(data.makerCoin)) return;
      swap = admitDecoded(data, hexToBytes(record.taker_pub), { resuming: true, nowSec: this.nowSec(), paymentLocktime: this.deps.paymentLocktime, opsFor: (t) => this.deps.opsFor(t) });
      parseState(record.state);
    } catch (e) {
      this.waiting.delete(record.uuid);
      this.deps.log('error', `watcher ${record.uuid}: the stored watch does not read and is not resumed: ${(e as Error).message}`);
      return;
    }
    this.waiting.delete(record.uuid);
    if (this.running.has(record.uuid)) return;
    this.lockedFees.add(record.fee_hash);
    this.deps.log('info', `watcher ${record.uuid}: resuming at ${record.state.type}`);
    this.launch(swap, record);
  }

  private launch(swap: AdmittedSwap, record: WatchedSwapRecord): void {
    const abort = new AbortController();
    let current = record;
    const save = async (state: WatcherState): Promise<void> => {
      const next: WatchedSwapRecord = {
        ...current,
        state,
        active: state.type === 'Stopped' ? 0 : 1,
        history: [...current.history, { state: state.type, at: this.nowSec() }],
      };
      await this.deps.db.put(next);
      current = next;
      entry.record = next;
    };
    const done = runWatch(swap, parseState(record.state), record.received_at, {
      clock: this.deps.clock,
      conf: this.deps.conf,
      save,
      log: this.deps.log,
      signal: abort.signal,
    })
      .then(
        () => undefined,
        (e: unknown) => this.deps.log(abort.signal.aborted ? 'info' : 'error', `watcher ${record.uuid}: stopped at ${current.state.type}: ${errorMessage(e)}`),
      )
      .finally(() => {
        this.running.delete(record.uuid);
        this.lockedFees.delete(record.fee_hash);
      });
    const entry: Running = { abort, done, record };
    this.running.set(record.uuid, entry);
  }

  private nowSec(): number {
    return Math.floor(this.deps.clock.now() / 1000);
  }
}
