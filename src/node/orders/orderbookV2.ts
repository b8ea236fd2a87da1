/**
 * The mmrpc 2.0 `orderbook` answer (KDF `orderbook_rpc_v2`, `OrderbookV2Response`): the same
 * entries as the flat answer, each number as `{decimal, rational, fraction}` and the address as
 * `{address_type, address_data}`. Unlike our flat answer it follows current KDF in the asks' order:
 * summed from the cheapest, then listed from the dearest (the cheapest ask last, next to the bids).
 */
import type { Def, MmRpcResult } from '../../shared/contract';
import type { MmNumber } from '../../shared/number';
import type { EntryView } from './orderbookEntry';
import { KeptPairs, type PairOrders, type SideEntry } from './orderbookSide';

/** KDF's `MmNumberMultiRepr`. */
export const multiRepr = (n: MmNumber): Def<'MmNumberMultiRepr'> => ({ decimal: n.toDecimalString(), rational: n.toRational(), fraction: n.toFraction() });

/** KDF's `RpcOrderbookEntryV2`. */
export function entryV2ToWire(e: EntryView): Def<'RpcOrderbookEntryV2'> {
  return {
    coin: e.coin,
    address: { address_type: 'Transparent', address_data: e.address },
    price: multiRepr(e.price),
    pubkey: e.item.pubkey,
    uuid: e.item.uuid,
    is_mine: e.isMine,
    base_max_volume: multiRepr(e.baseMaxVolume),
    base_min_volume: multiRepr(e.baseMinVolume),
    rel_max_volume: multiRepr(e.relMaxVolume),
    rel_min_volume: multiRepr(e.relMinVolume),
    conf_settings: e.conf,
  };
}

/** An entry of the mmrpc answer as last rendered, with the running totals it shows. */
interface RenderedV2 {
  wire: Def<'AggregatedOrderbookEntryV2'>;
  base: MmNumber;
  rel: MmNumber;
}

/** The mmrpc answers' sides of the pairs asked lately. */
const kept = new KeptPairs<RenderedV2>();

/** KDF's `build_aggregated_entries_v2` entry: with the running totals of the entries before it and itself, re-rendered only when they moved. */
function v2Entry(e: SideEntry<EntryView, RenderedV2>): Def<'AggregatedOrderbookEntryV2'> {
  const r = e.rendered;
  if (!r) {
    const wire = { ...entryV2ToWire(e.view), base_max_volume_aggr: multiRepr(e.baseTotal), rel_max_volume_aggr: multiRepr(e.relTotal) };
    e.rendered = { wire, base: e.baseTotal, rel: e.relTotal };
    return wire;
  }
  if (r.base !== e.baseTotal) r.wire.base_max_volume_aggr = multiRepr((r.base = e.baseTotal));
  if (r.rel !== e.relTotal) r.wire.rel_max_volume_aggr = multiRepr((r.rel = e.relTotal));
  return r.wire;
}

export interface OrderbookV2View extends PairOrders {
  netid: number;
  nowMs: number;
}

/** KDF's `OrderbookV2Response`. Its entry objects are kept and reused by later calls: serialize the answer at once. */
export function orderbookV2Response(v: OrderbookV2View): MmRpcResult<'orderbook'> {
  const { asks, bids } = kept.sides(v);
  // Listed first: a side listed whole has its totals summed on the way.
  const [asksList, bidsList] = [asks.top().map(v2Entry).reverse(), bids.top().map(v2Entry)];
  const [asksTotal, bidsTotal] = [asks.totals, bids.totals];
  return {
    asks: asksList,
    base: v.base,
    bids: bidsList,
    net_id: v.netid,
    num_asks: asks.size,
    num_bids: bids.size,
    rel: v.rel,
    timestamp: Math.floor(v.nowMs / 1000),
    total_asks_base_vol: multiRepr(asksTotal.base),
    total_asks_rel_vol: multiRepr(asksTotal.rel),
    total_bids_base_vol: multiRepr(bidsTotal.base),
    total_bids_rel_vol: multiRepr(bidsTotal.rel),
  };
}
