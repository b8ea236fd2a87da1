/**
 * What an order from the network must look like to enter the book. KDF's own rule
 * (`insert_or_update_order`): a price and a max volume above zero, a min volume not below zero,
 * else the order is dropped. KDF bounds nothing else on others' orders; its bounds on its own
 * (`validate_price`, `min_trading_vol`: at least one smallest unit of each coin, 10⁻¹⁸ for an
 * 18-decimal coin) give the floor here, and these add what no honest maker sends (issue 26):
 * - volumes: the max volume in the base coin and its worth in the rel coin (max × price) between
 *   MIN_ORDER_VOLUME and MAX_ORDER_VOLUME, which bounds the price too (10⁶⁰ or 10⁻³⁰ for one coin
 *   is refused), and the min volume at most the max;
 * - `created_at` no later than our clock plus KDF's MAX_TIME_GAP_FOR_CONNECTED_PEER (20 s): an
 *   order cannot have been created in the future (old ones are fine: orders live long).
 */
import { MmNumber } from '../../shared/number';
import type { OrderbookItem } from './types';

/** One smallest unit of an 18-decimal coin, the finest any coin KDF lists has. */
export const MIN_ORDER_VOLUME = MmNumber.of(1n, 10n ** 18n);
/** 10¹⁸ whole coins: beyond every coin's supply. */
export const MAX_ORDER_VOLUME = MmNumber.of(10n ** 18n);
/** How far `created_at` may be ahead of our clock, seconds (MAX_TIME_GAP_FOR_CONNECTED_PEER). */
export const MAX_CREATED_AHEAD_S = 20;

/** Why `o`'s numbers keep it out of the book, or null when they do not. */
export function implausibility(o: OrderbookItem): string | null {
  if (!o.price.isPositive() || !o.maxVolume.isPositive() || o.minVolume.isNegative()) return 'a price or volume not above zero';
  if (o.maxVolume.lt(o.minVolume)) return 'a min volume above its max';
  if (o.maxVolume.lt(MIN_ORDER_VOLUME) || o.maxVolume.gt(MAX_ORDER_VOLUME)) return 'a max volume out of bounds';
  // The price is positive, so it bounds the rel volume before any multiplication of giant numbers.
  const worth = o.maxVolume.mul(o.price);
  if (worth.lt(MIN_ORDER_VOLUME) || worth.gt(MAX_ORDER_VOLUME)) return 'a rel volume out of bounds';
  return null;
}

/** Whether `o` claims a creation after our clock (`now`, ms) allows: checked where orders arrive from peers. */
export function isCreatedInFuture(o: Pick<OrderbookItem, 'createdAt'>, now: number): boolean {
  return o.createdAt > Math.floor(now / 1000) + MAX_CREATED_AHEAD_S;
}
