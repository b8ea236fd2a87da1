/**
 * KDF's balance shapes in activation answers: `CoinBalance` `{spendable, unspendable}` in coin
 * units, and `CoinBalanceReport<CoinBalanceMap>` tagged by `wallet_type`. An iguana wallet reports
 * its address as `Iguana`; a software HD wallet's UTXO coin its scanned accounts (`hdWalletReport`);
 * an EVM coin or a Trezor (which KDF always treats as HD) `HD` with account 0 and the one address
 * activated.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { Def } from '../../../shared/contract';
import { MmNumber } from '../../../shared/number';
import { bytesToHex } from '../../crypto';
import type { CoinBalance } from '../coin';
import type { HdAccountBalance, HdAddressBalance } from '../hdWallet/balances';

export type WireBalance = Def<'CoinBalance'>;

export type BalanceMap = Record<string, WireBalance>;

export type WalletForm = 'Iguana' | 'HD';

export function wireBalance(b: CoinBalance, decimals: number): WireBalance {
  return {
    spendable: MmNumber.fromBaseUnits(b.spendable, decimals).toDecimalString(),
    unspendable: MmNumber.fromBaseUnits(b.unspendable, decimals).toDecimalString(),
  };
}

/** `derivationPath` is the coin's `m/purpose'/coin_type'`; the HD form needs it. */
export function walletBalanceReport(form: WalletForm, address: string, derivationPath: string | undefined, balances: BalanceMap): Def<'EnableCoinBalanceMap'> {
  if (form === 'Iguana') return { wallet_type: 'Iguana', address, balance: balances };
  const account = `${derivationPath ?? 'm'}/0'`;
  return {
    wallet_type: 'HD',
    accounts: [
      {
        account_index: 0,
        derivation_path: account,
        total_balance: balances,
        addresses: [{ address, derivation_path: `${account}/0/0`, chain: 'External', balance: balances }],
      },
    ],
  };
}

/** KDF's `HDWalletBalance` of a UTXO coin: every reported account, each address's balance keyed by the ticker. */
export function hdWalletReport(ticker: string, decimals: number, accounts: HdAccountBalance[]): Def<'EnableCoinBalanceMap'> {
  return { wallet_type: 'HD', accounts: accounts.map((a) => wireHdAccount(ticker, decimals, a)) };
}

/** KDF's `HDAccountBalance<CoinBalanceMap>`. */
export function wireHdAccount(ticker: string, decimals: number, a: HdAccountBalance): Def<'HDAccountBalanceMap'> {
  return {
    account_index: a.accountIndex,
    derivation_path: a.derivationPath,
    total_balance: { [ticker]: wireBalance(a.total, decimals) },
    addresses: a.addresses.map((x) => wireHdAddress(ticker, decimals, x)),
  };
}

/** KDF's `HDAddressBalance<CoinBalanceMap>`. */
export function wireHdAddress(ticker: string, decimals: number, x: HdAddressBalance): Def<'HDAddressBalanceMap'> {
  return { address: x.address, derivation_path: x.derivationPath, chain: x.chain, balance: { [ticker]: wireBalance(x.balance, decimals) } };
}

/** KDF's `DerivationMethodResponse` for a single-address coin. */
export const IGUANA_DERIVATION = { type: 'Iguana' } as const;

/** KDF's EVM `pubkey`: the uncompressed key in hex, `04` first. */
export function uncompressedPubkeyHex(compressed: Uint8Array): string {
  return bytesToHex(secp256k1.Point.fromBytes(compressed).toBytes(false));
}
