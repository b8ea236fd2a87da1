/**
 * Orderbook entries on the wire (mm2_rpc `RpcOrderbookEntry`, `OrderbookResponse`; KDF
 * `orderbook_rpc.rs`, `best_orders.rs`). An ask is an order selling the requested base; a bid sells
 * the requested rel and is shown from the base's side: price inverted, volumes converted,
 * confirmation settings swapped. Asks are listed by ascending price and summed from the cheapest
 * (`*_aggr`), as the orders issue and kdf-facts §1.3 describe (current KDF reverses the list
 * after summing); bids by descending price.
 */
import type { Def, LegacyResult } from '../../shared/contract';
import type { FractionJson, MmNumber, RationalJson } from '../../shared/number';
import type { EntryView } from './orderbookEntry';
import { KeptPairs, type BookSide, type PairOrders, type SideEntry } from './orderbookSide';
import type { OrderbookItem } from './types';

/** A number's three wire forms. */
interface Forms {
  decimal: string;
  rat: RationalJson;
  fraction: FractionJson;
}

const formsOf = (n: MmNumber): Forms => ({ decimal: n.toDecimalString(), rat: n.toRational(), fraction: n.toFraction() });

/**
 * KDF's `RpcOrderbookEntry`: one object literal, every field in KDF's order (no spreads: 10,000 of
 * these are built at once). An ask's base volumes and a bid's rel volumes are the order's own
 * numbers: their forms are built once and shared by both fields (a kept entry is ~20 % smaller).
 */
export function entryToWire(e: EntryView, nowMs: number): Def<'RpcOrderbookEntry'> {
  const [price, max, min] = [formsOf(e.price), formsOf(e.maxVolume), formsOf(e.minVolume)];
  const shared = (n: MmNumber): Forms => (n === e.maxVolume ? max : n === e.minVolume ? min : formsOf(n));
  const [baseMax, baseMin, relMax, relMin] = [shared(e.baseMaxVolume), shared(e.baseMinVolume), shared(e.relMaxVolume), shared(e.relMinVolume)];
  const wire: Def<'RpcOrderbookEntry'> = {
    coin: e.coin,
    address: e.address,
    price: price.decimal,
    price_rat: price.rat,
    price_fraction: price.fraction,
    maxvolume: max.decimal,
    max_volume_rat: max.rat,
    max_volume_fraction: max.fraction,
    min_volume: min.decimal,
    min_volume_rat: min.rat,
    min_volume_fraction: min.fraction,
    pubkey: e.item.pubkey,
    age: ageOf(e.item, nowMs),
    uuid: e.item.uuid,
    is_mine: e.isMine,
    base_max_volume: baseMax.decimal,
    base_max_volume_rat: baseMax.rat,
    base_max_volume_fraction: baseMax.fraction,
    base_min_volume: baseMin.decimal,
    base_min_volume_rat: baseMin.rat,
    base_min_volume_fraction: baseMin.fraction,
    rel_max_volume: relMax.decimal,
    rel_max_volume_rat: relMax.rat,
    rel_max_volume_fraction: relMax.fraction,
    rel_min_volume: relMin.decimal,
    rel_min_volume_rat: relMin.rat,
    rel_min_volume_fraction: relMin.fraction,
  };
  if (e.conf) Object.assign(wire, e.conf);
  return wire;
}

const ageOf = (item: OrderbookItem, nowMs: number): number => Math.max(0, Math.floor(nowMs / 1000) - item.createdAt);

/** An entry of the flat answer as last rendered, with the running totals it shows. */
interface RenderedEntry {
  wire: Def<'AggregatedOrderbookEntry'>;
  base: MmNumber;
  rel: MmNumber;
}

type Side = BookSide<EntryView, RenderedEntry>;

/** The flat answers' sides of the pairs asked lately. */
const kept = new KeptPairs<RenderedEntry>();

/** The entry with its running totals, added last (KDF's key order). */
function withTotals(wire: Def<'RpcOrderbookEntry'>, base: MmNumber, rel: MmNumber): Def<'AggregatedOrderbookEntry'> {
  return Object.assign(wire, {
    base_max_volume_aggr: base.toDecimalString(),
    base_max_volume_aggr_rat: base.toRational(),
    base_max_volume_aggr_fraction: base.toFraction(),
    rel_max_volume_aggr: rel.toDecimalString(),
    rel_max_volume_aggr_rat: rel.toRational(),
    rel_max_volume_aggr_fraction: rel.toFraction(),
  });
}

/** Rewrites an entry's `base_max_volume_aggr` fields (in place, which keeps the keys' order). */
function setBaseTotal(wire: Def<'AggregatedOrderbookEntry'>, total: MmNumber): void {
  wire.base_max_volume_aggr = total.toDecimalString();
  wire.base_max_volume_aggr_rat = total.toRational();
  wire.base_max_volume_aggr_fraction = total.toFraction();
}

/** The same for `rel_max_volume_aggr`. */
function setRelTotal(wire: Def<'AggregatedOrderbookEntry'>, total: MmNumber): void {
  wire.rel_max_volume_aggr = total.toDecimalString();
  wire.rel_max_volume_aggr_rat = total.toRational();
  wire.rel_max_volume_aggr_fraction = total.toFraction();
}

/**
 * The entry's `RpcOrderbookEntry` with its running totals, rendered once and then only rewritten
 * where it moved: a running total when it changed, `age` with the clock.
 */
function legacyEntry(e: SideEntry<EntryView, RenderedEntry>, nowMs: number): Def<'AggregatedOrderbookEntry'> {
  const r = e.rendered;
  if (!r) {
    const wire = withTotals(entryToWire(e.view, nowMs), e.baseTotal, e.relTotal);
    e.rendered = { wire, base: e.baseTotal, rel: e.relTotal };
    return wire;
  }
  if (r.base !== e.baseTotal) setBaseTotal(r.wire, (r.base = e.baseTotal));
  if (r.rel !== e.relTotal) setRelTotal(r.wire, (r.rel = e.relTotal));
  r.wire.age = ageOf(e.view.item, nowMs);
  return r.wire;
}

export interface OrderbookView extends PairOrders {
  netid: number;
  nowMs: number;
  /** Ours (KDF ignores it): only the `limit` best asks and bids are listed; counts and totals stay the whole side's. */
  limit?: number;
}

/**
 * KDF's `OrderbookResponse` (legacy `orderbook`, not wrapped in `result`). Its entry objects are
 * kept and reused by later calls (only what moved is rewritten): serialize the answer at once.
 */
export function orderbookResponse(v: OrderbookView): LegacyResult<'orderbook'> {
  const { asks, bids } = kept.sides(v);
  const list = (s: Side) => s.top(v.limit).map((e) => legacyEntry(e, v.nowMs));
  // Listed first: a side listed whole has its totals summed on the way.
  const [asksList, bidsList] = [list(asks), list(bids)];
  const [asksTotal, bidsTotal] = [asks.totals, bids.totals];
  return {
    askdepth: 0,
    asks: asksList,
    base: v.base,
    biddepth: 0,
    bids: bidsList,
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
