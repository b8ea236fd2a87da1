/**
 * startDevnet: two independent litecoind regtest chains, each with a `miner` wallet and two
 * Electrum servers (separate processes, so a test can kill one), funded test wallets, and a miner
 * making one block per chain every `blockInterval` ms; alongside them an EVM chain (anvil, see
 * evm/chain.ts) with its own block every `blockInterval`, and a libp2p seed node (its own process,
 * tools/seednode) listed in `seednodes`. Writes devnet.json into `dir`.
 *
 * A dir holds one running devnet (devnet.lock); a restart in it starts from fresh chains. Data
 * stays on disk after `stop` for debugging (litecoind: <dir>/<chain>/regtest/debug.log; servers:
 * <dir>/electrum-*.log, <dir>/seednode.log).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForTip } from './electrumProbe';
import { spawnElectrum, type ElectrumProcess } from './electrumProcess';
import { startEvmChain, type EvmChain } from './evm/chain';
import { ethAddress } from './evm/keys';
import { fundWallets, MINER_WALLET, WALLET_PASSPHRASES } from './funding';
import type { DevnetInfo, ElectrumServerConfig, StreamServerConfig } from './info';
import { iguanaKey } from './keys';
import { startLitecoind, type Litecoind } from './litecoind';
import { checkTools } from './tools';
import { generateBlocks } from './mine';
import { terminate } from './process';
import { spawnSeedNode, type SeedProcess } from './seednode';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHAINS = [
  { name: 'chain1', coins: ['RLTC1', 'RLTC1-segwit'] },
  { name: 'chain2', coins: ['RLTC2', 'RLTC2-segwit'] },
] as const;
/** 110 blocks: ten coinbases are mature (100 confirmations), enough to fund every wallet. */
const INITIAL_BLOCKS = 110;
const ELECTRUM_PER_CHAIN = 2;

export interface DevnetOptions {
  /** Where datadirs, logs and devnet.json go; default <repo>/.devnet. */
  dir?: string;
  /** Automatic mining period in ms; 0 mines only on request. Default 1000. */
  blockInterval?: number;
  /** Progress lines; silent by default. */
  log?: (line: string) => void;
}

export interface Devnet {
  info: DevnetInfo;
  /** Absolute path of devnet.json */
  path: string;
  mine(chain: string, n: number): Promise<void>;
  rpc(chain: string, method: string, params?: unknown[], wallet?: string): Promise<unknown>;
  /** SIGKILLs one Electrum server of a chain, as a crash would; the others keep running. */
  killElectrum(chain: string, index: number): Promise<void>;
  stop(): Promise<void>;
}

interface Chain {
  name: string;
  coins: readonly string[];
  node: Litecoind;
  minerAddress: string;
  electrum: ElectrumProcess[];
}

/** Promise.all, except that it waits for every promise before throwing the first failure, so
 * nothing is still starting when the caller cleans up. */
async function allSettled<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * One devnet per dir: `<dir>/devnet.lock` holds the owning process's PID, and a dead owner's lock
 * is taken over. Returns the unlock function.
 */
async function lockDir(dir: string): Promise<() => Promise<void>> {
  const lock = join(dir, 'devnet.lock');
  for (let attempt = 1; ; attempt++) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      return () => rm(lock, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(await readFile(lock, 'utf8').catch(() => '0'));
      if (attempt > 1 || (owner > 0 && isAlive(owner))) throw new Error(`a devnet (pid ${owner}) is already running in ${dir}`);
      await rm(lock, { force: true });
    }
  }
}

export async function startDevnet(opts: DevnetOptions = {}): Promise<Devnet> {
  const dir = resolve(opts.dir ?? join(REPO_ROOT, '.devnet'));
  const blockInterval = opts.blockInterval ?? 1000;
  const log = opts.log ?? (() => undefined);
  const path = join(dir, 'devnet.json');
  await checkTools();
  await mkdir(dir, { recursive: true });
  const unlock = await lockDir(dir);
  await rm(path, { force: true });

  // Everything started is recorded at once, so a failure anywhere stops all of it.
  const nodes: Litecoind[] = [];
  const servers: ElectrumProcess[] = [];
  let evm: EvmChain | undefined;
  let seed: SeedProcess | undefined;
  const stopProcesses = async (): Promise<void> => {
    await Promise.all([
      ...servers.map((s) => terminate(s.process, 'SIGTERM', 3_000)),
      evm?.stop(),
      seed && terminate(seed.process, 'SIGTERM', 3_000),
    ]);
    await Promise.all(nodes.map((n) => n.stop()));
    await unlock();
  };

  const startServers = (name: string, node: Litecoind): Promise<ElectrumProcess[]> =>
    allSettled(
      Array.from({ length: ELECTRUM_PER_CHAIN }, async (_, i) => {
        const logFile = join(dir, `electrum-${name}-${i}.log`);
        await rm(logFile, { force: true });
        const server = await spawnElectrum(node.rpc.endpoint, logFile);
        servers.push(server);
        return server;
      }),
    );

  const fund = async (node: Litecoind, first: boolean): Promise<string> => {
    await node.rpc.call('createwallet', [MINER_WALLET]);
    const minerAddress = await node.rpc.call<string>('getnewaddress', [], { wallet: MINER_WALLET });
    await node.rpc.call('generatetoaddress', [INITIAL_BLOCKS, minerAddress]);
    await fundWallets(node.rpc, first);
    await node.rpc.call('generatetoaddress', [1, minerAddress]); // confirms the funding
    return minerAddress;
  };

  const bringUp = async (spec: (typeof CHAINS)[number], first: boolean): Promise<Chain> => {
    const datadir = join(dir, spec.name);
    await rm(datadir, { recursive: true, force: true });
    const node = await startLitecoind(datadir);
    nodes.push(node);
    log(`devnet: ${spec.name} litecoind pid ${node.pid}, rpc ${node.rpc.endpoint.url}`);
    // The servers start (and follow the chain) while the wallets are funded: start-up is mostly
    // createwallet and process start-up, so overlapping them saves about a second.
    const [electrum, minerAddress] = await Promise.allSettled([startServers(spec.name, node), fund(node, first)]);
    if (electrum.status === 'rejected') throw electrum.reason;
    if (minerAddress.status === 'rejected') throw minerAddress.reason;
    await Promise.all(electrum.value.map((e) => waitForTip(e.url, INITIAL_BLOCKS + 1, 30_000)));
    log(`devnet: ${spec.name} electrum ${electrum.value.map((e) => `ws://${e.url} tcp://${e.tcpUrl} ssl://${e.sslUrl}`).join(', ')}`);
    return { name: spec.name, coins: spec.coins, node, minerAddress: minerAddress.value, electrum: electrum.value };
  };

  const bringUpEvm = async (): Promise<EvmChain> => {
    evm = await startEvmChain(blockInterval);
    log(`devnet: evm anvil pid ${evm.info.pid}, rpc ${evm.info.rpcUrl}`);
    return evm;
  };

  const bringUpSeed = async (): Promise<SeedProcess> => {
    const logFile = join(dir, 'seednode.log');
    await rm(logFile, { force: true });
    seed = await spawnSeedNode(logFile);
    log(`devnet: seednode pid ${seed.pid}, ${seed.multiaddr}`);
    return seed;
  };

  let chains: Chain[];
  let evmChain: EvmChain;
  let seedNode: SeedProcess;
  try {
    [chains, evmChain, seedNode] = await allSettled([
      allSettled(CHAINS.map((spec, i) => bringUp(spec, i === 0))),
      bringUpEvm(),
      bringUpSeed(),
    ]);
  } catch (e) {
    await stopProcesses();
    throw e;
  }

  const info = toInfo(chains, evmChain, seedNode, blockInterval);
  await writeFile(path, JSON.stringify(info, null, 2) + '\n');

  const byName = (name: string): Chain => {
    const chain = chains.find((c) => c.name === name);
    if (!chain) throw new Error(`no chain named ${name} (have ${chains.map((c) => c.name).join(', ')})`);
    return chain;
  };

  // The miner: one block per chain per period, never overlapping itself. A failing chain (its
  // litecoind killed by hand, say) is reported once, not every period.
  let stopping: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let mining = Promise.resolve();
  const failing = new Map<string, string>();
  const mineTick = (): void => {
    mining = Promise.all(
      chains.map((c) =>
        generateBlocks(c.node.rpc, 1, c.minerAddress).then(
          () => void failing.delete(c.name),
          (e: unknown) => {
            if (!stopping && failing.get(c.name) !== String(e)) log(`devnet: mining on ${c.name} failed: ${String(e)}`);
            failing.set(c.name, String(e));
          },
        ),
      ),
    ).then(() => {
      if (!stopping) timer = setTimeout(mineTick, blockInterval);
    });
  };
  if (blockInterval > 0) timer = setTimeout(mineTick, blockInterval);

  return {
    info,
    path,
    async mine(chain, n) {
      const c = byName(chain);
      await generateBlocks(c.node.rpc, n, c.minerAddress);
    },
    rpc: (chain, method, params = [], wallet) => byName(chain).node.rpc.call(method, params, { wallet }),
    async killElectrum(chain, index) {
      const server = byName(chain).electrum[index];
      if (!server) throw new Error(`${chain} has no electrum server #${index}`);
      await terminate(server.process, 'SIGKILL', 5_000);
    },
    stop() {
      stopping ??= (async () => {
        clearTimeout(timer);
        await mining;
        await stopProcesses();
      })();
      return stopping;
    },
  };
}

function toInfo(chains: Chain[], evm: EvmChain, seed: SeedProcess, blockInterval: number): DevnetInfo {
  const electrumCoins: Record<string, { servers: ElectrumServerConfig[]; tcpSslServers: StreamServerConfig[] }> = {};
  for (const c of chains) {
    const servers = c.electrum.map((e) => ({ url: e.url, protocol: 'WS' as const }));
    const tcpSslServers = c.electrum.flatMap((e): StreamServerConfig[] => [
      { url: e.tcpUrl, protocol: 'TCP' },
      { url: e.sslUrl, protocol: 'SSL', disable_cert_verification: true },
    ]);
    for (const coin of c.coins) electrumCoins[coin] = { servers, tcpSslServers };
  }
  const wallets: DevnetInfo['wallets'] = {};
  for (const [name, passphrase] of Object.entries(WALLET_PASSPHRASES)) {
    const key = iguanaKey(passphrase);
    const addresses: Record<string, string> = {};
    for (const c of chains) {
      addresses[c.coins[0]!] = key.p2pkh.address;
      addresses[c.coins[1]!] = key.p2wpkh.address;
    }
    const ethereum = ethAddress(passphrase);
    for (const ticker of Object.keys(evm.coins)) addresses[ticker] = ethereum;
    wallets[name] = { passphrase, addresses };
  }
  return {
    coinsFile: join(REPO_ROOT, 'public', 'coins.json'),
    blockInterval,
    chains: chains.map((c) => ({
      name: c.name,
      coins: [...c.coins],
      rpcUrl: c.node.rpc.endpoint.url,
      rpcUser: c.node.rpc.endpoint.user,
      rpcPassword: c.node.rpc.endpoint.password,
      minerWallet: MINER_WALLET,
      pid: c.node.pid,
      datadir: c.node.datadir,
      electrum: c.electrum.map((e) => ({ url: e.url, protocol: 'WS' as const, pid: e.pid, tcpUrl: e.tcpUrl, sslUrl: e.sslUrl })),
    })),
    evm: evm.info,
    coins: Object.assign(electrumCoins, evm.coins),
    wallets,
    seednodes: [seed.multiaddr],
  };
}
