/**
 * An order as one side of a pair's book shows it (shared by the `orderbook` answers and
 * `best_orders`): priced as it is or inverted, volumes in both coins, the maker's address on the
 * coin shown, and the order the sides are listed in.
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

/** Each coin's maker addresses, by pubkey and then protocol info: a maker has many orders and one address. */
const addresses = new WeakMap<CoinConfig, Map<string, Map<string, string | null>>>();
/** Bounds each coin's address memo (the orderbook holds at most MAX_MAKERS makers). */
const MAX_MEMO_ADDRESSES = 20_000;
/** Distinct protocol infos remembered per maker and coin. */
const MAX_INFOS_PER_MAKER = 8;

const bytesKey = (b: Uint8Array): string => (b.length === 0 ? '' : Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(''));

/**
 * The maker's address on the coin shown (`config`), null when it cannot be derived from its pubkey.
 * Keyed by the pubkey string the order holds (its hash is kept with it) rather than a key built per
 * call: a pair's first answer asks this for every order.
 */
function makerAddress(config: CoinConfig, pubkey: string, info: Uint8Array): string | null {
  let memo = addresses.get(config);
  if (!memo) addresses.set(config, (memo = new Map()));
  let byInfo = memo.get(pubkey);
  const infoKey = bytesKey(info);
  const known = byInfo?.get(infoKey);
  if (known !== undefined) return known;
  let address: string | null;
  try {
    address = orderbookAddress(config, pubkey, info);
  } catch {
    address = null;
  }
  if (!byInfo) {
    if (memo.size >= MAX_MEMO_ADDRESSES) memo.clear();
    memo.set(pubkey, (byInfo = new Map()));
  }
  // A maker's orders carry a few protocol infos at most; a flood of distinct ones starts it afresh.
  if (byInfo.size >= MAX_INFOS_PER_MAKER) byInfo.clear();
  byInfo.set(infoKey, address);
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
export function byPrice(a: EntryView, b: EntryView): number {
  const [x, y] = [a.roughPrice, b.roughPrice];
  if (Math.abs(x - y) > 1e-9 * Math.min(Math.abs(x), Math.abs(y))) return x - y;
  return a.price.cmp(b.price) || (a.item.uuid < b.item.uuid ? -1 : 1);
}
