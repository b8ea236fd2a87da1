/** RPC handlers of the wallet domain. */
import type { HandlerTable } from '../core/handler';
import { mnemonicHandlers } from './mnemonicRpc';

export const walletHandlers: HandlerTable = {
  ...mnemonicHandlers,
  /** KDF's `get_wallet_names`: every stored wallet and the one this node runs. */
  get_wallet_names: {
    mmrpc: async (ctx) => ({ wallet_names: await ctx.wallets.names(), activated_wallet: ctx.walletName }),
  },
};
