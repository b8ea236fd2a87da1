/**
 * HD login on the devnet, node core under Node.js (issues 12 and 14): ten UTXO coins — the four
 * devnet coins and six copies of them under other tickers on the same Electrum servers, added to
 * this bench's coins list only, each copy with its own coin type so that no coin shares another's
 * keys — whose HD wallet has used addresses in accounts 0, 1 and 2 (external 0, 4 and 9, change
 * 0), gap limit 20.
 *
 * - first login: nothing stored; each coin's activation scans account 0's two chains (KDF scans
 *   the activated account only), then `task::create_new_account` finds accounts 1 and 2.
 * - login: the three accounts known from the first; unlock to every balance = each coin's
 *   activation plus `task::account_balance` of accounts 1 and 2, the coins side by side as a
 *   client activates them.
 * - iguana: the same ten coins activated for an iguana wallet, beside it.
 *
 * `npx tsx bench/hdFigures.ts` runs it alone on its own devnet.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Devnet } from '../devnet/start';
import { parseCoinsConfig } from '../src/node/coins/config';
import { chainIndex, type Bip44Chain } from '../src/node/coins/hdWallet/path';
import { myAddress } from '../src/node/coins/utxo/address';
import type { Platform } from '../src/node/core/context';
import { deriveNodeKeys } from '../src/node/crypto';
import { generateMnemonic } from '../src/node/crypto/hd';
import { NodeHost } from '../src/node/nodeHost';
import { nodePlatform } from '../tools/host/nodePlatform';
import type { Figure } from './run';

const RPC_PASSWORD = 'Bench-Rpc-Pa55!';
const BASE_COINS = ['RLTC1', 'RLTC1-segwit', 'RLTC2', 'RLTC2-segwit'];
/** Copies: same chain, same servers, another coin type. */
const COPIES: Record<string, string> = {
  'RLTC1-B': 'RLTC1',
  'RLTC1-C': 'RLTC1',
  'RLTC1-segwit-B': 'RLTC1-segwit',
  'RLTC2-B': 'RLTC2',
  'RLTC2-C': 'RLTC2',
  'RLTC2-segwit-B': 'RLTC2-segwit',
};
const ACCOUNTS = [0, 1, 2];
const USED: { chain: Bip44Chain; addressId: number }[] = [
  { chain: 'External', addressId: 0 },
  { chain: 'External', addressId: 4 },
  { chain: 'External', addressId: 9 },
  { chain: 'Internal', addressId: 0 },
];
const RUNS = 5;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

type Rpc = (method: string, params: Record<string, unknown>) => Promise<{ status: number; body: Record<string, unknown> }>;

export async function hdFigures(devnet: Devnet): Promise<Figure[]> {
  const publicCoins = JSON.parse(readFileSync(devnet.info.coinsFile, 'utf8')) as { coin: string }[];
  const coinsList = [
    ...publicCoins,
    ...Object.entries(COPIES).map(([ticker, base], i) => {
      const entry = publicCoins.find((c) => c.coin === base) as { coin: string; derivation_path: string };
      return { ...entry, coin: ticker, derivation_path: entry.derivation_path.replace(/\/\d+'$/, `/${1000 + i}'`) };
    }),
  ];
  const configs = parseCoinsConfig(coinsList).coins;
  const tickers = [...BASE_COINS, ...Object.keys(COPIES)];
  const servers = (ticker: string) => devnet.info.coins[COPIES[ticker] ?? ticker]?.servers;

  const mnemonic = generateMnemonic();
  const keys = deriveNodeKeys(mnemonic, { enableHd: true });
  for (const ticker of tickers) {
    const config = configs.get(ticker);
    const chain = devnet.info.chains.find((c) => c.coins.includes(COPIES[ticker] ?? ticker));
    if (!config?.derivationPath || !chain) throw new Error(`no devnet chain or derivation path for ${ticker}`);
    for (const accountId of ACCOUNTS) {
      for (const u of USED) {
        const address = myAddress(config, keys.coinKeyPair(config.derivationPath, accountId, chainIndex(u.chain), u.addressId).publicKey);
        await devnet.rpc(chain.name, 'sendtoaddress', [address, '0.01'], chain.minerWallet);
      }
    }
  }
  for (const chain of devnet.info.chains) await devnet.mine(chain.name, 1);

  /** Starts a node on `platform`, activates every coin side by side, then `after` per coin; the milliseconds from start to the end. */
  const login = async (platform: Platform, passphrase: string, enableHd: boolean, after: (rpc: Rpc, ticker: string) => Promise<void>): Promise<number> => {
    const host = new NodeHost(platform);
    const t0 = performance.now();
    const started = await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase, enable_hd: enableHd, coins: coinsList } });
    if (started.status !== 200) throw new Error(`node did not start: ${JSON.stringify(started.body)}`);
    const rpc: Rpc = async (method, params) =>
      (await host.handleRpc({ mmrpc: '2.0', method, params, userpass: RPC_PASSWORD, id: 1 })) as { status: number; body: Record<string, unknown> };
    await Promise.all(
      tickers.map(async (ticker) => {
        const activation_params = { mode: { rpc: 'Electrum', rpc_data: { servers: servers(ticker) } } };
        await task(rpc, 'enable_utxo', { ticker, activation_params });
        await after(rpc, ticker);
      }),
    );
    const ms = performance.now() - t0;
    await host.stop();
    return ms;
  };
  const nothing = async (): Promise<void> => undefined;
  const createAccounts = async (rpc: Rpc, coin: string): Promise<void> => {
    for (const account_id of [1, 2]) {
      const details = (await task(rpc, 'create_new_account', { coin, account_id })) as { addresses: unknown[] };
      if (details.addresses.length !== 10 + 1) throw new Error(`${coin} account ${account_id}: ${details.addresses.length} addresses`);
    }
  };
  const otherAccounts = async (rpc: Rpc, coin: string): Promise<void> => {
    for (const account_index of [1, 2]) {
      const details = (await task(rpc, 'account_balance', { coin, account_index })) as { addresses: unknown[] };
      if (details.addresses.length !== 10 + 1) throw new Error(`${coin} account ${account_index}: ${details.addresses.length} addresses`);
    }
  };

  const first: number[] = [];
  const stored: number[] = [];
  const iguana: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A fresh storage each run: the first login stores account 0, the login after it finds it.
    const platform = nodePlatform({ coinsPath: devnet.info.coinsFile });
    first.push(await login(platform, mnemonic, true, createAccounts));
    stored.push(await login(platform, mnemonic, true, otherAccounts));
    iguana.push(await login(nodePlatform({ coinsPath: devnet.info.coinsFile }), `bench hd iguana ${i}`, false, nothing));
  }
  const name = 'HD login: 10 UTXO coins on the devnet, used addresses over 3 accounts each, gap limit 20';
  return [
    { name: `${name}: first login, activation scans account 0, create_new_account finds accounts 1 and 2 (median of ${RUNS})`, value: Math.round(median(first)), unit: 'ms' },
    { name: `${name}: unlock to every balance, activation + account_balance of accounts 1 and 2 (median of ${RUNS})`, value: Math.round(median(stored)), unit: 'ms' },
    { name: `${name}: iguana wallet, same 10 coins activated (median of ${RUNS})`, value: Math.round(median(iguana)), unit: 'ms' },
  ];
}

/** Runs a `task::<kind>` to its end; its `details` when Ok. */
async function task(rpc: Rpc, kind: string, params: Record<string, unknown>): Promise<unknown> {
  const init = await rpc(`task::${kind}::init`, params);
  if (init.status !== 200) throw new Error(`${kind}: ${JSON.stringify(init.body)}`);
  const taskId = (init.body.result as { task_id: number }).task_id;
  for (;;) {
    const s = (await rpc(`task::${kind}::status`, { task_id: taskId })).body.result as { status: string; details: unknown };
    if (s.status === 'Ok') return s.details;
    if (s.status === 'Error') throw new Error(`${kind}: ${JSON.stringify(s.details)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startDevnet } = await import('../devnet/start');
  const dir = mkdtempSync(join(tmpdir(), 'bench-devnet-'));
  const devnet = await startDevnet({ dir, blockInterval: 0 });
  try {
    for (const f of await hdFigures(devnet)) console.log(JSON.stringify(f));
  } finally {
    await devnet.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
