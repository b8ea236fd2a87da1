/**
 * EVM figures on the devnet, node core under Node.js: `enable` of ETHDEV and its two tokens, the
 * JSON-RPC calls that takes (counted by a proxy in front of anvil), and withdraw build-and-sign.
 */
import type { Devnet } from '../devnet/start';
import { NodeHost } from '../src/node/nodeHost';
import { nodePlatform } from '../tools/host/nodePlatform';
import type { Figure } from './run';
import { meterEvm } from './serverMeter';

const RPC_PASSWORD = 'Bench-Rpc-Pa55!';
const RUNS = 5;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (x: number): number => Math.round(x * 10) / 10;

export async function evmFigures(devnet: Devnet): Promise<Figure[]> {
  const proxy = await meterEvm(devnet.info.evm.rpcUrl);
  const host = new NodeHost(nodePlatform({ coinsPath: devnet.info.coinsFile }));
  try {
    const alice = devnet.info.wallets.alice;
    const bob = devnet.info.wallets.bob;
    if (!alice || !bob) throw new Error('the devnet has no alice or bob');
    await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: alice.passphrase } });
    const rpc = (body: Record<string, unknown>) => host.handleRpc({ ...body, userpass: RPC_PASSWORD });
    const args = { urls: [proxy.url], swap_contract_address: devnet.info.evm.swapContract };

    const times: number[] = [];
    let calls = 0;
    for (let i = 0; i < RUNS; i++) {
      const before = proxy.load.requests;
      const t0 = performance.now();
      for (const coin of ['ETHDEV', 'DEVT18-ERC20', 'DEVT6-ERC20']) {
        const r = await rpc({ method: 'enable', coin, ...args });
        if (r.status !== 200) throw new Error(`enable ${coin} failed: ${JSON.stringify(r.body)}`);
      }
      times.push(performance.now() - t0);
      calls = proxy.load.requests - before;
      // force_disable: a platform with tokens would otherwise only be passivized, its tokens kept.
      if (i < RUNS - 1) await rpc({ method: 'disable_coin', coin: 'ETHDEV', force_disable: true });
    }

    const withdraw = async (params: Record<string, unknown>): Promise<number> => {
      const ts: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const r = await rpc({ mmrpc: '2.0', method: 'withdraw', params: { to: bob.addresses.ETHDEV, ...params } });
        ts.push(performance.now() - t0);
        if (r.status !== 200) throw new Error(`withdraw failed: ${JSON.stringify(r.body)}`);
      }
      return median(ts);
    };
    const eth = await withdraw({ coin: 'ETHDEV', amount: '0.1' });
    const token = await withdraw({ coin: 'DEVT6-ERC20', amount: '1.5' });
    return [
      { name: `enable ETHDEV + DEVT18-ERC20 + DEVT6-ERC20 (median of ${RUNS})`, value: round(median(times)), unit: 'ms' },
      { name: 'JSON-RPC calls those three enables take', value: calls, unit: 'count' },
      { name: `withdraw ETHDEV build and sign, default gas (median of ${RUNS})`, value: round(eth), unit: 'ms' },
      { name: `withdraw DEVT6-ERC20 build and sign, default gas (median of ${RUNS})`, value: round(token), unit: 'ms' },
    ];
  } finally {
    await host.stop();
    proxy.close();
  }
}
