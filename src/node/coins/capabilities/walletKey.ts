/**
 * The key behind an activated coin, for the RPCs that use it outside transactions (`show_priv_key`,
 * `sign_message`): the node's software key for the coin, or none when a hardware wallet holds it.
 */
import type { KeyPair, NodeKeys } from '../../crypto';
import type { EnabledCoin } from '../coin';

export interface WalletKey {
  /** The private key of the coin's activated address (`keys`: the node's), or null when a hardware wallet signs for it. */
  activatedKey(keys: NodeKeys | null): KeyPair | null;
  /** KDF's `display_priv_key` text of a key of this coin (UTXO: WIF of the coin's `wiftype`; EVM: 0x hex). */
  privKeyText(key: KeyPair): string;
}

export function hasWalletKey(coin: EnabledCoin): coin is EnabledCoin & WalletKey {
  const c = coin as Partial<WalletKey>;
  return typeof c.activatedKey === 'function' && typeof c.privKeyText === 'function';
}
