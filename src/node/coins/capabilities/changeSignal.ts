/**
 * A coin that signals each change of its wallet's script and each new block as its server pushes
 * them (UTXO over Electrum), so its balance and history streams follow the chain without polling.
 */
import type { EnabledCoin } from '../coin';

export interface ChangeSignal {
  /** Runs `listener` on every change of the wallet's script or a new block, until the coin shuts down. */
  onChange(listener: () => void): void;
}

export function hasChangeSignal(coin: EnabledCoin): coin is EnabledCoin & ChangeSignal {
  return typeof (coin as Partial<ChangeSignal>).onChange === 'function';
}
