import { describe, expect, it } from 'vitest';
import { engines } from './engines.js';
import { KeyExistsError, WalletsStore, type StoredWallet } from '../../../../src/node/storage/index.js';
import { MmError } from '../../../../src/node/errors.js';

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
    expect(await db.getAll('mnemonics')).toEqual([wallet('w')]);
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

  it('translates failures on a closed store into DbError', async () => {
    const store = await WalletsStore.open(freshFactory());
    store.close();
    await expect(store.names()).rejects.toMatchObject({ errorType: 'DbError', httpStatus: 500 });
  });
});
