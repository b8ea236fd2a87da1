/** RPC handlers of the coins domain. */
import type { HandlerTable } from '../handler';

export const coinsHandlers: HandlerTable = {
  get_enabled_coins: {
    legacy: async (ctx) => ({
      result: ctx.enabledCoins.list().map((c) => ({ ticker: c.ticker, address: c.address })),
    }),
  },
};
