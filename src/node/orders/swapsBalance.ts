/**
 * The order balance rules over the node's activated coins, by the swaps domain. Kept apart from the
 * orders service, which only knows the `OrderBalance` interface, so that the context (which holds
 * the service) and the swaps domain (which reads the context) never import each other in a circle.
 */
import type { NodeContext } from '../context';
import { checkBalanceForSwap, maxMakerVol } from '../swaps';
import type { OrderBalance } from './balance';

export function swapsBalance(ctx: NodeContext): OrderBalance {
  return {
    check: (req, locked) => checkBalanceForSwap(ctx, { ...req, lockedBySwaps: locked }),
    maxMakerVolume: (coin, locked) => maxMakerVol(ctx, coin, { lockedBySwaps: locked }),
  };
}
