/**
 * Placing and changing my maker orders: `setprice` (KDF's `create_maker_order`) and
 * `update_maker_order` (spec §4.9). Every check, balance included, runs before anything changes:
 * a failed request leaves no order, no cancelled predecessor and no message behind (KDF cancels
 * the previous orders even when the new one then fails; this node does not).
 */
import { MmNumber } from '../../shared/number';
import type { EnabledCoin } from '../coins/coin';
import { defaultConfSettings } from './coins';
import type { OrdersCore } from './core';
import { orderError, orderRefusal } from './errors';
import { hasOngoingMatches, reservedAmount } from './matching';
import type { BookSync } from './sync';
import type { ConfSettings, HistoricalOrder, MakerOrder } from './types';
import { newUuid } from './uuid';
import { tradeableCoin, validateMakerOrder, validateMaxVolume, validateMinVolume, validatePrice } from './validation';

export interface ConfOverrides {
  baseConfs?: number;
  baseNota?: boolean;
  relConfs?: number;
  relNota?: boolean;
}

export interface SetPriceRequest extends ConfOverrides {
  base: string;
  rel: string;
  price: MmNumber;
  /** Ignored with `max`. */
  volume: MmNumber;
  max: boolean;
  minVolume?: MmNumber;
  cancelPrevious: boolean;
  saveInHistory: boolean;
}

export interface UpdateMakerOrderRequest extends ConfOverrides {
  uuid: string;
  newPrice?: MmNumber;
  volumeDelta?: MmNumber;
  minVolume?: MmNumber;
  max: boolean;
}

/** The fee reserve `update_maker_order` keeps with `max` (spec §8). */
const MAX_FEE_RESERVE = MmNumber.of(1n, 1000n);

function confSettings(defaults: ConfSettings, o: ConfOverrides): ConfSettings {
  return {
    baseConfs: o.baseConfs ?? defaults.baseConfs,
    baseNota: o.baseNota ?? defaults.baseNota,
    relConfs: o.relConfs ?? defaults.relConfs,
    relNota: o.relNota ?? defaults.relNota,
  };
}

/** Holding both coins' locks, so concurrent orders never count on the same balance. */
export function setPrice(core: OrdersCore, sync: BookSync, req: SetPriceRequest): Promise<MakerOrder> {
  return core.locks.run([req.base, req.rel], () => placeMakerOrder(core, sync, req));
}

async function placeMakerOrder(core: OrdersCore, sync: BookSync, req: SetPriceRequest): Promise<MakerOrder> {
  const coins = core.deps.coins;
  const base = tradeableCoin(coins, req.base, 'Base', false);
  const rel = tradeableCoin(coins, req.rel, 'Rel', false);
  const replaced = req.cancelPrevious ? [...core.makers.values()].filter((o) => o.base === req.base && o.rel === req.rel) : [];
  const locked = core.lockedByOrders(new Set(replaced.map((o) => o.uuid)));
  if (base.ticker === rel.ticker) throw orderRefusal.baseEqualRel('Rel coin can not be same as base');
  const volume = req.max ? await core.deps.balance.maxMakerVolume(req.base, locked) : req.volume;
  const minVolume = validateMakerOrder(base, rel, req.price, volume, req.minVolume);
  // A max volume is what the balance pays for already (checking it as an exact amount could add a change output's fee).
  if (!req.max) await core.deps.balance.check({ base: req.base, rel: req.rel, volume, price: req.price, action: 'setprice' }, locked);

  const now = core.now();
  const order: MakerOrder = {
    uuid: newUuid(),
    base: req.base,
    rel: req.rel,
    price: req.price,
    maxBaseVol: volume,
    minBaseVol: minVolume,
    createdAt: now,
    updatedAt: now,
    matches: new Map(),
    startedSwaps: [],
    confSettings: confSettings(defaultConfSettings(base, rel), req),
    changesHistory: [],
    saveInHistory: req.saveInHistory,
    baseOrderbookTicker: core.orderbookTickerOf(req.base),
    relOrderbookTicker: core.orderbookTickerOf(req.rel),
    wasTaker: false,
  };
  const ended = replaced.map((old) => ({ order: old, reason: 'Cancelled' as const }));
  await core.persist(`maker order ${order.uuid}`, (p) => p.placeMaker(order, ended, now));
  for (const old of replaced) core.makers.delete(old.uuid);
  core.makers.set(order.uuid, order);
  for (const old of replaced) core.events.ended('Cancelled', old);
  core.events.changed('Created', order);
  for (const old of replaced) await core.withdraw(old);
  await sync.ensure(order.baseOrderbookTicker ?? order.base, order.relOrderbookTicker ?? order.rel, false);
  await core.announce(order);
  return order;
}

async function spendable(coin: EnabledCoin): Promise<MmNumber> {
  return MmNumber.fromBaseUnits((await coin.balance()).spendable, coin.decimals);
}

const noSuchOrder = (uuid: string) => orderError(`There is no order with UUID ${uuid}`);

/** Holding the order's coin locks, like placing one. */
export async function updateMakerOrder(core: OrdersCore, req: UpdateMakerOrderRequest): Promise<MakerOrder> {
  const found = core.makers.get(req.uuid);
  if (!found) throw noSuchOrder(req.uuid);
  return core.withCoins([found], () => changeMakerOrder(core, req));
}

async function changeMakerOrder(core: OrdersCore, req: UpdateMakerOrderRequest): Promise<MakerOrder> {
  const order = core.makers.get(req.uuid);
  if (!order) throw noSuchOrder(req.uuid);
  if (hasOngoingMatches(order)) throw orderError("Can't update an order that has ongoing matches");
  const base = core.deps.coins.enabled.get(order.base);
  const rel = core.deps.coins.enabled.get(order.rel);
  if (!base || !rel) throw orderError(`Base coin ${order.base} and/or rel coin ${order.rel} are not activated`);
  const before = { updatedAt: order.updatedAt, matches: order.matches.size };

  const conf = confSettings(order.confSettings, req);
  if (req.newPrice) validatePrice(req.newPrice);
  const price = req.newPrice ?? order.price;
  const minVolume = req.minVolume && validateMinVolume(base, rel, price, req.minVolume);
  const reserved = reservedAmount(order);
  const locked = core.lockedByOrders(new Set([order.uuid]));
  let volume = order.maxBaseVol;
  if (req.max) {
    const keep = (await spendable(base)).sub(locked(order.base)).sub(MAX_FEE_RESERVE);
    volume = MmNumber.min(await core.deps.balance.maxMakerVolume(order.base, locked), keep).add(reserved);
  } else if (req.volumeDelta) {
    volume = order.maxBaseVol.add(req.volumeDelta);
    if (!volume.isPositive()) throw orderError(`New volume ${volume.toDecimalString()} should be more than zero`);
    await core.deps.balance.check({ base: order.base, rel: order.rel, volume, price, action: 'setprice' }, locked);
  }
  if (volume.lte(reserved)) {
    throw orderError(
      `New volume ${volume.toDecimalString()} should be more than reserved amount for order matches ${reserved.toDecimalString()}`,
    );
  }
  validateMaxVolume(base, rel, price, volume.sub(reserved), req.minVolume);

  if (core.makers.get(order.uuid) !== order || order.updatedAt !== before.updatedAt || order.matches.size !== before.matches) {
    throw orderRefusal.stateChanged();
  }
  const change: HistoricalOrder = { updatedAt: order.updatedAt };
  if (!volume.eq(order.maxBaseVol)) change.maxBaseVol = order.maxBaseVol;
  if (minVolume && !minVolume.eq(order.minBaseVol)) change.minBaseVol = order.minBaseVol;
  if (!price.eq(order.price)) change.price = order.price;
  if (JSON.stringify(conf) !== JSON.stringify(order.confSettings)) change.confSettings = order.confSettings;
  const updated: MakerOrder = {
    ...order,
    price,
    maxBaseVol: volume,
    minBaseVol: minVolume ?? order.minBaseVol,
    confSettings: conf,
    updatedAt: Math.max(core.now(), order.updatedAt + 1),
    changesHistory: [...order.changesHistory, change],
  };
  await core.persist('updated order state', (p) => p.saveMaker(updated));
  Object.assign(order, updated);
  core.events.changed('Updated', order);
  await core.announceUpdate(order, { price: req.newPrice !== undefined, minVolume: minVolume !== undefined, conf: true });
  return order;
}
