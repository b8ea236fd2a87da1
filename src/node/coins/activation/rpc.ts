/**
 * RPC handlers of the v2 activation methods (Komodo Wallet's way of activating coins); the coins
 * domain's `rpc.ts` merges them into its table. The EVM methods build their coins in their family
 * (eth/enableEthWithTokens.ts, eth/enableErc20.ts); `task::enable_utxo` is utxoTask.ts.
 */
import type { HandlerTable } from '../../core/handler';
import { taskCancel, taskStatus, taskUserAction } from '../../core/taskRpc';
import { enableErc20 } from '../eth/enableErc20';
import { ENABLE_ETH_TASK, enableEthWithTokens, initEnableEth } from '../eth/enableEthWithTokens';
import { ENABLE_UTXO_TASK, initEnableUtxo } from './utxoTask';

export const activationHandlers: HandlerTable = {
  'task::enable_utxo::init': { mmrpc: initEnableUtxo },
  'task::enable_utxo::status': { mmrpc: taskStatus(ENABLE_UTXO_TASK) },
  'task::enable_utxo::user_action': { mmrpc: taskUserAction(ENABLE_UTXO_TASK) },
  'task::enable_utxo::cancel': { mmrpc: taskCancel(ENABLE_UTXO_TASK) },
  'task::enable_eth::init': { mmrpc: initEnableEth },
  'task::enable_eth::status': { mmrpc: taskStatus(ENABLE_ETH_TASK) },
  'task::enable_eth::user_action': { mmrpc: taskUserAction(ENABLE_ETH_TASK) },
  'task::enable_eth::cancel': { mmrpc: taskCancel(ENABLE_ETH_TASK) },
  enable_eth_with_tokens: { mmrpc: enableEthWithTokens },
  enable_erc20: { mmrpc: enableErc20 },
};
