/**
 * The swap engine of a running node: its `swap` database, the node's key, the activated coins
 * that can swap, the platform's clock and events. Swaps resume once the engine is open; a resumed
 * swap whose coin is not activated yet waits for it.
 */
import type { NodeContext } from '../../core/context';
import type { P2p } from '../../p2p/types';
import { SwapsStore } from '../../storage/swapsDb';
import type { ActiveSwaps } from '../activeSwaps';
import { DEFAULT_PAYMENT_LOCKTIME } from '../protocol/lockTime';
import { platformClock } from './clock';
import { SwapEngine } from './engine';
import type { SwapCoins } from './run';
import { SwapStore } from './store';

/** The activated coins that implement both swap fees and swap transactions. */
export function swapCoinsOf(ctx: NodeContext): SwapCoins {
  return (ticker) => {
    const coin = ctx.enabledCoins.get(ticker);
    return coin?.swapOps && coin.tradeFees ? { ops: coin.swapOps, minTxAmount: coin.tradeFees.minTxAmount } : undefined;
  };
}

/** An open engine and the database it owns; `close` stops the swaps first. */
export interface OpenSwaps {
  engine: SwapEngine;
  close(): Promise<void>;
}

export async function openSwapEngine(ctx: NodeContext, p2p: P2p, activeSwaps: ActiveSwaps): Promise<OpenSwaps | undefined> {
  const keys = ctx.keys;
  if (!keys) return undefined;
  const db = await SwapsStore.open(ctx.platform.storage, keys.rmd160Hex);
  const engine = new SwapEngine({
    p2p,
    store: new SwapStore(db, ctx.log, (event, data) => ctx.platform.emit(event, data)),
    coins: swapCoinsOf(ctx),
    clock: platformClock(() => ctx.platform.now()),
    identity: {
      pubkey: keys.internal.publicKey,
      privkey: keys.internal.privateKey,
      gui: ctx.conf.gui ?? null,
      mmVersion: ctx.platform.buildInfo.version,
      paymentLocktime: ctx.conf.payment_locktime ?? DEFAULT_PAYMENT_LOCKTIME,
    },
    activeSwaps,
    // KDF's `disable_watchers_globally`: on unless the conf says `use_watchers: false`.
    useWatchers: ctx.conf.use_watchers ?? true,
    emit: (event, data) => ctx.platform.emit(event, data),
    log: ctx.log,
  });
  try {
    await engine.resumeAll();
  } catch (e) {
    db.close();
    throw e;
  }
  return {
    engine,
    async close() {
      await engine.stop();
      db.close();
    },
  };
}
