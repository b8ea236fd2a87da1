/**
 * RPC handlers of the v2 activation methods (Komodo Wallet's way of activating coins); the coins
 * domain's `rpc.ts` merges them into its table. The EVM methods build their coins in their family
 * (eth/enableEthWithTokens.ts, eth/enableErc20.ts); `task::enable_utxo` is utxoTask.ts.
 */
import type { HandlerTable, MethodHandlers } from '../../core/handler';
import { readHwUserAction } from '../../core/tasks';
import { enableErc20 } from '../eth/enableErc20';
import { ENABLE_ETH_TASK, enableEthWithTokens, initEnableEth } from '../eth/enableEthWithTokens';
import { ENABLE_UTXO_TASK, initEnableUtxo } from './utxoTask';

/** `status`, `user_action` and `cancel` of a task family, KDF's `RpcTaskStatusRequest` and friends. */
function taskMethods(kind: string): Record<string, MethodHandlers> {
  return {
    [`task::${kind}::status`]: {
      mmrpc: async (ctx, p) => ctx.tasks.status(kind, p.uint('task_id'), p.optBool('forget_if_finished', true)),
    },
    [`task::${kind}::user_action`]: {
      mmrpc: async (ctx, p) => {
        ctx.tasks.userAction(kind, p.uint('task_id'), readHwUserAction(p.obj_('user_action')));
        return 'success';
      },
    },
    [`task::${kind}::cancel`]: {
      mmrpc: async (ctx, p) => {
        ctx.tasks.cancel(kind, p.uint('task_id'));
        return 'success';
      },
    },
  };
}

export const activationHandlers: HandlerTable = {
  'task::enable_utxo::init': { mmrpc: initEnableUtxo },
  ...taskMethods(ENABLE_UTXO_TASK),
  'task::enable_eth::init': { mmrpc: initEnableEth },
  ...taskMethods(ENABLE_ETH_TASK),
  enable_eth_with_tokens: { mmrpc: enableEthWithTokens },
  enable_erc20: { mmrpc: enableErc20 },
};
