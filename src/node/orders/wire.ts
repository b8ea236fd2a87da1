/**
 * My orders on the wire, in KDF's field order (lp_ordermatch.rs `MakerOrderForRpc`,
 * `MakerOrderForMyOrdersRpc`, `TakerOrderForRpc`, the `*ForRpc` match parts; mm2_rpc
 * `SellBuyResponse`, kdf-facts §1.3). `x_rat` fields are rationals, decimals are KDF's strings.
 */
import type { Def } from '../../shared/contract';
import { availableAmount, makerCancellable, takerCancellable } from './matching';
import type {
  ConfSettings,
  ConnectMessage,
  HistoricalOrder,
  MakerMatch,
  MakerOrder,
  MakerReserved,
  MatchBy,
  TakerMatch,
  TakerOrder,
  TakerRequest,
} from './types';

export function confToWire(c: ConfSettings): Def<'OrderConfirmationsSettings'> {
  return { base_confs: c.baseConfs, base_nota: c.baseNota, rel_confs: c.relConfs, rel_nota: c.relNota };
}

function matchByToWire(m: MatchBy): Def<'MatchBy'> {
  return m.type === 'Any' ? { type: 'Any' } : { type: m.type, data: [...m.data] };
}

function requestToWire(r: TakerRequest): Def<'TakerRequest'> {
  return {
    base: r.base,
    rel: r.rel,
    base_amount: r.baseAmount.toDecimalString(),
    base_amount_rat: r.baseAmount.toRational(),
    rel_amount: r.relAmount.toDecimalString(),
    rel_amount_rat: r.relAmount.toRational(),
    action: r.action,
    uuid: r.uuid,
    method: 'request',
    sender_pubkey: r.senderPubkey,
    dest_pub_key: r.destPubKey,
    match_by: matchByToWire(r.matchBy),
    conf_settings: confToWire(r.confSettings),
  };
}

function reservedToWire(r: MakerReserved): Def<'MakerReserved'> {
  return {
    base: r.base,
    rel: r.rel,
    base_amount: r.baseAmount.toDecimalString(),
    base_amount_rat: r.baseAmount.toRational(),
    rel_amount: r.relAmount.toDecimalString(),
    rel_amount_rat: r.relAmount.toRational(),
    taker_order_uuid: r.takerOrderUuid,
    maker_order_uuid: r.makerOrderUuid,
    sender_pubkey: r.senderPubkey,
    dest_pub_key: r.destPubKey,
    conf_settings: confToWire(r.confSettings),
    method: 'reserved',
  };
}

/** KDF's `TakerConnect` and `MakerConnected` have the same fields. */
function connectToWire(c: ConnectMessage, method: 'connect' | 'connected'): Def<'TakerConnect'> {
  return {
    taker_order_uuid: c.takerOrderUuid,
    maker_order_uuid: c.makerOrderUuid,
    method,
    sender_pubkey: c.senderPubkey,
    dest_pub_key: c.destPubKey,
  };
}

/** A match of my maker order, as `my_orders` shows it under `matches`. */
export function makerMatchToWire(m: MakerMatch): Def<'MakerMatch'> {
  return {
    request: requestToWire(m.request),
    reserved: reservedToWire(m.reserved),
    connect: m.connect ? connectToWire(m.connect, 'connect') : null,
    connected: m.connected ? connectToWire(m.connected, 'connected') : null,
    last_updated: m.lastUpdated,
  };
}

/** A match of my taker request, as `my_orders` shows it under `matches`. */
export function takerMatchToWire(m: TakerMatch): Def<'TakerMatch'> {
  return {
    reserved: reservedToWire(m.reserved),
    connect: connectToWire(m.connect, 'connect'),
    connected: m.connected ? connectToWire(m.connected, 'connected') : null,
    last_updated: m.lastUpdated,
  };
}

function historicalToWire(h: HistoricalOrder): Def<'HistoricalOrder'> {
  return {
    ...(h.maxBaseVol && { max_base_vol: h.maxBaseVol.toRational() }),
    ...(h.minBaseVol && { min_base_vol: h.minBaseVol.toRational() }),
    ...(h.price && { price: h.price.toRational() }),
    ...(h.updatedAt !== undefined && { updated_at: h.updatedAt }),
    ...(h.confSettings && { conf_settings: confToWire(h.confSettings) }),
  };
}

function mapToWire<T, W>(m: ReadonlyMap<string, T>, f: (v: T) => W): Record<string, W> {
  return Object.fromEntries([...m].map(([k, v]) => [k, f(v)]));
}

/** KDF's `MakerOrderForRpc`: the `result` of `setprice` and `update_maker_order`. */
export function makerOrderToWire(o: MakerOrder): Def<'SetPriceResult'> {
  return {
    base: o.base,
    rel: o.rel,
    price: o.price.toDecimalString(),
    price_rat: o.price.toRational(),
    max_base_vol: o.maxBaseVol.toDecimalString(),
    max_base_vol_rat: o.maxBaseVol.toRational(),
    min_base_vol: o.minBaseVol.toDecimalString(),
    min_base_vol_rat: o.minBaseVol.toRational(),
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    matches: mapToWire(o.matches, makerMatchToWire),
    started_swaps: [...o.startedSwaps],
    uuid: o.uuid,
    conf_settings: confToWire(o.confSettings),
    ...(o.changesHistory.length > 0 && { changes_history: o.changesHistory.map(historicalToWire) }),
    base_orderbook_ticker: o.baseOrderbookTicker,
    rel_orderbook_ticker: o.relOrderbookTicker,
  };
}

/** `my_orders` adds whether the order may be cancelled now and what is still on offer. */
export function makerOrderForMyOrders(o: MakerOrder): Def<'MakerOrderRpcResult'> {
  return { ...makerOrderToWire(o), cancellable: makerCancellable(o), available_amount: availableAmount(o).toDecimalString() };
}

export function takerOrderToWire(o: TakerOrder): Def<'TakerOrderRpcResult'> {
  return {
    created_at: o.createdAt,
    request: requestToWire(o.request),
    matches: mapToWire(o.matches, takerMatchToWire),
    order_type: { type: o.orderType },
    cancellable: takerCancellable(o),
    base_orderbook_ticker: o.baseOrderbookTicker,
    rel_orderbook_ticker: o.relOrderbookTicker,
  };
}

/** KDF's `SellBuyResponse`: the request flattened, then the order's own settings. */
export function sellBuyResponse(o: TakerOrder): Def<'BuyOrSellRpcRes'> {
  return {
    ...requestToWire(o.request),
    order_type: { type: o.orderType },
    min_volume: o.minVolume.toDecimalString(),
    min_volume_rat: o.minVolume.toRational(),
    min_volume_fraction: o.minVolume.toFraction(),
    base_orderbook_ticker: o.baseOrderbookTicker,
    rel_orderbook_ticker: o.relOrderbookTicker,
  };
}
