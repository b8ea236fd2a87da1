/**
 * The height of the chain tip a coin follows anyway (UTXO: Electrum's headers subscription; EVM:
 * the tip watcher): `my_tx_history` answers it as `current_block` for a coin without a history sync.
 */
import type { EnabledCoin } from '../coin';

export interface ChainHeight {
  /** The tip's height last seen; 0 before the first. */
  readonly height: number;
}

export function hasChainHeight(coin: EnabledCoin): coin is EnabledCoin & ChainHeight {
  return typeof (coin as Partial<ChainHeight>).height === 'number';
}
