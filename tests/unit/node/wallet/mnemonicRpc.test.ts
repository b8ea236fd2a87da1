/**
 * `get_mnemonic`, `change_mnemonic_password` and `delete_wallet` on a node with real (fake-IndexedDB)
 * wallet storage and the real cipher: KDF's shapes and errors, and attacks — wrong passwords, wrong
 * types, huge inputs, the active wallet — that must change nothing and leak neither secret nor password.
 */
import { describe, expect, it } from 'vitest';
import { WalletsStore, type StorageFactory } from '../../../../src/node/storage';
import { RPC_PASSWORD, testHost, type TestNode } from '../testNode';

const WALLET_PASSWORD = 'Wallet-Pa55!word'.replace('word', 'phrase');
const NEW_PASSWORD = 'Other-W4llet#Key';
const BOB_SECRET = 'bob passphrase';
const ALICE_SECRET = 'alice passphrase';

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

async function start(t: TestNode, conf: Record<string, unknown>): Promise<Reply> {
  return (await t.host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, ...conf } as never })) as Reply;
}

async function startWallet(t: TestNode, name: string, secret?: string, password = WALLET_PASSWORD): Promise<void> {
  const reply = await start(t, { wallet_name: name, wallet_password: password, ...(secret ? { passphrase: secret } : {}) });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

async function mmrpc(t: TestNode, method: string, params: unknown): Promise<Reply> {
  return (await t.host.handleRpc({ mmrpc: '2.0', method, params, userpass: RPC_PASSWORD, id: 7 })) as Reply;
}

function expectError(reply: Reply, status: number, errorType: string, error?: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body.error_type).toBe(errorType);
  if (error !== undefined) expect(reply.body.error).toBe(error);
}

async function dumpWallets(storage: StorageFactory): Promise<string> {
  const store = await WalletsStore.open(storage);
  try {
    return JSON.stringify(await Promise.all((await store.names()).map((n) => store.get(n))));
  } finally {
    store.close();
  }
}

/** Everything the node emitted (log lines included), as one text. */
const emitted = (t: TestNode): string => JSON.stringify(t.events);

describe('get_mnemonic', () => {
  it('answers the secret in clear with the wallet password, and the stored record when encrypted', async () => {
    const t = testHost();
    await startWallet(t, 'bob', BOB_SECRET);
    const plain = await mmrpc(t, 'get_mnemonic', { format: 'plaintext', password: WALLET_PASSWORD });
    expect(plain).toEqual({ status: 200, body: { mmrpc: '2.0', result: { format: 'plaintext', mnemonic: BOB_SECRET }, id: 7 } });

    const encrypted = await mmrpc(t, 'get_mnemonic', { format: 'encrypted' });
    expect(encrypted.status).toBe(200);
    const result = encrypted.body.result as { format: string; encrypted_mnemonic_data: unknown };
    expect(result.format).toBe('encrypted');
    expect(JSON.stringify(result)).not.toContain(BOB_SECRET);
    expect(JSON.parse(await dumpWallets(t.platform.storage))[0].encrypted_passphrase).toEqual(result.encrypted_mnemonic_data);
    expect(emitted(t)).not.toContain(BOB_SECRET);
  });

  it('refuses a wrong password with InvalidPassword, naming neither the password nor the secret', async () => {
    const t = testHost();
    await startWallet(t, 'bob', BOB_SECRET);
    const wrong = await mmrpc(t, 'get_mnemonic', { format: 'plaintext', password: 'Guess-1234!x' });
    expectError(wrong, 400, 'InvalidPassword', 'Invalid password error: Error decrypting mnemonic: wrong password or corrupted data');
    expect(JSON.stringify(wrong.body)).not.toMatch(/Guess-1234|bob passphrase/);
    // A body over the node's limit is refused before any work; a 200 kB password and several guesses
    // at once are answered one by one without harm.
    expectError(await mmrpc(t, 'get_mnemonic', { format: 'plaintext', password: 'x'.repeat(1 << 21) }), 413, 'PayloadTooLarge');
    const guesses = await Promise.all([
      mmrpc(t, 'get_mnemonic', { format: 'plaintext', password: 'x'.repeat(200_000) }),
      mmrpc(t, 'get_mnemonic', { format: 'plaintext', password: '' }),
      mmrpc(t, 'get_mnemonic', { format: 'plaintext', password: WALLET_PASSWORD }),
    ]);
    expect(guesses.map((g) => g.body.error_type ?? 'ok')).toEqual(['InvalidPassword', 'InvalidPassword', 'ok']);
    expect(emitted(t)).not.toContain(BOB_SECRET);
  });

  it('refuses malformed requests as KDF serde does', async () => {
    const t = testHost();
    await startWallet(t, 'bob', BOB_SECRET);
    expectError(await mmrpc(t, 'get_mnemonic', { format: 'plaintext' }), 400, 'InvalidRequest');
    expectError(await mmrpc(t, 'get_mnemonic', { format: 'plaintext', password: 12345678 }), 400, 'InvalidRequest');
    expectError(await mmrpc(t, 'get_mnemonic', { format: 'PLAINTEXT', password: WALLET_PASSWORD }), 400, 'InvalidRequest');
    expectError(await mmrpc(t, 'get_mnemonic', { format: ['encrypted'] }), 400, 'InvalidRequest');
    expectError(await mmrpc(t, 'get_mnemonic', {}), 400, 'InvalidRequest');
    expectError(await mmrpc(t, 'get_mnemonic', null), 400, 'InvalidRequest');
  });

  it('answers KDF\'s internal errors without a named wallet (legacy passphrase mode)', async () => {
    const t = testHost();
    expect((await start(t, { passphrase: BOB_SECRET })).status).toBe(200);
    expectError(
      await mmrpc(t, 'get_mnemonic', { format: 'encrypted' }),
      500,
      'Internal',
      'Internal error: Cannot get encrypted mnemonic: This operation requires an active named wallet.',
    );
    expectError(
      await mmrpc(t, 'get_mnemonic', { format: 'plaintext', password: WALLET_PASSWORD }),
      500,
      'Internal',
      'Internal error: Cannot read stored passphrase: no active wallet is set.',
    );
  });
});

describe('change_mnemonic_password', () => {
  it('re-encrypts the secret: the old password stops working, the new one opens the wallet after a restart', async () => {
    const t = testHost();
    await startWallet(t, 'bob', BOB_SECRET);
    const changed = await mmrpc(t, 'change_mnemonic_password', { current_password: WALLET_PASSWORD, new_password: NEW_PASSWORD });
    expect(changed).toEqual({ status: 200, body: { mmrpc: '2.0', result: null, id: 7 } });
    expectError(await mmrpc(t, 'get_mnemonic', { format: 'plaintext', password: WALLET_PASSWORD }), 400, 'InvalidPassword');
    expect((await mmrpc(t, 'get_mnemonic', { format: 'plaintext', password: NEW_PASSWORD })).body.result).toEqual({
      format: 'plaintext',
      mnemonic: BOB_SECRET,
    });
    expect(await dumpWallets(t.platform.storage)).not.toContain(BOB_SECRET);
    await t.host.handleControl({ op: 'stop' });
    expect((await start(t, { wallet_name: 'bob', wallet_password: WALLET_PASSWORD })).body.error_type).toBe('MnemonicError');
    await startWallet(t, 'bob', undefined, NEW_PASSWORD);
  });

  it('changes nothing on a wrong current password, a weak or empty new one, or wrong types', async () => {
    const t = testHost();
    await startWallet(t, 'bob', BOB_SECRET);
    const before = await dumpWallets(t.platform.storage);
    expectError(
      await mmrpc(t, 'change_mnemonic_password', { current_password: 'Wrong-Pa55!', new_password: NEW_PASSWORD }),
      400,
      'InvalidPassword',
    );
    expectError(
      await mmrpc(t, 'change_mnemonic_password', { current_password: WALLET_PASSWORD, new_password: '' }),
      400,
      'PasswordPolicyViolation',
      'Password does not meet policy requirements: `new_password` cannot be empty',
    );
    expectError(
      await mmrpc(t, 'change_mnemonic_password', { current_password: WALLET_PASSWORD, new_password: 'weakweak' }),
      400,
      'PasswordPolicyViolation',
      'Password does not meet policy requirements: Password should contain at least 1 digit',
    );
    expectError(await mmrpc(t, 'change_mnemonic_password', { current_password: WALLET_PASSWORD, new_password: 42 }), 400, 'InvalidRequest');
    expectError(await mmrpc(t, 'change_mnemonic_password', { new_password: NEW_PASSWORD }), 400, 'InvalidRequest');
    expect(await dumpWallets(t.platform.storage)).toBe(before);
    expect(emitted(t)).not.toContain(NEW_PASSWORD);
  });

  it('accepts a weak new password where the node allows weak passwords', async () => {
    const t = testHost();
    await startWallet(t, 'bob', BOB_SECRET);
    await t.host.handleControl({ op: 'stop' });
    expect((await start(t, { wallet_name: 'bob', wallet_password: WALLET_PASSWORD, allow_weak_password: true })).status).toBe(200);
    const changed = await mmrpc(t, 'change_mnemonic_password', { current_password: WALLET_PASSWORD, new_password: 'weak' });
    expect(changed.status).toBe(200);
    expect((await mmrpc(t, 'get_mnemonic', { format: 'plaintext', password: 'weak' })).body.result).toMatchObject({ mnemonic: BOB_SECRET });
  });
});

describe('delete_wallet', () => {
  it('deletes another wallet given its password, and nothing else', async () => {
    const t = testHost();
    await startWallet(t, 'alice', ALICE_SECRET);
    await t.host.handleControl({ op: 'stop' });
    await startWallet(t, 'bob', BOB_SECRET);
    const deleted = await mmrpc(t, 'delete_wallet', { wallet_name: 'alice', password: WALLET_PASSWORD });
    expect(deleted).toEqual({ status: 200, body: { mmrpc: '2.0', result: null, id: 7 } });
    expect((await mmrpc(t, 'get_wallet_names', null)).body.result).toEqual({ wallet_names: ['bob'], activated_wallet: 'bob' });
    expectError(
      await mmrpc(t, 'delete_wallet', { wallet_name: 'alice', password: WALLET_PASSWORD }),
      400,
      'InvalidRequest',
      "Invalid request error: Wallet 'alice' not found.",
    );
  });

  it('refuses the active wallet, a wrong password, unknown names and wrong types, deleting nothing', async () => {
    const t = testHost();
    await startWallet(t, 'alice', ALICE_SECRET);
    await t.host.handleControl({ op: 'stop' });
    await startWallet(t, 'bob', BOB_SECRET);
    const before = await dumpWallets(t.platform.storage);
    expectError(
      await mmrpc(t, 'delete_wallet', { wallet_name: 'bob', password: WALLET_PASSWORD }),
      400,
      'InvalidRequest',
      "Invalid request error: Cannot delete wallet 'bob' as it is currently active.",
    );
    expectError(await mmrpc(t, 'delete_wallet', { wallet_name: 'alice', password: 'Wrong-Pa55!' }), 400, 'InvalidPassword');
    expectError(await mmrpc(t, 'delete_wallet', { wallet_name: 'x'.repeat(100_000), password: WALLET_PASSWORD }), 400, 'InvalidRequest');
    expectError(await mmrpc(t, 'delete_wallet', { wallet_name: 'alice' }), 400, 'InvalidRequest');
    expectError(await mmrpc(t, 'delete_wallet', { wallet_name: ['alice'], password: WALLET_PASSWORD }), 400, 'InvalidRequest');
    expect(await dumpWallets(t.platform.storage)).toBe(before);
  });

  it('needs the rpc password like every wallet method', async () => {
    const t = testHost();
    await startWallet(t, 'bob', BOB_SECRET);
    for (const method of ['get_mnemonic', 'change_mnemonic_password', 'delete_wallet']) {
      const reply = (await t.host.handleRpc({ mmrpc: '2.0', method, params: { format: 'encrypted' }, id: 1 })) as Reply;
      expect(reply.status, method).toBe(403);
      expect(reply.body.error_type, method).toBe('UserpassIsNotSet');
    }
  });
});
