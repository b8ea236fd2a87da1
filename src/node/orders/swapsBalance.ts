/**
 * The order balance rules over the node's activated coins, by the swaps domain. Kept apart from the
 * orders service, which only knows the `OrderBalance` interface, so that the context (which holds
 * the service) and the swaps domain (which reads the context) never import each other in a circle.
 */
import { MmNumber } from '../../shared/number';
import type { NodeContext } from '../core/context';
import { checkBalanceForSwap, lockedAmounts, maxMakerVol, type LockedAmounts } from '../swaps';
import type { LockedByOrders, OrderBalance } from './balance';

export function swapsBalance(ctx: NodeContext): OrderBalance {
  /** What running swaps have yet to send, then what my other orders promise. */
  const held = (byOrders: LockedByOrders): LockedAmounts => lockedAmounts((coin) => ctx.swaps?.lockedAmount(coin) ?? MmNumber.ZERO, byOrders);
  return {
    check: (req, locked) => checkBalanceForSwap(ctx, { ...req, lockedBySwaps: held(locked) }),
    maxMakerVolume: (coin, locked) => maxMakerVol(ctx, coin, { lockedBySwaps: held(locked) }),
  };
}
