/**
 * The periodic round of KDF's `lp_ordermatch_loop`: taker requests past their timeout become maker
 * orders (GoodTillCancelled, unmatched) or end (FillOrKill, or matched but never confirmed);
 * reservations not connected within ORDER_MATCH_TIMEOUT free their volume; maker orders left below
 * their minimum end; orders held back on a freshly opened pair are taken once the maker had a
 * keep-alive period to say otherwise (heldCreations.ts); makers silent past MAKER_ORDER_TIMEOUT
 * leave the orderbook; and my maker
 * orders that are not on the book (restored after a restart) are announced again once their coins
 * are active, with the volume the balance still covers. Each change is stored before it is made or
 * announced; one that cannot be stored is logged and left for the next round.
 */
import { MmNumber } from '../../shared/number';
import { MmError } from '../core/errors';
import type { OrdersCore } from './core';
import { availableAmount, hasOngoingMatches, makerBaseTicker, makerRelTicker, reservedAmount, takerToMaker } from './matching';
import type { BookSync } from './sync';
import type { MakerOrder, TakerOrder } from './types';

export async function housekeeping(core: OrdersCore, sync: BookSync): Promise<void> {
  const now = core.now();
  for (const order of [...core.takers.values()]) {
    if (order.createdAt + order.timeout * 1000 < now) await core.withCoins([order], () => endTimedOutTaker(core, sync, order, now));
  }
  for (const order of [...core.makers.values()]) {
    if (staleMatches(core, order, now).length > 0) await core.withCoins([order], () => dropTimedOutMatches(core, order, now));
  }
  for (const order of [...core.makers.values()]) {
    if (exhausted(order)) await core.withCoins([order], () => endExhaustedMaker(core, order));
  }
  sync.releaseHeld(now);
  const gone = core.book.expire(now, core.timing.makerOrderTimeoutMs, core.myPubkey);
  if (gone.length > 0) core.deps.log('debug', `orders: ${gone.length} orders of silent makers left the orderbook`);
  const offline = [...core.makers.values()].filter((o) => !core.book.get(o.uuid)).sort((a, b) => a.createdAt - b.createdAt);
  for (const order of offline) await core.withCoins([order], () => kickstart(core, sync, order));
}

async function endTimedOutTaker(core: OrdersCore, sync: BookSync, order: TakerOrder, now: number): Promise<void> {
  if (core.takers.get(order.request.uuid) !== order) return;
  if (order.matches.size > 0 || order.orderType === 'FillOrKill') return core.retireOrLog([{ order, reason: 'TimedOut' }]);
  const maker = takerToMaker(order, now);
  if (!(await core.persistOrLog(`order ${maker.uuid}`, (p) => p.takerBecameMaker(order, maker)))) return;
  core.takers.delete(order.request.uuid);
  core.makers.set(maker.uuid, maker);
  core.events.changed('Converted', maker);
  if (core.deps.coins.enabled.get(maker.base) && core.deps.coins.enabled.get(maker.rel)) {
    await sync.ensure(makerBaseTicker(maker), makerRelTicker(maker), false);
    await core.announce(maker);
  }
}

/** Reservations never connected within ORDER_MATCH_TIMEOUT. */
function staleMatches(core: OrdersCore, order: MakerOrder, now: number): string[] {
  return [...order.matches].filter(([, m]) => !m.connected && m.lastUpdated + core.timing.orderMatchTimeoutMs <= now).map(([uuid]) => uuid);
}

async function dropTimedOutMatches(core: OrdersCore, order: MakerOrder, now: number): Promise<void> {
  const stale = staleMatches(core, order, now);
  if (core.makers.get(order.uuid) !== order || stale.length === 0) return;
  const kept = new Map([...order.matches].filter(([uuid]) => !stale.includes(uuid)));
  if (!(await core.persistOrLog(`maker order ${order.uuid}`, (p) => p.saveMaker({ ...order, matches: kept })))) return;
  for (const uuid of stale) order.matches.delete(uuid);
  core.events.changed('Updated', order);
}

const exhausted = (order: MakerOrder): boolean => availableAmount(order).lt(order.minBaseVol) && !hasOngoingMatches(order);

async function endExhaustedMaker(core: OrdersCore, order: MakerOrder): Promise<void> {
  if (core.makers.get(order.uuid) !== order || !exhausted(order)) return;
  await core.retireOrLog([{ order, reason: order.matches.size === 0 ? 'InsufficientBalance' : 'Fulfilled' }]);
}

/**
 * Announces a maker order that is not on the book yet, oldest first: only orders already on the
 * book count as holding the balance, so after a restart the older orders keep their coins. A
 * volume cut to the balance is stored before it is announced.
 */
async function kickstart(core: OrdersCore, sync: BookSync, order: MakerOrder): Promise<void> {
  if (core.makers.get(order.uuid) !== order || core.book.get(order.uuid)) return;
  if (!core.deps.coins.enabled.get(order.base) || !core.deps.coins.enabled.get(order.rel)) return;
  const offline = [...core.makers.values()].filter((o) => !core.book.get(o.uuid)).map((o) => o.uuid);
  let max: MmNumber;
  try {
    max = await core.deps.balance.maxMakerVolume(order.base, core.lockedByOrders(new Set(offline)));
  } catch (e) {
    if (e instanceof MmError && e.errorType === 'NotSufficientBalance') max = MmNumber.ZERO;
    else return core.deps.log('warn', `orders: cannot check the balance for order ${order.uuid}: ${(e as Error).message}`);
  }
  if (core.makers.get(order.uuid) !== order || core.book.get(order.uuid)) return;
  if (max.lt(availableAmount(order))) {
    const cut = { ...order, maxBaseVol: reservedAmount(order).add(max) };
    if (availableAmount(cut).lt(order.minBaseVol)) return core.retireOrLog([{ order, reason: 'InsufficientBalance' }]);
    if (!(await core.persistOrLog(`maker order ${order.uuid}`, (p) => p.saveMaker(cut)))) return;
    order.maxBaseVol = cut.maxBaseVol;
    core.events.changed('Updated', order);
  }
  if (availableAmount(order).lt(order.minBaseVol)) return core.retireOrLog([{ order, reason: 'InsufficientBalance' }]);
  await sync.ensure(makerBaseTicker(order), makerRelTicker(order), false);
  await core.announce(order);
}
