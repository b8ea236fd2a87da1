/**
 * What the streamers need from an activated coin: a change signal they can leave again, and a hook
 * that runs when the coin shuts down. A coin with a change signal (capabilities/changeSignal.ts:
 * UTXO coins, on every change of the wallet's script or a new block) gets one listener, which fans
 * out to the streamers currently watching, so enabling and disabling streams never piles listeners
 * onto a coin.
 */
import type { ChangeSignal } from '../coins/capabilities/changeSignal';
import { hasShutdownHooks } from '../coins/capabilities/shutdownHooks';
import type { EnabledCoin } from '../coins/coin';

const watchers = new WeakMap<ChangeSignal, Set<() => void>>();

/** Runs `listener` on each change the coin signals until the returned function is called. */
export function watchCoinChanges(coin: ChangeSignal, listener: () => void): () => void {
  let set = watchers.get(coin);
  if (!set) {
    const created = new Set<() => void>();
    coin.onChange(() => {
      for (const l of [...created]) l();
    });
    watchers.set(coin, created);
    set = created;
  }
  set.add(listener);
  return () => set.delete(listener);
}

const shutdownHooks = new WeakMap<EnabledCoin, Set<string>>();

/** Runs `onShutdown` when the coin is disabled or the node stops; registered once per coin and `key`. */
export function onCoinShutdown(coin: EnabledCoin, key: string, onShutdown: () => void): void {
  if (!hasShutdownHooks(coin)) return;
  let keys = shutdownHooks.get(coin);
  if (!keys) shutdownHooks.set(coin, (keys = new Set()));
  if (keys.has(key)) return;
  keys.add(key);
  coin.addDisposer(onShutdown);
}
