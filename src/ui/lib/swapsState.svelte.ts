/**
 * The wallet's swaps for the page: the newest page of `my_recent_swaps` read once, then kept
 * current by the node's typed `swap_started` / `swap_status` events. An event for a swap the
 * page has not read yet fetches it with `my_swap_status` (the node stores before it publishes,
 * so that read already holds the event). The confirmation counts of `swap_confirmations` are
 * kept beside them in memory only: the node stores none, so after a reload they are unknown until
 * its next look at the chain. The maker hears of a match from `order_matched` (and, as before,
 * from its swap's `swap_started`).
 */
import type { RpcClient } from '../../client/RpcClient';
import { NodeEvents, type SwapConfirmationsData, type SwapEventData } from '../../shared/wire';
import { toStartFailure } from './errors';
import { readOrderMatched } from './orderEvents';
import { describeImport, describeRecovered } from './swapRescue';
import { applySwapEvent, readSwapConfirmations, readSwapEvent, readSwapStatus, sortSwaps, SWAPS_PAGE_LIMIT, type SwapStatus } from './swaps';

/** The page keeps at most this many swaps (the read page plus those started since). */
const MAX_KEPT = SWAPS_PAGE_LIMIT * 2;
/** The confirmation counts kept: the newest per transaction, a few per swap at most. */
const MAX_COUNTS = MAX_KEPT * 4;

export interface MatchNotice {
  uuid: string;
  role: SwapEventData['type'];
  text: string;
  /** The swap has started, so its screen can be opened. */
  started: boolean;
}

const MATCHED_TEXT = 'One of your orders was matched: the taker is connecting.';
const CONNECTED_TEXT = 'One of your orders was matched: the swap is starting.';
const STARTED_TEXT = 'One of your orders was matched: a swap has started.';

export class SwapsState {
  swaps = $state<SwapStatus[]>([]);
  loaded = $state(false);
  error = $state<string | null>(null);
  /** The newest match of one of this wallet's maker orders, until dismissed. */
  notice = $state<MatchNotice | null>(null);
  /** How many swaps the node holds in all (the list shows the newest page). */
  total = $state(0);
  /** The newest `swap_confirmations` per transaction, oldest first. */
  confirmations = $state<SwapConfirmationsData[]>([]);

  readonly running = $derived(this.swaps.filter((s) => !s.is_finished).length);

  private readonly offs: (() => void)[];
  /** Plain (not reactive) bookkeeping: the uuids being read, the `swap_started` listeners. */
  private fetching: string[] = [];
  private listeners: ((e: SwapEventData) => void)[] = [];

  constructor(private readonly client: RpcClient) {
    this.offs = [
      client.on(NodeEvents.swapStarted, (d) => this.onEvent(d, true)),
      client.on(NodeEvents.swapStatus, (d) => this.onEvent(d, false)),
      client.on(NodeEvents.swapConfirmations, (d) => this.onConfirmations(d)),
      client.on(NodeEvents.orderMatched, (d) => this.onOrderMatched(d)),
    ];
  }

  destroy(): void {
    for (const off of this.offs) off();
    this.listeners = [];
  }

  /** Calls `fn` with every `swap_started` event; returns the unsubscribe function. */
  onStarted(fn: (e: SwapEventData) => void): () => void {
    this.listeners = [...this.listeners, fn];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== fn);
    };
  }

  byUuid(uuid: string): SwapStatus | undefined {
    return this.swaps.find((s) => s.uuid === uuid);
  }

  async load(): Promise<void> {
    try {
      const res = await this.client.legacy('my_recent_swaps', { limit: SWAPS_PAGE_LIMIT });
      const read = res.result.swaps.slice(0, SWAPS_PAGE_LIMIT).map(readSwapStatus).filter((s): s is SwapStatus => s !== null);
      for (const s of read) this.put(s);
      this.total = typeof res.result.total === 'number' ? res.result.total : read.length;
      this.error = null;
      this.loaded = true;
    } catch (e) {
      this.error = toStartFailure(e).message;
    }
  }

  /** Reads one swap again (its final state after `Finished`, or one the page has not seen). */
  async refresh(uuid: string): Promise<void> {
    if (this.fetching.includes(uuid)) return;
    this.fetching = [...this.fetching, uuid];
    try {
      const res = await this.client.legacy('my_swap_status', { params: { uuid } });
      const s = readSwapStatus(res.result);
      if (s) this.put(s);
    } catch (e) {
      this.error = `Swap ${uuid} could not be read: ${toStartFailure(e).message}`;
    } finally {
      this.fetching = this.fetching.filter((u) => u !== uuid);
    }
  }

  /** `recover_funds_of_swap`: the words for what was done; throws the node's error. The swap is read again either way. */
  async recover(uuid: string): Promise<string> {
    try {
      const res = await this.client.legacy('recover_funds_of_swap', { params: { uuid } });
      return describeRecovered(res.result);
    } finally {
      void this.refresh(uuid);
    }
  }

  /** `export_swaps`: every stored swap, secrets kept, as the JSON of a rescue file. */
  async exportFile(): Promise<string> {
    const res = await this.client.legacy('export_swaps');
    return JSON.stringify(res.result, null, 2);
  }

  /** `import_swaps` of a rescue file's swaps, then the list read again. */
  async importSwaps(swaps: unknown[]): Promise<{ text: string; skipped: string[] }> {
    const res = await this.client.legacy('import_swaps', { swaps });
    await this.load();
    return describeImport(res.result);
  }

  dismissNotice(): void {
    this.notice = null;
  }

  private onEvent(data: unknown, started: boolean): void {
    const e = readSwapEvent(data);
    if (!e) return;
    const known = this.byUuid(e.uuid);
    if (known) {
      this.put(applySwapEvent(known, e.event));
      if (e.event.event.type === 'Finished') void this.refresh(e.uuid);
    } else {
      void this.refresh(e.uuid);
    }
    if (!started) return;
    if (e.type === 'Maker') this.notice = { uuid: e.uuid, role: e.type, text: STARTED_TEXT, started: true };
    for (const fn of this.listeners) fn(e);
  }

  private onConfirmations(data: unknown): void {
    const c = readSwapConfirmations(data);
    if (!c) return;
    const others = this.confirmations.filter((x) => x.uuid !== c.uuid || x.tx_hash !== c.tx_hash);
    this.confirmations = [...others, c].slice(-MAX_COUNTS);
  }

  /**
   * A match of one of my maker orders, told at once; its screen can be opened once `swap_started`
   * says the swap is stored (it follows MakerConnected).
   */
  private onOrderMatched(data: unknown): void {
    const m = readOrderMatched(data);
    if (!m || m.role !== 'Maker' || (this.notice?.uuid === m.swapUuid && this.notice.started)) return;
    this.notice = { uuid: m.swapUuid, role: 'Maker', text: m.connected ? CONNECTED_TEXT : MATCHED_TEXT, started: false };
  }

  /** Keeps the record with more events (a late read never undoes a newer event). */
  private put(s: SwapStatus): void {
    const at = this.swaps.findIndex((x) => x.uuid === s.uuid);
    if (at >= 0) {
      const old = this.swaps[at];
      if (old && old.events.length > s.events.length) return;
      this.swaps[at] = s;
      return;
    }
    if (this.loaded) this.total += 1;
    this.swaps = sortSwaps([s, ...this.swaps]).slice(0, MAX_KEPT);
  }
}
