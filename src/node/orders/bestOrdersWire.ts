/**
 * `best_orders` answers (KDF `best_orders.rs`): the legacy `{"result": {coin: [RpcOrderbookEntry]},
 * "original_tickers"}` and the mmrpc 2.0 `{orders: {coin: [RpcOrderbookEntryV2]}, original_tickers}`.
 * To buy `coin`, an entry is an order selling it, shown on the coin paid (`rel`); to sell `coin`,
 * an order buying it, priced inverted. Entries of coins unknown to this node's config or wallet-only
 * are left out, and each entry is repeated under every ticker sharing its orderbook ticker.
 */
import type { MmNumber } from '../../shared/number';
import type { CoinConfig } from '../coins/config';
import type { BestOrdersAction } from './messages/requests';
import { entryToWire, entryView, type EntryView } from './orderbookWire';
import type { OrderbookItem } from './types';

/** Orderbook ticker → the coins configured with it (`BTC` → `BTC-segwit`). */
function originalTickers(configs: ReadonlyMap<string, CoinConfig>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of configs.values()) if (c.orderbookTicker) out.set(c.orderbookTicker, [...(out.get(c.orderbookTicker) ?? []), c.ticker]);
  return out;
}

function entriesByCoin(
  best: ReadonlyMap<string, readonly OrderbookItem[]>,
  action: BestOrdersAction,
  configs: ReadonlyMap<string, CoinConfig>,
  myPubkey: string,
): Map<string, EntryView[]> {
  const originals = originalTickers(configs);
  const out = new Map<string, EntryView[]>();
  const push = (coin: string, e: EntryView): void => void out.set(coin, [...(out.get(coin) ?? []), e]);
  for (const [coin, items] of best) {
    const config = configs.get(coin);
    if (!config || config.walletOnly) continue;
    for (const item of items) {
      const e = action === 'buy' ? entryView(item, false, 'rel', config, myPubkey) : entryView(item, true, 'base', config, myPubkey);
      if (!e) continue;
      for (const original of originals.get(coin) ?? []) push(original, { ...e, coin: original });
      push(coin, e);
    }
  }
  return out;
}

const originalsToWire = (configs: ReadonlyMap<string, CoinConfig>): Record<string, string[]> =>
  Object.fromEntries(originalTickers(configs));

export function bestOrdersLegacy(
  best: ReadonlyMap<string, readonly OrderbookItem[]>,
  action: BestOrdersAction,
  configs: ReadonlyMap<string, CoinConfig>,
  myPubkey: string,
  nowMs: number,
): Record<string, unknown> {
  const byCoin = entriesByCoin(best, action, configs, myPubkey);
  return {
    result: Object.fromEntries([...byCoin].map(([coin, list]) => [coin, list.map((e) => entryToWire(e, nowMs))])),
    original_tickers: originalsToWire(configs),
  };
}

const multi = (n: MmNumber): Record<string, unknown> => ({ decimal: n.toDecimalString(), rational: n.toRational(), fraction: n.toFraction() });

export function bestOrdersV2(
  best: ReadonlyMap<string, readonly OrderbookItem[]>,
  action: BestOrdersAction,
  configs: ReadonlyMap<string, CoinConfig>,
  myPubkey: string,
  excludeMine: boolean,
): Record<string, unknown> {
  const byCoin = entriesByCoin(best, action, configs, myPubkey);
  const orders = [...byCoin].map(([coin, list]) => [
    coin,
    list
      .filter((e) => !(excludeMine && e.isMine))
      .map((e) => ({
        coin: e.coin,
        address: { address_type: 'Transparent', address_data: e.address },
        price: multi(e.price),
        pubkey: e.item.pubkey,
        uuid: e.item.uuid,
        is_mine: e.isMine,
        base_max_volume: multi(e.baseMaxVolume),
        base_min_volume: multi(e.baseMinVolume),
        rel_max_volume: multi(e.relMaxVolume),
        rel_min_volume: multi(e.relMinVolume),
        conf_settings: e.conf,
      })),
  ]);
  return { orders: Object.fromEntries(orders), original_tickers: originalsToWire(configs) };
}
