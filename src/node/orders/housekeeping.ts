/**
 * The periodic round of KDF's `lp_ordermatch_loop`: taker requests past their timeout become maker
 * orders (GoodTillCancelled, unmatched) or end (FillOrKill, or matched but never confirmed);
 * reservations not connected within ORDER_MATCH_TIMEOUT free their volume; maker orders left below
 * their minimum end; makers silent past MAKER_ORDER_TIMEOUT leave the orderbook; and my maker
 * orders that are not on the book (restored after a restart) are announced again once their coins
 * are active, with the volume the balance still covers.
 */
import { MmNumber } from '../../shared/number';
import { MmError } from '../errors';
import type { OrdersCore } from './core';
import { availableAmount, hasOngoingMatches, makerBaseTicker, makerRelTicker, reservedAmount, takerToMaker } from './matching';
import type { BookSync } from './sync';
import type { MakerOrder } from './types';

export async function housekeeping(core: OrdersCore, sync: BookSync): Promise<void> {
  const now = core.now();
  await endTimedOutTakers(core, sync, now);
  await dropTimedOutMatches(core, now);
  await endExhaustedMakers(core);
  const gone = core.book.expire(now, core.timing.makerOrderTimeoutMs, core.myPubkey);
  if (gone.length > 0) core.deps.log('debug', `orders: ${gone.length} orders of silent makers left the orderbook`);
  const offline = [...core.makers.values()].filter((o) => !core.book.get(o.uuid)).sort((a, b) => a.createdAt - b.createdAt);
  for (const order of offline) if (core.makers.has(order.uuid)) await kickstart(core, sync, order);
}

async function endTimedOutTakers(core: OrdersCore, sync: BookSync, now: number): Promise<void> {
  for (const order of [...core.takers.values()]) {
    if (order.createdAt + order.timeout * 1000 >= now) continue;
    if (order.matches.size > 0 || order.orderType === 'FillOrKill') {
      await core.retireTaker(order, 'TimedOut');
      continue;
    }
    const maker = takerToMaker(order, now);
    core.takers.delete(order.request.uuid);
    core.makers.set(maker.uuid, maker);
    await core.persistQuietly(`order ${maker.uuid}`, (p) => p.takerBecameMaker(order, maker));
    if (core.deps.coins.enabled.get(maker.base) && core.deps.coins.enabled.get(maker.rel)) {
      await sync.ensure(makerBaseTicker(maker), makerRelTicker(maker), false);
      await core.announce(maker);
    }
  }
}

async function dropTimedOutMatches(core: OrdersCore, now: number): Promise<void> {
  for (const order of core.makers.values()) {
    let changed = false;
    for (const [uuid, m] of order.matches) {
      if (m.connected || m.lastUpdated + core.timing.orderMatchTimeoutMs > now) continue;
      order.matches.delete(uuid);
      changed = true;
    }
    if (changed) await core.persistQuietly(`maker order ${order.uuid}`, (p) => p.saveMaker(order));
  }
}

async function endExhaustedMakers(core: OrdersCore): Promise<void> {
  for (const order of [...core.makers.values()]) {
    if (availableAmount(order).gte(order.minBaseVol) || hasOngoingMatches(order)) continue;
    await core.retireMaker(order, order.matches.size === 0 ? 'InsufficientBalance' : 'Fulfilled');
  }
}

/**
 * Announces a maker order that is not on the book yet, oldest first: only orders already on the
 * book count as holding the balance, so after a restart the older orders keep their coins.
 */
async function kickstart(core: OrdersCore, sync: BookSync, order: MakerOrder): Promise<void> {
  if (!core.deps.coins.enabled.get(order.base) || !core.deps.coins.enabled.get(order.rel)) return;
  const offline = [...core.makers.values()].filter((o) => !core.book.get(o.uuid)).map((o) => o.uuid);
  let max: MmNumber;
  try {
    max = await core.deps.balance.maxMakerVolume(order.base, core.lockedByOrders(new Set(offline)));
  } catch (e) {
    if (e instanceof MmError && e.errorType === 'NotSufficientBalance') max = MmNumber.ZERO;
    else return core.deps.log('warn', `orders: cannot check the balance for order ${order.uuid}: ${(e as Error).message}`);
  }
  if (!core.makers.has(order.uuid) || core.book.get(order.uuid)) return;
  if (max.lt(availableAmount(order))) order.maxBaseVol = reservedAmount(order).add(max);
  if (availableAmount(order).lt(order.minBaseVol)) return core.retireMaker(order, 'InsufficientBalance');
  await sync.ensure(makerBaseTicker(order), makerRelTicker(order), false);
  await core.announce(order);
}
