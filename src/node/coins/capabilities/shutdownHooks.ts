/** A coin that runs what others attach to it (a streamer's stop, a history's close) when it shuts down. */
import type { EnabledCoin } from '../coin';

export interface ShutdownHooks {
  /** Runs `dispose` once when the coin is disabled or the node stops. */
  addDisposer(dispose: () => void): void;
}

export function hasShutdownHooks(coin: EnabledCoin): coin is EnabledCoin & ShutdownHooks {
  return typeof (coin as Partial<ShutdownHooks>).addDisposer === 'function';
}
