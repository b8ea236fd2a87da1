/**
 * RPC handlers of the orders domain, all flat-format as in KDF (`best_orders` also mmrpc 2.0):
 * `setprice`, `update_maker_order`, `sell`, `buy`, `cancel_order`, `cancel_all_orders`,
 * `my_orders`, `orderbook` (also mmrpc 2.0), `best_orders`. Arguments are read here; the service does the work.
 */
import type { MmRpcResult } from '../../shared/contract';
import { MmNumber } from '../../shared/number';
import { items, ParamError, type ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import { LegacyResponse, type HandlerTable, type LegacyAnswer } from '../core/handler';
import { bestOrdersLegacy, bestOrdersV2 } from './bestOrdersWire';
import type { CancelBy } from './cancel';
import type { DisableCoinOutcome } from './disableCoin';
import { MmError } from '../core/errors';
import { bestOrdersError, orderRefusal, ordersUnavailable } from './errors';
import type { ConfOverrides } from './makerActions';
import type { BestOrdersAction } from './messages/requests';
import { orderbookResponse } from './orderbookWire';
import { orderQueryHandlers } from './queryRpc';
import { orderbookV2Response } from './orderbookV2';
import type { CoinConfig } from '../coins/config';
import type { OrdersService } from './service';
import { TAKER_ORDER_TIMEOUT } from './takerActions';
import type { MatchBy, OrderType, TakerAction } from './types';
import { parseUuid } from './uuid';
import { makerOrderForMyOrders, makerOrderToWire, sellBuyResponse, takerOrderToWire } from './wire';

function orders(ctx: NodeContext): OrdersService {
  if (!ctx.orders) throw ordersUnavailable();
  return ctx.orders;
}

function uuidArg(args: ParamReader, name: string): string {
  const uuid = parseUuid(args.str(name));
  if (!uuid) throw new ParamError(args.field(name), `invalid uuid for \`${args.field(name)}\``);
  return uuid;
}

function confArgs(args: ParamReader): ConfOverrides {
  const conf: ConfOverrides = {};
  if (args.has('base_confs')) conf.baseConfs = args.uint('base_confs');
  if (args.has('base_nota')) conf.baseNota = args.bool('base_nota');
  if (args.has('rel_confs')) conf.relConfs = args.uint('rel_confs');
  if (args.has('rel_nota')) conf.relNota = args.bool('rel_nota');
  return conf;
}

/** A node named by its 32-byte key (KDF's H256 hex); a 33-byte compressed key is taken without its prefix. */
function pubkeyItem(value: unknown, path: string): string {
  const hex = items.str(value, path).toLowerCase().replace(/^0x/, '');
  if (/^[0-9a-f]{64}$/.test(hex)) return hex;
  if (/^0[23][0-9a-f]{64}$/.test(hex)) return hex.slice(2);
  throw new ParamError(path, `invalid pubkey for \`${path}\`: expected 32 bytes of hex`);
}

function uuidItem(value: unknown, path: string): string {
  const uuid = parseUuid(items.str(value, path));
  if (!uuid) throw new ParamError(path, `invalid uuid for \`${path}\``);
  return uuid;
}

function matchByArg(args: ParamReader): MatchBy {
  const m = args.optObj('match_by');
  if (!m) return { type: 'Any' };
  const type = m.oneOf('type', ['Any', 'Orders', 'Pubkeys'] as const);
  if (type === 'Any') return { type };
  return type === 'Orders' ? { type, data: m.arr('data', uuidItem) } : { type, data: m.arr('data', pubkeyItem) };
}

function orderTypeArg(args: ParamReader): OrderType {
  return args.optObj('order_type')?.oneOf('type', ['GoodTillCancelled', 'FillOrKill'] as const) ?? 'GoodTillCancelled';
}

async function setprice(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'setprice'>> {
  const order = await orders(ctx).setPrice({
    base: args.str('base'),
    rel: args.str('rel'),
    price: args.num('price'),
    volume: args.optNum('volume') ?? MmNumber.ZERO,
    max: args.optBool('max', false),
    minVolume: args.optNum('min_volume'),
    cancelPrevious: args.optBool('cancel_previous', true),
    saveInHistory: args.optBool('save_in_history', true),
    ...confArgs(args),
  });
  return { result: makerOrderToWire(order) };
}

async function updateMakerOrder(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'update_maker_order'>> {
  const order = await orders(ctx).updateMakerOrder({
    uuid: uuidArg(args, 'uuid'),
    newPrice: args.optNum('new_price'),
    volumeDelta: args.optNum('volume_delta'),
    minVolume: args.optNum('min_volume'),
    max: args.optBool('max', false),
    ...confArgs(args),
  });
  return { result: makerOrderToWire(order) };
}

function sellOrBuy(action: TakerAction) {
  return async (ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'sell' | 'buy'>> => {
    const order = await orders(ctx).sellOrBuy({
      action,
      base: args.str('base'),
      rel: args.str('rel'),
      price: args.num('price'),
      volume: args.num('volume'),
      minVolume: args.optNum('min_volume'),
      matchBy: matchByArg(args),
      orderType: orderTypeArg(args),
      timeout: args.optUint('timeout') ?? TAKER_ORDER_TIMEOUT,
      saveInHistory: args.optBool('save_in_history', true),
      ...confArgs(args),
    });
    return { result: sellBuyResponse(order) };
  };
}

async function cancelOrder(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'cancel_order'>> {
  const uuid = uuidArg(args, 'uuid');
  if (await orders(ctx).cancelOrder(uuid)) return { result: 'success' };
  return new LegacyResponse(404, { error: `Order with uuid ${uuid} is not found` }, orderRefusal.noSuchOrder(uuid));
}

function cancelByArg(args: ParamReader): CancelBy {
  const by = args.obj_('cancel_by');
  const type = by.oneOf('type', ['All', 'Pair', 'Coin'] as const);
  if (type === 'All') return { type };
  const data = by.obj_('data');
  return type === 'Pair' ? { type, base: data.str('base'), rel: data.str('rel') } : { type, ticker: data.str('ticker') };
}

async function cancelAllOrders(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'cancel_all_orders'>> {
  const { cancelled, currentlyMatching } = await orders(ctx).cancelAllOrders(cancelByArg(args));
  return { result: { cancelled, currently_matching: currentlyMatching } };
}

async function myOrders(ctx: NodeContext): Promise<LegacyAnswer<'my_orders'>> {
  const service = orders(ctx);
  const makers = service.makerOrders().map((o) => [o.uuid, makerOrderForMyOrders(o)]);
  const takers = service.takerOrders().map((o) => [o.request.uuid, takerOrderToWire(o)]);
  return { result: { maker_orders: Object.fromEntries(makers), taker_orders: Object.fromEntries(takers) } };
}

/** Why a pair has no orderbook: KDF's `OrderbookRpcError` variants, which the flat form words as below. */
type PairRefusal =
  | { variant: 'BaseRelSame' }
  | { variant: 'CoinConfigNotFound'; coin: string }
  | { variant: 'CoinIsWalletOnly'; coin: string }
  | { variant: 'BaseRelSameOrderbookTickersAndProtocols' };

/** The pair's configs, or why it has no orderbook, checked in KDF's order. */
function orderbookPair(ctx: NodeContext, base: string, rel: string): { baseConfig: CoinConfig; relConfig: CoinConfig } | PairRefusal {
  if (base === rel) return { variant: 'BaseRelSame' };
  const baseConfig = ctx.coinsConfig.get(base);
  if (!baseConfig) return { variant: 'CoinConfigNotFound', coin: base };
  if (baseConfig.walletOnly) return { variant: 'CoinIsWalletOnly', coin: base };
  const relConfig = ctx.coinsConfig.get(rel);
  if (!relConfig) return { variant: 'CoinConfigNotFound', coin: rel };
  if (relConfig.walletOnly) return { variant: 'CoinIsWalletOnly', coin: rel };
  const sameTicker = (baseConfig.orderbookTicker ?? base) === (relConfig.orderbookTicker ?? rel);
  if (sameTicker && JSON.stringify(baseConfig.raw.protocol) === JSON.stringify(relConfig.raw.protocol)) {
    return { variant: 'BaseRelSameOrderbookTickersAndProtocols' };
  }
  return { baseConfig, relConfig };
}

/** KDF's `orderbook_rpc` messages (the wallet-only rel says "Base Coin" in KDF too). */
function legacyPairError(r: PairRefusal): MmError {
  switch (r.variant) {
    case 'BaseRelSame':
      return orderRefusal.baseEqualRel('Base and rel must be different coins');
    case 'CoinConfigNotFound':
      return orderRefusal.coinNotInConfig(r.coin);
    case 'CoinIsWalletOnly':
      return orderRefusal.coinIsWalletOnly('Base Coin', r.coin, null);
    case 'BaseRelSameOrderbookTickersAndProtocols':
      return orderRefusal.baseEqualRel('Base and rel coins have the same orderbook tickers and protocols.');
  }
}

/** `orderbook_rpc_v2`'s errors: all 400, the text a newtype's payload or a unit variant's name, as derive_more shows them. */
function v2PairError(r: PairRefusal): MmError {
  const coin = 'coin' in r ? r.coin : undefined;
  return new MmError({ errorType: r.variant, message: coin ?? r.variant, errorData: coin, httpStatus: 400 });
}

async function orderbook(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'orderbook'>> {
  const base = args.str('base');
  const rel = args.str('rel');
  const pair = orderbookPair(ctx, base, rel);
  if ('variant' in pair) throw legacyPairError(pair);
  // Ours (KDF ignores it): only the `limit` best asks and bids, so a page that shows the top of a
  // 10,000-order book is not sent all of it; counts and totals stay the whole book's.
  const limit = args.optUint('limit');
  const service = orders(ctx);
  const { asks, bids } = await service.orderbook(base, rel);
  return orderbookResponse({
    base,
    rel,
    asks,
    bids,
    ...pair,
    myPubkey: service.myPubkey,
    netid: ctx.conf.netid ?? 0,
    nowMs: ctx.platform.now(),
    limit,
  });
}

/** KDF's `orderbook_rpc_v2` (the Komodo Wallet SDK's form). */
async function orderbookV2(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'orderbook'>> {
  const base = params.str('base');
  const rel = params.str('rel');
  const pair = orderbookPair(ctx, base, rel);
  if ('variant' in pair) throw v2PairError(pair);
  const service = orders(ctx);
  const { asks, bids } = await service.orderbook(base, rel);
  return orderbookV2Response({
    base,
    rel,
    asks,
    bids,
    ...pair,
    myPubkey: service.myPubkey,
    netid: ctx.conf.netid ?? 0,
    nowMs: ctx.platform.now(),
  });
}

function readAction(args: ParamReader): BestOrdersAction {
  return args.oneOf('action', ['buy', 'sell'] as const);
}

async function bestOrdersLegacyRpc(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'best_orders'>> {
  const coin = args.str('coin');
  const action = readAction(args);
  const volume = args.num('volume');
  if (ctx.coinsConfig.get(coin)?.walletOnly) throw orderRefusal.coinIsWalletOnly('Coin', coin, null);
  const service = orders(ctx);
  const best = await service.bestOrders(coin, action, volume);
  return bestOrdersLegacy(best, action, ctx.coinsConfig, service.myPubkey, ctx.platform.now());
}

async function bestOrdersV2Rpc(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'best_orders'>> {
  const coin = params.str('coin');
  const action = readAction(params);
  const by = params.obj_('request_by');
  const limit: MmNumber | number = by.oneOf('type', ['volume', 'number'] as const) === 'volume' ? by.num('value') : by.uint('value');
  const excludeMine = params.optBool('exclude_mine', false);
  if (ctx.coinsConfig.get(coin)?.walletOnly) throw bestOrdersError.coinIsWalletOnly(coin);
  const service = orders(ctx);
  const best = await service.bestOrders(coin, action, limit);
  return bestOrdersV2(best, action, ctx.coinsConfig, service.myPubkey, excludeMine);
}

/** KDF's `disable_coin_err`: a 500 naming the orders and swaps that kept the coin enabled. */
function disableCoinError(error: string, matching: string[], activeSwaps: string[]): LegacyResponse {
  return new LegacyResponse(500, { error, orders: { matching, cancelled: [] }, active_swaps: activeSwaps });
}

/**
 * KDF's `disable_coin` (legacy.rs): refuses while an order of the coin is matching or a swap uses
 * it; otherwise cancels its orders (`cancelled_orders`) and removes it, or, for a platform whose
 * tokens stay enabled, only makes it passive (`passivized: true`) unless `force_disable`, which
 * removes the tokens with it (and cancels their orders too, where KDF leaves them behind).
 */
async function disableCoin(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'disable_coin'>> {
  const ticker = args.str('coin');
  const force = args.optBool('force_disable', false);
  const registry = ctx.enabledCoins;
  if (!registry.getAny(ticker) || (!registry.get(ticker) && !force)) return disableCoinError(`No such coin: ${ticker}`, [], []);
  const tokens = registry.tokensOf(ticker);
  const passivize = tokens.length > 0 && !force;
  const going = new Set(passivize ? [ticker] : [ticker, ...tokens]);
  const disable = async (): Promise<void> => {
    if (passivize) {
      registry.passivize(ticker);
      return ctx.log('info', `${ticker} is passive: its tokens ${tokens.join(', ')} stay enabled`);
    }
    for (const token of tokens) {
      await registry.remove(token);
      ctx.log('info', `${token} disabled with its platform ${ticker}`);
    }
    await registry.remove(ticker);
    ctx.log('info', `${ticker} disabled`);
  };
  let cancelled: string[] = [];
  if (ctx.orders) {
    let outcome: DisableCoinOutcome;
    try {
      outcome = await ctx.orders.disableCoin(ticker, going, disable);
    } catch (e) {
      if (e instanceof MmError && e.errorType === 'StorageError') return disableCoinError(e.message, [], []);
      throw e;
    }
    if (!outcome.disabled) return disableCoinError('There are currently matching orders, active swaps', outcome.matching, outcome.activeSwaps);
    cancelled = outcome.cancelled;
  } else {
    await disable();
  }
  return { result: { coin: ticker, cancelled_orders: cancelled, passivized: passivize } };
}

export const ordersHandlers: HandlerTable = {
  ...orderQueryHandlers,
  disable_coin: { legacy: disableCoin },
  setprice: { legacy: setprice },
  update_maker_order: { legacy: updateMakerOrder },
  sell: { legacy: sellOrBuy('Sell') },
  buy: { legacy: sellOrBuy('Buy') },
  cancel_order: { legacy: cancelOrder },
  cancel_all_orders: { legacy: cancelAllOrders },
  my_orders: { legacy: myOrders },
  orderbook: { legacy: orderbook, mmrpc: orderbookV2 },
  best_orders: { legacy: bestOrdersLegacyRpc, mmrpc: bestOrdersV2Rpc },
};
