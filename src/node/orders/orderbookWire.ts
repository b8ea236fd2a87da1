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

/** KDF's `RpcOrderbookEntry`. */
export function entryToWire(e: EntryView, nowMs: number): Record<string, unknown> {
  return {
    coin: e.coin,
    address: e.address,
    ...e.price.toJsonTriple('price'),
    maxvolume: e.maxVolume.toDecimalString(),
    max_volume_rat: e.maxVolume.toRational(),
    max_volume_fraction: e.maxVolume.toFraction(),
    ...e.minVolume.toJsonTriple('min_volume'),
    pubkey: e.item.pubkey,
    age: Math.max(0, Math.floor(nowMs / 1000) - e.item.createdAt),
    uuid: e.item.uuid,
    is_mine: e.isMine,
    ...e.baseMaxVolume.toJsonTriple('base_max_volume'),
    ...e.baseMinVolume.toJsonTriple('base_min_volume'),
    ...e.relMaxVolume.toJsonTriple('rel_max_volume'),
    ...e.relMinVolume.toJsonTriple('rel_min_volume'),
    ...e.conf,
  };
}

const byPrice = (a: EntryView, b: EntryView): number => a.price.cmp(b.price) || (a.item.uuid < b.item.uuid ? -1 : 1);

/** Entries with their running totals of base and rel volume, and the totals. */
function aggregated(entries: EntryView[], nowMs: number): { list: Record<string, unknown>[]; base: MmNumber; rel: MmNumber } {
  let base = MmNumber.ZERO;
  let rel = MmNumber.ZERO;
  const list = entries.map((e) => {
    base = base.add(e.baseMaxVolume);
    rel = rel.add(e.relMaxVolume);
    return { ...entryToWire(e, nowMs), ...base.toJsonTriple('base_max_volume_aggr'), ...rel.toJsonTriple('rel_max_volume_aggr') };
  });
  return { list, base, rel };
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
  const present = (e: EntryView | null): e is EntryView => e !== null;
  const asks = aggregated(v.asks.map((i) => entryView(i, false, 'base', v.baseConfig, v.myPubkey)).filter(present).sort(byPrice), v.nowMs);
  const bids = aggregated(
    v.bids
      .map((i) => entryView(i, true, 'base', v.relConfig, v.myPubkey))
      .filter(present)
      .sort((a, b) => byPrice(b, a)),
    v.nowMs,
  );
  return {
    askdepth: 0,
    asks: asks.list,
    base: v.base,
    biddepth: 0,
    bids: bids.list,
    netid: v.netid,
    numasks: asks.list.length,
    numbids: bids.list.length,
    rel: v.rel,
    timestamp: Math.floor(v.nowMs / 1000),
    ...asks.base.toJsonTriple('total_asks_base_vol'),
    ...asks.rel.toJsonTriple('total_asks_rel_vol'),
    ...bids.base.toJsonTriple('total_bids_base_vol'),
    ...bids.rel.toJsonTriple('total_bids_rel_vol'),
  };
}
