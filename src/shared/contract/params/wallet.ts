/** The params of the stored wallets' methods (KDF's mm2_main/src/lp_wallet.rs). */
import type { NoParams } from './common';

/**
 * KDF's `GetMnemonicRequest`, its `MnemonicFormat` flattened and tagged by `format`: the secret
 * as stored (encrypted), or in clear once the wallet password is proved.
 */
export type GetMnemonicParams = { format: 'encrypted' } | { format: 'plaintext'; password: string };

export interface WalletParams {
  /** lp_wallet.rs `get_wallet_names_rpc`: reads nothing. */
  get_wallet_names: { mmrpc: NoParams };
  /** lp_wallet.rs `GetMnemonicRequest`. */
  get_mnemonic: { mmrpc: GetMnemonicParams };
  /** lp_wallet.rs `ChangeMnemonicPasswordReq`: the active wallet's password, old and new. */
  change_mnemonic_password: { mmrpc: { current_password: string; new_password: string } };
  /** lp_wallet.rs `DeleteWalletRequest`: a wallet other than the active one, and its password. */
  delete_wallet: { mmrpc: { wallet_name: string; password: string } };
}
