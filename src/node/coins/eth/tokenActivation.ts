/**
 * What `enable_eth_with_tokens` and `enable_erc20` share: a token's config checked as KDF's
 * `coin_conf_with_protocol` does, and its activation on a platform coin, inheriting the platform's
 * swap contracts (KDF's `initialize_erc20_token`).
 */
import type { NodeContext } from '../../core/context';
import type { CoinBalance } from '../coin';
import type { CoinConfig } from '../config';
import { activateEvmCoin } from './activate';
import type { EthActivationParams } from './activationParams';
import type { EthCoin } from './ethCoin';
import type { MmError } from '../../core/errors';
import { CUSTOM_TOKENS_UNSUPPORTED } from '../activation/errors';

/** How the calling method names a token config's failures (KDF's `EnablePlatformCoinWithTokensError` or `EnableTokenError`). */
export interface TokenConfigErrors {
  configNotFound(ticker: string): MmError;
  unexpectedProtocol(ticker: string, protocol: unknown): MmError;
  customToken(tickerInConfig: string): MmError;
  internal(text: string): MmError;
}

/** The token's config; `protocol` is a custom token's, which only a ticker missing from the coins file may carry. */
export function tokenConfig(ctx: NodeContext, ticker: string, protocol: unknown, errors: TokenConfigErrors): CoinConfig & { protocol: { type: 'ERC20'; platform: string } } {
  const config = ctx.coinsConfig.get(ticker);
  if (protocol !== undefined) throw config ? errors.customToken(ticker) : errors.internal(CUSTOM_TOKENS_UNSUPPORTED);
  if (!config) throw errors.configNotFound(ticker);
  const p = config.protocol;
  if (p.type !== 'ERC20') throw errors.unexpectedProtocol(ticker, config.raw.protocol);
  return { ...config, protocol: p };
}

/** Activates a token on `platform` (registered or not); the balance is read unless `readBalance` is false. */
export function activateToken(
  ctx: NodeContext,
  platform: EthCoin,
  config: CoinConfig,
  requiredConfirmations: number | undefined,
  opts: { txHistory: boolean; readBalance: boolean },
): Promise<{ coin: EthCoin; balance: CoinBalance | null }> {
  // The request's, else the coins file's, else the platform's (KDF's order).
  const confirmations = requiredConfirmations ?? (config.raw.required_confirmations === undefined ? platform.requiredConfirmations : undefined);
  const params: EthActivationParams = {
    urls: [],
    swapContractAddress: platform.swapContractAddress,
    fallbackSwapContract: platform.fallbackSwapContract,
    gasStation: null,
    mm2: undefined,
    txHistory: opts.txHistory,
    requiredConfirmations: confirmations,
    requiresNotarization: undefined,
  };
  return activateEvmCoin(ctx, config, params, { readBalance: opts.readBalance, platform });
}
