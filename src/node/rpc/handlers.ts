/** Every domain's handlers, wired into one table; the method table in shared decides who may call them. */
import { coinsHandlers } from '../coins/rpc';
import type { HandlerTable } from '../handler';
import { hwHandlers } from '../hw/rpc';
import { lifecycleHandlers } from '../lifecycle/rpc';
import { ordersHandlers } from '../orders/rpc';
import { swapsHandlers } from '../swaps/rpc';
import { streamsHandlers } from '../streams/rpc';
import { walletHandlers } from '../wallet/rpc';

export const allHandlers: HandlerTable = {
  ...lifecycleHandlers,
  ...coinsHandlers,
  ...walletHandlers,
  ...hwHandlers,
  ...ordersHandlers,
  ...swapsHandlers,
  ...streamsHandlers,
};
