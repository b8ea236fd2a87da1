/**
 * Node cores for the orders tests: a NodeHost on the devnet's coins file whose conf names the
 * devnet's seed node (so it starts the real libp2p P2p and the orders service), with RLTC1 and
 * RLTC2 activated over the devnet's Electrum servers and funded from the chains' miners.
 */
import { daemon, devnet } from '../devnet/daemon';
import { fund } from '../utxo/funding';
import { freshPassphrase, RPC_PASSWORD, waitFor, type Reply } from '../utxo/walletNode';
import { NodeHost } from '../../../src/node/nodeHost';
import { nodePlatform } from '../../../tools/host/nodePlatform';

export interface OrderNode {
  host: NodeHost;
  /** Every event the node sent to the page, in order. */
  events: { event: string; data: unknown }[];
  legacy(method: string, args?: Record<string, unknown>): Promise<Reply>;
  mmrpc(method: string, params?: Record<string, unknown>): Promise<Reply>;
  stop(): Promise<void>;
}

const chainOf = (ticker: string): string => {
  const chain = devnet().chains.find((c) => c.coins.includes(ticker));
  if (!chain) throw new Error(`no devnet chain has ${ticker}`);
  return chain.name;
};

/** Starts a node with a fresh wallet holding `amount` of each of RLTC1 and RLTC2; on the devnet's seeds unless told others. */
export async function startOrderNode(label: string, amount = '5', seednodes: string[] = devnet().seednodes): Promise<OrderNode> {
  const events: OrderNode['events'] = [];
  const host = new NodeHost(nodePlatform({ coinsPath: devnet().coinsFile, emit: (event, data) => events.push({ event, data }) }));
  const conf = { rpc_password: RPC_PASSWORD, passphrase: freshPassphrase(label), gui: 'itest', seednodes };
  const started = await host.handleControl({ op: 'start', conf });
  if (started.status !== 200) throw new Error(`node did not start: ${JSON.stringify(started.body)}`);
  const legacy = async (method: string, args: Record<string, unknown> = {}) =>
    (await host.handleRpc({ ...args, method, userpass: RPC_PASSWORD })) as Reply;
  const mmrpc = async (method: string, params: Record<string, unknown> = {}) =>
    (await host.handleRpc({ mmrpc: '2.0', method, params, userpass: RPC_PASSWORD, id: 1 })) as Reply;
  for (const coin of ['RLTC1', 'RLTC2']) {
    const reply = await legacy('electrum', { coin, servers: devnet().coins[coin]?.servers });
    if (reply.status !== 200) throw new Error(`${coin} did not activate: ${JSON.stringify(reply.body)}`);
    await fund(chainOf(coin), reply.body.address as string, [amount]);
    await daemon(chainOf(coin)).mine(1);
    await waitFor(`${label} ${coin} balance`, async () => ((await legacy('my_balance', { coin })).body.balance === amount ? true : undefined));
  }
  return { host, events, legacy, mmrpc, stop: () => host.stop() };
}

export { waitFor };
