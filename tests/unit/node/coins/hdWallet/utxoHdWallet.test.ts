import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCoinsConfig, type CoinConfig } from '../../../../../src/node/coins/config';
import { chainIndex, type HdAddressId } from '../../../../../src/node/coins/hdWallet/path';
import { UtxoHdWallet, type HdScanOptions, type HdWalletCoin } from '../../../../../src/node/coins/utxo/hdWallet';
import { deriveKeyPair, hdRootFromMnemonic } from '../../../../../src/node/crypto/hd';
import { HdAccountsStore, type StorageFactory } from '../../../../../src/node/storage';
import { freshIndexedDb } from '../../../../../tools/host/nodeIndexedDb';

const { coins } = parseCoinsConfig(JSON.parse(readFileSync(new URL('../../../../../public/coins.json', import.meta.url), 'utf8')));
const config = coins.get('RLTC1') as CoinConfig;
const root = hdRootFromMnemonic('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const keyAt = (id: HdAddressId) => deriveKeyPair(root, `m/44'/1'/${id.accountId}'/${chainIndex(id.chain)}/${id.addressId}`);
const publicKeyAt = (id: HdAddressId) => keyAt(id).publicKey;
const RMD = 'cd'.repeat(20);

/** A chain where some addresses (by path) have history and a value; counts the batches asked. */
class FakeChain {
  readonly used = new Map<string, bigint>();
  historyBatches = 0;
  wallet: UtxoHdWallet | null = null;
  /** Scripthash → what the server would call on a change of its status. */
  readonly subscribed = new Map<string, () => void>();

  use(path: string, value = 1000n): void {
    this.used.set(path, value);
  }

  coin(): HdWalletCoin {
    const byHash = (h: string): bigint | undefined => {
      for (const [path, v] of this.used) {
        const [, , , a, c, i] = path.split('/');
        const id = { accountId: Number(a?.slice(0, -1)), chain: c === '0' ? 'External' : 'Internal', addressId: Number(i) } as const;
        if (this.wallet?.addressAt(id).scripthash === h) return v;
      }
      return undefined;
    };
    return {
      ticker: 'RLTC1',
      config,
      address: 'enabled-address-is-not-among-these',
      balance: async () => ({ spendable: 0n, unspendable: 0n }),
      api: {
        scriptsUsed: async (hashes) => {
          this.historyBatches += 1;
          return hashes.map((h) => byHash(h) !== undefined);
        },
        scriptBalances: async (hashes) => hashes.map((h) => byHash(h) ?? 0n),
        subscribeScripthash: async (hash, onChange) => {
          this.subscribed.set(hash, () => onChange(null));
          return null;
        },
      },
    };
  }
}

async function open(chain: FakeChain, storage: StorageFactory, store?: HdAccountsStore): Promise<UtxoHdWallet> {
  const wallet = await UtxoHdWallet.open({ coin: chain.coin(), store: store ?? (await HdAccountsStore.open(storage, RMD)), keyAt, publicKeyAt, coinPath: "m/44'/1'", gapLimit: 20 });
  chain.wallet = wallet;
  return wallet;
}

const ENABLED: HdAddressId = { accountId: 0, chain: 'External', addressId: 0 };
const DEFAULTS: HdScanOptions = { scanPolicy: 'scan_if_new_wallet', minAddressesNumber: undefined, gapLimit: 20 };

describe('UtxoHdWallet', () => {
  it('scans a new account over both chains and reports every address up to the last used, with balances', async () => {
    const chain = new FakeChain();
    chain.use("m/44'/1'/0'/0/0", 5n);
    chain.use("m/44'/1'/0'/0/5", 7n);
    chain.use("m/44'/1'/0'/0/24", 11n);
    chain.use("m/44'/1'/0'/1/2", 13n);
    chain.use("m/44'/1'/1'/0/0", 99n); // another account: not scanned
    const wallet = await open(chain, freshIndexedDb());
    const [account, ...others] = await wallet.enable(ENABLED, DEFAULTS);
    expect(others).toEqual([]);
    expect(account?.accountIndex).toBe(0);
    expect(account?.derivationPath).toBe("m/44'/1'/0'");
    expect(account?.addresses.map((a) => a.derivationPath)).toEqual([
      ...Array.from({ length: 25 }, (_, i) => `m/44'/1'/0'/0/${i}`),
      "m/44'/1'/0'/1/0",
      "m/44'/1'/0'/1/1",
      "m/44'/1'/0'/1/2",
    ]);
    expect(account?.addresses[5]).toMatchObject({ chain: 'External', balance: { spendable: 7n, unspendable: 0n } });
    expect(account?.addresses[27]).toMatchObject({ chain: 'Internal', balance: { spendable: 13n } });
    expect(account?.addresses[0]?.address).toBe(wallet.addressAt(ENABLED).address);
    expect(account?.total).toEqual({ spendable: 36n, unspendable: 0n });
  });

  it('keeps the accounts: a later unlock reports them without scanning, `scan` scans them again', async () => {
    const storage = freshIndexedDb();
    const chain = new FakeChain();
    chain.use("m/44'/1'/0'/0/3");
    await (await open(chain, storage)).enable(ENABLED, DEFAULTS);
    chain.use("m/44'/1'/0'/0/10");
    chain.historyBatches = 0;
    const again = await open(chain, storage);
    expect((await again.enable(ENABLED, DEFAULTS))[0]?.addresses).toHaveLength(4);
    expect(chain.historyBatches).toBe(0);
    const rescanned = await open(chain, storage);
    expect((await rescanned.enable(ENABLED, { ...DEFAULTS, scanPolicy: 'scan' }))[0]?.addresses).toHaveLength(11);
  });

  it('do_not_scan and min_addresses_number: the account holds at least that many addresses, taken on the enabled chain', async () => {
    const chain = new FakeChain();
    chain.use("m/44'/1'/0'/0/1");
    const wallet = await open(chain, freshIndexedDb());
    const [account] = await wallet.enable({ accountId: 0, chain: 'Internal', addressId: 0 }, { ...DEFAULTS, scanPolicy: 'do_not_scan', minAddressesNumber: 3 });
    expect(chain.historyBatches).toBe(0);
    expect(account?.addresses.map((a) => a.derivationPath)).toEqual(["m/44'/1'/0'/1/0", "m/44'/1'/0'/1/1", "m/44'/1'/0'/1/2"]);
  });

  it('get_new_address: stored before answered, refused after gap-limit empty addresses, unknown account null', async () => {
    const storage = freshIndexedDb();
    const chain = new FakeChain();
    const wallet = await open(chain, storage);
    await wallet.enable(ENABLED, { ...DEFAULTS, minAddressesNumber: 1 });
    for (let i = 1; i < 20; i += 1) {
      expect(await wallet.newAddress(0, 'External', 20)).toMatchObject({ derivationPath: `m/44'/1'/0'/0/${i}` });
    }
    expect(await wallet.newAddress(0, 'External', 20)).toEqual({ kind: 'EmptyAddressesLimitReached', gapLimit: 20 });
    chain.use("m/44'/1'/0'/0/19", 4n);
    expect(await wallet.newAddress(0, 'External', 20)).toMatchObject({ derivationPath: "m/44'/1'/0'/0/20", balance: { spendable: 0n } });
    expect(await wallet.newAddress(0, 'Internal', 20)).toMatchObject({ derivationPath: "m/44'/1'/0'/1/0", chain: 'Internal' });
    expect(await wallet.newAddress(1, 'External', 20)).toBeNull();
    const reopened = await open(chain, storage);
    const account = await reopened.accountBalance(0);
    expect(account?.addresses).toHaveLength(22);
    expect(account?.total.spendable).toBe(4n);
    expect(await reopened.accountBalance(1)).toBeNull();
  });

  it('hands out nothing it could not store', async () => {
    const storage = freshIndexedDb();
    const chain = new FakeChain();
    const store = await HdAccountsStore.open(storage, RMD);
    const wallet = await open(chain, storage, store);
    expect((await wallet.enable(ENABLED, DEFAULTS))[0]?.addresses).toHaveLength(1);
    store.close();
    await expect(wallet.newAddress(0, 'External', 20)).rejects.toMatchObject({ errorType: 'DbError' });
    expect((await wallet.accountBalance(0))?.addresses).toHaveLength(1);
  });

  it('concurrent get_new_address calls get different addresses', async () => {
    const chain = new FakeChain();
    const wallet = await open(chain, freshIndexedDb());
    await wallet.enable(ENABLED, { ...DEFAULTS, minAddressesNumber: 1 });
    const answers = await Promise.all([1, 2, 3].map(() => wallet.newAddress(0, 'External', 20)));
    expect(answers.map((a) => (a && 'derivationPath' in a ? a.derivationPath : a))).toEqual([
      "m/44'/1'/0'/0/1",
      "m/44'/1'/0'/0/2",
      "m/44'/1'/0'/0/3",
    ]);
  });

  it('withdraw from: the known address a path or ids name, with its key; KDF\'s errors otherwise', async () => {
    const chain = new FakeChain();
    chain.use("m/44'/1'/0'/0/5");
    const wallet = await open(chain, freshIndexedDb());
    await wallet.enable(ENABLED, DEFAULTS);
    const byPath = wallet.sender({ derivationPath: "m/44'/1'/0'/0/5" });
    expect(byPath).toEqual({
      address: wallet.addressAt({ accountId: 0, chain: 'External', addressId: 5 }).address,
      derivationPath: "m/44'/1'/0'/0/5",
      keyPair: keyAt({ accountId: 0, chain: 'External', addressId: 5 }),
    });
    expect(wallet.sender({ accountId: 0, chain: 'External', addressId: 5 })).toEqual(byPath);
    const refused = (from: Parameters<UtxoHdWallet['sender']>[0]) => {
      try {
        wallet.sender(from);
      } catch (e) {
        return { type: (e as { errorType: string }).errorType, data: (e as { errorData: unknown }).errorData };
      }
      return null;
    };
    expect(refused({ accountId: 0, chain: 'External', addressId: 6 })).toEqual({
      type: 'UnexpectedFromAddress',
      data: `'${wallet.addressAt({ accountId: 0, chain: 'External', addressId: 6 }).address}' address is not activated`,
    });
    expect(refused({ accountId: 0, chain: 'Internal', addressId: 0 })?.type).toBe('UnexpectedFromAddress');
    expect(refused({ accountId: 1, chain: 'External', addressId: 0 })).toEqual({ type: 'UnknownAccount', data: { account_id: 1 } });
    expect(refused({ derivationPath: "m/44'/2'/0'/0/0" })?.type).toBe('UnexpectedFromAddress');
    expect(refused({ derivationPath: "m/44'/1'/0'/0" })?.type).toBe('UnexpectedFromAddress');
    expect(refused({ accountId: 2 ** 31, chain: 'External', addressId: 0 })?.type).toBe('UnexpectedFromAddress');
  });

  it('watches every known address but the enabled one, and each one it hands out; tells the listeners which changed', async () => {
    const chain = new FakeChain();
    chain.use("m/44'/1'/0'/0/2", 9n);
    const coin = chain.coin();
    const enabled = (await UtxoHdWallet.open({ coin, store: await HdAccountsStore.open(freshIndexedDb(), RMD), keyAt, publicKeyAt, coinPath: "m/44'/1'", gapLimit: 20 })).addressAt(ENABLED);
    const wallet = await UtxoHdWallet.open({
      coin: { ...coin, address: enabled.address },
      store: await HdAccountsStore.open(freshIndexedDb(), RMD),
      keyAt,
      publicKeyAt,
      coinPath: "m/44'/1'",
      gapLimit: 20,
    });
    chain.wallet = wallet;
    await wallet.enable(ENABLED, DEFAULTS);
    const hashOf = (addressId: number) => wallet.addressAt({ accountId: 0, chain: 'External', addressId }).scripthash;
    expect([...chain.subscribed.keys()]).toEqual([hashOf(1), hashOf(2)]);
    const changed: string[] = [];
    const stop = wallet.onAddressChange((a) => changed.push(a));
    chain.subscribed.get(hashOf(2))?.();
    expect(changed).toEqual([wallet.addressAt({ accountId: 0, chain: 'External', addressId: 2 }).address]);
    expect(await wallet.addressBalance(changed[0] ?? '')).toEqual({ spendable: 9n, unspendable: 0n });
    expect(await wallet.addressBalance(wallet.addressAt({ accountId: 0, chain: 'External', addressId: 7 }).address)).toBeNull();
    await wallet.newAddress(0, 'Internal', 20);
    expect(chain.subscribed.has(wallet.addressAt({ accountId: 0, chain: 'Internal', addressId: 0 }).scripthash)).toBe(true);
    stop();
    chain.subscribed.get(hashOf(1))?.();
    expect(changed).toHaveLength(1);
  });

  it('create_new_account: the lowest free id or the one asked, scanned and stored before reported; KDF\'s refusals', async () => {
    const storage = freshIndexedDb();
    const chain = new FakeChain();
    chain.use("m/44'/1'/1'/0/3", 8n);
    const wallet = await open(chain, storage);
    await wallet.enable(ENABLED, DEFAULTS);
    const created = await wallet.createAccount(undefined, true, 20);
    expect(created).toMatchObject({ accountIndex: 1, derivationPath: "m/44'/1'/1'", total: { spendable: 8n, unspendable: 0n } });
    expect(created && 'addresses' in created ? created.addresses.map((a) => a.derivationPath) : []).toEqual([0, 1, 2, 3].map((i) => `m/44'/1'/1'/0/${i}`));
    expect(await wallet.createAccount(5, false, 20)).toMatchObject({ accountIndex: 5, addresses: [] });
    expect(await wallet.createAccount(undefined, false, 20)).toMatchObject({ accountIndex: 2 });
    expect(await wallet.createAccount(1, true, 20)).toEqual({ kind: 'AccountExists', accountId: 1 });
    expect(await wallet.createAccount(2 ** 31, true, 20)).toEqual({ kind: 'AccountLimitReached', maxAccountsNumber: 2 ** 31 });
    const reopened = await open(chain, storage);
    expect((await reopened.accountBalance(1))?.addresses).toHaveLength(4);
    expect((await reopened.accountBalance(5))?.addresses).toEqual([]);
  });
});
