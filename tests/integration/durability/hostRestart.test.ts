/**
 * The headless host keeps its data in `dbdir`: a wallet created, a coin's history synced and a
 * maker order placed survive a SIGKILL; the restarted host opens the wallet with only its name and
 * password, lists the order and announces it again (another node's orderbook sees it), and shows
 * the same history without fetching it again. One host per dbdir; a wrong password is refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../devnet/process';
import { NodeHost } from '../../../src/node/nodeHost';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { daemon, devnet } from '../devnet/daemon';
import { fund } from '../utxo/funding';
import { freshPassphrase, RPC_PASSWORD, waitFor } from '../utxo/walletNode';
import { startHostProcess, type HostProcess, type Reply } from './hostProcess';

const WALLET = 'durable';
const WALLET_PASSWORD = 'Durable-W4llet!';

interface History {
  transactions: { tx_hash: string; block_height: number; received_by_me: string }[];
  total: number;
  sync_status: { state: string };
}

type Orders = { maker_orders: Record<string, unknown> };

describe('the headless host after a SIGKILL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'host-restart-'));
  const confPath = join(dir, 'MM2.json');
  const passphrase = freshPassphrase('durable host');
  let baseConf: Record<string, unknown>;
  let host: HostProcess | undefined;
  let observer: NodeHost | undefined;
  let uuid: string;
  let historyBefore: History;

  const legacy = async (method: string, args: Record<string, unknown> = {}): Promise<Reply> => {
    if (!host) throw new Error('no host running');
    return host.post({ ...args, method, userpass: RPC_PASSWORD });
  };
  const history = async (): Promise<History> => {
    const r = await legacy('my_tx_history', { coin: 'RLTC1', max: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as History;
  };
  const activate = async (coin: string, extra: Record<string, unknown> = {}): Promise<string> => {
    const r = await legacy('electrum', { coin, servers: devnet().coins[coin]?.servers, ...extra });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.address as string;
  };
  const observerAsks = async (): Promise<{ uuid: string }[]> => {
    const r = await observer?.handleRpc({ method: 'orderbook', base: 'RLTC1', rel: 'RLTC2', userpass: RPC_PASSWORD });
    expect(r?.status).toBe(200);
    return (r?.body as { asks: { uuid: string }[] }).asks;
  };

  beforeAll(async () => {
    baseConf = {
      gui: 'itest',
      rpc_password: RPC_PASSWORD,
      rpcport: await freePort(),
      coins: devnet().coinsFile,
      seednodes: devnet().seednodes,
      dbdir: join(dir, 'db'),
      wallet_name: WALLET,
      wallet_password: WALLET_PASSWORD,
    };
  });

  afterAll(async () => {
    await host?.kill('SIGKILL');
    await observer?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the wallet, syncs a history and places a maker order', async () => {
    host = await startHostProcess(confPath, { ...baseConf, passphrase });
    expect(host.output()).toContain('node listening on');
    const address = await activate('RLTC1', { tx_history: true });
    await activate('RLTC2');
    await fund('chain1', address, ['0.5', '0.6', '0.7']);
    await daemon('chain1').mine(1);
    historyBefore = await waitFor('three confirmed history entries', async () => {
      const h = await history();
      return h.total === 3 && h.sync_status.state === 'Finished' && h.transactions.every((t) => t.block_height > 0) ? h : undefined;
    });
    await waitFor('the balance', async () => ((await legacy('my_balance', { coin: 'RLTC1' })).body.balance === '1.8' ? true : undefined));

    const placed = await legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '0.5', cancel_previous: false });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    uuid = (placed.body.result as { uuid: string }).uuid;
    expect(((await legacy('my_orders')).body.result as Orders).maker_orders[uuid]).toBeDefined();
  });

  it('loses nothing to a SIGKILL: nobody else has the order while the host is down', async () => {
    expect(await host?.kill('SIGKILL')).toBeNull();
    host = undefined;
    // Started only now, so the order can reach it only from the restarted host.
    observer = new NodeHost(nodePlatform({ coinsPath: devnet().coinsFile }));
    const started = await observer.handleControl({
      op: 'start',
      conf: { rpc_password: RPC_PASSWORD, passphrase: freshPassphrase('observer'), gui: 'itest', seednodes: devnet().seednodes },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await new Promise((r) => setTimeout(r, 3000));
    expect((await observerAsks()).map((a) => a.uuid)).not.toContain(uuid);
  });

  it('restarts with only wallet_name + wallet_password and has the wallet, the order and the history', async () => {
    host = await startHostProcess(confPath, baseConf);
    expect(host.output()).toContain('node listening on');
    const names = await host.post({ mmrpc: '2.0', method: 'get_wallet_names', userpass: RPC_PASSWORD, id: 1 });
    expect(names.body.result).toEqual({ wallet_names: [WALLET], activated_wallet: WALLET });
    const orders = (await legacy('my_orders')).body.result as Orders;
    expect(orders.maker_orders[uuid]).toMatchObject({ base: 'RLTC1', rel: 'RLTC2', price: '2', max_base_vol: '0.5' });

    const printedBefore = host.output().length;
    await activate('RLTC1', { tx_history: true });
    await activate('RLTC2');
    await waitFor('the order on the observer again', async () => ((await observerAsks()).some((a) => a.uuid === uuid) ? true : undefined));

    const after = await waitFor('the stored history', async () => {
      const h = await history();
      return h.sync_status.state === 'Finished' ? h : undefined;
    });
    expect(after.transactions.map((t) => t.tx_hash).sort()).toEqual(historyBefore.transactions.map((t) => t.tx_hash).sort());
    expect(after.transactions.map((t) => t.received_by_me).sort()).toEqual(['0.5', '0.6', '0.7']);
    // A sync that fetched any transaction again would have announced new history.
    expect(host.output().slice(printedBefore)).not.toContain('[event] coin_history');
  });

  it('refuses a second host on the same dbdir, and leaves the first running', async () => {
    const second = await startHostProcess(join(dir, 'second.json'), { ...baseConf, rpcport: await freePort() });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/dbdir .* is in use by another node \(PID \d+\)/);
    expect((await legacy('my_orders')).status).toBe(200);
  });

  it('refuses a wrong wallet password with MnemonicError', async () => {
    expect(await host?.kill('SIGTERM')).toBe(0);
    host = undefined;
    const wrong = await startHostProcess(confPath, { ...baseConf, wallet_password: 'Wrong-Passw0rd!' });
    expect(await wrong.exited).not.toBe(0);
    expect(wrong.output()).toContain('"error_type":"MnemonicError"');
    expect(wrong.output()).toContain('Error generating or decrypting mnemonic');
  });
});
