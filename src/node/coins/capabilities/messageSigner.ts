/**
 * Message signatures in a coin's scheme (`sign_message` / `verify_message`; the schemes are in
 * messageSigning.ts): Bitcoin's signed message for UTXO coins, EIP-191 for EVM coins.
 */
import type { EnabledCoin } from '../coin';
import type { CoinConfig } from '../config';

export interface MessageSigner {
  /**
   * The coin's `sign_message_prefix`; an ERC20 token without one signs with its platform's, as tokens
   * activated with their platform do in KDF. `configOf` reads the coins file.
   */
  signMessagePrefix(configOf: (ticker: string) => CoinConfig | undefined): string | undefined;
  /** The signature of `message` behind `prefix`, in the coin's text form (UTXO: base64; EVM: 0x hex). */
  signMessage(prefix: string, message: string, privateKey: Uint8Array): string;
  /** Whether `signature` of `message` was made by the key behind `address`, an address the coin validated. */
  verifyMessage(prefix: string, message: string, signature: string, address: string): boolean;
}

export function hasMessageSigner(coin: EnabledCoin): coin is EnabledCoin & MessageSigner {
  const c = coin as Partial<MessageSigner>;
  return typeof c.signMessagePrefix === 'function' && typeof c.signMessage === 'function' && typeof c.verifyMessage === 'function';
}
