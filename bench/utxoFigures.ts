/**
 * UTXO figures on the devnet, node core under Node.js: `electrum` activation of the wallet with
 * 1,200 small outputs, how many Electrum round trips it takes, withdraw build-and-sign times, and
 * the longest the event loop stood still during a max withdraw (what other requests would wait).
 */
import { Transaction } from 'bitcoinjs-lib';
import type { Devnet } from '../devnet/start';
import { NodeHost } from '../src/node/nodeHost';
import { nodePlatform } from '../tools/host/nodePlatform';
import { longestBlockMs } from './eventLoopBlock';
import type { Figure } from './run';

const RPC_PASSWORD = 'Bench-Rpc-Pa55!';
const RUNS = 5;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (x: number): number => Math.round(x * 10) / 10;

export async function utxoFigures(devnet: Devnet): Promise<Figure[]> {
  const many = devnet.info.wallets.many;
  const servers = devnet.info.coins.RLTC1?.servers;
  if (!many || !servers) throw new Error('the devnet has no "many" wallet or RLTC1 servers');

  let framesSent = 0;
  const platform = nodePlatform({ coinsPath: devnet.info.coinsFile });
  const open = platform.webSocket;
  platform.webSocket = (url) => {
    const socket = open(url);
    const send = socket.send.bind(socket);
    socket.send = (data: string) => {
      framesSent++;
      send(data);
    };
    return socket;
  };
  const host = new NodeHost(platform);
  await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: many.passphrase } });
  const rpc = (body: Record<string, unknown>) => host.handleRpc({ ...body, userpass: RPC_PASSWORD });

  const activations: number[] = [];
  let roundTrips = 0;
  let utxoCount = 0;
  for (let i = 0; i < RUNS; i++) {
    framesSent = 0;
    const t0 = performance.now();
    const r = await rpc({ method: 'electrum', coin: 'RLTC1', servers });
    activations.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`activation failed: ${JSON.stringify(r.body)}`);
    roundTrips = framesSent;
    if (i < RUNS - 1) await rpc({ method: 'disable_coin', coin: 'RLTC1' });
  }
  const balance = (await rpc({ method: 'my_balance', coin: 'RLTC1' })).body as { balance: string };
  utxoCount = Math.round(Number(balance.balance) / 0.001);

  const withdrawOnce = async (params: Record<string, unknown>): Promise<string> => {
    const r = await rpc({ mmrpc: '2.0', method: 'withdraw', params: { coin: 'RLTC1', to: devnet.info.wallets.bob?.addresses.RLTC1, ...params } });
    if (r.status !== 200) throw new Error(`withdraw failed: ${JSON.stringify(r.body)}`);
    return ((r.body as { result: { tx_hex: string } }).result).tx_hex;
  };
  const withdraw = async (params: Record<string, unknown>): Promise<number> => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await withdrawOnce(params);
      times.push(performance.now() - t0);
    }
    return median(times);
  };
  const small = await withdraw({ amount: '0.01' });
  const max = await withdraw({ max: true });
  const blocks: number[] = [];
  let maxInputs = 0;
  for (let i = 0; i < RUNS; i++) {
    const { ms, result } = await longestBlockMs(() => withdrawOnce({ max: true }));
    blocks.push(ms);
    maxInputs = Transaction.fromHex(result).ins.length;
  }
  await host.stop();
  return [
    { name: `electrum activation, wallet with ${utxoCount} UTXOs (median of ${RUNS})`, value: round(median(activations)), unit: 'ms' },
    { name: 'Electrum round trips during that activation (frames sent, incl. server.version)', value: roundTrips, unit: 'count' },
    { name: `withdraw 0.01 build and sign from ${utxoCount} UTXOs (median of ${RUNS})`, value: round(small), unit: 'ms' },
    {
      name: `withdraw max build and sign from ${utxoCount} UTXOs, the ${maxInputs} largest that fit a standard transaction as inputs (median of ${RUNS})`,
      value: round(max),
      unit: 'ms',
    },
    { name: `longest event-loop block during withdraw max from ${utxoCount} UTXOs (median of ${RUNS} runs)`, value: median(blocks), unit: 'ms' },
  ];
}
