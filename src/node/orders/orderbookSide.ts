/**
 * One side of a pair's book as the `orderbook` answer lists it, kept between calls: the entries in
 * listing order, each with the running totals of the side up to itself (KDF's `*_max_volume_aggr`),
 * and the whole side's totals. The book replaces an order's object whenever the order changes, so
 * `update` compares the objects it is given with those held and applies only the difference: an
 * order in or out is a binary search and a splice, and the side's totals move by its volumes.
 *
 * Running totals are brought up to date lazily, from the first position spliced since the last read
 * and only as far as a read lists. Totals are immutable numbers, and each entry remembers the total
 * before it that it was summed from: while that is still the very same object, its own total stands
 * without an addition. A total that comes out equal keeps its object, so the chain of unchanged
 * totals resumes right after a change, and the caller re-renders only the totals that changed: a
 * price move changes those between the order's old and new places, and the ones after it only where
 * a volume shown depends on the price (KDF's totals are cumulative: all after a volume change move).
 */
import { MmNumber } from '../../shared/number';
import type { CoinConfig } from '../coins/config';
import { byPrice, entryView, type EntryView } from './orderbookEntry';
import type { OrderbookItem } from './types';

/** What a side needs of an order as it shows it: the volumes its running totals add up. */
export interface SideView {
  readonly baseMaxVolume: MmNumber;
  readonly relMaxVolume: MmNumber;
}

export interface SideEntry<V extends SideView, R> {
  readonly view: V;
  /** Σ `baseMaxVolume` of the entries up to this one (valid when read through `top`). */
  baseTotal: MmNumber;
  /** Σ `relMaxVolume` likewise. */
  relTotal: MmNumber;
  /** The totals before this entry that its own were summed from (ZERO for none); null until summed. */
  baseFrom: MmNumber | null;
  relFrom: MmNumber | null;
  /** The caller's own slot: what it built from this entry (the rendered answer entry). */
  rendered: R | undefined;
}

/** A change of more orders than this share of the side re-sorts it rather than splicing each. */
const REBUILD_SHARE = 0.125;

export class BookSide<V extends SideView, R> {
  private entries: SideEntry<V, R>[] = [];
  /** Every order held: its entry (null when `view` gave none: no maker address), and the last update that named it. */
  private readonly held = new Map<OrderbookItem, { entry: SideEntry<V, R> | null; seen: number }>();
  private updates = 0;
  /** Totals below this index are current. */
  private summedTo = 0;
  /** The whole side's totals; null after a rebuild until read (a full listing sums them on the way). */
  private sums: { base: MmNumber; rel: MmNumber } | null = { base: MmNumber.ZERO, rel: MmNumber.ZERO };

  /** `order`: a strict total order on the entries (price, then uuid), the side's listing order. */
  constructor(
    private readonly view: (item: OrderbookItem) => V | null,
    private readonly order: (a: V, b: V) => number,
  ) {}

  get size(): number {
    return this.entries.length;
  }

  /** The whole side's `baseMaxVolume` and `relMaxVolume` totals. */
  get totals(): { base: MmNumber; rel: MmNumber } {
    if (!this.sums) {
      const last = this.summedTo === this.entries.length ? this.entries[this.entries.length - 1] : undefined;
      this.sums = last
        ? { base: last.baseTotal, rel: last.relTotal }
        : {
            base: this.entries.reduce((sum, e) => sum.add(e.view.baseMaxVolume), MmNumber.ZERO),
            rel: this.entries.reduce((sum, e) => sum.add(e.view.relMaxVolume), MmNumber.ZERO),
          };
    }
    return this.sums;
  }

  /** Makes the side hold exactly `items` (the pair's orders selling this side's coin). */
  update(items: readonly OrderbookItem[]): void {
    // One lookup per item, stamping what is still named: no set of the items is built.
    const update = ++this.updates;
    const added: OrderbookItem[] = [];
    let named = 0;
    for (const item of items) {
      const held = this.held.get(item);
      if (!held) added.push(item);
      else if (held.seen !== update) {
        held.seen = update;
        named++;
      }
    }
    if (added.length === 0 && named === this.held.size) return;
    const gone: OrderbookItem[] = [];
    if (named < this.held.size) for (const [item, held] of this.held) if (held.seen !== update) gone.push(item);
    if (gone.length + added.length > Math.max(16, this.held.size * REBUILD_SHARE)) return this.rebuild(items);
    for (const item of gone) this.remove(item);
    for (const item of added) this.insert(item);
  }

  /** The first `limit` entries (all without one) in listing order, their running totals current. */
  top(limit = Infinity): readonly SideEntry<V, R>[] {
    const n = Math.min(limit, this.entries.length);
    for (let i = this.summedTo; i < n; i++) {
      const e = this.entries[i] as SideEntry<V, R>;
      const before = this.entries[i - 1];
      const baseFrom = before ? before.baseTotal : MmNumber.ZERO;
      const relFrom = before ? before.relTotal : MmNumber.ZERO;
      if (e.baseFrom !== baseFrom) {
        const base = baseFrom.isZero() ? e.view.baseMaxVolume : baseFrom.add(e.view.baseMaxVolume);
        if (!base.eq(e.baseTotal)) e.baseTotal = base;
        e.baseFrom = baseFrom;
      }
      if (e.relFrom !== relFrom) {
        const rel = relFrom.isZero() ? e.view.relMaxVolume : relFrom.add(e.view.relMaxVolume);
        if (!rel.eq(e.relTotal)) e.relTotal = rel;
        e.relFrom = relFrom;
      }
    }
    this.summedTo = Math.max(this.summedTo, n);
    return n === this.entries.length ? this.entries : this.entries.slice(0, n);
  }

  private rebuild(items: readonly OrderbookItem[]): void {
    const kept = new Map(this.held);
    this.held.clear();
    this.entries = [];
    for (const item of items) {
      if (this.held.has(item)) continue;
      const entry = kept.has(item) ? (kept.get(item)?.entry ?? null) : this.entryOf(item);
      this.held.set(item, { entry, seen: this.updates });
      if (entry) this.entries.push(entry);
    }
    this.entries.sort((a, b) => this.order(a.view, b.view));
    this.summedTo = 0;
    this.sums = null;
  }

  private entryOf(item: OrderbookItem): SideEntry<V, R> | null {
    const view = this.view(item);
    return view && { view, baseTotal: MmNumber.ZERO, relTotal: MmNumber.ZERO, baseFrom: null, relFrom: null, rendered: undefined };
  }

  private insert(item: OrderbookItem): void {
    if (this.held.has(item)) return;
    const entry = this.entryOf(item);
    this.held.set(item, { entry, seen: this.updates });
    if (!entry) return;
    const at = this.position(entry.view);
    this.entries.splice(at, 0, entry);
    this.summedTo = Math.min(this.summedTo, at);
    if (this.sums) this.sums = { base: this.sums.base.add(entry.view.baseMaxVolume), rel: this.sums.rel.add(entry.view.relMaxVolume) };
  }

  private remove(item: OrderbookItem): void {
    const entry = this.held.get(item)?.entry;
    this.held.delete(item);
    if (!entry) return;
    const found = this.position(entry.view);
    const at = this.entries[found] === entry ? found : this.entries.indexOf(entry);
    this.entries.splice(at, 1);
    this.summedTo = Math.min(this.summedTo, at);
    if (this.sums) this.sums = { base: this.sums.base.sub(entry.view.baseMaxVolume), rel: this.sums.rel.sub(entry.view.relMaxVolume) };
  }

  /** The first index whose entry does not sort before `view` (the entry itself when held). */
  private position(view: V): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.order((this.entries[mid] as SideEntry<V, R>).view, view) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** A pair's orders as the `orderbook` answers are asked for them. */
export interface PairOrders {
  base: string;
  rel: string;
  /** Orders selling `base`. */
  asks: readonly OrderbookItem[];
  /** Orders selling `rel`. */
  bids: readonly OrderbookItem[];
  baseConfig: CoinConfig;
  relConfig: CoinConfig;
  myPubkey: string;
}

/** How many pairs an answer form keeps the sides of; the least recently asked goes first. */
const MAX_KEPT_PAIRS = 32;
/**
 * How many entries an answer form's kept pairs hold together. A kept entry costs about 4.1 KB in
 * Node (`npm run bench`; Chromium compresses pointers, so less there): at most ~80 MB per form,
 * whatever the book holds, besides the pair being answered, which is kept whole.
 */
const MAX_KEPT_ENTRIES = 20_000;

/**
 * The sides of the pairs asked lately, for one answer form (`R`, what it renders per entry): a
 * 10,000-order book is read far more often than it changes, and rendering its numbers is the
 * costly part of an answer.
 */
export class KeptPairs<R> {
  private readonly pairs = new Map<string, { configs: readonly [CoinConfig, CoinConfig]; asks: BookSide<EntryView, R>; bids: BookSide<EntryView, R> }>();

  /**
   * `maxEntries`: how many entries the kept pairs may hold together (a pair keeps the orders it
   * had when last asked, so without it 32 stale pairs could each hold a whole book); the least
   * recently asked pairs go first, never the one being answered.
   */
  constructor(private readonly maxEntries = MAX_KEPT_ENTRIES) {}

  /** The pair's sides holding `v.asks` and `v.bids`: asks by ascending price, bids (price inverted) by descending price. */
  sides(v: PairOrders): { asks: BookSide<EntryView, R>; bids: BookSide<EntryView, R> } {
    const key = `${v.base}|${v.rel}|${v.myPubkey}`;
    let kept = this.pairs.get(key);
    if (kept && (kept.configs[0] !== v.baseConfig || kept.configs[1] !== v.relConfig)) kept = undefined;
    this.pairs.delete(key);
    if (!kept) {
      if (this.pairs.size >= MAX_KEPT_PAIRS) this.pairs.delete(this.pairs.keys().next().value as string);
      kept = {
        configs: [v.baseConfig, v.relConfig],
        asks: new BookSide((i) => entryView(i, false, 'base', v.baseConfig, v.myPubkey), byPrice),
        bids: new BookSide((i) => entryView(i, true, 'base', v.relConfig, v.myPubkey), (a, b) => byPrice(b, a)),
      };
    }
    this.pairs.set(key, kept);
    kept.asks.update(v.asks);
    kept.bids.update(v.bids);
    let held = 0;
    for (const p of this.pairs.values()) held += p.asks.size + p.bids.size;
    for (const [k, p] of this.pairs) {
      if (held <= this.maxEntries || k === key) break;
      this.pairs.delete(k);
      held -= p.asks.size + p.bids.size;
    }
    return kept;
  }
}
