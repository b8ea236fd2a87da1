/**
 * A node whose `ordermatch` database holds a record it cannot read starts anyway, with the readable
 * orders announced, and reports the bad record: a log line, an `unreadable_records` event, and the
 * count in the host's `status`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deriveNodeKeys } from '../../../src/node/crypto';
import { NodeHost } from '../../../src/node/nodeHost';
import { MAKER_ORDERS, OrdersStore, type StoredOrderRecord } from '../../../src/node/storage/ordersDb';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { SqliteStorage } from '../../../tools/host/sqliteStorage';
import { devnet } from '../devnet/daemon';
import { freshPassphrase, RPC_PASSWORD } from '../utxo/walletNode';

const hosts: NodeHost[] = [];

afterEach(async () => {
  for (const h of hosts.splice(0)) await h.stop();
});

describe('unreadable order records', () => {
  it('are skipped and reported; the node runs with the rest', async () => {
    const storage = SqliteStorage.memory();
    const events: { event: string; data: unknown }[] = [];
    const platform = nodePlatform({ coinsPath: devnet().coinsFile, storage, emit: (event, data) => events.push({ event, data }) });
    const passphrase = freshPassphrase('unreadable');
    const conf = { rpc_password: RPC_PASSWORD, passphrase, gui: 'itest', seednodes: devnet().seednodes };
    // The wallet's ordermatch database, as an earlier session left it.
    const store = await OrdersStore.open(storage, deriveNodeKeys(passphrase, { enableHd: false }).rmd160Hex);
    await store.write({ [MAKER_ORDERS]: { put: [{ uuid: 'broken-order', v: 1, price: 'a lot' } as unknown as StoredOrderRecord] } });
    store.close();

    const again = new NodeHost(platform);
    hosts.push(again);
    expect((await again.handleControl({ op: 'start', conf })).status).toBe(200);
    expect((await again.handleRpc({ method: 'my_orders', userpass: RPC_PASSWORD })).body).toEqual({ result: { maker_orders: {}, taker_orders: {} } });
    expect((await again.handleControl({ op: 'status' })).body).toMatchObject({ running: true, unreadable_records: 1 });
    expect(events).toContainEqual({ event: 'unreadable_records', data: expect.objectContaining({ db: 'ordermatch', table: MAKER_ORDERS, key: 'broken-order' }) });
    expect(events).toContainEqual({
      event: 'log',
      data: { level: 'error', line: expect.stringMatching(/^orders: skipped the unreadable record broken-order of my_active_maker_orders/) },
    });
  });
});
