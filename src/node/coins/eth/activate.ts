/**
 * The `enable` activation of an EVM coin (spec §4.4, kdf-facts §1.1), in KDF's order: arguments,
 * `mm2`, keys, then the chain; a balance query ends it, and a coin whose balance cannot be read
 * is shut down again, so a failed activation leaves nothing behind.
 *
 * The platform coin opens the chain: its `urls`, checked against the coins file's chain id with
 * `eth_chainId`; a failure names each node that could not be used and why (nodeFailures.ts). A
 * token needs its platform activated (a passive one will do) and talks through the platform's
 * chain; its own `urls` are still required, as KDF requires them. Token decimals come from the
 * coins file or else from the contract's `decimals()`.
 */
import type { ParamReader } from '../../../shared/params';
import type { NodeContext } from '../../core/context';
import { toChecksumAddress, type NodeKeys } from '../../crypto';
import { MmError } from '../../core/errors';
import { TxHistoryStore } from '../../storage';
import type { CoinBalance, TransactionDetails } from '../coin';
import { coinError } from '../coinErrors';
import type { CoinConfig } from '../config';
import { readEthActivationParams, type CoinsFileContracts, type EthActivationParams } from './activationParams';
import { tokenDecimals } from './erc20';
import { EthChain } from './ethChain';
import { EthCoin } from './ethCoin';
import { defaultGasPrice } from './gasPrice';
import type { LogFn } from './log';
import { EthHistory } from './history/ethHistory';
import { NodesFailedError, type NodeFailure } from './nodeFailures';
import type { ProbeAnswer } from './provider';
import { ethSource, tokenSource } from './history/sources';
import { pollInterval } from './tipWatcher';
import { configuredMaxTxType } from './txType';
import { ETH_DECIMALS } from './units';

export const BALANCE_TIMEOUT_MS = 5000;

/** The swap contracts the coins file gives the coin: its own entry's, else (a token) its platform's. */
function coinsFileContracts(ctx: NodeContext, config: CoinConfig): CoinsFileContracts {
  const platform = config.protocol.type === 'ERC20' ? ctx.coinsConfig.get(config.protocol.platform) : undefined;
  const entry = config.raw.swap_contract_address !== undefined || platform === undefined ? config.raw : platform.raw;
  return { swapContractAddress: entry.swap_contract_address, fallbackSwapContract: entry.fallback_swap_contract };
}

export async function activateEthCoin(
  ctx: NodeContext,
  config: CoinConfig,
  args: ParamReader,
): Promise<{ coin: EthCoin; balance: CoinBalance }> {
  const params = readEthActivationParams(args, coinsFileContracts(ctx, config));
  // Only the legacy `enable` asks for `mm2` (KDF's lp_coininit); v2 activates wallet-only coins too.
  if (config.mm2 === undefined && params.mm2 === undefined) {
    throw coinError.activation('mm2 param is not set neither in coins config nor enable request, assuming that coin is not supported');
  }
  if (params.requiresNotarization !== undefined) ctx.log('warn', "requires_notarization doesn't take any effect on ETH/ERC20 coins");
  const { coin, balance } = await activateEvmCoin(ctx, config, params, { readBalance: true });
  if (!balance) throw coinError.internal(`${config.ticker}: the activation read no balance`);
  return { coin, balance };
}

export interface EvmActivationOptions {
  /** False for `get_balances: false`: the balance is not read and is null. */
  readBalance: boolean;
  /** A token's platform that is not registered yet (`enable_eth_with_tokens` registers all at once). */
  platform?: EthCoin;
}

/** The activation itself, shared by `enable` and the v2 methods (`enable_eth_with_tokens`, `enable_erc20`). */
export async function activateEvmCoin(
  ctx: NodeContext,
  config: CoinConfig,
  params: EthActivationParams,
  options: EvmActivationOptions,
): Promise<{ coin: EthCoin; balance: CoinBalance | null }> {
  const ticker = config.ticker;
  const keys = ctx.keys;
  if (!keys) throw coinError.activation(`Cannot activate ${ticker}: the node runs without a wallet (no-login mode)`);
  const log: LogFn = (level, line) => ctx.log(level, `${ticker}: ${line}`);

  const coin =
    config.protocol.type === 'ERC20'
      ? await tokenCoin(ctx, config, config.protocol, params, log, options.platform)
      : await platformCoin(ctx, keys, config, params, log);
  let balance: CoinBalance | null = null;
  try {
    if (options.readBalance) balance = await withTimeout(coin.balance(), BALANCE_TIMEOUT_MS, 'balance query timed out');
  } catch (e) {
    await coin.shutdown();
    throw coinError.activation(`Deactivated coin due to error in balance querying: ${(e as Error).message}`, e);
  }
  if (!params.txHistory) {
    coin.follow();
    return { coin, balance };
  }
  try {
    await attachHistory(ctx, keys, coin, log);
  } catch (e) {
    await coin.shutdown();
    throw e;
  }
  return { coin, balance };
}

/**
 * `enable` of a platform kept passive for its tokens, as KDF's `re_enable_passive_platform_coin_with_tokens`:
 * the running coin, which its tokens share, is kept and becomes available again once its balance
 * is read. The request is checked but not applied, as in KDF; a failure leaves the coin passive.
 */
export async function reenablePassivePlatform(
  ctx: NodeContext,
  config: CoinConfig,
  args: ParamReader,
): Promise<{ coin: EthCoin; balance: CoinBalance }> {
  const ticker = config.ticker;
  readEthActivationParams(args, coinsFileContracts(ctx, config));
  const coin = ctx.enabledCoins.getAny(ticker);
  if (!(coin instanceof EthCoin) || !coin.isPlatform) throw coinError.alreadyActivated(ticker);
  let balance: CoinBalance;
  try {
    balance = await withTimeout(coin.balance(), BALANCE_TIMEOUT_MS, 'balance query timed out');
  } catch (e) {
    throw coinError.activation(`Failed to query the balance of ${ticker}: ${(e as Error).message}`, e);
  }
  if (!ctx.enabledCoins.makeAvailable(ticker)) {
    // Enabled by a concurrent call meanwhile, or disabled for good.
    throw ctx.enabledCoins.getAny(ticker) ? coinError.alreadyActivated(ticker) : coinError.activation(`Coin ${ticker} was disabled while being enabled`);
  }
  return { coin, balance };
}

/** The background history, synced now and on every new block (`tx_history: true`). */
async function attachHistory(ctx: NodeContext, keys: NodeKeys, coin: EthCoin, log: LogFn): Promise<void> {
  const store = await TxHistoryStore.open<TransactionDetails>(ctx.platform.storage, keys.rmd160Hex);
  const api = coin.chain.api;
  const history = new EthHistory({
    coin,
    api,
    source: coin.contract ? tokenSource(api, coin.contract, coin.address) : ethSource(api, coin.address, log),
    store,
    tip: () => coin.chain.tip.height,
    emit: ctx.platform.emit,
    log,
  });
  coin.history = history;
  coin.follow(() => void history.sync());
  coin.addDisposer(() => history.close());
  void history.sync();
}

/** What the platform coin and tokens take alike from the config and the request. */
function common(ctx: NodeContext, config: CoinConfig, params: EthActivationParams) {
  return {
    config,
    requiredConfirmations: params.requiredConfirmations ?? config.requiredConfirmations,
    swapContractAddress: params.swapContractAddress,
    fallbackSwapContract: params.fallbackSwapContract,
    emit: ctx.platform.emit,
    now: ctx.platform.now,
  };
}

async function platformCoin(
  ctx: NodeContext,
  keys: NodeKeys,
  config: CoinConfig,
  params: EthActivationParams,
  log: LogFn,
): Promise<EthCoin> {
  const ticker = config.ticker;
  const chainId = (config.protocol.type === 'ETH' ? config.protocol.chainId : undefined) ?? config.chainId;
  if (chainId === undefined) throw coinError.activation(`Coin ${ticker} has no chain_id in the coins config`);
  const maxEthTxType = configuredMaxTxType(config) ?? 0;
  const chain = new EthChain({
    urls: params.urls,
    chainId,
    keyPair: keys.coinKeyPair(config.derivationPath),
    pollMs: pollInterval(config.avgBlocktime),
    log,
  });
  let probe: ProbeAnswer<unknown>;
  try {
    probe = await chain.api.provider.probe<unknown>('eth_chainId');
  } catch (e) {
    chain.close();
    throw coinError.unreachableNodes(`Failed to connect to the nodes of ${ticker}: ${(e as Error).message}`, e);
  }
  const refused = chainMismatch(probe, chainId);
  if (refused) {
    chain.close();
    const text = `The nodes of ${ticker} ${refused.error}`;
    throw coinError.activation(text, new NodesFailedError(text, [...probe.skipped, refused]));
  }
  try {
    await chain.tip.start();
  } catch (e) {
    chain.close();
    throw coinError.unreachableNodes(`Failed to connect to the nodes of ${ticker}: ${(e as Error).message}`, e);
  }
  return new EthCoin({
    ...common(ctx, config, params),
    chain,
    contract: null,
    platformTicker: ticker,
    decimals: config.decimals ?? ETH_DECIMALS,
    maxEthTxType,
    gasPrice: defaultGasPrice(chain.api, params.gasStation, log),
  });
}

/** The node that answered `eth_chainId` as a failure, when its answer is not the coins file's chain id. */
function chainMismatch(probe: ProbeAnswer<unknown>, chainId: number): NodeFailure | null {
  const { result, url } = probe;
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(result)) {
    return { url, reason: 'not_evm_node', error: `answered eth_chainId with ${JSON.stringify(result)?.slice(0, 80) ?? 'nothing'}, not a chain id` };
  }
  const served = Number(BigInt(result));
  return served === chainId ? null : { url, reason: 'wrong_chain', error: `serve chain id ${served}, but the coins config says ${chainId}` };
}

async function tokenCoin(
  ctx: NodeContext,
  config: CoinConfig,
  protocol: { platform: string; contractAddress: string },
  params: EthActivationParams,
  log: LogFn,
  unregisteredPlatform: EthCoin | undefined,
): Promise<EthCoin> {
  const ticker = config.ticker;
  // A platform kept passive for its tokens still serves new ones (KDF's `lp_coinfind_any`).
  const platform = unregisteredPlatform ?? ctx.enabledCoins.getAny(protocol.platform);
  if (!platform) {
    throw new MmError({
      errorType: 'PlatformCoinIsNotActivated',
      message: `Platform coin ${protocol.platform} is not activated`,
      errorData: protocol.platform,
      httpStatus: 400,
    });
  }
  if (!(platform instanceof EthCoin) || !platform.isPlatform) {
    throw coinError.activation(`${protocol.platform} is not a platform coin for token ${ticker}`);
  }
  if (config.chainId !== undefined && config.chainId !== platform.chainId) {
    throw coinError.activation(`Token ${ticker} is on chain id ${config.chainId}, but its platform ${platform.ticker} is on ${platform.chainId}`);
  }
  const maxEthTxType = configuredMaxTxType(config) ?? platform.maxEthTxType;
  const contract = toChecksumAddress(protocol.contractAddress);
  let decimals = config.decimals;
  if (!decimals) {
    try {
      decimals = await tokenDecimals(platform.chain.api, contract);
    } catch (e) {
      throw coinError.activation(`Failed to get the decimals of ${ticker} from its contract ${contract}: ${(e as Error).message}`, e);
    }
  }
  return new EthCoin({
    ...common(ctx, config, params),
    chain: platform.chain,
    contract,
    platformTicker: platform.ticker,
    decimals,
    maxEthTxType,
    gasPrice: defaultGasPrice(platform.chain.api, params.gasStation, log),
  });
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
