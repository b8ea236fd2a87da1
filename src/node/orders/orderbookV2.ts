/**
 * The mmrpc 2.0 `orderbook` answer (KDF `orderbook_rpc_v2`, `OrderbookV2Response`): the same
 * entries as the flat answer, each number as `{decimal, rational, fraction}` and the address as
 * `{address_type, address_data}`. Unlike our flat answer it follows current KDF in the asks' order:
 * summed from the cheapest, then listed from the dearest (the cheapest ask last, next to the bids).
 */
import { MmNumber } from '../../shared/number';
import type { CoinConfig } from '../coins/config';
import { entryView, type EntryView } from './orderbookWire';
import type { OrderbookItem } from './types';

/** KDF's `MmNumberMultiRepr`. */
export const multiRepr = (n: MmNumber): Record<string, unknown> => ({ decimal: n.toDecimalString(), rational: n.toRational(), fraction: n.toFraction() });

/** KDF's `RpcOrderbookEntryV2`. */
export function entryV2ToWire(e: EntryView): Record<string, unknown> {
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

const byPrice = (a: EntryView, b: EntryView): number => a.price.cmp(b.price) || (a.item.uuid < b.item.uuid ? -1 : 1);

interface AggregatedSide {
  entries: Record<string, unknown>[];
  base: MmNumber;
  rel: MmNumber;
}

/** KDF's `build_aggregated_entries_v2`: each entry with the running totals of the entries before it and itself. */
function aggregated(views: readonly EntryView[]): AggregatedSide {
  let base = MmNumber.ZERO;
  let rel = MmNumber.ZERO;
  const entries = views.map((e) => {
    base = base.add(e.baseMaxVolume);
    rel = rel.add(e.relMaxVolume);
    return { ...entryV2ToWire(e), base_max_volume_aggr: multiRepr(base), rel_max_volume_aggr: multiRepr(rel) };
  });
  return { entries, base, rel };
}

export interface OrderbookV2View {
  base: string;
  rel: string;
  asks: readonly OrderbookItem[];
  bids: readonly OrderbookItem[];
  baseConfig: CoinConfig;
  relConfig: CoinConfig;
  myPubkey: string;
  netid: number;
  nowMs: number;
}

const present = (e: EntryView | null): e is EntryView => e !== null;

export function orderbookV2Response(v: OrderbookV2View): Record<string, unknown> {
  const askViews = v.asks.map((i) => entryView(i, false, 'base', v.baseConfig, v.myPubkey)).filter(present).sort(byPrice);
  const bidViews = v.bids.map((i) => entryView(i, true, 'base', v.relConfig, v.myPubkey)).filter(present).sort((a, b) => byPrice(b, a));
  const asks = aggregated(askViews);
  const bids = aggregated(bidViews);
  return {
    asks: asks.entries.reverse(),
    base: v.base,
    bids: bids.entries,
    net_id: v.netid,
    num_asks: asks.entries.length,
    num_bids: bids.entries.length,
    rel: v.rel,
    timestamp: Math.floor(v.nowMs / 1000),
    total_asks_base_vol: multiRepr(asks.base),
    total_asks_rel_vol: multiRepr(asks.rel),
    total_bids_base_vol: multiRepr(bids.base),
    total_bids_rel_vol: multiRepr(bids.rel),
  };
}
