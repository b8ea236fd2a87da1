/**
 * Swap figures on the devnet (1 s blocks while they run, 1 confirmation; anvil mines each
 * transaction), node cores under Node.js talking through the devnet's seed node: match → Finished
 * of one RLTC1 ↔ RLTC2 swap and of one RLTC1 ↔ DEVT18-ERC20 swap, ten swaps between the same two
 * nodes at once (total time), and how long a restarted node takes to have 100 stored unfinished
 * swaps running again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Interface, JsonRpcProvider, parseEther, parseUnits, Wallet } from 'ethers';
import { startDevnet, type Devnet } from '../devnet/start';
import { MmNumber } from '../src/shared/number';
import { deriveNodeKeys } from '../src/node/crypto/nodeKeys';
import { bytesToHex } from '../src/node/crypto';
import type { SwapCoin } from '../src/node/swaps/engine/run';
import { exportSwap } from '../src/node/swaps/engine/importExport';
import { newTakerSwap } from '../src/node/swaps/engine/started';
import { NodeHost } from '../src/node/nodeHost';
import { nodePlatform } from '../tools/host/nodePlatform';
import type { Figure } from './run';

const RPC_PASSWORD = 'Bench-Swap-Pa55!';
const CONCURRENT = 10;
const STORED = 100;
type Json = Record<string, unknown>;
type Rpc = (body: Json) => Promise<{ status: number; body: Json }>;

const round = (x: number): number => Math.round(x * 10) / 10;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

export interface BenchNode {
  rpc: Rpc;
  host: NodeHost;
}

function chainOf(devnet: Devnet, ticker: string): { name: string; minerWallet: string } {
  const chain = devnet.info.chains.find((c) => c.coins.includes(ticker));
  if (!chain) throw new Error(`no devnet chain has ${ticker}`);
  return chain;
}

const EVM = new Set(['ETHDEV', 'DEVT18-ERC20']);
const ERC20 = new Interface(['function transfer(address to, uint256 amount) returns (bool)']);

/** Pays `amount` of an EVM coin to `to` from the devnet's deployer, mined before it returns. */
async function fundEvm(devnet: Devnet, coin: string, to: string, amount: string): Promise<void> {
  const deployer = new Wallet(devnet.info.evm.deployerKey, new JsonRpcProvider(devnet.info.evm.rpcUrl));
  const token = devnet.info.evm.tokens['DEVT18-ERC20'];
  const tx =
    coin === 'ETHDEV'
      ? await deployer.sendTransaction({ to, value: parseEther(amount) })
      : await deployer.sendTransaction({ to: token, data: ERC20.encodeFunctionData('transfer', [to, parseUnits(amount, 18)]) });
  await tx.wait();
}

/**
 * A node with `coins` active (ETHDEV before its token); a UTXO coin in `funds` gets `outputs`
 * payments of its amount, an EVM coin one payment.
 */
export async function startNode(
  devnet: Devnet,
  label: string,
  coins: string[],
  funds: Record<string, string>,
  outputs = 1,
  platform = nodePlatform({ coinsPath: devnet.info.coinsFile }),
): Promise<BenchNode> {
  const host = new NodeHost(platform);
  const passphrase = `bench ${label} ${randomBytes(6).toString('hex')}`;
  const started = await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase, gui: 'bench', seednodes: devnet.info.seednodes } });
  if (started.status !== 200) throw new Error(`${label} did not start: ${JSON.stringify(started.body)}`);
  const rpc: Rpc = async (body) => (await host.handleRpc({ ...body, userpass: RPC_PASSWORD })) as { status: number; body: Json };
  for (const coin of coins) {
    const evm = EVM.has(coin);
    const r = evm
      ? await rpc({ method: 'enable', coin, ...(devnet.info.coins as Record<string, object>)[coin] })
      : await rpc({ method: 'electrum', coin, servers: devnet.info.coins[coin]?.servers });
    if (r.status !== 200) throw new Error(`${label} ${coin}: ${JSON.stringify(r.body)}`);
    const each = funds[coin];
    if (each === undefined) continue;
    const address = r.body.address as string;
    if (evm) await fundEvm(devnet, coin, address, each);
    else {
      const chain = chainOf(devnet, coin);
      for (let i = 0; i < outputs; i++) await devnet.rpc(chain.name, 'sendtoaddress', [address, each], chain.minerWallet);
    }
    const total = MmNumber.parse(each).mul(MmNumber.parse(String(evm ? 1 : outputs)));
    await until(`${label} ${coin} funded`, async () => (MmNumber.parse((await rpc({ method: 'my_balance', coin })).body.balance as string).eq(total) ? true : undefined), 60_000);
  }
  return { rpc, host };
}

async function finished(node: BenchNode, uuid: string): Promise<Json> {
  return until(`swap ${uuid} finished`, async () => {
    const r = await node.rpc({ method: 'my_swap_status', params: { uuid } });
    const s = r.body.result as Json | undefined;
    return s?.is_finished === true ? s : undefined;
  }, 600_000);
}

/** Places `count` maker orders of 0.1 RLTC1 for `rel` and waits until the taker sees them all. */
export async function placeOrders(maker: BenchNode, taker: BenchNode, count: number, rel = 'RLTC2'): Promise<string[]> {
  const uuids: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = await maker.rpc({ method: 'setprice', base: 'RLTC1', rel, price: '2', volume: '0.1', cancel_previous: false });
    if (r.status !== 200) throw new Error(`setprice: ${JSON.stringify(r.body)}`);
    uuids.push((r.body.result as Json).uuid as string);
  }
  await until('the orders on the taker', async () => {
    const asks = ((await taker.rpc({ method: 'orderbook', base: 'RLTC1', rel })).body.asks as Json[] | undefined) ?? [];
    return uuids.every((u) => asks.some((a) => a.uuid === u)) ? true : undefined;
  }, 60_000);
  return uuids;
}

/**
 * Where a swap's time went: each side's events as seconds after `t0` (unix ms), on stderr, so a
 * figure that grows can be read against the steps that took it.
 */
function printTimeline(label: string, t0: number, sides: Json[]): void {
  for (const s of sides) {
    const events = (s.events as { timestamp: number; event: { type: string } }[]).map((e) => `${e.event.type} ${round((e.timestamp - t0) / 1000)}`);
    console.error(`${label} ${String(s.type)}: ${events.join(', ')}`);
  }
}

/**
 * Buys each order (matched by uuid) at once; resolves with the ms from the first buy to every swap
 * Finished on both sides. A single swap's timeline is printed (see `printTimeline`).
 */
export async function swapAll(maker: BenchNode, taker: BenchNode, orders: string[], rel = 'RLTC2'): Promise<number> {
  const t0 = performance.now();
  const startedAt = Date.now();
  const swaps = await Promise.all(
    orders.map(async (order) => {
      const r = await taker.rpc({ method: 'buy', base: 'RLTC1', rel, price: '2', volume: '0.1', match_by: { type: 'Orders', data: [order] } });
      if (r.status !== 200) throw new Error(`buy: ${JSON.stringify(r.body)}`);
      return (r.body.result as Json).uuid as string;
    }),
  );
  const done = await Promise.all(swaps.flatMap((uuid) => [finished(maker, uuid), finished(taker, uuid)]));
  const failed = done.filter((s) => s.is_success !== true);
  if (failed.length > 0) throw new Error(`${failed.length} swaps failed`);
  const ms = performance.now() - t0;
  if (orders.length === 1) printTimeline(`RLTC1↔${rel}`, startedAt, done);
  return ms;
}

/** 100 unfinished taker swaps stored by a node, then the time from its restart to all of them running. */
async function resumeFigure(devnet: Devnet): Promise<number> {
  const platform = nodePlatform({ coinsPath: devnet.info.coinsFile });
  const passphrase = `bench resume ${randomBytes(6).toString('hex')}`;
  const conf = { rpc_password: RPC_PASSWORD, passphrase, gui: 'bench', seednodes: devnet.info.seednodes };
  const keys = deriveNodeKeys(passphrase, { enableHd: false }).internal;
  const identity = { pubkey: keys.publicKey, privkey: keys.privateKey, gui: 'bench', mmVersion: 'bench', paymentLocktime: 7800 };
  const coin = { ops: { swapContractBytes: new Uint8Array() } } as unknown as SwapCoin;
  const now = Date.now();
  const records = Array.from({ length: STORED }, (_, i) =>
    exportSwap(
      newTakerSwap(
        {
          uuid: crypto.randomUUID(),
          role: 'Taker',
          makerOrderUuid: crypto.randomUUID(),
          otherPubkey: bytesToHex(randomBytes(32)),
          makerCoin: 'RLTC1',
          takerCoin: 'RLTC2',
          makerAmount: MmNumber.parse('0.1'),
          takerAmount: MmNumber.parse('0.2'),
          makerPaymentConfirmations: 1,
          makerPaymentRequiresNota: false,
          takerPaymentConfirmations: 1,
          takerPaymentRequiresNota: false,
        },
        identity,
        { maker: coin, taker: coin, makerStartBlock: 1, takerStartBlock: 1 },
        now - i,
      ),
    ),
  );
  let host = new NodeHost(platform);
  const rpc: Rpc = async (body) => (await host.handleRpc({ ...body, userpass: RPC_PASSWORD })) as { status: number; body: Json };
  await host.handleControl({ op: 'start', conf });
  const imported = await rpc({ method: 'import_swaps', swaps: records });
  if (((imported.body.result as Json | undefined)?.imported as unknown[] | undefined)?.length !== STORED) throw new Error(`import_swaps: ${JSON.stringify(imported.body).slice(0, 300)}`);
  await host.stop();

  host = new NodeHost(platform);
  const t0 = performance.now();
  const started = await host.handleControl({ op: 'start', conf });
  if (started.status !== 200) throw new Error(`restart: ${JSON.stringify(started.body)}`);
  await until('100 swaps running', async () => ((((await rpc({ method: 'active_swaps' })).body.uuids as unknown[]) ?? []).length === STORED ? true : undefined), 60_000);
  const ms = performance.now() - t0;
  await host.stop();
  return ms;
}

export async function swapFigures(devnet: Devnet): Promise<Figure[]> {
  const chains = ['RLTC1', 'RLTC2'].map((c) => chainOf(devnet, c).name);
  let mining = true;
  const miner = (async () => {
    while (mining) {
      await Promise.all(chains.map((c) => devnet.mine(c, 1)));
      await sleep(1000);
    }
  })();
  const nodes: BenchNode[] = [];
  try {
    const utxo = { RLTC1: '1', RLTC2: '1' };
    const [maker, taker] = await Promise.all([
      startNode(devnet, 'swap maker', ['RLTC1', 'RLTC2'], utxo, CONCURRENT + 2),
      startNode(devnet, 'swap taker', ['RLTC1', 'RLTC2'], utxo, CONCURRENT + 2),
    ]);
    nodes.push(maker, taker);
    const one = await swapAll(maker, taker, await placeOrders(maker, taker, 1));
    const ten = await swapAll(maker, taker, await placeOrders(maker, taker, CONCURRENT));
    // RLTC1 for the token: the taker pays the ERC20 HTLC (approve first), the maker spends it with ETHDEV gas.
    const [tokenMaker, tokenTaker] = await Promise.all([
      startNode(devnet, 'token maker', ['RLTC1', 'ETHDEV', 'DEVT18-ERC20'], { RLTC1: '1', ETHDEV: '1' }),
      startNode(devnet, 'token taker', ['RLTC1', 'ETHDEV', 'DEVT18-ERC20'], { ETHDEV: '1', 'DEVT18-ERC20': '1' }),
    ]);
    nodes.push(tokenMaker, tokenTaker);
    const token = await swapAll(tokenMaker, tokenTaker, await placeOrders(tokenMaker, tokenTaker, 1, 'DEVT18-ERC20'), 'DEVT18-ERC20');
    const resume = await resumeFigure(devnet);
    return [
      { name: 'swap match → Finished RLTC1↔RLTC2 (1 s blocks, 1 conf)', value: round(one / 1000), unit: 's' },
      { name: 'swap match → Finished RLTC1↔DEVT18-ERC20 (1 s blocks, 1 conf)', value: round(token / 1000), unit: 's' },
      { name: `${CONCURRENT} concurrent swaps RLTC1↔RLTC2 between two nodes, all Finished`, value: round(ten / 1000), unit: 's' },
      { name: `resume of ${STORED} stored unfinished swaps after a restart`, value: round(resume), unit: 'ms' },
    ];
  } finally {
    mining = false;
    await miner;
    await Promise.all(nodes.map((n) => n.host.stop().catch(() => undefined)));
  }
}

/** `npx tsx bench/swapFigures.ts`: these figures alone, on a devnet of their own (as bench/run.ts starts it). */
async function standalone(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-swaps-'));
  const devnet = await startDevnet({ dir, blockInterval: 0 });
  try {
    for (const f of await swapFigures(devnet)) console.log(JSON.stringify(f));
  } finally {
    await devnet.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  standalone().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
