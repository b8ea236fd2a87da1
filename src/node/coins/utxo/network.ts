/** A coin's address parameters in bitcoinjs-lib's shape, to turn output scripts back into addresses. */
import type { Network } from 'bitcoinjs-lib';
import type { CoinConfig } from '../config';

export function bitcoinjsNetwork(config: CoinConfig): Network {
  const u = config.utxo;
  return {
    messagePrefix: config.signMessagePrefix ?? '',
    bech32: u?.bech32Hrp ?? '',
    bip32: { public: 0, private: 0 },
    pubKeyHash: u?.pubtype ?? 0,
    scriptHash: u?.p2shtype ?? 5,
    wif: u?.wiftype ?? 128,
  };
}
