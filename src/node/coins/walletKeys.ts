/**
 * Which key stands behind an activated coin, for the RPCs that use it outside transactions
 * (`show_priv_key`, `sign_message`): the node's software key for the coin, or none when a hardware
 * wallet holds it. Coins of other families answer as their KDF counterparts do not exist here.
 */
import type { NodeContext } from '../core/context';
import type { KeyPair } from '../crypto';
import type { EnabledCoin } from './coin';
import { coinError } from './coinErrors';
import { EthCoin } from './eth/ethCoin';
import { Qrc20Coin } from './qrc20/qrc20Coin';
import { UtxoCoin } from './utxo/utxoCoin';

export type CoinFamily = { kind: 'utxo'; coin: UtxoCoin } | { kind: 'eth'; coin: EthCoin };

/** The coin's family, or null for a family these RPCs do not serve yet; a QRC20 token is its QTUM side, as in KDF (utxo_common). */
export function coinFamily(coin: EnabledCoin): CoinFamily | null {
  if (coin instanceof UtxoCoin) return { kind: 'utxo', coin };
  if (coin instanceof Qrc20Coin) return { kind: 'utxo', coin: coin.qtum };
  if (coin instanceof EthCoin) return { kind: 'eth', coin };
  return null;
}

/** The private key of the coin's activated address, or null when a hardware wallet signs for it. */
export function activatedSoftwareKey(ctx: NodeContext, family: CoinFamily): KeyPair | null {
  if (family.kind === 'eth') return family.coin.chain.keyPair;
  const { coin } = family;
  if (coin.signer.kind === 'hardware' || !ctx.keys) return null;
  const key = ctx.keys.coinKeyPair(coin.config.derivationPath);
  // The activation took this same key; a mismatch would sign for an address that is not the coin's.
  if (!sameBytes(key.publicKey, coin.signer.publicKey)) throw coinError.internal(`${coin.ticker}: the activated key is not the wallet's key`);
  return key;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
