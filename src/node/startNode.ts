/**
 * KDF's `mm2_main` for this node: read the config, open the wallet, take the wallet's tab lock,
 * build the context and the dispatcher. Each step either completes or leaves nothing behind:
 * a new wallet is stored only after the lock is held and its keys derived.
 */
import type { NodeConf } from '../shared/wire';
import { parseCoinsConfig } from './coins/config';
import { EnabledCoins } from './coins/registry';
import type { NodeContext, Platform } from './context';
import { deriveNodeKeys, type NodeKeys } from './crypto';
import { Authenticator } from './rpc/auth';
import { Dispatcher } from './rpc/dispatcher';
import { allHandlers } from './rpc/handlers';
import { tryAcquireWalletLock, type WalletLock, type WalletsStore } from './storage';
import { HwContext } from './hw/hwContext';
import { TaskManager } from './tasks';
import { openWallet } from './wallet/openWallet';
import type { OrdersService } from './orders/service';
import { startOrders } from './orders/start';
import { ActiveSwaps } from './swaps/activeSwaps';
import { openSwapEngine, type OpenSwaps } from './swaps/engine/open';
import { p2pForContext } from './p2p/forContext';
import type { Libp2pP2p } from './p2p/libp2pNode';
import { passwordPolicyViolation } from './wallet/passwordPolicy';
import { readConf } from './lifecycle/readConf';
import { startError } from './lifecycle/startError';

export interface RunningNode {
  readonly ctx: NodeContext;
  readonly dispatcher: Dispatcher;
  /** The peer-to-peer network; null when started without seed nodes. */
  readonly p2p: Libp2pP2p | null;
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
  const coinsConfig = await loadCoins(conf, platform);

  const wallet = await openWallet(
    {
      walletName: conf.wallet_name,
      walletPassword: conf.wallet_password,
      passphrase: conf.passphrase,
      enableHd: conf.enable_hd,
      allowWeakPassword: conf.allow_weak_password ?? false,
    },
    opts.wallets,
    platform.now,
  );
  const keys: NodeKeys | null =
    wallet.passphrase === null ? null : deriveNodeKeys(wallet.passphrase, { enableHd: wallet.enableHd });

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
    tasks: new TaskManager(platform.resolveFrames),
    hw: new HwContext(),
    log,
    requestStop: opts.onStopRequested,
  };
  let p2p: Libp2pP2p | null = null;
  let orders: OrdersService | undefined;
  let swaps: OpenSwaps | undefined;
  try {
    p2p = await p2pForContext(base);
    if (p2p) {
      // Swaps resume before orders can connect new matches; both share the set of running swaps.
      const activeSwaps = new ActiveSwaps();
      swaps = await openSwapEngine(base, p2p, activeSwaps);
      orders = await startOrders(base, p2p, swaps ? { engine: swaps.engine, activeSwaps } : undefined);
    }
  } catch (e) {
    await swaps?.close();
    await p2p?.stop();
    lock?.release();
    throw e;
  }
  const ctx: NodeContext = { ...base, ...(orders ? { orders } : {}), ...(swaps ? { swaps: swaps.engine } : {}) };
  const auth = new Authenticator(rpcPassword, platform.now);
  const dispatcher = new Dispatcher(ctx, auth, allHandlers, platform.resolveFrames, conf.rpc_max_body_bytes);

  let stopped = false;
  return {
    ctx,
    dispatcher,
    p2p,
    async stop() {
      if (stopped) return;
      stopped = true;
      // Swaps halt at once (an orders round may take seconds, and a swap must not pay meanwhile);
      // a match that comes in while orders stop is refused by the stopped engine.
      const swapsHalted = swaps?.engine.stop();
      await orders?.stop();
      await swapsHalted;
      await swaps?.close();
      await p2p?.stop();
      await enabledCoins.shutdownAll();
      await ctx.hw.disconnect();
      lock?.release();
    },
  };
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
