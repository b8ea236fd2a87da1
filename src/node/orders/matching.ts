/**
 * KDF's matching rules (lp_ordermatch.rs `MakerOrder::match_with_request`,
 * `TakerOrder::match_reserved`) and the order arithmetic around them. Pure functions: the service
 * decides what to send and store.
 */
import { MmNumber } from '../../shared/number';
import type { ConfSettings, MakerOrder, MakerReserved, TakerOrder, TakerRequest } from './types';

export function reservedAmount(order: MakerOrder): MmNumber {
  let sum = MmNumber.ZERO;
  for (const m of order.matches.values()) sum = sum.add(m.reserved.baseAmount);
  return sum;
}

/** What a new taker can still take: max volume less every reservation. */
export function availableAmount(order: MakerOrder): MmNumber {
  return order.maxBaseVol.sub(reservedAmount(order));
}

/** A match neither connected nor being connected: the order may not be cancelled or updated now. */
export function hasOngoingMatches(order: MakerOrder): boolean {
  for (const m of order.matches.values()) if (!m.connect && !m.connected) return true;
  return false;
}

export function makerCancellable(order: MakerOrder): boolean {
  return !hasOngoingMatches(order);
}

export function takerCancellable(order: TakerOrder): boolean {
  return order.matches.size === 0;
}

export function makerBaseTicker(o: MakerOrder): string {
  return o.baseOrderbookTicker ?? o.base;
}

export function makerRelTicker(o: MakerOrder): string {
  return o.relOrderbookTicker ?? o.rel;
}

export function takerBaseTicker(o: TakerOrder): string {
  return o.baseOrderbookTicker ?? o.request.base;
}

export function takerRelTicker(o: TakerOrder): string {
  return o.relOrderbookTicker ?? o.request.rel;
}

const sameTicker = (coin: string, ticker: string | null, other: string): boolean => coin === other || ticker === other;

/**
 * The (base, rel) amounts a maker order gives a taker request, or null. A taker Buy takes the
 * maker's base at the taker's price or better; a taker Sell gives the maker's rel and gets base at
 * the maker's price (KDF computes the base amount with the maker's price, not the taker's).
 */
export function matchWithRequest(order: MakerOrder, req: TakerRequest): { base: MmNumber; rel: MmNumber } | null {
  if (!req.baseAmount.isPositive() || !req.relAmount.isPositive()) return null;
  const available = availableAmount(order);
  if (req.action === 'Buy') {
    const tickers =
      sameTicker(order.base, order.baseOrderbookTicker, req.base) && sameTicker(order.rel, order.relOrderbookTicker, req.rel);
    const takerPrice = req.relAmount.div(req.baseAmount);
    if (tickers && req.baseAmount.lte(available) && req.baseAmount.gte(order.minBaseVol) && takerPrice.gte(order.price)) {
      return { base: req.baseAmount, rel: req.baseAmount.mul(order.price) };
    }
    return null;
  }
  const tickers =
    sameTicker(order.base, order.baseOrderbookTicker, req.rel) && sameTicker(order.rel, order.relOrderbookTicker, req.base);
  const takerPrice = req.baseAmount.div(req.relAmount);
  const base = req.baseAmount.div(order.price);
  if (tickers && base.lte(available) && base.gte(order.minBaseVol) && takerPrice.gte(order.price)) {
    return { base, rel: req.baseAmount };
  }
  return null;
}

/** Whether a maker's reservation fits the taker's request (KDF's `match_reserved`). */
export function matchReserved(order: TakerOrder, reserved: MakerReserved, makerPubkey: string): boolean {
  const by = order.request.matchBy;
  if (by.type === 'Orders' && !by.data.includes(reserved.makerOrderUuid)) return false;
  if (by.type === 'Pubkeys' && !by.data.includes(makerPubkey)) return false;
  const req = order.request;
  if (req.action === 'Buy') {
    const tickers =
      sameTicker(req.base, order.baseOrderbookTicker, reserved.base) && sameTicker(req.rel, order.relOrderbookTicker, reserved.rel);
    return tickers && req.baseAmount.eq(reserved.baseAmount) && reserved.relAmount.lte(req.relAmount);
  }
  const tickers =
    sameTicker(req.base, order.baseOrderbookTicker, reserved.rel) && sameTicker(req.rel, order.relOrderbookTicker, reserved.base);
  return tickers && req.baseAmount.eq(reserved.relAmount) && req.relAmount.lte(reserved.baseAmount);
}

/** The reservation's price, rel per base: the taker prefers the lowest (KDF sorts by it). */
export function reservedPrice(r: MakerReserved): MmNumber {
  return r.relAmount.div(r.baseAmount);
}

export function reversedConf(c: ConfSettings): ConfSettings {
  return { baseConfs: c.relConfs, baseNota: c.relNota, relConfs: c.baseConfs, relNota: c.baseNota };
}

/**
 * A GoodTillCancelled request nobody matched becomes a maker order with the same uuid (KDF's
 * `From<TakerOrder> for MakerOrder`): a Sell as is, a Buy turned round (the maker order sells rel).
 */
export function takerToMaker(order: TakerOrder, now: number): MakerOrder {
  const req = order.request;
  const common = {
    uuid: req.uuid,
    createdAt: now,
    updatedAt: now,
    matches: new Map(),
    startedSwaps: [],
    changesHistory: [],
    saveInHistory: order.saveInHistory,
    wasTaker: true,
    takerOrigin: { request: req, createdAt: order.createdAt },
  };
  if (req.action === 'Sell') {
    return {
      ...common,
      base: req.base,
      rel: req.rel,
      price: req.relAmount.div(req.baseAmount),
      maxBaseVol: req.baseAmount,
      minBaseVol: order.minVolume,
      confSettings: req.confSettings,
      baseOrderbookTicker: order.baseOrderbookTicker,
      relOrderbookTicker: order.relOrderbookTicker,
    };
  }
  const price = req.baseAmount.div(req.relAmount);
  return {
    ...common,
    base: req.rel,
    rel: req.base,
    price,
    maxBaseVol: req.relAmount,
    minBaseVol: order.minVolume.div(price),
    confSettings: reversedConf(req.confSettings),
    baseOrderbookTicker: order.relOrderbookTicker,
    relOrderbookTicker: order.baseOrderbookTicker,
  };
}
