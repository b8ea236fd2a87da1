/**
 * The swaps this node runs (KDF's `SwapsContext` and `swap_kick_starts`): a connected match
 * becomes a stored swap, then runs; on start every unfinished stored swap runs again from its last
 * event. Each running swap is in `ActiveSwaps` until its `Finished` event is stored; one that stops
 * on a failed write stays active (its coins may be locked) and runs again after a restart.
 */
import type { MmNumber } from '../../../shared/number';
import { NodeEvents, type SwapConfirmationsData, type SwapEventData } from '../../../shared/wire';
import { bytesToHex } from '../../crypto';
import type { P2p } from '../../p2p/types';
import type { ActiveSwaps } from '../activeSwaps';
import { watcherTopic } from '../watcher/message';
import { SwapChannel } from './channel';
import type { SwapClock } from './clock';
import type { SavedEvent } from './events';
import { lockedAmount } from './locked';
import { runMachine } from './machine';
import { MAKER_MACHINE } from './maker';
import { recoverFundsOfSwap, RecoverFundsError, type RecoveredSwap } from './recover';
import { KDF_TIMING, SwapRun, type RunDeps, type SwapCoins, type SwapTiming } from './run';
import { isFinished, startedData, type SavedSwap } from './savedSwap';
import { newMakerSwap, newTakerSwap, type SwapIdentity, type SwapStartParams } from './started';
import type { SwapStore } from './store';
import { TAKER_MACHINE } from './taker';

/** The node events swaps send to the page. */
export interface SwapEmit {
  (event: typeof NodeEvents.swapStarted | typeof NodeEvents.swapStatus, data: SwapEventData): void;
  (event: typeof NodeEvents.swapConfirmations, data: SwapConfirmationsData): void;
}

export interface SwapEngineDeps {
  p2p: P2p;
  store: SwapStore;
  coins: SwapCoins;
  clock: SwapClock;
  identity: SwapIdentity;
  activeSwaps: ActiveSwaps;
  timing?: SwapTiming;
  /** KDF's `use_watchers`: takers hand their swaps to watchers when both coins can be watched. */
  useWatchers: boolean;
  /** Node events to the page: `swap_started`, `swap_status`, `swap_confirmations`. */
  emit: SwapEmit;
  log(level: 'debug' | 'info' | 'warn' | 'error', line: string): void;
}

interface Running {
  abort: AbortController;
  done: Promise<void>;
  /** The swap as its last stored event left it. */
  current(): SavedSwap;
}

export class SwapEngine {
  private readonly running = new Map<string, Running>();
  /** Uuids being adopted now: a second import of the same swap meanwhile is skipped, never stored over it. */
  private readonly adopting = new Set<string>();
  private stopped = false;

  constructor(private readonly deps: SwapEngineDeps) {}

  /**
   * Stores the new swap's `Started` event, then runs it. A swap whose coins cannot swap, or whose
   * start cannot be stored, is not started, and leaves the active set the orders domain put it in.
   */
  async start(p: SwapStartParams): Promise<void> {
    try {
      if (await this.startSwap(p)) return;
    } catch (e) {
      if (!this.running.has(p.uuid)) this.deps.activeSwaps.finish(p.uuid);
      throw e;
    }
    if (!this.running.has(p.uuid)) this.deps.activeSwaps.finish(p.uuid);
  }

  /** True once the swap runs. */
  private async startSwap(p: SwapStartParams): Promise<boolean> {
    const { deps } = this;
    if (this.stopped || this.running.has(p.uuid) || (await deps.store.get(p.uuid))) return false;
    const maker = deps.coins(p.makerCoin);
    const taker = deps.coins(p.takerCoin);
    if (!maker || !taker) {
      deps.log('error', `swap ${p.uuid}: ${!maker ? p.makerCoin : p.takerCoin} is not active or cannot swap; not started`);
      return false;
    }
    const mine = bytesToHex(deps.identity.pubkey);
    if (bytesToHex(maker.ops.htlcPubkey) !== mine || bytesToHex(taker.ops.htlcPubkey) !== mine) {
      // Negotiation V2 names one key for both HTLCs and the messages (iguana mode); other keys need V3.
      deps.log('error', `swap ${p.uuid}: the coins' HTLC keys differ from the node key; not started`);
      return false;
    }
    const [makerStartBlock, takerStartBlock] = await Promise.all([maker.ops.currentBlock(), taker.ops.currentBlock()]);
    const coins = { maker, taker, makerStartBlock, takerStartBlock };
    const now = deps.clock.now();
    const swap = p.role === 'Maker' ? newMakerSwap(p, deps.identity, coins, now) : newTakerSwap(p, deps.identity, coins, now);
    await deps.store.put(swap);
    const started = swap.events[0];
    if (started) deps.emit(NodeEvents.swapStarted, { uuid: swap.uuid, type: swap.type, event: started });
    this.launch(swap);
    return true;
  }

  /** Runs every unfinished stored swap from its last event. */
  async resumeAll(): Promise<void> {
    for (const swap of await this.deps.store.unfinished()) {
      if (!this.stopped && !this.running.has(swap.uuid)) {
        this.deps.log('info', `swap ${swap.uuid}: resuming after ${swap.events.at(-1)?.event.type}`);
        this.launch(swap);
      }
    }
  }

  /** The stored swap `uuid`, or null; throws SavedSwapError for a record that does not read. */
  status(uuid: string): Promise<SavedSwap | null> {
    return this.deps.store.get(uuid);
  }

  /** Stored swaps found unreadable so far (skipped, logged once each). */
  get unreadableRecords(): number {
    return this.deps.store.unreadableRecords;
  }

  /** Every readable stored swap, newest first. */
  history(): Promise<SavedSwap[]> {
    return this.deps.store.all();
  }

  /** KDF's `get_locked_amount`: what the running swaps have yet to send of `coin`. */
  lockedAmount(coin: string): MmNumber {
    return lockedAmount([...this.running.values()].map((r) => r.current()), this.deps.coins, coin);
  }

  /** Recovers what the finished swap `uuid` left locked (`recover_funds_of_swap`). */
  async recoverFunds(uuid: string): Promise<RecoveredSwap> {
    const swap = await this.deps.store.get(uuid).catch((e: unknown) => {
      throw new RecoverFundsError((e as Error).message, e);
    });
    if (!swap) throw new RecoverFundsError('swap data is not found');
    if (this.running.has(uuid)) throw new RecoverFundsError('Swap must be finished before recover funds attempt');
    return recoverFundsOfSwap(swap, this.deps.coins);
  }

  /**
   * Stores a swap brought in from elsewhere (`import_swaps`) and runs it when unfinished. A uuid
   * already stored or running is left alone (false): an import never rewinds a swap.
   */
  async adopt(swap: SavedSwap): Promise<boolean> {
    const { store } = this.deps;
    if (this.stopped || this.running.has(swap.uuid) || this.adopting.has(swap.uuid)) return false;
    this.adopting.add(swap.uuid);
    try {
      if (await store.get(swap.uuid).catch(() => true)) return false;
      await store.put(swap);
      if (!isFinished(swap) && !this.stopped && !this.running.has(swap.uuid)) this.launch(swap);
      return true;
    } finally {
      this.adopting.delete(swap.uuid);
    }
  }

  /** The uuids of the swaps running now (KDF's `active_swaps`). */
  activeUuids(): string[] {
    return [...this.running.keys()];
  }

  /** Resolves when the swap `uuid` stops running (finished, stopped, or failed to store). */
  async settled(uuid: string): Promise<void> {
    await this.running.get(uuid)?.done;
  }

  /** Stops every swap where it is; each resumes from its stored events on the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    const all = [...this.running.values()];
    for (const r of all) r.abort.abort(new Error('the swap engine stopped'));
    await Promise.all(all.map((r) => r.done));
  }

  private launch(swap: SavedSwap): void {
    const { deps } = this;
    const d = startedData(swap);
    deps.activeSwaps.add(swap.uuid, [d.maker_coin, d.taker_coin]);
    const abort = new AbortController();
    const other = swap.type === 'Maker' ? startedData(swap).taker : startedData(swap).maker;
    const channel = new SwapChannel(deps.p2p, swap.uuid, other, deps.clock, abort.signal);
    const runDeps: RunDeps = {
      records: deps.store,
      coins: deps.coins,
      clock: deps.clock,
      timing: deps.timing ?? KDF_TIMING,
      watchers: deps.useWatchers ? { publish: (coin, payload) => deps.p2p.publish(watcherTopic(coin), payload) } : null,
      onEvent: (s: SavedSwap, event: SavedEvent) => deps.emit(NodeEvents.swapStatus, { uuid: s.uuid, type: s.type, event }),
      onConfirmations: (data) => deps.emit(NodeEvents.swapConfirmations, data),
      log: deps.log,
    };
    let current: () => SavedSwap;
    let running: Promise<void>;
    if (swap.type === 'Maker') {
      const run = new SwapRun(swap, runDeps, channel, abort.signal, MAKER_MACHINE);
      current = () => run.swap;
      running = runMachine(MAKER_MACHINE, run);
    } else {
      const run = new SwapRun(swap, runDeps, channel, abort.signal, TAKER_MACHINE);
      current = () => run.swap;
      running = runMachine(TAKER_MACHINE, run);
    }
    const done = running
      .then(
        () => deps.log('info', `swap ${swap.uuid}: finished`),
        (e: unknown) => deps.log(abort.signal.aborted ? 'info' : 'error', `swap ${swap.uuid}: stopped: ${(e as Error).message}`),
      )
      .finally(() => {
        channel.close();
        this.running.delete(swap.uuid);
        if (isFinished(current())) deps.activeSwaps.finish(swap.uuid);
      });
    this.running.set(swap.uuid, { abort, done, current: () => current() });
  }
}

declare module '../../core/context' {
  interface NodeServices {
    /** The swaps this node runs. */
    swaps: SwapEngine;
  }
}
