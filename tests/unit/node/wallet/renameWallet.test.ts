/**
 * The `rename_wallet` control op and the tab-lock rules around renaming and deleting, with two
 * hosts on one storage and one lock manager playing two tabs: the password is proved, a wallet
 * running in either tab is never renamed or deleted, a taken name or a failed write changes
 * nothing, and a start that read the record before a rename does not run under the old name.
 */
import { describe, expect, it } from 'vitest';
import { generateMnemonic } from '../../../../src/node/crypto';
import { NodeHost } from '../../../../src/node/nodeHost';
import { WalletsStore, type Database, type StorageFactory } from '../../../../src/node/storage';
import { openWallet } from '../../../../src/node/wallet/openWallet';
import { asLocks, FakeLockManager } from '../fakeLocks';
import { RPC_PASSWORD, testHost, type TestNode } from '../testNode';

const PASSWORD = 'Wallet-Pa55!phrase';
const BOB_SECRET = 'bob passphrase';

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** Two tabs: two hosts sharing the storage and the Web Locks of one browser profile. */
function twoTabs(): { a: TestNode; b: NodeHost; locks: FakeLockManager } {
  const locks = new FakeLockManager();
  const a = testHost();
  a.platform.locks = asLocks(locks);
  return { a, b: new NodeHost({ ...a.platform }), locks };
}

async function control(host: NodeHost, req: Record<string, unknown>): Promise<Reply> {
  return (await host.handleControl(req as never)) as Reply;
}

async function startWallet(host: NodeHost, name: string, extra: Record<string, unknown> = {}): Promise<Reply> {
  return control(host, { op: 'start', conf: { rpc_password: RPC_PASSWORD, wallet_name: name, wallet_password: PASSWORD, ...extra } });
}

async function createWallet(host: NodeHost, name: string, secret = BOB_SECRET, enableHd = false): Promise<void> {
  const started = await startWallet(host, name, { passphrase: secret, enable_hd: enableHd });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect((await control(host, { op: 'stop' })).status).toBe(200);
}

const rename = (host: NodeHost, walletName: unknown, newName: unknown, password: unknown = PASSWORD): Promise<Reply> =>
  control(host, { op: 'rename_wallet', wallet_name: walletName, new_name: newName, password });

async function dump(storage: StorageFactory): Promise<string> {
  const store = await WalletsStore.open(storage);
  try {
    return JSON.stringify(await Promise.all((await store.names()).map((n) => store.get(n))));
  } finally {
    store.close();
  }
}

function expectError(reply: Reply, status: number, errorType: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body.error_type).toBe(errorType);
}

describe('rename_wallet', () => {
  it('moves the record to the new name: the same secret opens under it with the same password, the old name is gone', async () => {
    const { a } = twoTabs();
    await createWallet(a.host, 'bob');
    const before = JSON.parse(await dump(a.platform.storage))[0];

    expect(await rename(a.host, 'bob', 'Bob’s savings')).toEqual({ status: 200, body: { wallet_name: 'Bob’s savings' } });
    expect(await control(a.host, { op: 'wallet_names' })).toEqual({ status: 200, body: { wallet_names: ['Bob’s savings'] } });
    const after = JSON.parse(await dump(a.platform.storage))[0];
    expect(after).toEqual({ ...before, wallet_name: 'Bob’s savings' });

    expect((await startWallet(a.host, 'Bob’s savings')).status).toBe(200);
    const secret = (await a.host.handleRpc({ mmrpc: '2.0', method: 'get_mnemonic', params: { format: 'plaintext', password: PASSWORD }, userpass: RPC_PASSWORD, id: 1 })) as Reply;
    expect((secret.body.result as { mnemonic: string }).mnemonic).toBe(BOB_SECRET);
    expect(JSON.stringify(a.events)).not.toContain(PASSWORD);
  });

  it('changes nothing on a wrong password, an unknown wallet, a taken or invalid name, or wrong types', async () => {
    const { a } = twoTabs();
    await createWallet(a.host, 'bob');
    await createWallet(a.host, 'alice', 'alice passphrase');
    const stored = await dump(a.platform.storage);

    const wrong = await rename(a.host, 'bob', 'robert', 'Guess-1234!x');
    expectError(wrong, 400, 'InvalidPassword');
    expect(JSON.stringify(wrong.body)).not.toMatch(/Guess-1234|bob passphrase/);
    expectError(await rename(a.host, 'carol', 'robert'), 400, 'InvalidRequest');
    const taken = await rename(a.host, 'bob', 'alice');
    expectError(taken, 400, 'WalletAlreadyExists');
    expect(taken.body.error).toBe("Wallet 'alice' already exists");
    expectError(await rename(a.host, 'bob', 'bob'), 400, 'InvalidRequest');
    expectError(await rename(a.host, 'bob', '   '), 400, 'InvalidRequest');
    expectError(await rename(a.host, 'bob', 'x'.repeat(65)), 400, 'InvalidRequest');
    expectError(await rename(a.host, 'bob', 42), 400, 'InvalidRequest');
    expectError(await rename(a.host, 'bob', 'robert', null), 400, 'InvalidRequest');
    expectError(await rename(a.host, ['bob'], 'robert'), 400, 'InvalidRequest');
    expectError(await control(a.host, { op: 'rename_wallet' }), 400, 'InvalidRequest');
    expect(await dump(a.platform.storage)).toBe(stored);
  });

  it('is refused while the wallet runs in this tab or another, in either key mode, and works once it is locked', async () => {
    const { a, b, locks } = twoTabs();
    const mnemonic = generateMnemonic();
    await createWallet(a.host, 'bob', mnemonic);
    const stored = await dump(a.platform.storage);

    expect((await startWallet(a.host, 'bob')).status).toBe(200);
    const inOtherTab = await rename(b, 'bob', 'robert');
    expectError(inOtherTab, 409, 'WalletInUse');
    expect(inOtherTab.body.error_data).toEqual({ wallet_name: 'bob' });
    expectError(await rename(a.host, 'bob', 'robert'), 409, 'WalletInUse');
    expect((await control(a.host, { op: 'stop' })).status).toBe(200);

    // The same mnemonic opened in HD mode runs under another key, and so under another lock.
    expect((await startWallet(a.host, 'bob', { enable_hd: true })).status).toBe(200);
    expectError(await rename(b, 'bob', 'robert'), 409, 'WalletInUse');
    expect(await dump(a.platform.storage)).toBe(stored);
    expect((await control(a.host, { op: 'stop' })).status).toBe(200);

    expect((await rename(b, 'bob', 'robert')).status).toBe(200);
    expect(locks.held.size).toBe(0);
    expectError(await startWallet(a.host, 'bob'), 400, 'FieldNotFoundInConfig');
    expect((await startWallet(a.host, 'robert')).status).toBe(200);
  });

  it('changes nothing when the write fails', async () => {
    const { a } = twoTabs();
    await createWallet(a.host, 'bob');
    const stored = await dump(a.platform.storage);
    const real = a.platform.storage;
    const failing: StorageFactory = {
      async open(name, schema) {
        const db = await real.open(name, schema);
        return new Proxy(db, {
          get: (target, key) =>
            key === 'write' ? () => Promise.reject(new Error('disk full')) : (Reflect.get(target, key) as unknown),
        }) as Database;
      },
    };
    const tab = new NodeHost({ ...a.platform, storage: failing });
    const failed = await rename(tab, 'bob', 'robert');
    expectError(failed, 500, 'WalletsStorageError');
    expect(await dump(real)).toBe(stored);
  });

  it('a start that read the record before a rename does not run under the old name', async () => {
    const { a, b } = twoTabs();
    await createWallet(a.host, 'bob');
    const store = await WalletsStore.open(a.platform.storage);
    const opened = await openWallet(
      { walletName: 'bob', walletPassword: PASSWORD, passphrase: undefined, enableHd: undefined, allowWeakPassword: false },
      store,
      Date.now,
    );
    expect((await rename(b, 'bob', 'robert')).status).toBe(200);
    await expect(opened.commit!()).rejects.toMatchObject({ errorType: 'WalletInUse' });
    store.close();
  });
});

describe('delete_wallet and the tab lock', () => {
  it('refuses a wallet running in another tab and deletes it once that tab locked it', async () => {
    const { a, b } = twoTabs();
    await createWallet(a.host, 'bob');
    await createWallet(a.host, 'alice', 'alice passphrase');
    expect((await startWallet(a.host, 'bob')).status).toBe(200);
    // Tab B runs alice and tries to delete bob, which tab A has open.
    expect((await startWallet(b, 'alice')).status).toBe(200);
    const del = (): Promise<Reply> =>
      b.handleRpc({ mmrpc: '2.0', method: 'delete_wallet', params: { wallet_name: 'bob', password: PASSWORD }, userpass: RPC_PASSWORD, id: 2 }) as Promise<Reply>;
    const refused = await del();
    expectError(refused, 400, 'InvalidRequest');
    expect(refused.body.error).toBe("Invalid request error: Cannot delete wallet 'bob' as it is open in another tab.");
    expect(await control(b, { op: 'wallet_names' })).toEqual({ status: 200, body: { wallet_names: ['alice', 'bob'] } });

    expect((await control(a.host, { op: 'stop' })).status).toBe(200);
    expect((await del()).status).toBe(200);
    expect(await control(b, { op: 'wallet_names' })).toEqual({ status: 200, body: { wallet_names: ['alice'] } });
  });
});
