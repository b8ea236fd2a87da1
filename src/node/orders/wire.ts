/**
 * My orders on the wire, in KDF's field order (lp_ordermatch.rs `MakerOrderForRpc`,
 * `MakerOrderForMyOrdersRpc`, `TakerOrderForRpc`, the `*ForRpc` match parts; mm2_rpc
 * `SellBuyResponse`, kdf-facts §1.3). `x_rat` fields are rationals, decimals are KDF's strings.
 */
import type { MmNumber } from '../../shared/number';
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

export function confToWire(c: ConfSettings): Record<string, unknown> {
  return { base_confs: c.baseConfs, base_nota: c.baseNota, rel_confs: c.relConfs, rel_nota: c.relNota };
}

function matchByToWire(m: MatchBy): Record<string, unknown> {
  return m.type === 'Any' ? { type: 'Any' } : { type: m.type, data: [...m.data] };
}

const amount = (prefix: string, n: MmNumber): Record<string, unknown> => ({
  [prefix]: n.toDecimalString(),
  [`${prefix}_rat`]: n.toRational(),
});

function requestToWire(r: TakerRequest): Record<string, unknown> {
  return {
    base: r.base,
    rel: r.rel,
    ...amount('base_amount', r.baseAmount),
    ...amount('rel_amount', r.relAmount),
    action: r.action,
    uuid: r.uuid,
    method: 'request',
    sender_pubkey: r.senderPubkey,
    dest_pub_key: r.destPubKey,
    match_by: matchByToWire(r.matchBy),
    conf_settings: confToWire(r.confSettings),
  };
}

function reservedToWire(r: MakerReserved): Record<string, unknown> {
  return {
    base: r.base,
    rel: r.rel,
    ...amount('base_amount', r.baseAmount),
    ...amount('rel_amount', r.relAmount),
    taker_order_uuid: r.takerOrderUuid,
    maker_order_uuid: r.makerOrderUuid,
    sender_pubkey: r.senderPubkey,
    dest_pub_key: r.destPubKey,
    conf_settings: confToWire(r.confSettings),
    method: 'reserved',
  };
}

function connectToWire(c: ConnectMessage | undefined, method: 'connect' | 'connected'): Record<string, unknown> | null {
  if (!c) return null;
  return {
    taker_order_uuid: c.takerOrderUuid,
    maker_order_uuid: c.makerOrderUuid,
    method,
    sender_pubkey: c.senderPubkey,
    dest_pub_key: c.destPubKey,
  };
}

/** A match of my maker order, as `my_orders` shows it under `matches`. */
export function makerMatchToWire(m: MakerMatch): Record<string, unknown> {
  return {
    request: requestToWire(m.request),
    reserved: reservedToWire(m.reserved),
    connect: connectToWire(m.connect, 'connect'),
    connected: connectToWire(m.connected, 'connected'),
    last_updated: m.lastUpdated,
  };
}

/** A match of my taker request, as `my_orders` shows it under `matches`. */
export function takerMatchToWire(m: TakerMatch): Record<string, unknown> {
  return {
    reserved: reservedToWire(m.reserved),
    connect: connectToWire(m.connect, 'connect'),
    connected: connectToWire(m.connected, 'connected'),
    last_updated: m.lastUpdated,
  };
}

function historicalToWire(h: HistoricalOrder): Record<string, unknown> {
  return {
    ...(h.maxBaseVol && { max_base_vol: h.maxBaseVol.toRational() }),
    ...(h.minBaseVol && { min_base_vol: h.minBaseVol.toRational() }),
    ...(h.price && { price: h.price.toRational() }),
    ...(h.updatedAt !== undefined && { updated_at: h.updatedAt }),
    ...(h.confSettings && { conf_settings: confToWire(h.confSettings) }),
  };
}

function mapToWire<T>(m: ReadonlyMap<string, T>, f: (v: T) => unknown): Record<string, unknown> {
  return Object.fromEntries([...m].map(([k, v]) => [k, f(v)]));
}

/** KDF's `MakerOrderForRpc`: the `result` of `setprice` and `update_maker_order`. */
export function makerOrderToWire(o: MakerOrder): Record<string, unknown> {
  return {
    base: o.base,
    rel: o.rel,
    ...amount('price', o.price),
    ...amount('max_base_vol', o.maxBaseVol),
    ...amount('min_base_vol', o.minBaseVol),
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
export function makerOrderForMyOrders(o: MakerOrder): Record<string, unknown> {
  return { ...makerOrderToWire(o), cancellable: makerCancellable(o), available_amount: availableAmount(o).toDecimalString() };
}

export function takerOrderToWire(o: TakerOrder): Record<string, unknown> {
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
export function sellBuyResponse(o: TakerOrder): Record<string, unknown> {
  return {
    ...requestToWire(o.request),
    order_type: { type: o.orderType },
    ...o.minVolume.toJsonTriple('min_volume'),
    base_orderbook_ticker: o.baseOrderbookTicker,
    rel_orderbook_ticker: o.relOrderbookTicker,
  };
}
