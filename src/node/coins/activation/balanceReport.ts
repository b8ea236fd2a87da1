/**
 * KDF's balance shapes in activation answers: `CoinBalance` `{spendable, unspendable}` in coin
 * units, and `CoinBalanceReport<CoinBalanceMap>` tagged by `wallet_type`. This node holds one
 * address per coin: an iguana wallet reports it as `Iguana`; an HD wallet (or a Trezor, which KDF
 * always treats as HD) as `HD` with account 0 and its first external address, the one activated.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { MmNumber } from '../../../shared/number';
import { bytesToHex } from '../../crypto';
import type { CoinBalance } from '../coin';

export interface WireBalance {
  spendable: string;
  unspendable: string;
}

export type BalanceMap = Record<string, WireBalance>;

export type WalletForm = 'Iguana' | 'HD';

export function wireBalance(b: CoinBalance, decimals: number): WireBalance {
  return {
    spendable: MmNumber.fromBaseUnits(b.spendable, decimals).toDecimalString(),
    unspendable: MmNumber.fromBaseUnits(b.unspendable, decimals).toDecimalString(),
  };
}

/** `derivationPath` is the coin's `m/purpose'/coin_type'`; the HD form needs it. */
export function walletBalanceReport(form: WalletForm, address: string, derivationPath: string | undefined, balances: BalanceMap): Record<string, unknown> {
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

/** KDF's `DerivationMethodResponse` for a single-address coin. */
export const IGUANA_DERIVATION = { type: 'Iguana' } as const;

/** KDF's EVM `pubkey`: the uncompressed key in hex, `04` first. */
export function uncompressedPubkeyHex(compressed: Uint8Array): string {
  return bytesToHex(secp256k1.Point.fromBytes(compressed).toBytes(false));
}
