/**
 * Orderbook entries on the wire (mm2_rpc `RpcOrderbookEntry`, `OrderbookResponse`; KDF
 * `orderbook_rpc.rs`, `best_orders.rs`). An ask is an order selling the requested base; a bid sells
 * the requested rel and is shown from the base's side: price inverted, volumes converted,
 * confirmation settings swapped. Asks are listed by ascending price and summed from the cheapest
 * (`*_aggr`), as the orders issue and kdf-facts §1.3 describe (current KDF reverses the list
 * after summing); bids by descending price.
 */
import { MmNumber } from '../../shared/number';
import type { CoinConfig } from '../coins/config';
import { orderbookAddress } from './coins';
import { reversedConf } from './matching';
import type { OrderbookItem } from './types';
import { confToWire } from './wire';

export interface EntryView {
  coin: string;
  address: string;
  price: MmNumber;
  maxVolume: MmNumber;
  minVolume: MmNumber;
  baseMaxVolume: MmNumber;
  baseMinVolume: MmNumber;
  relMaxVolume: MmNumber;
  relMinVolume: MmNumber;
  item: OrderbookItem;
  isMine: boolean;
  conf: ReturnType<typeof confToWire> | null;
}

/**
 * An order priced as it is (rel per base) or inverted (base per rel, seen from the rel side); `side`
 * names the coin the entry shows, with the maker's address on it (`config`). Null when that address
 * cannot be derived from the maker's pubkey.
 */
export function entryView(
  item: OrderbookItem,
  inverted: boolean,
  side: 'base' | 'rel',
  config: CoinConfig,
  myPubkey: string,
): EntryView | null {
  const coin = side === 'base' ? item.base : item.rel;
  let address: string;
  try {
    address = orderbookAddress(config, item.pubkey, side === 'base' ? item.baseProtocolInfo : item.relProtocolInfo);
  } catch {
    return null;
  }
  const price = inverted ? MmNumber.ONE.div(item.price) : item.price;
  const conf = item.confSettings && confToWire(inverted ? reversedConf(item.confSettings) : item.confSettings);
  return {
    coin,
    address,
    price,
    maxVolume: item.maxVolume,
    minVolume: item.minVolume,
    baseMaxVolume: inverted ? item.maxVolume.div(price) : item.maxVolume,
    baseMinVolume: inverted ? item.minVolume.div(price) : item.minVolume,
    relMaxVolume: inverted ? item.maxVolume : item.maxVolume.mul(price),
    relMinVolume: inverted ? item.minVolume : item.minVolume.mul(price),
    item,
    isMine: item.pubkey === myPubkey,
    conf,
  };
}

/** An entry's wire fields around `age`, the one field that changes with time alone. */
interface EntryWire {
  /** `coin` … `pubkey`. */
  head: Record<string, unknown>;
  /** `uuid` … the confirmation settings. */
  tail: Record<string, unknown>;
  createdAt: number;
}

function entryWire(e: EntryView): EntryWire {
  return {
    head: {
      coin: e.coin,
      address: e.address,
      ...e.price.toJsonTriple('price'),
      maxvolume: e.maxVolume.toDecimalString(),
      max_volume_rat: e.maxVolume.toRational(),
      max_volume_fraction: e.maxVolume.toFraction(),
      ...e.minVolume.toJsonTriple('min_volume'),
      pubkey: e.item.pubkey,
    },
    tail: {
      uuid: e.item.uuid,
      is_mine: e.isMine,
      ...e.baseMaxVolume.toJsonTriple('base_max_volume'),
      ...e.baseMinVolume.toJsonTriple('base_min_volume'),
      ...e.relMaxVolume.toJsonTriple('rel_max_volume'),
      ...e.relMinVolume.toJsonTriple('rel_min_volume'),
      ...e.conf,
    },
    createdAt: e.item.createdAt,
  };
}

const withAge = (w: EntryWire, nowMs: number): Record<string, unknown> => ({
  ...w.head,
  age: Math.max(0, Math.floor(nowMs / 1000) - w.createdAt),
  ...w.tail,
});

/** KDF's `RpcOrderbookEntry`. */
export function entryToWire(e: EntryView, nowMs: number): Record<string, unknown> {
  return withAge(entryWire(e), nowMs);
}

const byPrice = (a: EntryView, b: EntryView): number => a.price.cmp(b.price) || (a.item.uuid < b.item.uuid ? -1 : 1);

/** One side of the book, sorted, with running totals; only `age` is refreshed on reuse. */
interface SideWire {
  items: ReadonlySet<OrderbookItem>;
  entries: { wire: Record<string, unknown>; createdAt: number }[];
  base: MmNumber;
  rel: MmNumber;
}

/**
 * The last answer for each side of each pair, reused while the side holds the very same order
 * objects (the orderbook replaces an order's object whenever it changes). Rendering a number in its
 * three forms is the costly part, and a 10,000-order book is read far more often than it changes.
 */
const sideCache = new Map<string, SideWire>();
const MAX_CACHED_SIDES = 64;

function sameItems(cached: SideWire | undefined, items: readonly OrderbookItem[]): cached is SideWire {
  return cached !== undefined && cached.items.size === items.length && items.every((i) => cached.items.has(i));
}

/** An order as one side shows it, rendered once per order object: a changed order is a new object. */
interface Rendered {
  view: EntryView | null;
  wire: EntryWire | null;
}

const renderedItems = new WeakMap<OrderbookItem, Map<string, Rendered>>();

function rendered(item: OrderbookItem, key: string, view: (i: OrderbookItem) => EntryView | null): Rendered {
  let byKey = renderedItems.get(item);
  if (!byKey) renderedItems.set(item, (byKey = new Map()));
  let r = byKey.get(key);
  if (!r) {
    const v = view(item);
    r = { view: v, wire: v && entryWire(v) };
    byKey.set(key, r);
  }
  return r;
}

function side(
  key: string,
  items: readonly OrderbookItem[],
  view: (i: OrderbookItem) => EntryView | null,
  descending: boolean,
  nowMs: number,
): SideWire {
  const cached = sideCache.get(key);
  if (sameItems(cached, items)) {
    for (const e of cached.entries) e.wire.age = Math.max(0, Math.floor(nowMs / 1000) - e.createdAt);
    return cached;
  }
  const present = (r: Rendered): r is { view: EntryView; wire: EntryWire } => r.view !== null;
  const byView = (a: Rendered, b: Rendered) => byPrice(a.view as EntryView, b.view as EntryView);
  const sorted = items
    .map((i) => rendered(i, key, view))
    .filter(present)
    .sort(descending ? (a, b) => byView(b, a) : byView);
  let base = MmNumber.ZERO;
  let rel = MmNumber.ZERO;
  const entries = sorted.map(({ view: e, wire: w }) => {
    base = base.add(e.baseMaxVolume);
    rel = rel.add(e.relMaxVolume);
    const aggr = { ...base.toJsonTriple('base_max_volume_aggr'), ...rel.toJsonTriple('rel_max_volume_aggr') };
    return { wire: { ...withAge(w, nowMs), ...aggr }, createdAt: w.createdAt };
  });
  const built: SideWire = { items: new Set(items), entries, base, rel };
  if (sideCache.size >= MAX_CACHED_SIDES) sideCache.delete(sideCache.keys().next().value as string);
  sideCache.set(key, built);
  return built;
}

export interface OrderbookView {
  base: string;
  rel: string;
  asks: OrderbookItem[];
  bids: OrderbookItem[];
  baseConfig: CoinConfig;
  relConfig: CoinConfig;
  myPubkey: string;
  netid: number;
  nowMs: number;
}

/** KDF's `OrderbookResponse` (legacy `orderbook`, not wrapped in `result`). */
export function orderbookResponse(v: OrderbookView): Record<string, unknown> {
  const key = `${v.base}|${v.rel}|${v.myPubkey}|${v.baseConfig.ticker}|${v.relConfig.ticker}`;
  const asks = side(`${key}|asks`, v.asks, (i) => entryView(i, false, 'base', v.baseConfig, v.myPubkey), false, v.nowMs);
  const bids = side(`${key}|bids`, v.bids, (i) => entryView(i, true, 'base', v.relConfig, v.myPubkey), true, v.nowMs);
  // The entry objects are reused between calls (only `age` moves): the response is serialized at once.
  const list = (s: SideWire) => s.entries.map((e) => e.wire);
  return {
    askdepth: 0,
    asks: list(asks),
    base: v.base,
    biddepth: 0,
    bids: list(bids),
    netid: v.netid,
    numasks: asks.entries.length,
    numbids: bids.entries.length,
    rel: v.rel,
    timestamp: Math.floor(v.nowMs / 1000),
    ...asks.base.toJsonTriple('total_asks_base_vol'),
    ...asks.rel.toJsonTriple('total_asks_rel_vol'),
    ...bids.base.toJsonTriple('total_bids_base_vol'),
    ...bids.rel.toJsonTriple('total_bids_rel_vol'),
  };
}
