/**
 * A platform coin whose chain carries tokens that activate on it (ETH and its ERC20 tokens): it
 * pays their gas, and KDF reports their balances with its own (HD account balances, balance streams).
 */
import type { EnabledCoin } from '../coin';

export interface TokenPlatform {
  /** True for the coin that owns the chain; a token of the same family answers false. */
  readonly isPlatform: boolean;
}

/** Whether the coin is a platform of tokens (not a token, not a coin of a family without tokens on its chain). */
export function isTokenPlatform(coin: EnabledCoin): coin is EnabledCoin & TokenPlatform {
  return (coin as Partial<TokenPlatform>).isPlatform === true;
}
