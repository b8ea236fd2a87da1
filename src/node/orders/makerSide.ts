/**
 * The maker's half of matching (KDF's `process_taker_request`, `process_taker_connect`): answer a
 * taker request that one of my orders can fill with `MakerReserved` (holding that volume), and
 * when the taker picks me with `TakerConnect`, confirm with `MakerConnected` and hand the match
 * to the swap. Only the request's sender may connect to its reservation. Each step holds the
 * order's coin locks and is stored before it is answered or the page told (`events.ts`): a
 * reservation or connection that cannot be stored is not made, not answered, and logged.
 */
import type { OrdersCore } from './core';
import { availableAmount, makerBaseTicker, makerRelTicker, matchWithRequest } from './matching';
import { protocolInfo } from './coins';
import type { ConnectMsg, TakerRequestMsg } from './messages/types';
import { orderbookTopic } from './orderbook';
import { ZERO_PUBKEY, type MakerMatch, type MakerOrder, type MakerReserved, type TakerRequest } from './types';

export async function onTakerRequest(core: OrdersCore, from: string, msg: TakerRequestMsg): Promise<void> {
  if (from === core.myId) return;
  const request: TakerRequest = { ...msg, senderPubkey: from, destPubKey: ZERO_PUBKEY };
  if (request.matchBy.type === 'Pubkeys' && !request.matchBy.data.includes(core.myId)) return;
  for (const order of [...core.makers.values()]) {
    if (request.matchBy.type === 'Orders' && !request.matchBy.data.includes(order.uuid)) continue;
    if (!matchWithRequest(order, request)) continue;
    return core.withCoins([order], () => reserve(core, order, request));
  }
}

/** Holds the matched volume for the taker, stored first, then answers `MakerReserved`. */
async function reserve(core: OrdersCore, order: MakerOrder, request: TakerRequest): Promise<void> {
  const amounts = matchWithRequest(order, request);
  const base = core.deps.coins.enabled.get(order.base);
  const rel = core.deps.coins.enabled.get(order.rel);
  if (core.makers.get(order.uuid) !== order || !amounts || !base || !rel || order.matches.has(request.uuid)) return;
  const reserved: MakerReserved = {
    base: makerBaseTicker(order),
    rel: makerRelTicker(order),
    baseAmount: amounts.base,
    relAmount: amounts.rel,
    takerOrderUuid: request.uuid,
    makerOrderUuid: order.uuid,
    senderPubkey: core.myId,
    destPubKey: request.senderPubkey,
    confSettings: order.confSettings,
    baseProtocolInfo: protocolInfo(base.config),
    relProtocolInfo: protocolInfo(rel.config),
  };
  const match: MakerMatch = { request, reserved, lastUpdated: core.now() };
  const matches = new Map(order.matches).set(request.uuid, match);
  if (!(await core.persistOrLog(`maker order ${order.uuid}`, (p) => p.saveMaker({ ...order, matches })))) return;
  order.matches.set(request.uuid, match);
  core.events.makerMatch('MakerMatch', match);
  core.events.changed('Matched', order);
  await core.publish(orderbookTopic(reserved.base, reserved.rel), { type: 'MakerReserved', msg: reserved });
}

export async function onTakerConnect(core: OrdersCore, from: string, msg: ConnectMsg): Promise<void> {
  if (from === core.myId) return;
  const order = core.makers.get(msg.makerOrderUuid);
  if (order) await core.withCoins([order], () => connect(core, order, from, msg));
}

/** Stores the connected match first, then starts the swap and answers `MakerConnected`. */
async function connect(core: OrdersCore, order: MakerOrder, from: string, msg: ConnectMsg): Promise<void> {
  const match = order.matches.get(msg.takerOrderUuid);
  if (core.makers.get(order.uuid) !== order || !match || match.request.senderPubkey !== from || match.connect || match.connected) return;
  const connected: MakerMatch = {
    ...match,
    connect: { ...msg, senderPubkey: from, destPubKey: core.myId },
    connected: { ...msg, senderPubkey: core.myId, destPubKey: from },
  };
  const swapUuid = match.request.uuid;
  const saved = { ...order, matches: new Map(order.matches).set(swapUuid, connected), startedSwaps: [...order.startedSwaps, swapUuid] };
  if (!(await core.persistOrLog(`maker order ${order.uuid}`, (p) => p.saveMaker(saved)))) return;
  order.matches.set(swapUuid, connected);
  order.startedSwaps.push(swapUuid);
  core.events.makerMatch('MakerConnected', connected);
  core.events.changed('Matched', order);
  core.swapStarted({
    swapUuid,
    role: 'Maker',
    makerOrderUuid: order.uuid,
    otherPubkey: from,
    base: order.base,
    rel: order.rel,
    baseAmount: match.reserved.baseAmount,
    relAmount: match.reserved.relAmount,
    confSettings: match.reserved.confSettings,
  });
  await core.publish(orderbookTopic(makerBaseTicker(order), makerRelTicker(order)), { type: 'MakerConnected', msg });
  // What is left stays on offer; below the minimum the order ends in the next housekeeping round.
  if (availableAmount(order).gte(order.minBaseVol)) await core.announceUpdate(order);
}
