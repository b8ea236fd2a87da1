/** RPC handlers of the node's own lifecycle: `version`, `stop`, and `get_storage_status` (ours). */
import type { HandlerTable } from '../core/handler';
import { unreadableRecordCounts } from './storageStatus';

export const lifecycleHandlers: HandlerTable = {
  version: {
    legacy: async (ctx) => ({ result: ctx.platform.buildInfo.version, datetime: ctx.platform.buildInfo.datetime }),
  },
  get_storage_status: {
    mmrpc: async (ctx) => {
      // Wallet rows are otherwise read only by name or by the login page's list: read them all now.
      await ctx.wallets.names();
      return { unreadable_records: unreadableRecordCounts(ctx) };
    },
  },
  stop: {
    legacy: async (ctx) => {
      ctx.requestStop();
      return { result: 'success' };
    },
  },
};
