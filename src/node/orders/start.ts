/**
 * Starts the orders domain of a running node: its own orders from the wallet's `ordermatch`
 * database, signing as the node's mm2 internal key on the given p2p network, balance checks by the
 * swaps domain. Swaps are not run yet: a connected match is logged with its swap uuid.
 */
import type { NodeContext } from '../context';
import type { P2p } from '../p2p/types';
import { OrdersStore } from '../storage/ordersDb';
import { OrdersPersistence } from './persistence';
import { OrdersService } from './service';
import { swapsBalance } from './swapsBalance';

export async function startOrders(ctx: NodeContext, p2p: P2p): Promise<OrdersService | undefined> {
  if (!ctx.keys) return undefined;
  const persistence = new OrdersPersistence(await OrdersStore.open(ctx.platform.storage, ctx.keys.rmd160Hex));
  try {
    return await OrdersService.start({
      p2p,
      pubkey: ctx.keys.internal.publicKey,
      coins: { enabled: ctx.enabledCoins, configs: ctx.coinsConfig },
      balance: swapsBalance(ctx),
      persistence,
      now: () => ctx.platform.now(),
      log: ctx.log,
      emit: (event, data) => ctx.platform.emit(event, data),
      onSwapStart: (s) =>
        ctx.log(
          'info',
          `orders: matched ${s.baseAmount.toDecimalString()} ${s.base} for ${s.relAmount.toDecimalString()} ${s.rel} ` +
            `as ${s.role.toLowerCase()}, swap ${s.swapUuid} (swaps are not run yet)`,
        ),
    });
  } catch (e) {
    persistence.close();
    throw e;
  }
}
