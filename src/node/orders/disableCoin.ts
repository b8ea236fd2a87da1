/**
 * The orders side of `disable_coin` (KDF's `legacy.rs`): a coin whose order is matching, or that a
 * swap uses, stays enabled; otherwise its orders are cancelled (stored as ended, then withdrawn
 * from the network) and the coin goes. All of it holds the coin locks, so no order of the coin is
 * placed between the check and the removal.
 */
import { coinsOf, type OrdersCore } from './core';
import { makerCancellable, takerCancellable } from './matching';
import type { EndedOrder } from './types';

export type DisableCoinOutcome =
  | { disabled: true; cancelled: string[] }
  | { disabled: false; matching: string[]; activeSwaps: string[] };

/**
 * `coins` are the coins that stop trading (the ticker, and a platform's tokens when they go with
 * it); `disable` removes or passivizes them once their orders are cancelled. Throws StorageError
 * with nothing cancelled and nothing disabled when the cancellation cannot be stored.
 */
export function disableCoinOrders(
  core: OrdersCore,
  ticker: string,
  coins: ReadonlySet<string>,
  disable: () => Promise<void>,
): Promise<DisableCoinOutcome> {
  const trades = (order: Parameters<typeof coinsOf>[0]) => coinsOf(order).some((c) => coins.has(c));
  const involved = [...core.makers.values(), ...core.takers.values()].filter(trades);
  const held = new Set([ticker, ...coins, ...involved.flatMap(coinsOf)]);
  return core.locks.run(held, async () => {
    // An order placed while waiting for the locks may trade coins that are not held: it is left alone.
    const inHand = (o: Parameters<typeof coinsOf>[0]) => trades(o) && coinsOf(o).every((c) => held.has(c));
    const makers = [...core.makers.values()].filter(inHand);
    const takers = [...core.takers.values()].filter(inHand);
    const matching = [
      ...makers.filter((o) => !makerCancellable(o)).map((o) => o.uuid),
      ...takers.filter((o) => !takerCancellable(o)).map((o) => o.request.uuid),
    ];
    const activeSwaps = core.activeSwaps.usingCoins(coins);
    if (matching.length > 0 || activeSwaps.length > 0) return { disabled: false, matching, activeSwaps };
    const ended: EndedOrder[] = [...makers, ...takers].map((order) => ({ order, reason: 'Cancelled' }));
    await core.retire(ended);
    await disable();
    return { disabled: true, cancelled: [...makers.map((o) => o.uuid), ...takers.map((o) => o.request.uuid)] };
  });
}
