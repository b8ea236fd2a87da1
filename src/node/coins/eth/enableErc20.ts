/**
 * `enable_erc20`: KDF's `enable_token` for an ERC20 token on an available platform coin (a platform
 * kept passive does not count, as in KDF). The answer is KDF's `Erc20InitResult`.
 */
import type { MmRpcResult } from '../../../shared/contract';
import type { ParamReader } from '../../../shared/params';
import type { NodeContext } from '../../core/context';
import { MmError } from '../../core/errors';
import type { CoinBalance } from '../coin';
import { EthCoin } from './ethCoin';
import { wireBalance } from '../activation/balanceReport';
import { tokenError } from '../activation/errors';
import { activateToken, tokenConfig } from './tokenActivation';
import { readEnableErc20Request } from '../activation/requests';

export async function enableErc20(ctx: NodeContext, p: ParamReader): Promise<MmRpcResult<'enable_erc20'>> {
  const req = readEnableErc20Request(p);
  const ticker = req.ticker;
  if (ctx.enabledCoins.get(ticker)) throw tokenError.alreadyActivated(ticker);
  const config = tokenConfig(ctx, ticker, req.protocol, tokenError);
  if (req.nft) throw tokenError.internal('NFT activation is not supported by this node');
  const platformTicker = config.protocol.platform;
  const platform = ctx.enabledCoins.get(platformTicker);
  if (!platform) throw tokenError.platformNotActivated(platformTicker);
  if (!(platform instanceof EthCoin) || !platform.isPlatform) throw tokenError.unsupportedPlatform(platformTicker, ticker);
  if (!ctx.enabledCoins.reserve(ticker)) throw tokenError.alreadyActivated(ticker);
  let token: EthCoin;
  let balance: CoinBalance | null;
  try {
    ({ coin: token, balance } = await activateToken(ctx, platform, config, req.requiredConfirmations, { txHistory: false, readBalance: true }));
  } catch (e) {
    ctx.enabledCoins.settle(ticker, null);
    if (e instanceof MmError && e.errorType === 'CoinActivationError') throw tokenError.internal(e.message, e);
    throw e;
  }
  ctx.enabledCoins.settle(ticker, token);
  ctx.log('info', `${ticker} activated at ${token.address}`);
  return {
    balances: balance ? { [token.address]: wireBalance(balance, token.decimals) } : {},
    platform_coin: platform.ticker,
    // KDF prints the contract as `{:#02x}`: 0x and lowercase hex.
    token_contract_address: (token.contract ?? '').toLowerCase(),
    required_confirmations: token.requiredConfirmations,
  };
}
