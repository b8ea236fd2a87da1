/**
 * EVM figures on the devnet, node core under Node.js: `enable` of ETHDEV and its two tokens, the
 * JSON-RPC calls that takes (counted by a proxy in front of anvil), and withdraw build-and-sign.
 */
import { createServer, type Server } from 'node:http';
import type { Devnet } from '../devnet/start';
import { NodeHost } from '../src/node/nodeHost';
import { nodePlatform } from '../tools/host/nodePlatform';
import type { Figure } from './run';

const RPC_PASSWORD = 'Bench-Rpc-Pa55!';
const RUNS = 5;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (x: number): number => Math.round(x * 10) / 10;

/** Forwards JSON-RPC to anvil and counts the calls (a batch counts each of its calls). */
async function countingProxy(target: string): Promise<{ url: string; calls: () => number; reset(): void; close(): void }> {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const parsed = JSON.parse(body) as unknown;
        calls += Array.isArray(parsed) ? parsed.length : 1;
      } catch {
        calls += 1;
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (r) => {
          res.writeHead(r.status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
          res.end(await r.text());
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, calls: () => calls, reset: () => (calls = 0), close: () => server.close() };
}

export async function evmFigures(devnet: Devnet): Promise<Figure[]> {
  const proxy = await countingProxy(devnet.info.evm.rpcUrl);
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
      proxy.reset();
      const t0 = performance.now();
      for (const coin of ['ETHDEV', 'DEVT18-ERC20', 'DEVT6-ERC20']) {
        const r = await rpc({ method: 'enable', coin, ...args });
        if (r.status !== 200) throw new Error(`enable ${coin} failed: ${JSON.stringify(r.body)}`);
      }
      times.push(performance.now() - t0);
      calls = proxy.calls();
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
