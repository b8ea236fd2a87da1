/**
 * The swap watcher of a running node with `is_watcher`: its database (`MAIN::<rmd160>::swap_watcher`),
 * the active coins that can be watched, the conf's lock time and `watcher_conf`, and the swap
 * engine's own swaps, which it leaves to the engine.
 */
import { DEFAULT_PAYMENT_LOCKTIME } from '../protocol/lockTime';
import type { NodeContext } from '../../core/context';
import type { P2p } from '../../p2p/types';
import { utxoWatcherOpsOf } from '../../coins/utxo/swap/watcherOps';
import type { SwapEngine } from '../engine/engine';
import { platformClock } from '../engine/clock';
import { watcherConfOf } from './conf';
import { SwapWatcher } from './service';
import { WatcherStore } from './store';

export interface OpenWatcher {
  watcher: SwapWatcher;
  close(): Promise<void>;
}

/** Undefined unless the conf says `is_watcher` and the node has a wallet to keep its watches under. */
export async function openSwapWatcher(ctx: NodeContext, p2p: P2p, engine: SwapEngine | undefined): Promise<OpenWatcher | undefined> {
  if (!ctx.conf.is_watcher || !ctx.keys) return undefined;
  const db = await WatcherStore.open(ctx.platform.storage, ctx.keys.rmd160Hex);
  const watcher = new SwapWatcher({
    p2p,
    db,
    opsFor: (ticker) => utxoWatcherOpsOf(ctx.enabledCoins.get(ticker)),
    activeTickers: () => ctx.enabledCoins.list().map((c) => c.ticker),
    isOwnSwap: (uuid) => engine?.activeUuids().includes(uuid) ?? false,
    clock: platformClock(() => ctx.platform.now()),
    conf: watcherConfOf(ctx.conf),
    paymentLocktime: ctx.conf.payment_locktime ?? DEFAULT_PAYMENT_LOCKTIME,
    log: ctx.log,
  });
  try {
    await watcher.start();
  } catch (e) {
    db.close();
    throw e;
  }
  return {
    watcher,
    async close() {
      await watcher.stop();
      db.close();
    },
  };
}

declare module '../../core/context' {
  interface NodeServices {
    /** The swap watcher, on a node with `is_watcher`. */
    watcher: SwapWatcher;
  }
}
