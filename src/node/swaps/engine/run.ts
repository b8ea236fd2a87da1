/**
 * What both state machines share while a swap runs: its saved record, appending an event (stored
 * and awaited before the caller goes on to publish or broadcast anything), the coins it needs, its
 * conversation with the counterparty and the pacing of its polls.
 */
import type { MmNumber } from '../../../shared/number';
import type { SwapConfirmationsData } from '../../../shared/wire';
import type { SwapOps, SwapTx } from '../../coins/swapOps';
import type { SwapChannel } from './channel';
import type { SwapClock } from './clock';
import type { SavedEvent, TxId } from './events';
import type { SavedSwap } from './savedSwap';

/** What the engine needs of an activated coin. */
export interface SwapCoin {
  ops: SwapOps;
  /** KDF's `min_tx_amount`, the floor of the dex fee. */
  minTxAmount: MmNumber;
}

/** The activated coin `ticker`, or undefined while it is not active (or cannot swap). */
export type SwapCoins = (ticker: string) => SwapCoin | undefined;

/** Where swaps are stored; a write that fails throws, and the swap stops there. */
export interface SwapRecords {
  put(swap: SavedSwap): Promise<void>;
}

/** KDF's waits (kdf-facts §4.1), in milliseconds. */
export interface SwapTiming {
  /** NEGOTIATION_TIMEOUT_SEC / 6. */
  negotiationResendMs: number;
  /** NEGOTIATION_TIMEOUT_SEC + BASIC_COMM_TIMEOUT. */
  negotiationWaitMs: number;
  /** The wait for TakerFee (maker) and MakerPayment (taker): 600 s + BASIC_COMM_TIMEOUT. */
  messageWaitMs: number;
  /** Negotiated(true) and TakerFee are re-sent this often while waiting. */
  shortResendMs: number;
  /** MakerPayment is re-sent this often while the maker waits for the taker payment. */
  makerPaymentResendMs: number;
  /** The taker's watcher message is re-sent this often while it waits for the maker's spend (KDF's `BROADCAST_MSG_INTERVAL_SEC`). */
  watcherMsgResendMs: number;
  /**
   * WAIT_CONFIRM_INTERVAL_SEC: the longest wait between two looks at a chain (confirmations, a
   * spend, the refund lock, a retried broadcast); a new block of the chain watched ends it sooner.
   */
  pollMs: number;
  /** TAKER_FEE_VALIDATION_ATTEMPTS and their spacing. */
  feeValidationAttempts: number;
  feeValidationRetryMs: number;
}

export const KDF_TIMING: SwapTiming = {
  negotiationResendMs: 15_000,
  negotiationWaitMs: 180_000,
  messageWaitMs: 690_000,
  shortResendMs: 100_000,
  makerPaymentResendMs: 600_000,
  watcherMsgResendMs: 600_000,
  pollMs: 15_000,
  feeValidationAttempts: 6,
  feeValidationRetryMs: 10_000,
};

/** How a running taker reaches swap watchers (engine/watchers.ts). */
export interface WatcherPublisher {
  /** Publishes `payload` on `swpwtchr/<takerCoin>`, signed with the node's (HTLC) key. */
  publish(takerCoin: string, payload: Uint8Array): Promise<void>;
}

export interface RunDeps {
  records: SwapRecords;
  coins: SwapCoins;
  clock: SwapClock;
  timing: SwapTiming;
  /** Where a taker hands its swap to watchers; null when the conf's `use_watchers` is false. */
  watchers: WatcherPublisher | null;
  /** Told of every event once it is stored. */
  onEvent(swap: SavedSwap, event: SavedEvent): void;
  /** Told each time the confirmation count of a transaction the swap waits for changes. */
  onConfirmations(data: SwapConfirmationsData): void;
  log(level: 'debug' | 'info' | 'warn' | 'error', line: string): void;
}

export const txId = (tx: SwapTx): TxId => ({ tx_hex: tx.txHex, tx_hash: tx.txHash });
export const swapTx = (id: TxId): SwapTx => ({ txHex: id.tx_hex, txHash: id.tx_hash });

/** How often a swap waiting for a coin to be activated looks again. */
const COIN_WAIT_MS = 1000;

/** A stored event of the swap `S`. */
export type SavedEventOf<S extends SavedSwap> = S['events'][number];
/** An event of the swap `S`. */
export type EventOfSwap<S extends SavedSwap> = SavedEventOf<S>['event'];

/** A role's fold of its events into the facts its steps read (see facts.ts). */
export interface FactsFold<S extends SavedSwap, F> {
  facts(events: S['events']): F;
  apply(facts: F, event: SavedEventOf<S>): F;
}

export class SwapRun<S extends SavedSwap, F> {
  private current: F;
  /** The event types the step running now declared (see `confine`); null between steps. */
  private allowed: ReadonlySet<string> | null = null;

  constructor(
    public swap: S,
    readonly deps: RunDeps,
    readonly channel: SwapChannel,
    readonly signal: AbortSignal,
    private readonly fold: FactsFold<S, F>,
  ) {
    this.current = fold.facts(swap.events);
  }

  get last(): EventOfSwap<S> {
    const last = this.swap.events.at(-1);
    if (!last) throw new Error(`swap ${this.swap.uuid} has no events`);
    return last.event;
  }

  /** What the stored events have established so far. */
  get facts(): F {
    return this.current;
  }

  nowSec(): number {
    return Math.floor(this.deps.clock.now() / 1000);
  }

  /**
   * Stores the swap with `event` appended; only then is the swap in memory (and the page) moved on.
   * An event the running step did not declare is refused before anything is stored: the step types
   * already forbid it, this holds the line against a cast.
   */
  async append(event: EventOfSwap<S>): Promise<void> {
    if (this.allowed && !this.allowed.has(event.type)) throw new Error(`swap ${this.swap.uuid}: the step did not declare ${event.type}`);
    const saved = { timestamp: this.deps.clock.now(), event } as SavedEventOf<S>;
    const next = { ...this.swap, events: [...this.swap.events, saved] } as S;
    await this.deps.records.put(next);
    this.swap = next;
    this.current = this.fold.apply(this.current, saved);
    this.deps.onEvent(next, saved);
  }

  /** Runs `step`, which may append only events of the `emits` types. */
  async confine(emits: readonly string[], step: () => Promise<void>): Promise<void> {
    this.allowed = new Set(emits);
    try {
      await step();
    } finally {
      this.allowed = null;
    }
  }

  sleep(ms: number): Promise<void> {
    return this.deps.clock.sleep(ms, this.signal);
  }

  /**
   * Throws the stop reason once the swap is being stopped: the state machines look before every
   * step and before every broadcast, so a stopped swap sends nothing more. A transaction already
   * broadcast still gets its event stored (the caller appends it), so a resume finds it there.
   */
  checkStop(): void {
    this.signal.throwIfAborted();
  }

  /** `send` (a SwapOps call that broadcasts), unless the swap is being stopped. */
  broadcast<T>(send: () => Promise<T>): Promise<T> {
    this.checkStop();
    return send();
  }

  /**
   * Waits until `ops`'s chain has a new block or `pollMs` passes, whichever comes first: what a
   * poll looks for (a confirmation, a spend, a passed lock time) changes with a block, and a block
   * notice that never comes (a lost subscription) costs no more than KDF's fixed interval.
   */
  async nextPoll(ops: SwapOps): Promise<void> {
    this.checkStop();
    const woken = new AbortController();
    const stop = (): void => woken.abort(this.signal.reason);
    this.signal.addEventListener('abort', stop, { once: true });
    const unsubscribe = ops.onNewBlock(() => woken.abort(new Error('new block')));
    try {
      await this.deps.clock.sleep(this.deps.timing.pollMs, woken.signal);
    } catch (e) {
      this.stopIfAborted(e);
    } finally {
      unsubscribe();
      this.signal.removeEventListener('abort', stop);
    }
  }

  /** The coin `ticker`, waiting while it is not activated (a resumed swap waits for its coins). */
  async coin(ticker: string): Promise<SwapCoin> {
    for (;;) {
      const coin = this.deps.coins(ticker);
      if (coin) return coin;
      // A lookup is cheap, and a resumed swap should go on as soon as its coin is activated again.
      await this.sleep(Math.min(COIN_WAIT_MS, this.deps.timing.pollMs));
    }
  }

  /**
   * Polls (see `nextPoll`) until `tx` has `required` confirmations, and never fewer than one, so nothing counts as
   * done while it is only in a mempool (true), or until `untilMs` passes (false). `dropped` is
   * asked what to do when the chain no longer knows the transaction: it returns the transaction
   * to wait for from then on (a re-broadcast), or null to keep waiting for this one. Each count
   * that differs from the last one seen is told to the page (`swap_confirmations`).
   */
  async confirmed(
    coin: { ticker: string; ops: SwapOps },
    tx: SwapTx,
    required: number,
    untilMs = Infinity,
    dropped?: () => Promise<SwapTx | null>,
  ): Promise<boolean> {
    const { ops } = coin;
    const needed = Math.max(required, 1);
    let current = tx;
    let told = '';
    for (;;) {
      // Deadline first, as KDF's `wait_for_confirmations`: a swap resumed past it fails the wait
      // even if the transaction confirmed meanwhile, and does not go on to pay or spend late.
      if (this.deps.clock.now() >= untilMs) return false;
      const confs = await this.attempt(() => ops.confirmations(current.txHash));
      const seen = `${current.txHash}:${confs}`;
      if (confs !== undefined && seen !== told) {
        told = seen;
        this.deps.onConfirmations({ uuid: this.swap.uuid, coin: coin.ticker, tx_hash: current.txHash, confirmations: confs, required: needed });
      }
      if (confs !== undefined && confs !== null && confs >= needed) return true;
      if (confs === null && dropped) current = (await this.attempt(dropped)) ?? current;
      await this.nextPoll(ops);
    }
  }

  /** Runs a chain call; an error is logged and gives undefined, for loops that try again. */
  async attempt<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call();
    } catch (e) {
      this.stopIfAborted(e);
      this.deps.log('warn', `swap ${this.swap.uuid}: ${(e as Error).message}`);
      return undefined;
    }
  }

  /** A call that failed because the swap is being stopped is not the swap's failure: rethrown, nothing stored. */
  stopIfAborted(e: unknown): void {
    if (this.signal.aborted) throw e;
  }
}

/** The first error message, for the `{error}` of KDF's failure events. */
/** The swap events' `error` texts (KDF's `ERRL!` strings without the trace). */
export { errorMessage as errorText } from '../../../shared/errorChain';
