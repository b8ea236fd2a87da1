/**
 * Issue 10 item 4: a stored record that cannot be read is skipped and counted where a client can
 * see it. A node core on the devnet's seed (so it runs the orders and swaps domains) stops; a
 * corrupted maker order, a corrupted running swap and a corrupted wallet row are planted in its
 * SQLite storage; it starts again, runs, and `get_storage_status` (ours) answers the counts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { NodeHost } from '../../../src/node/nodeHost';
import { OrdersStore } from '../../../src/node/storage/ordersDb';
import { SwapsStore } from '../../../src/node/storage/swapsDb';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { SqliteStorage } from '../../../tools/host/sqliteStorage';
import { devnet } from '../devnet/daemon';
import { freshPassphrase, RPC_PASSWORD, type Reply } from '../utxo/walletNode';

let host: NodeHost | null = null;

afterEach(async () => {
  await host?.handleControl({ op: 'stop' });
  host = null;
});

const WALLETS_SCHEMA = { db: 'wallets', version: 1, stores: { mnemonics: { keyPath: 'wallet_name' } } };

describe('get_storage_status', () => {
  it('counts the unreadable orders, swaps and wallets planted in the store; the node runs on', async () => {
    const storage = SqliteStorage.memory();
    const logs: string[] = [];
    host = new NodeHost(
      nodePlatform({ coinsPath: devnet().coinsFile, storage, emit: (event, data) => event === 'log' && logs.push((data as { line: string }).line) }),
    );
    const conf = { rpc_password: RPC_PASSWORD, passphrase: freshPassphrase('storage status'), gui: 'itest', seednodes: devnet().seednodes };
    const start = async (): Promise<void> => expect((await host!.handleControl({ op: 'start', conf })).status).toBe(200);
    const mmrpc = async (method: string): Promise<Reply> =>
      (await host!.handleRpc({ mmrpc: '2.0', method, params: {}, userpass: RPC_PASSWORD, id: 1 })) as Reply;

    await start();
    expect((await mmrpc('get_storage_status')).body).toEqual({
      mmrpc: '2.0',
      result: { unreadable_records: { orders: 0, swaps: 0, wallets: 0, tx_history: 0 } },
      id: 1,
    });
    const rmd160 = String(((await mmrpc('get_public_key_hash')).body.result as { public_key_hash: string }).public_key_hash);
    await host.handleControl({ op: 'stop' });

    const orders = await OrdersStore.open(storage, rmd160);
    await orders.write({ my_active_maker_orders: { put: [{ uuid: '00000000-0000-4000-8000-0000000000a1', v: 1, base: 'RLTC1' } as { uuid: string }] } });
    orders.close();
    const swaps = await SwapsStore.open(storage, rmd160);
    const swapUuid = '00000000-0000-4000-8000-0000000000b1';
    await swaps.put({ uuid: swapUuid, started_at: 1, my_coin: 'RLTC1', other_coin: 'RLTC2', is_finished: 0, saved_swap: { v: 1, type: 'Maker', uuid: swapUuid } });
    swaps.close();
    const wallets = await storage.open('MAIN::KOMODEFI::wallets', WALLETS_SCHEMA);
    await wallets.write([{ type: 'put', store: 'mnemonics', value: { v: 1, wallet_name: 'damaged', enable_hd: 'no' } }]);
    wallets.close();

    await start();
    // The order and the running swap were read at start; the call reads the wallet rows itself.
    const status = await mmrpc('get_storage_status');
    expect(status.status).toBe(200);
    expect(status.body.result).toEqual({ unreadable_records: { orders: 1, swaps: 1, wallets: 1, tx_history: 0 } });
    expect((await host.handleControl({ op: 'status' })).body).toMatchObject({ running: true, unreadable_records: 3 });
    expect(logs.some((l) => l.includes(`skipping the unreadable stored swap ${swapUuid}`))).toBe(true);
    expect(logs.filter((l) => l.includes('skipped the unreadable stored wallet damaged'))).toHaveLength(1);
    expect(await host.handleControl({ op: 'wallet_names' })).toMatchObject({ status: 200, body: { wallet_names: [] } });
    expect((await mmrpc('get_storage_status')).body.result).toEqual({ unreadable_records: { orders: 1, swaps: 1, wallets: 1, tx_history: 0 } });
    // Still a working node: the damaged records block nothing.
    expect((await host.handleRpc({ method: 'my_orders', userpass: RPC_PASSWORD })).status).toBe(200);
    // Without the password the counts are not given away.
    expect((await host.handleRpc({ mmrpc: '2.0', method: 'get_storage_status', params: {}, id: 2 })).status).not.toBe(200);
  });
});
