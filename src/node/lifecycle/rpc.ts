/** RPC handlers of the node's own lifecycle: `version` and `stop`. */
import type { HandlerTable } from '../handler';

export const lifecycleHandlers: HandlerTable = {
  version: {
    legacy: async (ctx) => ({ result: ctx.platform.buildInfo.version, datetime: ctx.platform.buildInfo.datetime }),
  },
  stop: {
    legacy: async (ctx) => {
      ctx.requestStop();
      return { result: 'success' };
    },
  },
};
