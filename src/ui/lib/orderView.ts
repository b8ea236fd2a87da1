/**
 * How the exchange page shows prices, amounts and the user's own maker orders. KDF's numbers can
 * carry 100 digits (a price of 10/9), so the page rounds them for display only and keeps the exact
 * value for hover, copy and the RPCs. A `buy` that timed out as GoodTillCancelled becomes a maker
 * order *selling the rel coin* (KDF inverts base/rel and price on conversion); the page shows it the
 * way the user placed it — "Buy 1 RLTC1 at 0.9 RLTC2" — when it knows the order came from a buy.
 */
import { MmNumber } from '../../shared/number';
import type { Rational } from '../../shared/contract';
import type { LegacyParams } from '../../shared/contract/params';
import type { MakerOrderAnswer } from './orders';
import { num, roundNumber } from './orders';

/** Decimals shown for a number of ordinary size. */
export const DISPLAY_PLACES = 8;
/** Significant digits kept for numbers too small for {@link DISPLAY_PLACES}. */
const SMALL_SIGNIFICANT = 4;
/** No display needs more decimals than a wei-precision coin has. */
const MAX_PLACES = 18;

/** Below 10^-SMALL_FROM every further leading zero needs one more decimal to keep 4 significant digits. */
const SMALL_FROM = DISPLAY_PLACES - SMALL_SIGNIFICANT + 1;

/**
 * `value` rounded half up for display: {@link DISPLAY_PLACES} decimals, or as many as keep 4
 * significant digits of a smaller number (so a price of 0.000000001234 does not show as 0),
 * trailing zeros dropped. An unreadable input comes back as it was.
 */
export function displayNumber(value: string | MmNumber): string {
  const n = typeof value === 'string' ? num(value) : value;
  if (!n) return String(value);
  if (n.isZero()) return '0';
  let places = DISPLAY_PLACES;
  // |n| < 10^-k  ⇔  |numer| · 10^k < denom, on the integers.
  let scaled = (n.numer < 0n ? -n.numer : n.numer) * 10n ** BigInt(SMALL_FROM);
  while (scaled < n.denom && places < MAX_PLACES) {
    scaled *= 10n;
    places++;
  }
  return roundNumber(n, places).toDecimalString();
}

/** "25/11/2026, 05:30:12" in the user's locale: one formatter for every row (building one costs more than formatting). */
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });
const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** A moment (ms) as date and time, for an order's creation. */
export function formatDateTime(ms: number): string {
  return DATE_TIME.format(ms);
}

/** A moment (ms) as a time of day, for when the book was read. */
export function formatTime(ms: number): string {
  return TIME.format(ms);
}

/** A number for an RPC argument: its decimal text when that is exact, else a fraction (KDF reads both). */
export function wireNumber(n: MmNumber): string | { numer: string; denom: string } {
  const text = n.toDecimalString();
  const back = num(text);
  return back && back.eq(n) ? text : n.toFraction();
}

/** How the page learnt which side the user placed: only a page-placed buy turns a maker order round. */
export type PlacedSide = 'Buy' | 'Sell';

/** A maker order as the user placed it: side, pair and exact numbers in that orientation. */
export interface MakerOrderView {
  side: PlacedSide;
  base: string;
  rel: string;
  /** `rel` per 1 `base`. */
  price: MmNumber;
  volume: MmNumber;
  minVolume: MmNumber;
  available: MmNumber;
}

/**
 * What a view reads of a maker order, as `setprice` and `update_maker_order` answer it and
 * `my_orders` lists it: the exact `_rat` numbers (the decimal texts are cut at 100 digits).
 */
export type MakerOrderTerms = Pick<MakerOrderAnswer, 'uuid' | 'base' | 'rel' | 'price_rat' | 'max_base_vol_rat' | 'min_base_vol_rat' | 'matches'>;

/** A `_rat` number; zero when unreadable, so one bad field cannot break the list. */
function exact(r: Rational): MmNumber {
  try {
    return MmNumber.parse(r);
  } catch {
    return MmNumber.ZERO;
  }
}

/**
 * What a new taker can still take of the order: its volume less what its matches reserve (KDF's
 * `MakerOrder::available_amount`, lp_ordermatch.rs), which `my_orders` reports and `setprice` does not.
 */
function availableOf(order: MakerOrderTerms): MmNumber {
  let reserved = MmNumber.ZERO;
  for (const m of Object.values(order.matches)) reserved = reserved.add(exact(m.reserved.base_amount_rat));
  return exact(order.max_base_vol_rat).sub(reserved);
}

/**
 * `order` in the user's terms. A maker order from a converted buy sells `rel_amount` of the buy's
 * rel coin at `1/price`; turned round it buys `max_base_vol × price` of the order's rel coin at
 * `1/price` of its base coin. Anything else is a sell of the order's base, as it stands.
 */
export function makerOrderView(order: MakerOrderTerms, placed: PlacedSide = 'Sell'): MakerOrderView {
  const price = exact(order.price_rat);
  const volume = exact(order.max_base_vol_rat);
  const minVolume = exact(order.min_base_vol_rat);
  const available = availableOf(order);
  if (placed === 'Sell' || !price.isPositive()) {
    return { side: 'Sell', base: order.base, rel: order.rel, price, volume, minVolume, available };
  }
  return {
    side: 'Buy',
    base: order.rel,
    rel: order.base,
    price: MmNumber.ONE.div(price),
    volume: volume.mul(price),
    minVolume: minVolume.mul(price),
    available: available.mul(price),
  };
}

/**
 * `update_maker_order`'s arguments for a new price and amount typed in the view's terms, or null
 * when nothing changes. For a turned-round buy the node's price is `1/price` and its volume (of
 * the coin paid) `amount × price`; the volume changes by a delta, exactly.
 */
export function updateArgsFor(
  order: MakerOrderTerms,
  view: MakerOrderView,
  newPrice: MmNumber,
  newVolume: MmNumber,
): LegacyParams<'update_maker_order'> | null {
  const oldMakerVolume = exact(order.max_base_vol_rat);
  const priceChanged = !newPrice.eq(view.price);
  // A buy's volume on the book is what it pays, so a new price alone changes it too.
  const makerVolume = view.side === 'Buy' ? newVolume.mul(newPrice) : newVolume;
  const volumeChanged = !makerVolume.eq(oldMakerVolume);
  if (!priceChanged && !volumeChanged) return null;
  return {
    uuid: order.uuid,
    ...(priceChanged ? { new_price: wireNumber(view.side === 'Buy' ? MmNumber.ONE.div(newPrice) : newPrice) } : {}),
    ...(volumeChanged ? { volume_delta: wireNumber(makerVolume.sub(oldMakerVolume)) } : {}),
  };
}
