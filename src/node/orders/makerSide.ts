/**
 * The maker's half of matching (KDF's `process_taker_request`, `process_taker_connect`): answer a
 * taker request that one of my orders can fill with `MakerReserved` (holding that volume), and
 * when the taker picks me with `TakerConnect`, confirm with `MakerConnected` and hand the match
 * to the swap. Only the request's sender may connect to its reservation.
 */
import type { OrdersCore } from './core';
import { availableAmount, makerBaseTicker, makerRelTicker, matchWithRequest } from './matching';
import { protocolInfo } from './coins';
import type { ConnectMsg, TakerRequestMsg } from './messages/types';
import { orderbookTopic } from './orderbook';
import { ZERO_PUBKEY, type MakerReserved, type TakerRequest } from './types';

export async function onTakerRequest(core: OrdersCore, from: string, msg: TakerRequestMsg): Promise<void> {
  if (from === core.myId) return;
  const request: TakerRequest = { ...msg, senderPubkey: from, destPubKey: ZERO_PUBKEY };
  if (request.matchBy.type === 'Pubkeys' && !request.matchBy.data.includes(core.myId)) return;
  for (const order of core.makers.values()) {
    if (request.matchBy.type === 'Orders' && !request.matchBy.data.includes(order.uuid)) continue;
    const amounts = matchWithRequest(order, request);
    if (!amounts) continue;
    const base = core.deps.coins.enabled.get(order.base);
    const rel = core.deps.coins.enabled.get(order.rel);
    if (!base || !rel || order.matches.has(request.uuid)) return;
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
    order.matches.set(request.uuid, { request, reserved, lastUpdated: core.now() });
    await core.publish(orderbookTopic(reserved.base, reserved.rel), { type: 'MakerReserved', msg: reserved });
    await core.persistQuietly(`maker order ${order.uuid}`, (p) => p.saveMaker(order));
    return;
  }
}

export async function onTakerConnect(core: OrdersCore, from: string, msg: ConnectMsg): Promise<void> {
  if (from === core.myId) return;
  const order = core.makers.get(msg.makerOrderUuid);
  const match = order?.matches.get(msg.takerOrderUuid);
  if (!order || !match || match.request.senderPubkey !== from || match.connect || match.connected) return;
  match.connect = { ...msg, senderPubkey: from, destPubKey: core.myId };
  match.connected = { ...msg, senderPubkey: core.myId, destPubKey: from };
  order.startedSwaps.push(match.request.uuid);
  core.deps.onSwapStart?.({
    swapUuid: match.request.uuid,
    role: 'Maker',
    makerOrderUuid: order.uuid,
    otherPubkey: from,
    base: order.base,
    rel: order.rel,
    baseAmount: match.reserved.baseAmount,
    relAmount: match.reserved.relAmount,
  });
  await core.publish(orderbookTopic(makerBaseTicker(order), makerRelTicker(order)), { type: 'MakerConnected', msg });
  // What is left stays on offer; below the minimum the order ends in the next housekeeping round.
  if (availableAmount(order).gte(order.minBaseVol)) await core.announceUpdate(order);
  await core.persistQuietly(`maker order ${order.uuid}`, (p) => p.saveMaker(order));
}
