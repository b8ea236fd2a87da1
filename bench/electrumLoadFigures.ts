/**
 * What the node costs an Electrum server, on the devnet's wallet with 1,200 small outputs: JSON-RPC
 * calls and bytes (both ways, as the node's sockets carry them) for the activation, for 100
 * `my_balance` calls while nothing changes, and for one incoming payment until its block is mined.
 */
import type { Devnet } from '../devnet/start';
import { NodeHost } from '../src/node/nodeHost';
import { nodePlatform } from '../tools/host/nodePlatform';
import type { Figure } from './run';
import { meterElectrum, type ServerLoad } from './serverMeter';

const RPC_PASSWORD = 'Bench-Rpc-Pa55!';
const PAYMENT = '0.00123';

type Load = Pick<ServerLoad, 'requests' | 'bytes'>;

export async function electrumLoadFigures(devnet: Devnet): Promise<Figure[]> {
  const many = devnet.info.wallets.many;
  const servers = devnet.info.coins.RLTC1?.servers;
  const chain = devnet.info.chains.find((c) => c.coins.includes('RLTC1'));
  if (!many || !servers || !chain) throw new Error('the devnet has no "many" wallet or RLTC1 chain');

  const platform = nodePlatform({ coinsPath: devnet.info.coinsFile });
  const load = meterElectrum(platform);
  const host = new NodeHost(platform);
  await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: many.passphrase } });
  const rpc = (body: Record<string, unknown>) => host.handleRpc({ ...body, userpass: RPC_PASSWORD });
  const balance = async (): Promise<string> => ((await rpc({ method: 'my_balance', coin: 'RLTC1' })).body as { balance: string }).balance;
  /** The load of `work` and of everything it set off, until the node has sent nothing for a second. */
  const measure = async (work: () => Promise<void>): Promise<Load> => {
    const start = { ...load };
    await work();
    for (let last = -1; last !== load.requests; ) {
      last = load.requests;
      await new Promise((r) => setTimeout(r, 1000));
    }
    return { requests: load.requests - start.requests, bytes: load.bytes - start.bytes };
  };

  let address = '';
  let before = '';
  const activation = await measure(async () => {
    const r = await rpc({ method: 'electrum', coin: 'RLTC1', servers });
    if (r.status !== 200) throw new Error(`activation failed: ${JSON.stringify(r.body)}`);
    address = (r.body as { address: string }).address;
    before = (r.body as { balance: string }).balance;
  });
  const balances = await measure(async () => {
    for (let i = 0; i < 100; i++) await balance();
  });
  const expected = (Number(before) + Number(PAYMENT)).toFixed(8).replace(/\.?0+$/, '');
  const payment = await measure(async () => {
    await devnet.rpc(chain.name, 'sendtoaddress', [address, PAYMENT], chain.minerWallet);
    await devnet.mine(chain.name, 1);
    for (let i = 0; (await balance()) !== expected; i++) {
      if (i > 300) throw new Error(`my_balance never showed the payment (${expected})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  await host.stop();
  const kb = (b: number) => Math.round(b / 102.4) / 10;
  return [
    { name: 'electrum_requests_activation', value: activation.requests, unit: 'count' },
    { name: 'electrum_kb_activation', value: kb(activation.bytes), unit: 'KB' },
    { name: 'electrum_requests_100_my_balance', value: balances.requests, unit: 'count' },
    { name: 'electrum_kb_100_my_balance', value: kb(balances.bytes), unit: 'KB' },
    { name: 'electrum_requests_block_with_one_payment', value: payment.requests, unit: 'count' },
    { name: 'electrum_kb_block_with_one_payment', value: kb(payment.bytes), unit: 'KB' },
  ];
}
