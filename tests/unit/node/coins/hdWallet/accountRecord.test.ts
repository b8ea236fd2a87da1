import { describe, expect, it } from 'vitest';
import { readAccounts, toRecord } from '../../../../../src/node/coins/hdWallet/accountRecord';
import { HdAccountsStore } from '../../../../../src/node/storage';
import { engines } from '../../storage/engines';

const account = (accountId: number, External: number, Internal: number) => ({ accountId, known: { External, Internal } });

describe('HD account records', () => {
  it('round-trip', () => {
    const record = toRecord('RLTC1', account(2, 25, 3));
    expect(record).toEqual({ v: 1, coin: 'RLTC1', account_id: 2, external_addresses_number: 25, internal_addresses_number: 3 });
    expect(readAccounts('RLTC1', [JSON.parse(JSON.stringify(record))])).toEqual({ accounts: new Map([[2, account(2, 25, 3)]]), skipped: 0 });
  });

  it('skip and count corrupted records, keeping the good ones', () => {
    const good = toRecord('RLTC1', account(0, 1, 0));
    const corrupted: unknown[] = [
      null,
      'text',
      { ...good, v: 2 },
      { ...good, v: undefined },
      { ...good, coin: 'RLTC2' },
      { ...good, account_id: 2 ** 31 },
      { ...good, account_id: -1 },
      { ...good, account_id: 1.5 },
      { ...good, external_addresses_number: '3' },
      { ...good, internal_addresses_number: 2 ** 31 },
      { ...good, internal_addresses_number: undefined },
    ];
    const { accounts, skipped } = readAccounts('RLTC1', [...corrupted, good]);
    expect(skipped).toBe(corrupted.length);
    expect([...accounts.values()]).toEqual([account(0, 1, 0)]);
  });
});

describe.each(engines)('HdAccountsStore on $name', ({ fresh }) => {
  it('keeps accounts per coin in MAIN::<rmd160>::hd_wallet, a put replacing the same account', async () => {
    const factory = fresh();
    const store = await HdAccountsStore.open(factory, 'ab'.repeat(20));
    await store.put(toRecord('RLTC1', account(0, 1, 0)));
    await store.put(toRecord('RLTC1', account(1, 4, 2)));
    await store.put(toRecord('RLTC2', account(0, 9, 9)));
    await store.put(toRecord('RLTC1', account(0, 6, 1)));
    expect(readAccounts('RLTC1', await store.all('RLTC1')).accounts).toEqual(
      new Map([
        [0, account(0, 6, 1)],
        [1, account(1, 4, 2)],
      ]),
    );
    store.close();
    const again = await HdAccountsStore.open(factory, 'ab'.repeat(20));
    expect(await again.all('RLTC2')).toEqual([toRecord('RLTC2', account(0, 9, 9))]);
    expect(await again.all('KMD')).toEqual([]);
    again.close();
  });
});
