/**
 * A UTXO coin's HD wallet (software keys): the accounts it knows, with how many addresses of each
 * chain, kept in the wallet's `hd_wallet` database, and KDF's operations on them — the activation
 * scan (`enable_hd_wallet`), `get_new_address` and the account balance. The coin itself keeps
 * spending from and watching its enabled address, as KDF's `my_balance` and swaps do; the other
 * addresses are read on request, their history and balances asked in Electrum batches.
 */
import type { KeyPair } from '../../crypto';
import type { HdAccountsStore } from '../../storage';
import type { CoinBalance, WithdrawFrom } from '../coin';
import { readAccounts, toRecord, type HdAccountState } from '../hdWallet/accountRecord';
import type { HdAccountBalance, HdAddressBalance, NewAccountRefusal } from '../hdWallet/balances';
import type { HdAccounts } from '../capabilities/hdAccounts';
import { checkNewAddress, scanChain, type NewAddressRefusal, type UsedAddressesCheck } from '../hdWallet/gapScan';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT, accountPath, addressPath, BIP44_CHAINS, HdPathError, parseAddressPath, type Bip44Chain, type HdAddressId } from '../hdWallet/path';
import { unexpectedFromAddress, unknownFromAccount } from '../withdrawErrors';
import { decodeAddress, myAddress } from './address';
import { electrumScripthash } from './scripthash';
import type { CoinConfig } from '../config';
import type { ElectrumApi } from './electrumApi';

/** What the wallet reads of its coin (the UtxoCoin, which holds the wallet). */
export interface HdWalletCoin {
  readonly ticker: string;
  readonly config: CoinConfig;
  /** The enabled address, whose balance is the coin's own. */
  readonly address: string;
  readonly api: Pick<ElectrumApi, 'scriptsUsed' | 'scriptBalances' | 'subscribeScripthash'>;
  balance(): Promise<CoinBalance>;
}

/** KDF's `EnableCoinScanPolicy`. */
export type ScanPolicy = 'do_not_scan' | 'scan_if_new_wallet' | 'scan';

/** KDF's `EnabledCoinBalanceParams` with the activation's `gap_limit`. */
export interface HdScanOptions {
  scanPolicy: ScanPolicy;
  minAddressesNumber: number | undefined;
  gapLimit: number;
}

interface HdAddress {
  id: HdAddressId;
  address: string;
  derivationPath: string;
  scripthash: string;
}

export interface UtxoHdWalletInit {
  coin: HdWalletCoin;
  store: HdAccountsStore;
  /** The key at `m/purpose'/coin_type'/account'/chain/address_id`, to sign with. */
  keyAt: (id: HdAddressId) => KeyPair;
  /** Its public key alone, derived the fast way (from the chain's extended public key). */
  publicKeyAt: (id: HdAddressId) => Uint8Array;
  /** The coin's `m/purpose'/coin_type'`. */
  coinPath: string;
  gapLimit: number;
}

export class UtxoHdWallet implements HdAccounts {
  readonly gapLimit: number;
  private readonly derived = new Map<string, HdAddress>();
  /** get_new_address and the activation change the accounts one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Scripthashes subscribed at the Electrum servers: every known address but the enabled one, which the coin watches. */
  private readonly watched = new Set<string>();
  private readonly changeListeners = new Set<(address: string) => void>();

  private constructor(
    private readonly init: UtxoHdWalletInit,
    private readonly accounts: Map<number, HdAccountState>,
    /** Stored records that could not be read and were left out. */
    readonly skippedRecords: number,
  ) {
    this.gapLimit = init.gapLimit;
  }

  /** The wallet with the coin's stored accounts; unreadable records are skipped and counted. */
  static async open(init: UtxoHdWalletInit): Promise<UtxoHdWallet> {
    const { accounts, skipped } = readAccounts(init.coin.ticker, await init.store.all(init.coin.ticker));
    return new UtxoHdWallet(init, accounts, skipped);
  }

  /**
   * KDF's `enable_hd_wallet`: a wallet that has never used `enabled.accountId` gets that account,
   * scanned unless the policy is `do_not_scan`; otherwise every stored account is reported, and
   * scanned again only with `scan`. Each reported account then holds at least
   * `min_addresses_number` addresses (and the enabled one), new ones taken on the enabled chain.
   */
  enable(enabled: HdAddressId, opts: HdScanOptions): Promise<HdAccountBalance[]> {
    return this.serial(async () => {
      const isNew = !this.accounts.has(enabled.accountId);
      const ids = isNew ? [enabled.accountId] : [...this.accounts.keys()].sort((a, b) => a - b);
      const scan = opts.scanPolicy === 'scan' || (isNew && opts.scanPolicy === 'scan_if_new_wallet');
      const reports: HdAccountBalance[] = [];
      for (const accountId of ids) {
        const stored = this.accounts.get(accountId);
        const account: HdAccountState = { accountId, known: stored ? { ...stored.known } : { External: 0, Internal: 0 } };
        if (scan) {
          for (const chain of BIP44_CHAINS) {
            const result = await scanChain(account.known[chain], opts.gapLimit, this.usedCheck(accountId, chain));
            account.known[chain] = result.knownAddressesNumber;
          }
        }
        const atLeast = Math.max(opts.minAddressesNumber ?? 0, accountId === enabled.accountId ? enabled.addressId + 1 : 0);
        const missing = atLeast - account.known.External - account.known.Internal;
        if (missing > 0) account.known[enabled.chain] += missing;
        await this.save(account);
        await this.watch(this.knownAddresses(account));
        reports.push(await this.balanceOf(account));
      }
      return reports;
    });
  }

  /**
   * KDF's `create_new_account`: account `accountId`, or the lowest id not taken, stored (and
   * scanned with `gapLimit` when `scan`) before it is reported. Refused past the account limit,
   * or when the account exists already.
   */
  createAccount(accountId: number | undefined, scan: boolean, gapLimit: number): Promise<HdAccountBalance | NewAccountRefusal> {
    return this.serial(async () => {
      let id = accountId ?? 0;
      if (accountId === undefined) while (this.accounts.has(id)) id += 1;
      if (id >= ACCOUNT_LIMIT) return { kind: 'AccountLimitReached', maxAccountsNumber: ACCOUNT_LIMIT };
      if (this.accounts.has(id)) return { kind: 'AccountExists', accountId: id };
      const account: HdAccountState = { accountId: id, known: { External: 0, Internal: 0 } };
      if (scan) {
        for (const chain of BIP44_CHAINS) account.known[chain] = (await scanChain(0, gapLimit, this.usedCheck(id, chain))).knownAddressesNumber;
      }
      await this.save(account);
      await this.watch(this.knownAddresses(account));
      return this.balanceOf(account);
    });
  }

  /** Every known address of the account with its balance; null for an account the wallet has not used. */
  async accountBalance(accountId: number): Promise<HdAccountBalance | null> {
    const account = this.accounts.get(accountId);
    return account ? this.balanceOf(account) : null;
  }

  /**
   * KDF's `get_new_address`: the chain's next address, stored before it is answered; refused as
   * KDF refuses it (the last `gapLimit` addresses all unused, or the chain full). Null for an
   * account the wallet has not used.
   */
  newAddress(accountId: number, chain: Bip44Chain, gapLimit: number): Promise<HdAddressBalance | NewAddressRefusal | null> {
    return this.serial(async () => {
      const account = this.accounts.get(accountId);
      if (!account) return null;
      const refusal = await checkNewAddress(account.known[chain], gapLimit, this.usedCheck(accountId, chain));
      if (refusal) return refusal;
      const addressId = account.known[chain];
      await this.save({ accountId, known: { ...account.known, [chain]: addressId + 1 } });
      const hd = this.addressAt({ accountId, chain, addressId });
      await this.watch([hd]);
      const [balance] = await this.balances([hd]);
      return balance ?? null;
    });
  }

  /**
   * KDF's `get_withdraw_hd_sender`: the address `from` names, with its key, if the account is known
   * and the address among its known ones.
   */
  sender(from: WithdrawFrom): { address: string; derivationPath: string; keyPair: KeyPair } {
    let id: HdAddressId;
    if ('derivationPath' in from) {
      try {
        id = parseAddressPath(this.init.coinPath, from.derivationPath);
      } catch (e) {
        if (e instanceof HdPathError) throw unexpectedFromAddress(e.message);
        throw e;
      }
    } else {
      id = from;
      if (id.accountId >= ACCOUNT_LIMIT || id.addressId >= ADDRESS_LIMIT) throw unexpectedFromAddress(`Child number ${Math.max(id.accountId, id.addressId)} is out of range`);
    }
    const account = this.accounts.get(id.accountId);
    if (!account) throw unknownFromAccount(id.accountId);
    const hd = this.addressAt(id);
    if (id.addressId >= account.known[id.chain]) throw unexpectedFromAddress(`'${hd.address}' address is not activated`);
    return { address: hd.address, derivationPath: hd.derivationPath, keyPair: this.init.keyAt(id) };
  }

  /** The address at a path, derived once. */
  addressAt(id: HdAddressId): HdAddress {
    const derivationPath = addressPath(this.init.coinPath, id);
    let hd = this.derived.get(derivationPath);
    if (!hd) {
      const config = this.init.coin.config;
      const address = myAddress(config, this.init.publicKeyAt(id));
      hd = { id, address, derivationPath, scripthash: electrumScripthash(decodeAddress(config, address).script) };
      this.derived.set(derivationPath, hd);
    }
    return hd;
  }

  private usedCheck(accountId: number, chain: Bip44Chain): UsedAddressesCheck {
    return (addressIds) => this.init.coin.api.scriptsUsed(addressIds.map((addressId) => this.addressAt({ accountId, chain, addressId }).scripthash));
  }

  /** Written before the accounts in memory change, so the node never hands out what it has not kept. */
  private async save(account: HdAccountState): Promise<void> {
    await this.init.store.put(toRecord(this.init.coin.ticker, account));
    this.accounts.set(account.accountId, { accountId: account.accountId, known: { ...account.known } });
  }

  /**
   * Runs `listener` with the address whenever the history of a known address other than the
   * enabled one changes (the coin signals its own), until the returned function is called.
   */
  onAddressChange(listener: (address: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** A known address's balance, as the account reports it; null for an address the wallet does not know. */
  async addressBalance(address: string): Promise<CoinBalance | null> {
    const hd = [...this.derived.values()].find((a) => a.address === address && this.isKnown(a.id));
    if (!hd) return null;
    const [row] = await this.balances([hd]);
    return row?.balance ?? null;
  }

  private isKnown(id: HdAddressId): boolean {
    return id.addressId < (this.accounts.get(id.accountId)?.known[id.chain] ?? 0);
  }

  /** Subscribes the addresses' scripts not yet watched, as KDF does for its balance events. */
  private async watch(addresses: HdAddress[]): Promise<void> {
    const fresh = addresses.filter((a) => a.address !== this.init.coin.address && !this.watched.has(a.scripthash));
    await Promise.all(
      fresh.map(async (a) => {
        await this.init.coin.api.subscribeScripthash(a.scripthash, () => {
          for (const l of [...this.changeListeners]) l(a.address);
        });
        this.watched.add(a.scripthash);
      }),
    );
  }

  private knownAddresses(account: HdAccountState): HdAddress[] {
    return BIP44_CHAINS.flatMap((chain) =>
      Array.from({ length: account.known[chain] }, (_, addressId) => this.addressAt({ accountId: account.accountId, chain, addressId })),
    );
  }

  private async balanceOf(account: HdAccountState): Promise<HdAccountBalance> {
    const addresses = this.knownAddresses(account);
    const balances = await this.balances(addresses);
    const total = balances.reduce(
      (t, a) => ({ spendable: t.spendable + a.balance.spendable, unspendable: t.unspendable + a.balance.unspendable }),
      { spendable: 0n, unspendable: 0n },
    );
    return { accountIndex: account.accountId, derivationPath: accountPath(this.init.coinPath, account.accountId), total, addresses: balances };
  }

  /**
   * Balances in one batch, as KDF reads an HD address (confirmed plus unconfirmed); the enabled
   * address shows the coin's own balance, the one `my_balance` answers.
   */
  private async balances(addresses: HdAddress[]): Promise<HdAddressBalance[]> {
    const coin = this.init.coin;
    const others = addresses.filter((a) => a.address !== coin.address);
    const values = await this.init.coin.api.scriptBalances(others.map((a) => a.scripthash));
    const byAddress = new Map<string, CoinBalance>(others.map((a, i) => [a.address, { spendable: values[i] ?? 0n, unspendable: 0n }]));
    if (others.length < addresses.length) byAddress.set(coin.address, await coin.balance());
    return addresses.map((a) => ({
      address: a.address,
      derivationPath: a.derivationPath,
      chain: a.id.chain,
      balance: byAddress.get(a.address) ?? { spendable: 0n, unspendable: 0n },
    }));
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

