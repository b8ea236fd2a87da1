/**
 * `coins_needed_for_kick_start` (KDF lp_swap.rs): the coins a client must activate so that what the
 * node restored can go on — the two coins of every unfinished stored swap and of every stored open
 * order of mine. KDF computes the set once at start and keeps answering it; here it is computed
 * on each call and leaves out the coins already active, so it names exactly what is still missing.
 */
import type { EnabledCoins } from '../coins/registry';
import { isFinished, startedData, type SavedSwap } from '../swaps/engine/savedSwap';
import { coinsOf } from './core';
import type { MakerOrder, TakerOrder } from './types';

export function coinsNeededForKickStart(
  storedSwaps: readonly SavedSwap[],
  myOrders: readonly (MakerOrder | TakerOrder)[],
  enabled: Pick<EnabledCoins, 'get'>,
): string[] {
  const needed = new Set<string>();
  for (const swap of storedSwaps) {
    if (isFinished(swap)) continue;
    const started = startedData(swap);
    needed.add(started.maker_coin).add(started.taker_coin);
  }
  for (const order of myOrders) for (const coin of coinsOf(order)) needed.add(coin);
  return [...needed].filter((coin) => !enabled.get(coin)).sort();
}
