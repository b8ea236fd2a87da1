/**
 * Answers of the node's RPC as KDF shapes them (tests/fixtures/kdf-shapes, typed by the contract),
 * built from exact numbers for the page's readers: an orderbook and its rows, `my_orders`' maker
 * orders. Each number goes out in KDF's three forms (`x`, `x_rat`, `x_fraction`) where KDF has them.
 */
import type { Rational } from '../../../src/shared/contract';
import { MmNumber } from '../../../src/shared/number';
import type { MakerOrderInfo, OrderbookEntry, OrderbookResponse } from '../../../src/ui/lib/orders';

type MakerMatch = MakerOrderInfo['matches'][string];

/** `x` as KDF's `x_rat`: num-bigint's serde form, with the sign the contract's type spells out. */
export function rat(x: MmNumber): Rational {
  const [[sign, digits], [, denom]] = x.toRational();
  return [[sign < 0 ? -1 : sign > 0 ? 1 : 0, digits], [1, denom]];
}

/** A row of `orderbook` for `volume` of the base at `price` (decimal texts, as a test types them). */
export function bookEntry(uuid: string, price: string, volume: string, age: number): OrderbookEntry {
  const p = MmNumber.parse(price);
  const v = MmNumber.parse(volume);
  const min = MmNumber.parse('0.001');
  const relV = v.mul(p);
  const relMin = min.mul(p);
  return {
    coin: 'A',
    address: 'addr',
    price,
    price_rat: rat(p),
    price_fraction: p.toFraction(),
    maxvolume: volume,
    max_volume_rat: rat(v),
    max_volume_fraction: v.toFraction(),
    min_volume: min.toDecimalString(),
    min_volume_rat: rat(min),
    min_volume_fraction: min.toFraction(),
    pubkey: '02ab',
    age,
    uuid,
    is_mine: false,
    base_max_volume: volume,
    base_max_volume_rat: rat(v),
    base_max_volume_fraction: v.toFraction(),
    base_min_volume: min.toDecimalString(),
    base_min_volume_rat: rat(min),
    base_min_volume_fraction: min.toFraction(),
    rel_max_volume: relV.toDecimalString(),
    rel_max_volume_rat: rat(relV),
    rel_max_volume_fraction: relV.toFraction(),
    rel_min_volume: relMin.toDecimalString(),
    rel_min_volume_rat: rat(relMin),
    rel_min_volume_fraction: relMin.toFraction(),
    base_max_volume_aggr: volume,
    base_max_volume_aggr_rat: rat(v),
    base_max_volume_aggr_fraction: v.toFraction(),
    rel_max_volume_aggr: relV.toDecimalString(),
    rel_max_volume_aggr_rat: rat(relV),
    rel_max_volume_aggr_fraction: relV.toFraction(),
  };
}

/** `orderbook`'s answer with these rows; its totals are zero (no reader here takes them). */
export function orderbook(asks: OrderbookEntry[], bids: OrderbookEntry[], base = 'A', rel = 'B'): OrderbookResponse {
  const zero = { decimal: '0', rat: rat(MmNumber.ZERO), fraction: MmNumber.ZERO.toFraction() };
  return {
    askdepth: 0,
    asks,
    base,
    biddepth: 0,
    bids,
    netid: 7777,
    numasks: asks.length,
    numbids: bids.length,
    rel,
    timestamp: 0,
    total_asks_base_vol: zero.decimal,
    total_asks_base_vol_rat: zero.rat,
    total_asks_base_vol_fraction: zero.fraction,
    total_asks_rel_vol: zero.decimal,
    total_asks_rel_vol_rat: zero.rat,
    total_asks_rel_vol_fraction: zero.fraction,
    total_bids_base_vol: zero.decimal,
    total_bids_base_vol_rat: zero.rat,
    total_bids_base_vol_fraction: zero.fraction,
    total_bids_rel_vol: zero.decimal,
    total_bids_rel_vol_rat: zero.rat,
    total_bids_rel_vol_fraction: zero.fraction,
  };
}

/** A maker order as `my_orders` lists it, unmatched: selling `volume` of `base` at `price` `rel` each. */
export function myMakerOrder(o: { uuid: string; base: string; rel: string; price: MmNumber; volume: MmNumber; min?: MmNumber; createdAt?: number }): MakerOrderInfo {
  const min = o.min ?? MmNumber.parse('0.0001');
  return {
    max_base_vol: o.volume.toDecimalString(),
    max_base_vol_rat: rat(o.volume),
    min_base_vol: min.toDecimalString(),
    min_base_vol_rat: rat(min),
    price: o.price.toDecimalString(),
    price_rat: rat(o.price),
    created_at: o.createdAt ?? 0,
    updated_at: o.createdAt ?? 0,
    base: o.base,
    rel: o.rel,
    matches: {},
    started_swaps: [],
    uuid: o.uuid,
    conf_settings: null,
    base_orderbook_ticker: null,
    rel_orderbook_ticker: null,
    cancellable: true,
    available_amount: o.volume.toDecimalString(),
  };
}

/** A match of a maker order of BASE/REL at price 1 that reserves `amount` of the base for a taker's buy, not yet connected. */
export function makerMatch(amount: MmNumber, makerOrderUuid: string, takerOrderUuid: string): MakerMatch {
  const pubkey = '00'.repeat(32);
  const conf = { base_confs: 1, base_nota: false, rel_confs: 1, rel_nota: false };
  const amounts = { base_amount: amount.toDecimalString(), base_amount_rat: rat(amount), rel_amount: amount.toDecimalString(), rel_amount_rat: rat(amount) };
  return {
    request: {
      base: 'BASE',
      rel: 'REL',
      ...amounts,
      action: 'Buy',
      uuid: takerOrderUuid,
      method: 'request',
      sender_pubkey: pubkey,
      dest_pub_key: pubkey,
      match_by: { type: 'Any' },
      conf_settings: conf,
    },
    reserved: {
      base: 'BASE',
      rel: 'REL',
      ...amounts,
      taker_order_uuid: takerOrderUuid,
      maker_order_uuid: makerOrderUuid,
      method: 'reserved',
      sender_pubkey: pubkey,
      dest_pub_key: pubkey,
      conf_settings: conf,
    },
    connect: null,
    connected: null,
    last_updated: 0,
  };
}
