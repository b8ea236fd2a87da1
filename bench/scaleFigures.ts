/**
 * What one user costs the public servers a browser node uses, on the devnet, node cores under
 * Node.js: Electrum calls and bytes (both ways, pings apart) and EVM JSON-RPC calls and bytes,
 * for the activation of RLTC1 + RLTC2 + ETHDEV + DEVT18-ERC20, for IDLE_S of idle with a block a
 * second on every chain, and for each side of one RLTC1↔RLTC2 swap; the idle figures extrapolated
 * to an hour of real chains (LTC 2.5 min, BTC 10 min, ETH 12 s blocks). Then the seed's cost of
 * many nodes (seedCostFigures.ts).
 */
import type { DevnetInfo, EvmTicker } from '../devnet/info';
import type { Devnet } from '../devnet/start';
import { nodePlatform } from '../tools/host/nodePlatform';
import type { Figure } from './run';
import { seedCostFigures } from './seedCostFigures';
import { loadSince, meterElectrum, meterEvm, type ServerLoad } from './serverMeter';
import { placeOrders, startNode, swapAll, type BenchNode } from './swapFigures';

const IDLE_S = 60;
const UTXO_COINS = ['RLTC1', 'RLTC2'];
const EVM_COINS: EvmTicker[] = ['ETHDEV', 'DEVT18-ERC20'];
/** Real chains' blocks per hour, for the extrapolation. */
const LTC_BLOCKS_PER_HOUR = 60 / 2.5;
const BTC_BLOCKS_PER_HOUR = 60 / 10;
/** The node polls an EVM tip once per `avg_blocktime` (15 s for ETH in coins.json); ETH's 12 s blocks mean each poll finds one. */
const ETH_POLLS_PER_HOUR = 3600 / 15;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const kb = (bytes: number): number => Math.round(bytes / 102.4) / 10;

/** A block a second on both UTXO chains and on anvil until the returned stop is awaited. */
function mineEverySecond(devnet: Devnet): () => Promise<void> {
  const chains = UTXO_COINS.map((coin) => devnet.info.chains.find((c) => c.coins.includes(coin))?.name ?? coin);
  const evmMine = (): Promise<unknown> =>
    fetch(devnet.info.evm.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }) });
  let mining = true;
  const loop = (async () => {
    while (mining) {
      await Promise.all([...chains.map((c) => devnet.mine(c, 1)), evmMine()]);
      await sleep(1000);
    }
  })();
  return async () => {
    mining = false;
    await loop;
  };
}

/** Waits until `load` has had no new request for a second (at most 30 s). */
async function quiet(load: ServerLoad): Promise<void> {
  for (let last = -1, i = 0; last !== load.requests && i < 30; i++) {
    last = load.requests;
    await sleep(1000);
  }
}

/** Activation, then IDLE_S with a block a second, of one node with the four coins, its EVM calls through a meter. */
async function activationAndIdle(devnet: Devnet): Promise<Figure[]> {
  const evm = await meterEvm(devnet.info.evm.rpcUrl);
  const platform = nodePlatform({ coinsPath: devnet.info.coinsFile });
  const electrum = meterElectrum(platform);
  const metered = (c: EvmTicker) => ({ ...devnet.info.coins[c], urls: [evm.url] });
  // The EVM entries are typed as UTXO ones too (see DevnetInfo.coins): spread, they need the cast back.
  const coins = { ...devnet.info.coins, ETHDEV: metered('ETHDEV'), 'DEVT18-ERC20': metered('DEVT18-ERC20') } as DevnetInfo['coins'];
  const user = await startNode({ ...devnet, info: { ...devnet.info, coins } }, 'scale user', [...UTXO_COINS, ...EVM_COINS], {}, 1, platform);
  try {
    const evmActivation = { ...evm.load };
    await quiet(electrum);
    const electrumActivation = { ...electrum };

    const stopMining = mineEverySecond(devnet);
    const [electrumStart, evmStart] = [{ ...electrum }, { ...evm.load }];
    await sleep(IDLE_S * 1000);
    const [electrumIdle, evmIdle] = [loadSince(electrumStart, electrum), loadSince(evmStart, evm.load)];
    await stopMining();

    // Per block per UTXO coin (pings apart), pings per hour, EVM per tip poll (a block a second, a poll a second).
    const blocks = IDLE_S * UTXO_COINS.length;
    const perBlock = { requests: electrumIdle.requests / blocks, bytes: (electrumIdle.bytes - electrumIdle.pingBytes) / blocks };
    const pingHour = { requests: (electrumIdle.pings * 3600) / IDLE_S, bytes: (electrumIdle.pingBytes * 3600) / IDLE_S };
    const utxoHour = (blocksPerHour: number) => ({
      requests: Math.round(pingHour.requests + perBlock.requests * blocksPerHour * UTXO_COINS.length),
      bytes: pingHour.bytes + perBlock.bytes * blocksPerHour * UTXO_COINS.length,
    });
    const [ltc, btc] = [utxoHour(LTC_BLOCKS_PER_HOUR), utxoHour(BTC_BLOCKS_PER_HOUR)];
    const perPoll = { requests: evmIdle.requests / IDLE_S, bytes: evmIdle.bytes / IDLE_S };
    const coinsLabel = `${UTXO_COINS.join(' + ')} + ${EVM_COINS.join(' + ')}`;
    return [
      { name: `user cost: Electrum requests, activation of ${coinsLabel}`, value: electrumActivation.requests, unit: 'count' },
      { name: `user cost: Electrum KB, activation of ${coinsLabel}`, value: kb(electrumActivation.bytes), unit: 'KB' },
      { name: `user cost: EVM JSON-RPC calls, activation of ${coinsLabel}`, value: evmActivation.requests, unit: 'count' },
      { name: `user cost: EVM JSON-RPC KB, activation of ${coinsLabel}`, value: kb(evmActivation.bytes), unit: 'KB' },
      { name: `user cost idle: Electrum requests per block per UTXO coin (${IDLE_S} s of 1 s blocks)`, value: Math.round(perBlock.requests * 100) / 100, unit: 'count' },
      { name: `user cost idle: Electrum KB per block per UTXO coin (${IDLE_S} s of 1 s blocks)`, value: kb(perBlock.bytes), unit: 'KB' },
      { name: `user cost idle: Electrum pings per hour, ${UTXO_COINS.length} UTXO coins`, value: Math.round(pingHour.requests), unit: 'count' },
      { name: `user cost idle: Electrum ping KB per hour, ${UTXO_COINS.length} UTXO coins`, value: kb(pingHour.bytes), unit: 'KB' },
      { name: `user cost idle: EVM JSON-RPC calls per tip poll with a new block (${IDLE_S} s of 1 s blocks, ETHDEV + token)`, value: Math.round(perPoll.requests * 100) / 100, unit: 'count' },
      { name: `user cost idle: EVM JSON-RPC KB per tip poll with a new block`, value: kb(perPoll.bytes), unit: 'KB' },
      { name: 'user cost idle, extrapolated: Electrum requests per hour, 2 LTC coins (2.5 min blocks), pings included', value: ltc.requests, unit: 'count' },
      { name: 'user cost idle, extrapolated: Electrum KB per hour, 2 LTC coins (2.5 min blocks), pings included', value: kb(ltc.bytes), unit: 'KB' },
      { name: 'user cost idle, extrapolated: Electrum requests per hour, 2 BTC-like coins (10 min blocks), pings included', value: btc.requests, unit: 'count' },
      { name: 'user cost idle, extrapolated: Electrum KB per hour, 2 BTC-like coins (10 min blocks), pings included', value: kb(btc.bytes), unit: 'KB' },
      { name: 'user cost idle, extrapolated: EVM JSON-RPC calls per hour, ETH + one token (12 s blocks, a poll per 15 s)', value: Math.round(perPoll.requests * ETH_POLLS_PER_HOUR), unit: 'count' },
      { name: 'user cost idle, extrapolated: EVM JSON-RPC KB per hour, ETH + one token (12 s blocks, a poll per 15 s)', value: kb(perPoll.bytes * ETH_POLLS_PER_HOUR), unit: 'KB' },
    ];
  } finally {
    await user.host.stop();
    evm.close();
  }
}

/** Each side's Electrum load from the taker's buy to both sides Finished, one RLTC1↔RLTC2 swap, a block a second. */
async function swapCost(devnet: Devnet): Promise<Figure[]> {
  const sides = ['maker', 'taker'].map((side) => {
    const platform = nodePlatform({ coinsPath: devnet.info.coinsFile });
    return { side, platform, load: meterElectrum(platform) };
  });
  const stopMining = mineEverySecond(devnet);
  const nodes: BenchNode[] = [];
  try {
    const funds = { RLTC1: '1', RLTC2: '1' };
    const [maker, taker] = await Promise.all(sides.map((s) => startNode(devnet, `scale ${s.side}`, UTXO_COINS, funds, 1, s.platform)));
    if (!maker || !taker) throw new Error('no maker or taker');
    nodes.push(maker, taker);
    const orders = await placeOrders(maker, taker, 1);
    const before = sides.map((s) => ({ ...s.load }));
    const ms = await swapAll(maker, taker, orders);
    return [
      { name: 'user cost per swap: RLTC1↔RLTC2 swap duration, match → Finished (1 s blocks)', value: Math.round(ms / 100) / 10, unit: 's' },
      ...sides.flatMap((s, i) => {
        const load = loadSince(before[i]!, s.load);
        return [
          { name: `user cost per swap: Electrum requests, ${s.side} side of one RLTC1↔RLTC2 swap (idle load of its seconds included)`, value: load.requests, unit: 'count' },
          { name: `user cost per swap: Electrum KB, ${s.side} side of one RLTC1↔RLTC2 swap (idle load of its seconds included)`, value: kb(load.bytes), unit: 'KB' },
        ];
      }),
    ];
  } finally {
    await stopMining();
    await Promise.all(nodes.map((n) => n.host.stop().catch(() => undefined)));
  }
}

export async function scaleFigures(devnet: Devnet): Promise<Figure[]> {
  return [...(await activationAndIdle(devnet)), ...(await swapCost(devnet)), ...(await seedCostFigures())];
}
