import { describe, expect, it } from 'vitest';
import { engines } from './engines.js';
import { KeyExistsError, WalletsStore, type StoredWallet } from '../../../../src/node/storage/index.js';
import { MmError } from '../../../../src/node/core/errors.js';

const WALLETS_SCHEMA = { db: 'wallets', version: 1, stores: { mnemonics: { keyPath: 'wallet_name' } } };

function wallet(name: string, extra: Partial<StoredWallet> = {}): StoredWallet {
  return {
    wallet_name: name,
    encrypted_passphrase: { encryption_algorithm: 'AES256CBC', ciphertext: `ct-${name}`, iv: 'aa' },
    enable_hd: false,
    created_at: 1_700_000_000_000,
    ...extra,
  };
}

describe.each(engines)('WalletsStore on $name', ({ fresh: freshFactory }) => {
  it('creates MAIN::KOMODEFI::wallets at version 1 with a mnemonics store', async () => {
    const factory = freshFactory();
    const store = await WalletsStore.open(factory);
    await store.add(wallet('w'));
    const db = await factory.open('MAIN::KOMODEFI::wallets', { db: 'wallets', version: 1, stores: { mnemonics: { keyPath: 'wallet_name' } } });
    expect(db.version).toBe(1);
    expect(await db.getAll('mnemonics')).toEqual([{ v: 1, ...wallet('w') }]);
    db.close();
    store.close();
  });

  it('adds, reads, lists sorted and deletes wallets', async () => {
    const store = await WalletsStore.open(freshFactory());
    expect(await store.names()).toEqual([]);
    await store.add(wallet('zeta'));
    await store.add(wallet('alpha', { enable_hd: true }));
    await store.add(wallet('Mid'));

    expect(await store.names()).toEqual(['Mid', 'alpha', 'zeta']);
    expect(await store.get('alpha')).toEqual(wallet('alpha', { enable_hd: true }));
    expect(await store.get('nobody')).toBeUndefined();

    await store.delete('zeta');
    await store.delete('nobody');
    expect(await store.names()).toEqual(['Mid', 'alpha']);
    store.close();
  });

  it('rejects a duplicate name without overwriting the stored wallet', async () => {
    const store = await WalletsStore.open(freshFactory());
    await store.add(wallet('main'));

    let error: unknown;
    try {
      await store.add(wallet('main', { enable_hd: true, created_at: 1 }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MmError);
    expect((error as MmError).errorType).toBe('WalletAlreadyExists');
    expect((error as MmError).httpStatus).toBe(400);
    expect((error as MmError).cause).toBeInstanceOf(KeyExistsError);

    expect(await store.get('main')).toEqual(wallet('main'));
    expect(await store.names()).toEqual(['main']);
    store.close();
  });

  it('keeps wallets across reopen', async () => {
    const factory = freshFactory();
    const first = await WalletsStore.open(factory);
    await first.add(wallet('kept'));
    first.close();

    const second = await WalletsStore.open(factory);
    expect(await second.get('kept')).toEqual(wallet('kept'));
    second.close();
  });

  it('reads a row written before record versions as version 1, and saves it as version 1 when it changes', async () => {
    const factory = freshFactory();
    const db = await factory.open('MAIN::KOMODEFI::wallets', WALLETS_SCHEMA);
    await db.write([{ type: 'put', store: 'mnemonics', value: wallet('old', { enable_hd: true }) }]);
    const store = await WalletsStore.open(factory);
    expect(await store.get('old')).toEqual(wallet('old', { enable_hd: true }));
    expect(await store.names()).toEqual(['old']);
    expect(store.unreadableRecords).toBe(0);
    // Reading writes nothing: a rename or delete made meanwhile elsewhere is never undone.
    expect(await db.get('mnemonics', 'old')).toEqual(wallet('old', { enable_hd: true }));
    await store.replace(wallet('old', { encrypted_passphrase: { re: 'encrypted' } }));
    expect(await db.get('mnemonics', 'old')).toEqual({ v: 1, ...wallet('old', { encrypted_passphrase: { re: 'encrypted' } }) });
    db.close();
    store.close();
  });

  it('skips, reports and counts corrupted rows; the readable ones are still listed and read', async () => {
    const factory = freshFactory();
    const db = await factory.open('MAIN::KOMODEFI::wallets', WALLETS_SCHEMA);
    const corrupted = [
      { v: 1, wallet_name: 'badHd', encrypted_passphrase: {}, enable_hd: 'yes', created_at: 1 },
      { v: 1, wallet_name: 'noSecret', enable_hd: false, created_at: 1 },
      { v: 7, ...wallet('future') },
      { ...wallet('negativeTime'), created_at: -5 },
    ];
    await db.write([...corrupted, wallet('good')].map((value) => ({ type: 'put' as const, store: 'mnemonics', value })));
    const logs: string[] = [];
    const store = await WalletsStore.open(factory, (level, line) => logs.push(`${level}: ${line}`));

    expect(await store.names()).toEqual(['good']);
    expect(await store.names()).toEqual(['good']); // reported once each, however often read
    expect(store.unreadableRecords).toBe(4);
    expect(logs).toEqual([
      'error: wallets: skipped the unreadable stored wallet badHd: invalid type for `enable_hd`: string, expected a boolean',
      'error: wallets: skipped the unreadable stored wallet future: unknown record version 7',
      'error: wallets: skipped the unreadable stored wallet negativeTime: invalid type for `created_at`: integer, expected a non-negative integer',
      'error: wallets: skipped the unreadable stored wallet noSecret: missing field `encrypted_passphrase`',
    ]);
    // Read by name it is no free name: a typed error, so nobody creates a wallet over it.
    await expect(store.get('badHd')).rejects.toMatchObject({ errorType: 'DbError', httpStatus: 500, message: "the stored wallet 'badHd' is unreadable" });
    await expect(store.add(wallet('badHd'))).rejects.toMatchObject({ errorType: 'WalletAlreadyExists' });
    expect(await store.get('good')).toEqual(wallet('good'));
    // Deleting one takes it out of the count.
    await store.delete('badHd');
    expect(store.unreadableRecords).toBe(3);
    db.close();
    store.close();
  });

  it('translates failures on a closed store into DbError', async () => {
    const store = await WalletsStore.open(freshFactory());
    store.close();
    await expect(store.names()).rejects.toMatchObject({ errorType: 'DbError', httpStatus: 500 });
  });
});
