/**
 * Starts the orders domain of a running node: its own orders from the wallet's `ordermatch`
 * database, signing as the node's mm2 internal key on the given p2p network, balance checks by the
 * swaps domain. A connected match (stored before the hook fires) starts its swap in the swap engine.
 */
import type { NodeContext } from '../core/context';
import type { P2p } from '../p2p/types';
import { OrdersStore } from '../storage/ordersDb';
import type { ActiveSwaps } from '../swaps/activeSwaps';
import type { SwapEngine, SwapStartParams } from '../swaps/index';
import { OrdersPersistence } from './persistence';
import { OrdersService } from './service';
import { swapsBalance } from './swapsBalance';
import type { SwapStart } from './types';

/** The match in the swap engine's terms: the maker sends `base`, the taker `rel`. */
function swapParams(s: SwapStart): SwapStartParams {
  return {
    uuid: s.swapUuid,
    role: s.role,
    makerOrderUuid: s.makerOrderUuid,
    otherPubkey: s.otherPubkey,
    makerCoin: s.base,
    takerCoin: s.rel,
    makerAmount: s.baseAmount,
    takerAmount: s.relAmount,
    makerPaymentConfirmations: s.confSettings.baseConfs,
    makerPaymentRequiresNota: s.confSettings.baseNota,
    takerPaymentConfirmations: s.confSettings.relConfs,
    takerPaymentRequiresNota: s.confSettings.relNota,
  };
}

export async function startOrders(
  ctx: NodeContext,
  p2p: P2p,
  swaps?: { engine: SwapEngine; activeSwaps: ActiveSwaps },
): Promise<OrdersService | undefined> {
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
      ...(swaps ? { activeSwaps: swaps.activeSwaps } : {}),
      onSwapStart: (s) => {
        ctx.log('info', `orders: matched ${s.baseAmount.toDecimalString()} ${s.base} for ${s.relAmount.toDecimalString()} ${s.rel} as ${s.role.toLowerCase()}, swap ${s.swapUuid}`);
        swaps?.engine.start(swapParams(s)).catch((e: unknown) => ctx.log('error', `swap ${s.swapUuid}: not started: ${(e as Error).message}`));
      },
    });
  } catch (e) {
    persistence.close();
    throw e;
  }
}
