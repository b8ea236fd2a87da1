/**
 * Node cores for the swap legs: a NodeHost on the devnet's coins file, connected to the devnet's
 * seed node, with a short `payment_locktime` so refunds come in seconds; any of the devnet's UTXO
 * and EVM coins activated and funded. `restart` stops the core and starts a new one on the same
 * storage (as a reloaded page would), which resumes the stored swaps.
 */
import { ethAddress } from '../../../devnet/evm/keys';
import type { EnabledCoin } from '../../../src/node/coins/coin';
import { NodeHost } from '../../../src/node/nodeHost';
import type { RunningNode } from '../../../src/node/startNode';
import type { Platform } from '../../../src/node/core/context';
import { NodeEvents, type SwapEventData } from '../../../src/shared/wire';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { daemon, devnet } from '../devnet/daemon';
import { chainProvider, fundEvm, type EvmTicker } from '../eth/evmWallet';
import { fund } from '../utxo/funding';
import { freshPassphrase, RPC_PASSWORD, waitFor, type Reply } from '../utxo/walletNode';

export type Json = Record<string, unknown>;

/**
 * A short lock: the taker's payment locks for this, the maker's for twice it. The engine looks at
 * the chains on each new block, and at least every 15 s (KDF's WAIT_CONFIRM_INTERVAL); the taker
 * must have seen the maker payment confirmed before 2/5 of the lock, so much shorter locks fail
 * the swap on purpose.
 */
export const SHORT_LOCKTIME = 120;

const EVM_TICKERS = new Set<string>(['ETHDEV', 'DEVT18-ERC20', 'DEVT6-ERC20']);
export const isEvm = (ticker: string): ticker is EvmTicker => EVM_TICKERS.has(ticker);

export const chainOf = (ticker: string): string => {
  const chain = devnet().chains.find((c) => c.coins.includes(ticker));
  if (!chain) throw new Error(`no devnet chain has ${ticker}`);
  return chain.name;
};

/** ETHDEV for gas. */
const GAS = '1';
/** A leg wallet's coins, ETHDEV first whenever an EVM coin needs it for gas. */
export const coinsFor = (coin: string, other: string): string[] => [...new Set([...[coin, other].filter(isEvm).map(() => 'ETHDEV'), coin, other])];

/** 5 of a UTXO coin or 2 of an EVM coin to pay with, and ETHDEV for the gas of any EVM transaction. */
export function fundsFor(coin: string, other: string): Record<string, string> {
  const funds: Record<string, string> = {};
  if ([coin, other].some(isEvm)) funds.ETHDEV = GAS;
  funds[coin] = isEvm(coin) ? '2' : '5';
  return funds;
}

/** The deployer funds one wallet at a time: its nonces must not race. */
let evmFunding: Promise<unknown> = Promise.resolve();
function fundEvmInTurn(address: string, amounts: Partial<Record<EvmTicker, string>>): Promise<string[]> {
  const next = evmFunding.then(() => fundEvm(chainProvider(), address, amounts));
  evmFunding = next.catch(() => undefined);
  return next;
}

export interface SwapNode {
  label: string;
  platform: Platform;
  /** By ticker: the wallet's address on that coin. */
  addresses: Record<string, string>;
  legacy(method: string, args?: Record<string, unknown>): Promise<Reply>;
  /** Calls `action` (once) when this core stores a swap event of that type. */
  onSwapEvent(type: string, action: () => void): void;
  /** The swap as `my_swap_status` shows it, or undefined before it exists. */
  status(uuid: string): Promise<Json | undefined>;
  /** The activated coin as this core's swap engine finds it (a test may replace its `swapOps`). */
  enabledCoin(ticker: string): EnabledCoin;
  /** Stops the core without finishing its swaps: the node disappears. */
  kill(): Promise<void>;
  /** A new core on the same storage and wallet, its coins activated again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a node on a fresh wallet with `coins` activated (in that order: a token after ETHDEV),
 * holding `funds` (decimal amounts by ticker; none of the others).
 */
export async function startSwapNode(label: string, coins: string[], funds: Record<string, string>, paymentLocktime = SHORT_LOCKTIME): Promise<SwapNode> {
  const passphrase = freshPassphrase(label);
  const tickers = coins;
  const evmFunds = Object.fromEntries(Object.entries(funds).filter(([t]) => isEvm(t))) as Partial<Record<EvmTicker, string>>;
  if (Object.keys(evmFunds).length > 0) await fundEvmInTurn(ethAddress(passphrase), evmFunds);

  const platform = nodePlatform({ coinsPath: devnet().coinsFile });
  const hooks: { type: string; action: () => void }[] = [];
  platform.emit = (event, data) => {
    if (event !== NodeEvents.swapStatus) return;
    const type = (data as SwapEventData).event.event.type;
    for (const [i, hook] of hooks.entries()) {
      if (hook.type !== type) continue;
      hooks.splice(i, 1);
      hook.action();
      return;
    }
  };
  const conf = { rpc_password: RPC_PASSWORD, passphrase, gui: 'itest', seednodes: devnet().seednodes, payment_locktime: paymentLocktime };
  let host = new NodeHost(platform);
  const legacy = async (method: string, args: Record<string, unknown> = {}) =>
    (await host.handleRpc({ ...args, method, userpass: RPC_PASSWORD })) as Reply;
  const addresses: Record<string, string> = {};
  let running: RunningNode | undefined;

  const boot = async (): Promise<void> => {
    running = await host.start(conf).catch((e: unknown) => {
      throw new Error(`${label} did not start: ${(e as Error).message}`);
    });
    for (const coin of tickers) {
      const reply = isEvm(coin)
        ? await legacy('enable', { coin, ...devnet().coins[coin] })
        : await legacy('electrum', { coin, servers: devnet().coins[coin]?.servers });
      if (reply.status !== 200) throw new Error(`${label}: ${coin} did not activate: ${JSON.stringify(reply.body)}`);
      addresses[coin] = reply.body.address as string;
    }
  };
  await boot();
  for (const coin of Object.keys(funds).filter((t) => !isEvm(t))) {
    await fund(chainOf(coin), addresses[coin]!, [funds[coin]!]);
    await daemon(chainOf(coin)).mine(1);
  }
  for (const coin of tickers) {
    const expected = funds[coin] ?? '0';
    await waitFor(`${label} ${coin} balance`, async () => ((await legacy('my_balance', { coin })).body.balance === expected ? true : undefined));
  }

  return {
    label,
    platform,
    addresses,
    legacy,
    onSwapEvent: (type, action) => void hooks.push({ type, action }),
    enabledCoin(ticker) {
      const coin = running?.ctx.enabledCoins.get(ticker);
      if (!coin) throw new Error(`${label} has no active ${ticker}`);
      return coin;
    },
    async status(uuid) {
      const reply = await legacy('my_swap_status', { params: { uuid } });
      return reply.status === 200 ? (reply.body.result as Json) : undefined;
    },
    kill: () => host.stop(),
    async restart() {
      await host.stop();
      host = new NodeHost(platform);
      await boot();
    },
    stop: () => host.stop(),
  };
}

export const eventTypes = (s: Json | undefined): string[] => ((s?.events as { event: { type: string } }[] | undefined) ?? []).map((e) => e.event.type);

/** The data of the swap's first event of that type. */
export function eventData(s: Json, type: string): Json | undefined {
  const e = (s.events as { event: { type: string; data?: Json } }[]).find((x) => x.event.type === type);
  return e?.event.data;
}

/**
 * The maker places `volume` of `makerCoin` at `price` (taker coin per maker coin), the taker buys
 * exactly that order; resolves with the swap's uuid once both sides have stored it.
 */
export async function matchSwap(maker: SwapNode, taker: SwapNode, makerCoin: string, takerCoin: string, price: string, volume: string): Promise<string> {
  // The taker subscribes to the pair's orderbook first, so it hears the order as it is placed.
  await taker.legacy('orderbook', { base: makerCoin, rel: takerCoin });
  const set = await maker.legacy('setprice', { base: makerCoin, rel: takerCoin, price, volume, cancel_previous: false });
  if (set.status !== 200) throw new Error(`setprice: ${JSON.stringify(set.body)}`);
  const orderUuid = (set.body.result as Json).uuid as string;
  await waitFor(`${maker.label}'s order on ${taker.label}`, async () => {
    const asks = (await taker.legacy('orderbook', { base: makerCoin, rel: takerCoin })).body.asks as Json[] | undefined;
    return asks?.some((a) => a.uuid === orderUuid) ? true : undefined;
  }, 90_000);
  const buy = await taker.legacy('buy', { base: makerCoin, rel: takerCoin, price, volume, match_by: { type: 'Orders', data: [orderUuid] } });
  if (buy.status !== 200) throw new Error(`buy: ${JSON.stringify(buy.body)}`);
  const uuid = (buy.body.result as Json).uuid as string;
  await waitFor('the swap on both sides', async () => ((await maker.status(uuid)) && (await taker.status(uuid)) ? true : undefined), 60_000);
  return uuid;
}

/** Both sides' swap once finished; on a timeout the error shows the events so far. */
export async function finished(node: SwapNode, uuid: string, ms = 240_000): Promise<Json> {
  let last: Json | undefined;
  try {
    return await waitFor(`${node.label} swap finished`, async () => {
      last = await node.status(uuid);
      return last?.is_finished === true ? last : undefined;
    }, ms);
  } catch (e) {
    const events = ((last?.events as { event: { type: string; data?: unknown } }[] | undefined) ?? []).map((x) => x.event);
    throw new Error(`${(e as Error).message}: ${JSON.stringify(events.map((x) => (x.type.endsWith('Failed') ? x : x.type)))}`);
  }
}
