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
import { BookSide, type SideEntry } from './orderbookSide';
import type { OrderbookItem } from './types';
import { confToWire } from './wire';

export interface EntryView {
  coin: string;
  address: string;
  price: MmNumber;
  /** `price` as a float, for ordering (see byPrice). */
  roughPrice: number;
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

/** Each coin's maker addresses, by pubkey and protocol info: a maker has many orders and one address. */
const addresses = new WeakMap<CoinConfig, Map<string, string | null>>();
/** Bounds each coin's address memo (the orderbook holds at most MAX_MAKERS makers). */
const MAX_MEMO_ADDRESSES = 20_000;

const bytesKey = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** The maker's address on the coin shown (`config`), null when it cannot be derived from its pubkey. */
function makerAddress(config: CoinConfig, pubkey: string, info: Uint8Array): string | null {
  let memo = addresses.get(config);
  if (!memo) addresses.set(config, (memo = new Map()));
  const key = `${pubkey} ${bytesKey(info)}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  let address: string | null;
  try {
    address = orderbookAddress(config, pubkey, info);
  } catch {
    address = null;
  }
  if (memo.size >= MAX_MEMO_ADDRESSES) memo.clear();
  memo.set(key, address);
  return address;
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
  const address = makerAddress(config, item.pubkey, side === 'base' ? item.baseProtocolInfo : item.relProtocolInfo);
  if (address === null) return null;
  const price = inverted ? MmNumber.ONE.div(item.price) : item.price;
  const conf = item.confSettings && confToWire(inverted ? reversedConf(item.confSettings) : item.confSettings);
  return {
    coin,
    address,
    price,
    roughPrice: roughly(price),
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

/** KDF's `RpcOrderbookEntry`: one object literal, every field in KDF's order (no spreads: 10,000 of these are built at once). */
export function entryToWire(e: EntryView, nowMs: number): Record<string, unknown> {
  const { price, maxVolume: max, minVolume: min, baseMaxVolume: baseMax, baseMinVolume: baseMin, relMaxVolume: relMax, relMinVolume: relMin } = e;
  const wire: Record<string, unknown> = {
    coin: e.coin,
    address: e.address,
    price: price.toDecimalString(),
    price_rat: price.toRational(),
    price_fraction: price.toFraction(),
    maxvolume: max.toDecimalString(),
    max_volume_rat: max.toRational(),
    max_volume_fraction: max.toFraction(),
    min_volume: min.toDecimalString(),
    min_volume_rat: min.toRational(),
    min_volume_fraction: min.toFraction(),
    pubkey: e.item.pubkey,
    age: ageOf(e.item, nowMs),
    uuid: e.item.uuid,
    is_mine: e.isMine,
    base_max_volume: baseMax.toDecimalString(),
    base_max_volume_rat: baseMax.toRational(),
    base_max_volume_fraction: baseMax.toFraction(),
    base_min_volume: baseMin.toDecimalString(),
    base_min_volume_rat: baseMin.toRational(),
    base_min_volume_fraction: baseMin.toFraction(),
    rel_max_volume: relMax.toDecimalString(),
    rel_max_volume_rat: relMax.toRational(),
    rel_max_volume_fraction: relMax.toFraction(),
    rel_min_volume: relMin.toDecimalString(),
    rel_min_volume_rat: relMin.toRational(),
    rel_min_volume_fraction: relMin.toFraction(),
  };
  if (e.conf) Object.assign(wire, e.conf);
  return wire;
}

const ageOf = (item: OrderbookItem, nowMs: number): number => Math.max(0, Math.floor(nowMs / 1000) - item.createdAt);

/** `n` as a float for ordering; NaN outside the floats' normal range, where the float cannot be trusted. */
function roughly(n: MmNumber): number {
  const x = Number(n.numer) / Number(n.denom);
  return Math.abs(x) > 1e-290 && Math.abs(x) < 1e290 ? x : NaN;
}

/**
 * By price, then uuid. An exact comparison multiplies bigints (sorting 10,000 entries makes
 * ~150,000 comparisons): the float prices decide when they are clearly apart, far beyond a float's
 * rounding error; close ones, and those without a float (NaN), are compared exactly.
 */
function byPrice(a: EntryView, b: EntryView): number {
  const [x, y] = [a.roughPrice, b.roughPrice];
  if (Math.abs(x - y) > 1e-9 * Math.min(Math.abs(x), Math.abs(y))) return x - y;
  return a.price.cmp(b.price) || (a.item.uuid < b.item.uuid ? -1 : 1);
}

/** An entry of the flat answer as last rendered, with the running totals it shows. */
interface RenderedEntry {
  wire: Record<string, unknown>;
  base: MmNumber;
  rel: MmNumber;
}

type Side = BookSide<EntryView, RenderedEntry>;

/** Sets an entry's `base_max_volume_aggr` fields (rewriting them in place keeps the keys' order). */
function setBaseTotal(wire: Record<string, unknown>, total: MmNumber): void {
  wire.base_max_volume_aggr = total.toDecimalString();
  wire.base_max_volume_aggr_rat = total.toRational();
  wire.base_max_volume_aggr_fraction = total.toFraction();
}

/** The same for `rel_max_volume_aggr`. */
function setRelTotal(wire: Record<string, unknown>, total: MmNumber): void {
  wire.rel_max_volume_aggr = total.toDecimalString();
  wire.rel_max_volume_aggr_rat = total.toRational();
  wire.rel_max_volume_aggr_fraction = total.toFraction();
}

/**
 * The entry's `RpcOrderbookEntry` with its running totals, rendered once and then only rewritten
 * where it moved: a running total when it changed, `age` with the clock.
 */
function legacyEntry(e: SideEntry<EntryView, RenderedEntry>, nowMs: number): Record<string, unknown> {
  const r = e.rendered;
  if (!r) {
    const wire = entryToWire(e.view, nowMs);
    setBaseTotal(wire, e.baseTotal);
    setRelTotal(wire, e.relTotal);
    e.rendered = { wire, base: e.baseTotal, rel: e.relTotal };
    return wire;
  }
  if (r.base !== e.baseTotal) setBaseTotal(r.wire, (r.base = e.baseTotal));
  if (r.rel !== e.relTotal) setRelTotal(r.wire, (r.rel = e.relTotal));
  r.wire.age = ageOf(e.view.item, nowMs);
  return r.wire;
}

/**
 * The two sides of the pairs asked lately, kept between calls (see BookSide): a 10,000-order book
 * is read far more often than it changes, and rendering its numbers is the costly part of an answer.
 */
const pairs = new Map<string, { configs: readonly [CoinConfig, CoinConfig]; asks: Side; bids: Side }>();
const MAX_KEPT_PAIRS = 32;

/** The pair's sides holding `v.asks` and `v.bids`: asks by ascending price, bids (price inverted) by descending price. */
function pairSides(v: OrderbookView): { asks: Side; bids: Side } {
  const key = `${v.base}|${v.rel}|${v.myPubkey}`;
  let kept = pairs.get(key);
  if (kept && (kept.configs[0] !== v.baseConfig || kept.configs[1] !== v.relConfig)) kept = undefined;
  pairs.delete(key);
  if (!kept) {
    if (pairs.size >= MAX_KEPT_PAIRS) pairs.delete(pairs.keys().next().value as string);
    kept = {
      configs: [v.baseConfig, v.relConfig],
      asks: new BookSide((i) => entryView(i, false, 'base', v.baseConfig, v.myPubkey), byPrice),
      bids: new BookSide((i) => entryView(i, true, 'base', v.relConfig, v.myPubkey), (a, b) => byPrice(b, a)),
    };
  }
  pairs.set(key, kept);
  kept.asks.update(v.asks);
  kept.bids.update(v.bids);
  return kept;
}

export interface OrderbookView {
  base: string;
  rel: string;
  asks: readonly OrderbookItem[];
  bids: readonly OrderbookItem[];
  baseConfig: CoinConfig;
  relConfig: CoinConfig;
  myPubkey: string;
  netid: number;
  nowMs: number;
  /** Ours (KDF ignores it): only the `limit` best asks and bids are listed; counts and totals stay the whole side's. */
  limit?: number;
}

/**
 * KDF's `OrderbookResponse` (legacy `orderbook`, not wrapped in `result`). Its entry objects are
 * kept and reused by later calls (only what moved is rewritten): serialize the answer at once.
 */
export function orderbookResponse(v: OrderbookView): Record<string, unknown> {
  const { asks, bids } = pairSides(v);
  const list = (s: Side) => s.top(v.limit).map((e) => legacyEntry(e, v.nowMs));
  const [asksTotal, bidsTotal] = [asks.totals, bids.totals];
  return {
    askdepth: 0,
    asks: list(asks),
    base: v.base,
    biddepth: 0,
    bids: list(bids),
    netid: v.netid,
    numasks: asks.size,
    numbids: bids.size,
    rel: v.rel,
    timestamp: Math.floor(v.nowMs / 1000),
    ...asksTotal.base.toJsonTriple('total_asks_base_vol'),
    ...asksTotal.rel.toJsonTriple('total_asks_rel_vol'),
    ...bidsTotal.base.toJsonTriple('total_bids_base_vol'),
    ...bidsTotal.rel.toJsonTriple('total_bids_rel_vol'),
  };
}
