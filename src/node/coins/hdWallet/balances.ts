/** What an HD wallet reports of its accounts and addresses (KDF's `HDAccountBalance`, `HDAddressBalance`). */
import type { CoinBalance } from '../coin';
import type { Bip44Chain } from './path';

export interface HdAddressBalance {
  address: string;
  derivationPath: string;
  chain: Bip44Chain;
  balance: CoinBalance;
}

export interface HdAccountBalance {
  accountIndex: number;
  derivationPath: string;
  total: CoinBalance;
  addresses: HdAddressBalance[];
}

/** Why `create_new_account` made no account. */
export type NewAccountRefusal = { kind: 'AccountLimitReached'; maxAccountsNumber: number } | { kind: 'AccountExists'; accountId: number };
