/**
 * Every domain's handlers but the lifecycle's, in one table: the chunk `handlers.ts` imports on
 * the first call of any of them, so that coins (ethers, bitcoinjs), hardware wallets, orders and
 * swaps stay out of the worker's start.
 */
import { coinsHandlers } from '../coins/rpc';
import type { HandlerTable } from '../core/handler';
import { hwHandlers } from '../hw/rpc';
import { mmBotHandlers } from '../mmbot/rpc';
import { ordersHandlers } from '../orders/rpc';
import { swapsHandlers } from '../swaps/rpc';
import { streamsHandlers } from '../streams/rpc';
import { walletHandlers } from '../wallet/rpc';

export const domainHandlers: HandlerTable = {
  ...coinsHandlers,
  ...walletHandlers,
  ...hwHandlers,
  ...ordersHandlers,
  ...swapsHandlers,
  ...streamsHandlers,
  ...mmBotHandlers,
};
