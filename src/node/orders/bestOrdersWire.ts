/**
 * `best_orders` answers (KDF `best_orders.rs`): the legacy `{"result": {coin: [RpcOrderbookEntry]},
 * "original_tickers"}` and the mmrpc 2.0 `{orders: {coin: [RpcOrderbookEntryV2]}, original_tickers}`.
 * To buy `coin`, an entry is an order selling it, shown on the coin paid (`rel`); to sell `coin`,
 * an order buying it, priced inverted. Entries of coins unknown to this node's config or wallet-only
 * are left out, and each entry is repeated under every ticker sharing its orderbook ticker.
 */
import type { LegacyResult, MmRpcResult } from '../../shared/contract';
import type { CoinConfig } from '../coins/config';
import type { BestOrdersAction } from './messages/requests';
import { entryView, type EntryView } from './orderbookEntry';
import { entryToWire } from './orderbookWire';
import { entryV2ToWire } from './orderbookV2';
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
  const push = (coin: string, e: EntryView): void => {
    const list = out.get(coin);
    if (list) list.push(e);
    else out.set(coin, [e]);
  };
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
): LegacyResult<'best_orders'> {
  const byCoin = entriesByCoin(best, action, configs, myPubkey);
  return {
    result: Object.fromEntries([...byCoin].map(([coin, list]) => [coin, list.map((e) => entryToWire(e, nowMs))])),
    original_tickers: originalsToWire(configs),
  };
}

export function bestOrdersV2(
  best: ReadonlyMap<string, readonly OrderbookItem[]>,
  action: BestOrdersAction,
  configs: ReadonlyMap<string, CoinConfig>,
  myPubkey: string,
  excludeMine: boolean,
): MmRpcResult<'best_orders'> {
  const byCoin = entriesByCoin(best, action, configs, myPubkey);
  // KDF skips an excluded order before making its coin's list, so a coin left with none has no key.
  const orders = [...byCoin]
    .map(([coin, list]) => [coin, list.filter((e) => !(excludeMine && e.isMine)).map(entryV2ToWire)] as const)
    .filter(([, list]) => list.length > 0);
  return { orders: Object.fromEntries(orders), original_tickers: originalsToWire(configs) };
}
