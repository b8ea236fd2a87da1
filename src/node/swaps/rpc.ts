/**
 * RPC handlers of the swaps domain: `trade_preimage` (mmrpc 2.0, and the flat form answering
 * `{"result": …}`), the flat `max_taker_vol` (`{"result": {numer, denom}, "coin"}`, 0 when the
 * balance cannot pay for a swap), both net of what running swaps hold, the swap status methods
 * (`engine/statusRpc.ts`) and the recovery methods (`engine/rescueRpc.ts`).
 */
import type { MmRpcResult } from '../../shared/contract';
import { MmNumber } from '../../shared/number';
import type { ParamReader } from '../../shared/params';
import type { HandlerTable } from '../core/handler';
import type { NodeContext } from '../core/context';
import { rescueHandlers } from './engine/rescueRpc';
import { swapStatusHandlers } from './engine/statusRpc';
import { lockedAmounts, type LockedAmounts } from './checkBalance';
import { maxTakerVol } from './orderChecks';
import { tradePreimage, type TradePreimageRequest } from './tradePreimage';
import { legacyCoin } from '../coins/coinLookup';
import { volumeHandlers } from './volumeRpc';
import { watcherHandlers } from './watcher/rpc';
import { tradePreimageToWire } from './wire';

function readTradePreimage(r: ParamReader): TradePreimageRequest {
  return {
    base: r.str('base'),
    rel: r.str('rel'),
    swapMethod: r.oneOf('swap_method', ['setprice', 'buy', 'sell'] as const),
    price: r.num('price'),
    // KDF's `#[serde(default)] volume`: absent is 0, which the volume rules then refuse as too low.
    volume: r.optNum('volume') ?? MmNumber.ZERO,
    max: r.optBool('max', false),
  };
}

/** What the node's running swaps have yet to send (KDF's `get_locked_amount`), which previews and maxima leave out. */
const runningSwapsHold = (ctx: NodeContext): LockedAmounts => lockedAmounts((coin) => ctx.swaps?.lockedAmount(coin) ?? MmNumber.ZERO, () => MmNumber.ZERO);

async function tradePreimageRpc(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'trade_preimage'>> {
  return tradePreimageToWire(await tradePreimage(ctx, readTradePreimage(params), runningSwapsHold(ctx)));
}

export const swapsHandlers: HandlerTable = {
  ...swapStatusHandlers,
  ...rescueHandlers,
  ...volumeHandlers,
  ...watcherHandlers,
  trade_preimage: {
    mmrpc: tradePreimageRpc,
    legacy: async (ctx, args) => ({ result: await tradePreimageRpc(ctx, args) }),
  },
  max_taker_vol: {
    legacy: async (ctx, args) => {
      const coin = args.str('coin');
      const tradeWith = args.optStr('trade_with');
      legacyCoin(ctx, coin);
      const max = await maxTakerVol(ctx, coin, tradeWith, { lockedBySwaps: runningSwapsHold(ctx) });
      return { result: max.toFraction(), coin };
    },
  },
};
