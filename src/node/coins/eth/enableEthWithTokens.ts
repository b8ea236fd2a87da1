/**
 * `enable_eth_with_tokens` and `task::enable_eth::{init,status,user_action,cancel}`: KDF's
 * `enable_platform_coin_with_tokens` for EVM chains. The platform and every requested ERC20 token are
 * activated, and registered together only once all of them succeeded; a failure shuts down what was
 * built and registers nothing. A platform kept passive for its tokens is made available again, as
 * KDF's `re_enable_passive_platform_coin_with_tokens`.
 */
import type { MmRpcResult } from '../../../shared/contract';
import type { ParamReader } from '../../../shared/params';
import type { NodeContext } from '../../core/context';
import { MmError } from '../../core/errors';
import type { HandleOf } from '../../core/tasks';
import type { CoinBalance } from '../coin';
import { UnreachableNodesError } from '../coinErrors';
import { activateEvmCoin } from './activate';
import { EthCoin } from './ethCoin';
import { nodeFailuresOf } from './nodeFailures';
import { IGUANA_DERIVATION, uncompressedPubkeyHex, walletBalanceReport, wireBalance, type BalanceMap } from '../activation/balanceReport';
import { platformError } from '../activation/errors';
import { activateToken, tokenConfig, type TokenConfigErrors } from './tokenActivation';
import { DEFAULT_PATH_TO_ADDRESS, readEthWithTokensRequest, type EthWithTokensRequest } from '../activation/requests';
import { Reservation, untilCancelled } from '../activation/reservation';

export const ENABLE_ETH_TASK = 'enable_eth';

const TOKEN_ERRORS: TokenConfigErrors = {
  configNotFound: platformError.tokenConfigNotFound,
  unexpectedProtocol: platformError.unexpectedTokenProtocol,
  customToken: platformError.customToken,
  internal: platformError.internal,
};

/** `enable_eth_with_tokens`: a Trezor policy needs the task form, as in KDF. */
export async function enableEthWithTokens(ctx: NodeContext, p: ParamReader): Promise<MmRpcResult<'enable_eth_with_tokens'>> {
  const req = readEthWithTokensRequest(p);
  if (req.privKeyPolicy === 'Trezor') throw platformError.unexpectedDevicePolicy();
  return activateEthWithTokens(ctx, req);
}

/** `task::enable_eth::init`: refused at once only when the platform is active; everything else is the task's. */
export async function initEnableEth(ctx: NodeContext, p: ParamReader): Promise<{ task_id: number }> {
  const req = readEthWithTokensRequest(p);
  if (ctx.enabledCoins.get(req.ticker)) throw platformError.alreadyActivated(req.ticker);
  return { task_id: ctx.tasks.spawn(ENABLE_ETH_TASK, 'ActivatingCoin', (h) => activateEthWithTokens(ctx, req, h)) };
}

type ActivationResult = MmRpcResult<'enable_eth_with_tokens'>;
type IguanaResult = Extract<ActivationResult, { eth_addresses_infos: unknown }>;

interface Activated {
  coin: EthCoin;
  balance: CoinBalance | null;
}

async function activateEthWithTokens(ctx: NodeContext, req: EthWithTokensRequest, task?: HandleOf<'enable_eth'>): Promise<ActivationResult> {
  const ticker = req.ticker;
  const existing = ctx.enabledCoins.getAny(ticker);
  if (existing) {
    if (ctx.enabledCoins.isPassive(ticker) && existing instanceof EthCoin && existing.isPlatform) return reenablePassive(ctx, existing, req);
    throw platformError.alreadyActivated(ticker);
  }
  const config = ctx.coinsConfig.get(ticker);
  if (!config) throw platformError.configNotFound(ticker);
  if (config.protocol.type !== 'ETH') throw platformError.unexpectedProtocol(ticker, config.raw.protocol);
  // Trezor reaches this only in the task; this node signs EVM transactions with its own key only.
  if (req.privKeyPolicy === 'Trezor') throw platformError.internal('Coin does not support Trezor wallet');
  checkOneAddress(ctx, req);
  const tokenConfigs = req.tokens.map((t) => ({ request: t, config: tokenConfig(ctx, t.ticker, t.protocol, TOKEN_ERRORS) }));
  for (const { config: c } of tokenConfigs) {
    if (c.protocol.platform !== ticker) throw platformError.invalidPayload(`Token ${c.ticker} is a token of ${c.protocol.platform}, not of ${ticker}`);
  }
  if (req.nodes.length === 0) throw platformError.atLeastOneNode();
  warnIgnored(ctx, req);

  const reservation = Reservation.take(ctx.enabledCoins, ticker);
  if (!reservation) throw platformError.alreadyActivated(ticker);
  const readBalance = req.getBalances || hdWallet(ctx);
  const built: EthCoin[] = [];
  const work = async (): Promise<ActivationResult> => {
    const platformParams = {
      urls: req.nodes,
      swapContractAddress: req.swapContractAddress,
      fallbackSwapContract: req.fallbackSwapContract,
      gasStation: req.gasStation,
      mm2: undefined,
      txHistory: req.txHistory,
      requiredConfirmations: req.requiredConfirmations,
      requiresNotarization: undefined,
    };
    const platform = await mapFailure(activateEvmCoin(ctx, config, platformParams, { readBalance }), (e) => platformFailure(ticker, e));
    built.push(platform.coin);
    const tokens: Activated[] = [];
    for (const { request, config: c } of tokenConfigs) {
      const opts = { txHistory: req.txHistory, readBalance };
      const token = await mapFailure(activateToken(ctx, platform.coin, c, request.requiredConfirmations, opts), (e) => platformError.internal(e.message, e));
      built.push(token.coin);
      tokens.push(token);
    }
    const result = activationResult(ctx, req, platform, tokens);
    if (!reservation.commit(platform.coin)) throw platformError.internal('the activation was cancelled');
    for (const t of tokens) ctx.enabledCoins.settle(t.coin.ticker, t.coin);
    ctx.log('info', `${ticker} activated at ${platform.coin.address} with ${tokens.length} token(s)`);
    return result;
  };
  try {
    return await untilCancelled(
      work().catch(async (e: unknown) => {
        // Tokens first: the platform's shutdown closes the chain they share.
        for (const coin of built.reverse()) await coin.shutdown();
        throw e;
      }),
      task?.signal,
      reservation,
    );
  } finally {
    reservation.release();
  }
}

/** The passive platform's running coin is kept; new tokens join it and it becomes available again. */
async function reenablePassive(ctx: NodeContext, platform: EthCoin, req: EthWithTokensRequest): Promise<ActivationResult> {
  const fresh = req.tokens.filter((t) => !ctx.enabledCoins.getAny(t.ticker));
  const configs = fresh.map((t) => ({ request: t, config: tokenConfig(ctx, t.ticker, t.protocol, TOKEN_ERRORS) }));
  const readBalance = req.getBalances || hdWallet(ctx);
  const built: Activated[] = [];
  try {
    for (const { request, config } of configs) {
      const opts = { txHistory: req.txHistory, readBalance };
      built.push(await mapFailure(activateToken(ctx, platform, config, request.requiredConfirmations, opts), (e) => platformError.internal(e.message, e)));
    }
  } catch (e) {
    for (const t of built) await t.coin.shutdown();
    throw e;
  }
  for (const t of built) ctx.enabledCoins.settle(t.coin.ticker, t.coin);
  // Every token of the platform is reported, the earlier ones too (KDF's `get_tokens_balance_list`).
  const tokens: Activated[] = [];
  for (const tickerOfToken of ctx.enabledCoins.tokensOf(platform.ticker)) {
    const coin = ctx.enabledCoins.getAny(tickerOfToken);
    if (coin instanceof EthCoin) tokens.push({ coin, balance: readBalance ? await readTokenBalance(coin) : null });
  }
  const balance = readBalance ? await readTokenBalance(platform) : null;
  if (!ctx.enabledCoins.makeAvailable(platform.ticker)) throw platformError.alreadyActivated(platform.ticker);
  return activationResult(ctx, req, { coin: platform, balance }, tokens);
}

async function readTokenBalance(coin: EthCoin): Promise<CoinBalance> {
  try {
    return await coin.balance();
  } catch (e) {
    throw platformError.transport(`${coin.ticker}: ${(e as Error).message}`, e);
  }
}

/**
 * KDF's `EthWithTokensActivationResult`: the Iguana form keyed by the address (balances, or with
 * `get_balances: false` only the tokens' tickers), or the HD form with one `wallet_balance`.
 */
function activationResult(ctx: NodeContext, req: EthWithTokensRequest, platform: Activated, tokens: Activated[]): ActivationResult {
  const coin = platform.coin;
  const currentBlock = coin.chain.tip.height;
  const tokenBalances: BalanceMap = {};
  for (const t of tokens) if (t.balance) tokenBalances[t.coin.ticker] = wireBalance(t.balance, t.coin.decimals);
  if (hdWallet(ctx)) {
    const all: BalanceMap = platform.balance ? { [coin.ticker]: wireBalance(platform.balance, coin.decimals), ...tokenBalances } : tokenBalances;
    return {
      current_block: currentBlock,
      ticker: coin.ticker,
      wallet_balance: walletBalanceReport('HD', coin.address, coin.config.derivationPath, all),
      nfts_infos: {},
    };
  }
  const pubkey = uncompressedPubkeyHex(coin.chain.keyPair.publicKey);
  const ethInfo: IguanaResult['eth_addresses_infos'][string] = { derivation_method: IGUANA_DERIVATION, pubkey };
  const erc20Info: IguanaResult['erc20_addresses_infos'][string] = { derivation_method: IGUANA_DERIVATION, pubkey };
  if (req.getBalances && platform.balance) {
    ethInfo.balances = wireBalance(platform.balance, coin.decimals);
    erc20Info.balances = tokenBalances;
  } else {
    erc20Info.tickers = tokens.map((t) => t.coin.ticker);
  }
  return {
    current_block: currentBlock,
    eth_addresses_infos: { [coin.address]: ethInfo },
    erc20_addresses_infos: { [coin.address]: erc20Info },
    nfts_infos: {},
  };
}

/**
 * A failure that knows which nodes failed and why is `PlatformCoinCreationError` with them in
 * `error_data.nodes`; no node answered without that list is KDF's `UnreachableNodes`, a Transport
 * error (502); any other failure is `PlatformCoinCreationError`.
 */
function platformFailure(ticker: string, e: MmError): MmError {
  const nodes = nodeFailuresOf(e);
  if (nodes) return platformError.creation(ticker, e.message, e, nodes);
  return e instanceof UnreachableNodesError ? platformError.transport(e.message, e) : platformError.creation(ticker, e.message, e);
}

const hdWallet = (ctx: NodeContext): boolean => ctx.keys?.mode === 'hd';

/** In an HD wallet only the address this node activates may be asked for; iguana wallets have one address (KDF ignores the field). */
function checkOneAddress(ctx: NodeContext, req: EthWithTokensRequest): void {
  const p = req.pathToAddress;
  const d = DEFAULT_PATH_TO_ADDRESS;
  if (hdWallet(ctx) && (p.accountId !== d.accountId || p.chain !== d.chain || p.addressId !== d.addressId)) {
    throw platformError.invalidPayload('path_to_address: this node activates account 0, external chain, address 0 only');
  }
}

function warnIgnored(ctx: NodeContext, req: EthWithTokensRequest): void {
  if (req.nftRequested) ctx.log('warn', `${req.ticker}: nft_req ignored: NFTs are not served by this node`);
}

/** The activation's own failures (CoinActivationError) become the method's KDF error; typed ones stay. */
async function mapFailure<T>(work: Promise<T>, map: (e: MmError) => MmError): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof MmError && e.errorType === 'CoinActivationError') throw map(e);
    throw e;
  }
}
