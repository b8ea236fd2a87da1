/**
 * A coin that can hold an HD wallet's accounts beside its enabled address (UTXO coins of a software
 * HD wallet): `get_new_address`, account balances and creation, a withdraw `from` another address,
 * and balance streams of each known address.
 */
import type { CoinBalance, EnabledCoin } from '../coin';
import type { HdAccountBalance, HdAddressBalance, NewAccountRefusal } from '../hdWallet/balances';
import type { NewAddressRefusal } from '../hdWallet/gapScan';
import type { Bip44Chain } from '../hdWallet/path';

/** An HD wallet's accounts under KDF's gap-limit rule. */
export interface HdAccounts {
  /** The activation's `gap_limit`, for requests that name none. */
  readonly gapLimit: number;
  /** Every known address of the account; null for an account the wallet does not know. */
  accountBalance(accountId: number): Promise<HdAccountBalance | null>;
  /** The next address of the account's chain; null for an unknown account. */
  newAddress(accountId: number, chain: Bip44Chain, gapLimit: number): Promise<HdAddressBalance | NewAddressRefusal | null>;
  /** A new account (the next one unless `accountId` names it), scanned for used addresses when `scan`. */
  createAccount(accountId: number | undefined, scan: boolean, gapLimit: number): Promise<HdAccountBalance | NewAccountRefusal>;
  /** The balance of a known address; null for an address the wallet does not know. */
  addressBalance(address: string): Promise<CoinBalance | null>;
  /** Runs `listener` with each known address whose script changed; returns the unsubscribe. */
  onAddressChange(listener: (address: string) => void): () => void;
}

export interface HdAccountsHolder {
  /** Null for an iguana wallet or a hardware wallet, which keep their one enabled address. */
  readonly hdWallet: HdAccounts | null;
}

/** Whether the coin's family can hold HD accounts (its `hdWallet` may still be null for this wallet). */
export function hasHdAccounts(coin: EnabledCoin): coin is EnabledCoin & HdAccountsHolder {
  return (coin as Partial<HdAccountsHolder>).hdWallet !== undefined;
}

/** The coin's HD accounts when its family holds them and this wallet has them; null otherwise. */
export function hdAccountsOf(coin: EnabledCoin): HdAccounts | null {
  return hasHdAccounts(coin) ? coin.hdWallet : null;
}
