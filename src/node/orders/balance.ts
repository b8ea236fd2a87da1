/**
 * The balance rules of placing an order, which the swaps domain owns (KDF's
 * `check_balance_for_maker_swap` / `check_balance_for_taker_swap` / `calc_max_maker_vol` at the
 * OrderIssue stage). What my other open orders promise is passed in, and held back on top of what
 * running swaps lock (the two reported apart), so two orders never both count on the same coins.
 */
import type { MmNumber } from '../../shared/number';

/** How much of a coin is promised elsewhere. */
export type LockedByOrders = (coin: string) => MmNumber;

export interface BalanceCheck {
  base: string;
  rel: string;
  volume: MmNumber;
  price: MmNumber;
  action: 'setprice' | 'buy' | 'sell';
}

export interface OrderBalance {
  /** Throws (NotSufficientBalance, …) unless the wallet can pay the swap this order would start. */
  check(req: BalanceCheck, locked: LockedByOrders): Promise<void>;
  /** The most of `coin` a maker order can offer now. */
  maxMakerVolume(coin: string, locked: LockedByOrders): Promise<MmNumber>;
}
