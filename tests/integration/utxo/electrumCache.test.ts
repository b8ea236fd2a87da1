/**
 * The wallet's Electrum reads are cached by the script's status: 100 `my_balance` calls cost no
 * request while nothing changes, and a payment costs one listing and one history read per status
 * notification, with no transaction read twice. Requests are counted on the node's own sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { daemon, devnet } from '../devnet/daemon';
import { fund } from './funding';
import { freshPassphrase, startWalletNode, waitFor, type WalletNode } from './walletNode';

interface Traffic {
  /** JSON-RPC methods the node sent, one entry per call (a batch's calls each). */
  sent: { method: string; params: unknown[] }[];
  /** Status notifications of `blockchain.scripthash.subscribe` the node received. */
  statusNotifications: number;
}

/** The node's platform, with every Electrum socket watched both ways. */
function watchedPlatform(traffic: Traffic): ReturnType<typeof nodePlatform> {
  const platform = nodePlatform({ coinsPath: devnet().coinsFile });
  const open = platform.webSocket;
  platform.webSocket = (url) => {
    const socket = open(url);
    const send = socket.send.bind(socket);
    socket.send = (data: string) => {
      const calls = JSON.parse(data) as { method: string; params: unknown[] } | { method: string; params: unknown[] }[];
      traffic.sent.push(...(Array.isArray(calls) ? calls : [calls]));
      send(data);
    };
    (socket as unknown as { addEventListener(t: string, fn: (ev: { data: unknown }) => void): void }).addEventListener('message', (ev) => {
      const msg = JSON.parse(String(ev.data)) as { method?: string };
      if (msg.method === 'blockchain.scripthash.subscribe') traffic.statusNotifications++;
    });
    return socket;
  };
  return platform;
}

describe('Electrum reads cached by the script status', () => {
  const traffic: Traffic = { sent: [], statusNotifications: 0 };
  let node: WalletNode;
  let address: string;

  const balance = async (): Promise<string> => (await node.legacy('my_balance', { coin: 'RLTC1' })).body.balance as string;
  const calls = (method: string) => traffic.sent.filter((c) => c.method === method);
  const reset = () => {
    traffic.sent.length = 0;
    traffic.statusNotifications = 0;
  };
  /** Waits until the node has sent nothing new for a while: every refresh it started is done. */
  const settled = () => {
    let last = -1;
    return waitFor('the node to go quiet', async () => {
      const now = traffic.sent.length;
      const quiet = now === last;
      last = now;
      if (!quiet) await new Promise((r) => setTimeout(r, 600));
      return quiet ? true : undefined;
    });
  };

  beforeAll(async () => {
    node = await startWalletNode(freshPassphrase('electrum-cache'), watchedPlatform(traffic));
    const r = await node.activate('RLTC1', { tx_history: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    address = r.body.address as string;
    await fund('chain1', address, ['0.5', '0.25']);
    await daemon('chain1').mine(1);
    await waitFor('funds seen by Electrum', async () => ((await balance()) === '0.75' ? true : undefined));
  });
  afterAll(() => node.stop());

  it('answers 100 my_balance calls without a request while nothing changes', async () => {
    await settled();
    reset();
    for (let i = 0; i < 100; i++) expect(await balance()).toBe('0.75');
    expect(traffic.sent.filter((c) => c.method !== 'server.ping')).toEqual([]);
  });

  it('refreshes on a payment, until confirmed, with one listing per status notification and the exact balance', async () => {
    await settled();
    reset();
    const [paid] = await fund('chain1', address, ['0.125']);
    await daemon('chain1').mine(1);
    await waitFor('the payment confirmed in the history', async () => {
      const r = await node.legacy('my_tx_history', { coin: 'RLTC1', max: true });
      const txs = (r.body.result as { transactions: { tx_hash: string; block_height: number }[] }).transactions;
      return txs.some((t) => t.tx_hash === paid && t.block_height > 0) ? true : undefined;
    });
    expect(await balance()).toBe('0.875');
    await settled();
    // A mempool notification and a block one, or the block's alone: never more reads than notifications.
    expect(traffic.statusNotifications).toBeGreaterThanOrEqual(1);
    expect(calls('blockchain.scripthash.listunspent')).toHaveLength(traffic.statusNotifications);
    expect(calls('blockchain.scripthash.get_history')).toHaveLength(traffic.statusNotifications);
    const txReads = calls('blockchain.transaction.get').map((c) => JSON.stringify(c.params));
    expect(new Set(txReads).size).toBe(txReads.length);
    expect(txReads).toContain(JSON.stringify([paid]));

    reset();
    for (let i = 0; i < 10; i++) expect(await balance()).toBe('0.875');
    expect(traffic.sent.filter((c) => c.method !== 'server.ping')).toEqual([]);
  });
});
