/**
 * KDF's `mm2_main` for this node: read the config, open the wallet, take the wallet's tab lock,
 * build the context and the dispatcher. Each step either completes or leaves nothing behind:
 * a new wallet is stored only after the lock is held and its keys derived.
 */
import type { NodeConf, P2pStatusData } from '../shared/wire';
import { parseCoinsConfig } from './coins/config';
import { EnabledCoins } from './coins/registry';
import type { NodeContext, Platform } from './core/context';
import { deriveNodeKeysAsync, type NodeKeys } from './crypto';
import { Authenticator } from './rpc/auth';
import { Dispatcher } from './rpc/dispatcher';
import { allHandlers } from './rpc/handlers';
import { tryAcquireWalletLock, type WalletLock, type WalletsStore } from './storage';
import { HwContext } from './hw/hwContext';
import { TaskManager, type NodeTasks } from './core/tasks';
import { openWallet, type OpenedWallet } from './wallet/openWallet';
import type { OrdersService } from './orders/service';
import { ActiveSwaps } from './swaps/activeSwaps';
import type { OpenSwaps } from './swaps/engine/open';
import type { OpenWatcher } from './swaps/watcher/open';
import { p2pForContext } from './p2p/forContext';
import type { Libp2pP2p } from './p2p/libp2pNode';
import { p2pError } from './p2p/errors';
import { seedMultiaddrs } from './p2p/seedAddress';
import { passwordPolicyViolation } from './wallet/passwordPolicy';
import { readConf } from './lifecycle/readConf';
import { startError } from './lifecycle/startError';

export interface RunningNode {
  readonly ctx: NodeContext;
  readonly dispatcher: Dispatcher;
  /** The peer-to-peer network; null while the node runs without seed nodes. */
  readonly p2p: Libp2pP2p | null;
  /**
   * Makes these (conf form) the seeds. On the network: dialled and dropped in place. Off it (started
   * without seeds): a non-empty list joins it, with the swap engine and orders service a start with
   * seeds would have, so trading begins without a restart. Answers the network state right after.
   */
  setSeednodes(seednodes: readonly string[]): Promise<P2pStatusData>;
  /** Shuts coins down and releases the tab lock; safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  platform: Platform;
  wallets: WalletsStore;
  /** Called when an RPC (`stop`) asks the node to stop. */
  onStopRequested: () => void;
}

export async function startNode(rawConf: unknown, opts: StartOptions): Promise<RunningNode> {
  const { platform } = opts;
  const conf = readConf(rawConf);
  const rpcPassword = checkRpcPassword(conf);
  // The coins file loads while the wallet opens and its keys are derived; its error still answers
  // first, as when the coins were loaded before the wallet.
  const coinsLoading = loadCoins(conf, platform);
  const [coinsConfig, { wallet, keys }] = await Promise.all([
    coinsLoading,
    openWalletKeys(conf, opts.wallets, platform.now).catch(async (e: unknown) => {
      await coinsLoading;
      throw e;
    }),
  ]);

  let lock: WalletLock | null = null;
  if (keys) {
    lock = await tryAcquireWalletLock(platform.locks, keys.rmd160Hex);
    if (!lock) throw startError.walletInUse(wallet.walletName ?? keys.rmd160Hex);
  }
  try {
    await wallet.commit?.();
  } catch (e) {
    lock?.release();
    throw e;
  }

  const enabledCoins = new EnabledCoins();
  const log = (level: 'debug' | 'info' | 'warn' | 'error', line: string): void => platform.emit('log', { level, line });
  for (const issue of coinsConfig.issues) log('warn', `coins config: ${issue.ticker}: ${issue.field}: ${issue.message}`);

  const base: NodeContext = {
    platform,
    conf,
    walletName: wallet.walletName,
    wallets: opts.wallets,
    keys,
    coinsConfig: coinsConfig.coins,
    enabledCoins,
    startedAt: platform.now(),
    tasks: new TaskManager<NodeTasks>(platform.resolveFrames),
    hw: new HwContext(),
    log,
    requestStop: opts.onStopRequested,
  };
  let network: Network | null;
  try {
    network = await joinNetwork(base);
  } catch (e) {
    lock?.release();
    throw e;
  }
  // Orders and swaps read through to the network, so a network joined later reaches every holder
  // of the context (the dispatcher's handlers among them).
  const ctx: NodeContext = {
    ...base,
    get orders() {
      return network?.orders;
    },
    get swaps() {
      return network?.swaps?.engine;
    },
    get watcher() {
      return network?.watcher?.watcher;
    },
  };
  // A bot that ran when the node last stopped runs again (imported only for a wallet, off the start path).
  const mmBot = keys ? import('./mmbot/nodeBot') : null;
  void mmBot?.then((m) => m.resumeMmBot(ctx)).catch((e: unknown) => log('error', `mm bot: not resumed: ${(e as Error).message}`));
  const auth = new Authenticator(rpcPassword, platform.now);
  const dispatcher = new Dispatcher(ctx, auth, allHandlers, platform.resolveFrames, conf.rpc_max_body_bytes);

  let stopped = false;
  /** A late join under way: a second change waits for it rather than starting another network. */
  let joining: Promise<void> | null = null;
  const joinLate = async (seednodes: readonly string[]): Promise<void> => {
    const joined = await joinNetwork(base, seednodes);
    if (stopped) {
      if (joined) await leaveNetwork(joined);
      throw p2pError('the node stopped while joining the network');
    }
    network = joined;
    if (joined) log('info', `p2p: joined the network through ${seednodes.length} seed node${seednodes.length === 1 ? '' : 's'}`);
  };
  return {
    ctx,
    dispatcher,
    get p2p() {
      return network?.p2p ?? null;
    },
    async setSeednodes(seednodes) {
      if (stopped) throw p2pError('p2p is stopped');
      const netid = conf.netid ?? 0;
      const addrs = seedMultiaddrs(seednodes, netid);
      while (joining) await joining.catch(() => undefined);
      if (stopped) throw p2pError('p2p is stopped');
      if (!network && addrs.length > 0) {
        joining = joinLate(seednodes).finally(() => (joining = null));
        await joining;
      } else {
        network?.p2p.setSeeds(addrs);
      }
      return network?.p2p.status() ?? offStatus(netid);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Swaps halt before anything else is awaited (leaveNetwork stops the engine at once): a swap
      // must take no step while the node stops. The bot only halts its timer afterwards.
      if (joining) await joining.catch(() => undefined);
      if (network) await leaveNetwork(network);
      await mmBot?.then((m) => m.haltMmBot(ctx)).catch((e: unknown) => log('warn', `mm bot: ${(e as Error).message}`));
      await enabledCoins.shutdownAll();
      await ctx.hw.disconnect();
      lock?.release();
    },
  };
}

/** The network state of a node without peer-to-peer. */
export function offStatus(netid: number): P2pStatusData {
  return { state: 'off', peers: 0, netid, seeds: [] };
}

/** What exists only on the peer-to-peer network: p2p, and with a key the swap engine and orders. */
interface Network {
  readonly p2p: Libp2pP2p;
  readonly swaps: OpenSwaps | undefined;
  readonly orders: OrdersService | undefined;
  /** With conf `is_watcher`: the swap watcher serving other nodes' takers. */
  readonly watcher: OpenWatcher | undefined;
}

/** Starts p2p on these seeds (conf's by default), then what runs on it; null without seeds. */
async function joinNetwork(base: NodeContext, seednodes?: readonly string[]): Promise<Network | null> {
  const p2p = await p2pForContext(base, seednodes ? { seednodes } : {});
  if (!p2p) return null;
  let swaps: OpenSwaps | undefined;
  let watcher: OpenWatcher | undefined;
  try {
    // Imported with the network, as libp2p is: a node without seeds never loads the trading code.
    const [{ openSwapEngine }, { startOrders }] = await Promise.all([import('./swaps/engine/open'), import('./orders/start')]);
    // Swaps resume before orders can connect new matches; both share the set of running swaps.
    const activeSwaps = new ActiveSwaps();
    swaps = await openSwapEngine(base, p2p, activeSwaps);
    const orders = await startOrders(base, p2p, swaps ? { engine: swaps.engine, activeSwaps } : undefined);
    if (base.conf.is_watcher) watcher = await (await import('./swaps/watcher/open')).openSwapWatcher(base, p2p, swaps?.engine);
    return { p2p, swaps, orders, watcher };
  } catch (e) {
    await watcher?.close();
    await swaps?.close();
    await p2p.stop();
    throw e;
  }
}

async function leaveNetwork(network: Network): Promise<void> {
  // Swaps halt at once (an orders round may take seconds, and a swap must not pay meanwhile);
  // a match that comes in while orders stop is refused by the stopped engine.
  const swapsHalted = network.swaps?.engine.stop();
  await network.watcher?.close();
  await network.orders?.stop();
  await swapsHalted;
  await network.swaps?.close();
  await network.p2p.stop();
}

/** The wallet's secret, and the node's keys derived from it (none in no-login mode); nothing stored yet. */
async function openWalletKeys(
  conf: NodeConf,
  wallets: WalletsStore,
  now: () => number,
): Promise<{ wallet: OpenedWallet; keys: NodeKeys | null }> {
  const wallet = await openWallet(
    {
      walletName: conf.wallet_name,
      walletPassword: conf.wallet_password,
      passphrase: conf.passphrase,
      enableHd: conf.enable_hd,
      allowWeakPassword: conf.allow_weak_password ?? false,
    },
    wallets,
    now,
  );
  const keys = wallet.passphrase === null ? null : await deriveNodeKeysAsync(wallet.passphrase, { enableHd: wallet.enableHd });
  return { wallet, keys };
}

function checkRpcPassword(conf: NodeConf): string {
  const password = conf.rpc_password;
  if (password === undefined) throw startError.fieldNotFoundInConfig('rpc_password');
  const weak = conf.allow_weak_password ? null : passwordPolicyViolation(password);
  if (weak) throw startError.passwordPolicyViolation('rpc_password', weak);
  return password;
}

async function loadCoins(conf: NodeConf, platform: Platform): Promise<ReturnType<typeof parseCoinsConfig>> {
  let raw: unknown = conf.coins;
  if (raw === undefined) {
    try {
      raw = await platform.loadDefaultCoins();
    } catch (e) {
      throw startError.configError(`cannot load the coins file: ${(e as Error).message}`);
    }
  }
  return parseCoinsConfig(raw);
}
