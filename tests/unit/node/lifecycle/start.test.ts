import { describe, expect, it } from 'vitest';
import { asLocks, FakeLockManager } from '../fakeLocks';
import { RPC_PASSWORD, testHost } from '../testNode';
import { WalletsStore, type StorageFactory } from '../../../../src/node/storage';

const WALLET_PASSWORD = 'Wallet-Pa55!word'.replace('word', 'phrase');
const BOB_RMD160 = 'b506088aa2a3b4bb1da3a29bf00ce1a550ea1df9';

async function start(t: ReturnType<typeof testHost>, conf: Record<string, unknown>) {
  return t.host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, ...conf } as never });
}

function errorType(reply: { body: unknown }): unknown {
  return (reply.body as { error_type?: string }).error_type;
}

describe('starting the node', () => {
  it('creates a wallet from a passphrase, stores it encrypted, and unlocks it again after a stop', async () => {
    const t = testHost();
    const created = await start(t, { wallet_name: 'bob', wallet_password: WALLET_PASSWORD, passphrase: 'bob passphrase' });
    expect(created).toEqual({ status: 200, body: { result: 'success', wallet_name: 'bob' } });
    expect(await t.host.handleControl({ op: 'status' })).toEqual({ status: 200, body: { running: true, wallet_name: 'bob' } });

    const stopped = await t.host.handleControl({ op: 'stop' });
    expect(stopped.status).toBe(200);
    expect(t.events.map((e) => e.event)).toEqual(['node_started', 'node_stopped']);

    const names = await t.host.handleControl({ op: 'wallet_names' });
    expect(names.body).toEqual({ wallet_names: ['bob'] });

    const unlocked = await start(t, { wallet_name: 'bob', wallet_password: WALLET_PASSWORD });
    expect(unlocked.status).toBe(200);
  });

  it('never stores the secret in clear', async () => {
    const t = testHost();
    await start(t, { wallet_name: 'bob', wallet_password: WALLET_PASSWORD, passphrase: 'bob passphrase' });
    const reply = await t.host.handleRpc({ mmrpc: '2.0', method: 'get_wallet_names', userpass: RPC_PASSWORD });
    expect((reply.body as { result: unknown }).result).toEqual({ wallet_names: ['bob'], activated_wallet: 'bob' });
    const dump = await dumpWalletsDb(t.platform.storage);
    expect(dump).not.toContain('bob passphrase');
    expect(dump).toContain('AES-256-GCM');
  });

  it('refuses a wrong wallet password with MnemonicError and changes nothing', async () => {
    const t = testHost();
    await start(t, { wallet_name: 'bob', wallet_password: WALLET_PASSWORD, passphrase: 'bob passphrase' });
    await t.host.handleControl({ op: 'stop' });
    const before = await dumpWalletsDb(t.platform.storage);
    const reply = await start(t, { wallet_name: 'bob', wallet_password: 'Wrong-Pa55!' });
    expect(reply.status).toBe(400);
    expect(errorType(reply)).toBe('MnemonicError');
    expect(t.host.running).toBe(false);
    expect(await dumpWalletsDb(t.platform.storage)).toBe(before);
  });

  it('opens an existing wallet when its own passphrase is given again (KDF checks it matches)', async () => {
    const t = testHost();
    await start(t, { wallet_name: 'bob', wallet_password: WALLET_PASSWORD, passphrase: 'bob passphrase' });
    await t.host.handleControl({ op: 'stop' });
    const before = await dumpWalletsDb(t.platform.storage);
    const again = await start(t, { wallet_name: 'bob', wallet_password: WALLET_PASSWORD, passphrase: 'bob passphrase' });
    expect(again).toEqual({ status: 200, body: { result: 'success', wallet_name: 'bob' } });
    expect(await dumpWalletsDb(t.platform.storage)).toBe(before);
  });

  it('refuses another secret under an existing wallet name (PassphraseMismatch)', async () => {
    const t = testHost();
    await start(t, { wallet_name: 'bob', wallet_password: WALLET_PASSWORD, passphrase: 'bob passphrase' });
    await t.host.handleControl({ op: 'stop' });
    const reply = await start(t, { wallet_name: 'bob', wallet_password: WALLET_PASSWORD, passphrase: 'alice passphrase' });
    expect(errorType(reply)).toBe('PassphraseMismatch');
  });

  it.each([
    ['short', 'Ab1!'],
    ['no digit', 'Abcdefg!'],
    ['no upper case', 'abcdef1!'],
    ['no special character', 'Abcdefg1'],
    ['the word password', 'MyPassword1!'],
    ['a character three times in a row', 'Abbb1234!'],
  ])('applies the password policy to the wallet password: %s', async (_what, weak) => {
    const t = testHost();
    const reply = await start(t, { wallet_name: 'w', wallet_password: weak, passphrase: 'bob passphrase' });
    expect(errorType(reply)).toBe('PasswordPolicyViolation');
    expect((await t.host.handleControl({ op: 'wallet_names' })).body).toEqual({ wallet_names: [] });
  });

  it('applies the password policy to rpc_password unless allow_weak_password is set', async () => {
    const t = testHost();
    const weak = await t.host.handleControl({ op: 'start', conf: { rpc_password: 'weak', passphrase: 'bob passphrase' } });
    expect(errorType(weak)).toBe('PasswordPolicyViolation');
    const allowed = await t.host.handleControl({
      op: 'start',
      conf: { rpc_password: 'weak', allow_weak_password: true, passphrase: 'bob passphrase' },
    });
    expect(allowed.status).toBe(200);
  });

  it('requires rpc_password', async () => {
    const reply = await testHost().host.handleControl({ op: 'start', conf: { passphrase: 'bob passphrase' } });
    expect(errorType(reply)).toBe('FieldNotFoundInConfig');
    expect((reply.body as { error_data: unknown }).error_data).toEqual({ field: 'rpc_password' });
  });

  it('refuses to create a wallet without its secret', async () => {
    const reply = await start(testHost(), { wallet_name: 'new', wallet_password: WALLET_PASSWORD });
    expect(errorType(reply)).toBe('FieldNotFoundInConfig');
  });

  it('names the wrong config field', async () => {
    const reply = await start(testHost(), { passphrase: 5 });
    expect(errorType(reply)).toBe('ErrorDeserializingConfig');
    expect((reply.body as { error_data: { field: string } }).error_data.field).toBe('passphrase');
  });

  it('takes payment_locktime as a positive whole number of seconds up to a year, refusing anything else before it starts', async () => {
    for (const bad of [0, -60, 1.5, '60', 365 * 24 * 3600 + 1]) {
      const t = testHost();
      const reply = await start(t, { passphrase: 'bob passphrase', payment_locktime: bad });
      expect(errorType(reply), String(bad)).toBe('ErrorDeserializingConfig');
      expect((reply.body as { error_data: { field: string } }).error_data.field).toBe('payment_locktime');
      expect((await t.host.handleControl({ op: 'status' })).body).toMatchObject({ running: false });
    }
    for (const good of [1, 60, 365 * 24 * 3600]) {
      const reply = await start(testHost(), { passphrase: 'bob passphrase', payment_locktime: good });
      expect(reply.status, String(good)).toBe(200);
    }
  });

  it('refuses a bad WIF and stores nothing', async () => {
    const t = testHost();
    const badWif = 'UvCjJf4dKSs2vFGVtCnUTAhR5FTZGdg43DDRa9s7s5DV1sSDX14h';
    const reply = await start(t, { wallet_name: 'w', wallet_password: WALLET_PASSWORD, passphrase: badWif });
    expect(errorType(reply)).toBe('InvalidPassphrase');
    expect((await t.host.handleControl({ op: 'wallet_names' })).body).toEqual({ wallet_names: [] });
  });

  it('refuses an invalid mnemonic in HD mode', async () => {
    const reply = await start(testHost(), { passphrase: 'not a mnemonic at all', enable_hd: true });
    expect(errorType(reply)).toBe('InvalidPassphrase');
  });

  it('remembers that a wallet is HD', async () => {
    const t = testHost();
    const mnemonic = 'tank abandon bind salon remove wisdom net size aspect direct source fossil';
    await start(t, { wallet_name: 'hd', wallet_password: WALLET_PASSWORD, passphrase: mnemonic, enable_hd: true });
    await t.host.handleControl({ op: 'stop' });
    // Unlocking without enable_hd uses the stored mode: a different key would be a different lock name.
    const locks = new FakeLockManager();
    t.platform.locks = asLocks(locks);
    const reply = await start(t, { wallet_name: 'hd', wallet_password: WALLET_PASSWORD });
    expect(reply.status).toBe(200);
    expect([...locks.held][0]).not.toContain(BOB_RMD160);
  });

  it('runs without a wallet in no-login mode', async () => {
    const reply = await start(testHost(), {});
    expect(reply).toEqual({ status: 200, body: { result: 'success', wallet_name: null } });
  });

  it('refuses a second start while running', async () => {
    const t = testHost();
    await start(t, { passphrase: 'bob passphrase' });
    const again = await start(t, { passphrase: 'bob passphrase' });
    expect(again.status).toBe(409);
    expect(errorType(again)).toBe('AlreadyRunning');
  });

  it('refuses a wallet another tab is running (WalletInUse), and stores nothing', async () => {
    const locks = new FakeLockManager();
    const first = testHost();
    const second = testHost();
    first.platform.locks = asLocks(locks);
    second.platform.locks = asLocks(locks);
    expect((await start(first, { passphrase: 'bob passphrase' })).status).toBe(200);
    expect([...locks.held]).toEqual([`kdf-node::${BOB_RMD160}`]);
    const refused = await start(second, { wallet_name: 'b2', wallet_password: WALLET_PASSWORD, passphrase: 'bob passphrase' });
    expect(refused.status).toBe(409);
    expect(errorType(refused)).toBe('WalletInUse');
    expect((await second.host.handleControl({ op: 'wallet_names' })).body).toEqual({ wallet_names: [] });

    await first.host.handleControl({ op: 'stop' });
    await new Promise((r) => setTimeout(r, 0));
    expect((await start(second, { passphrase: 'bob passphrase' })).status).toBe(200);
  });

  it('generates a fresh 12-word mnemonic on request and stores nothing', async () => {
    const t = testHost();
    const a = (await t.host.handleControl({ op: 'generate_mnemonic' })).body as { mnemonic: string };
    const b = (await t.host.handleControl({ op: 'generate_mnemonic' })).body as { mnemonic: string };
    expect(a.mnemonic.split(' ')).toHaveLength(12);
    expect(a.mnemonic).not.toBe(b.mnemonic);
    expect((await t.host.handleControl({ op: 'wallet_names' })).body).toEqual({ wallet_names: [] });
  });

  it('answers RPCs before start with NotRunning', async () => {
    const host = testHost().host;
    const flat = await host.handleRpc({ method: 'version' });
    expect(flat.status).toBe(500);
    expect((flat.body as { error: string }).error).toContain('The node is not running');
    const mmrpc = await host.handleRpc({ mmrpc: '2.0', method: 'get_wallet_names', id: 2 });
    expect(mmrpc.status).toBe(503);
    expect(mmrpc.body).toMatchObject({ error_type: 'NotRunning', id: 2 });
  });

  it('answers a coins file it cannot load before a wallet it cannot open, though it loads both at once', async () => {
    const t = testHost();
    t.platform.loadDefaultCoins = () => new Promise((_, reject) => setTimeout(() => reject(new Error('HTTP 404')), 20));
    const reply = await start(t, { wallet_name: 'new', wallet_password: WALLET_PASSWORD });
    expect(errorType(reply)).toBe('ConfigError');
    expect(t.host.running).toBe(false);
  });

  it('reports bad coins-config entries as log warnings and still starts', async () => {
    const t = testHost();
    const reply = await start(t, { passphrase: 'bob passphrase', coins: [{ coin: 'BAD', protocol: 5 }] });
    expect(reply.status).toBe(200);
    const warnings = t.events.filter((e) => e.event === 'log').map((e) => (e.data as { line: string }).line);
    expect(warnings.some((l) => l.includes('BAD'))).toBe(true);
  });
});

/** Every record of the wallets database as JSON text, read through a second handle on the node's storage. */
async function dumpWalletsDb(storage: StorageFactory): Promise<string> {
  const store = await WalletsStore.open(storage);
  try {
    return JSON.stringify(await Promise.all((await store.names()).map((name) => store.get(name))));
  } finally {
    store.close();
  }
}
