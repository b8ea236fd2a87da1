/**
 * `sell` and `buy` (spec §4.8; KDF's `lp_auto_buy`): check, store and broadcast a taker request.
 * Makers answer it on the pair's topic; `takerSide.ts` picks the best and `housekeeping.ts` turns
 * an unmatched GoodTillCancelled request into a maker order after its timeout (FillOrKill: cancels).
 */
import type { MmNumber } from '../../shared/number';
import { defaultConfSettings, protocolInfo } from './coins';
import type { OrdersCore } from './core';
import { orderRefusal } from './errors';
import type { ConfOverrides } from './makerActions';
import { takerBaseTicker, takerRelTicker } from './matching';
import { orderbookTopic } from './orderbook';
import type { BookSync } from './sync';
import { ZERO_PUBKEY, type MatchBy, type OrderType, type TakerAction, type TakerOrder } from './types';
import { newUuid } from './uuid';
import { tradeableCoin, validateTakerOrder } from './validation';

/** KDF's TAKER_ORDER_TIMEOUT, seconds. */
export const TAKER_ORDER_TIMEOUT = 30;

export interface SellBuyRequest extends ConfOverrides {
  action: TakerAction;
  base: string;
  rel: string;
  price: MmNumber;
  volume: MmNumber;
  minVolume?: MmNumber;
  matchBy: MatchBy;
  orderType: OrderType;
  /** Seconds. */
  timeout: number;
  saveInHistory: boolean;
}

/** Holding both coins' locks, so concurrent orders never count on the same balance. */
export function sellOrBuy(core: OrdersCore, sync: BookSync, req: SellBuyRequest): Promise<TakerOrder> {
  return core.locks.run([req.base, req.rel], () => placeTakerOrder(core, sync, req));
}

async function placeTakerOrder(core: OrdersCore, sync: BookSync, req: SellBuyRequest): Promise<TakerOrder> {
  if (req.base === req.rel) throw orderRefusal.baseEqualRel('Base and rel must be different coins');
  const coins = core.deps.coins;
  const base = tradeableCoin(coins, req.base, 'Base', true);
  const rel = tradeableCoin(coins, req.rel, 'Rel', true);
  const minVolume = validateTakerOrder(base, rel, req.price, req.volume, req.minVolume);
  const action = req.action === 'Sell' ? 'sell' : 'buy';
  await core.deps.balance.check({ base: req.base, rel: req.rel, volume: req.volume, price: req.price, action }, core.lockedByOrders());

  const defaults = defaultConfSettings(base, rel);
  const order: TakerOrder = {
    createdAt: core.now(),
    request: {
      base: req.base,
      rel: req.rel,
      baseAmount: req.volume,
      relAmount: req.volume.mul(req.price),
      action: req.action,
      uuid: newUuid(),
      senderPubkey: core.myId,
      destPubKey: ZERO_PUBKEY,
      matchBy: req.matchBy,
      confSettings: {
        baseConfs: req.baseConfs ?? defaults.baseConfs,
        baseNota: req.baseNota ?? defaults.baseNota,
        relConfs: req.relConfs ?? defaults.relConfs,
        relNota: req.relNota ?? defaults.relNota,
      },
      baseProtocolInfo: protocolInfo(base.config),
      relProtocolInfo: protocolInfo(rel.config),
    },
    matches: new Map(),
    minVolume,
    orderType: req.orderType,
    timeout: req.timeout,
    saveInHistory: req.saveInHistory,
    baseOrderbookTicker: core.orderbookTickerOf(req.base),
    relOrderbookTicker: core.orderbookTickerOf(req.rel),
  };
  await core.persist(`taker order ${order.request.uuid}`, (p) => p.saveTaker(order));
  core.takers.set(order.request.uuid, order);
  core.events.changed('Created', order);
  const [baseTicker, relTicker] = [takerBaseTicker(order), takerRelTicker(order)];
  await sync.ensure(baseTicker, relTicker, false);
  const { senderPubkey: _s, destPubKey: _d, ...msg } = order.request;
  await core.publish(orderbookTopic(baseTicker, relTicker), {
    type: 'TakerRequest',
    msg: { ...msg, base: baseTicker, rel: relTicker },
  });
  return order;
}
