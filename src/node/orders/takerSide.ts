/**
 * The taker's half of matching (KDF's `process_maker_reserved`, `process_maker_connected`): collect
 * the makers' reservations for a few seconds, connect to the best-priced one that fits the request,
 * and when that maker confirms, hand the match to the swap and retire the request. Only the maker
 * that reserved may confirm.
 */
import type { OrdersCore } from './core';
import { matchReserved, reservedPrice, takerBaseTicker, takerRelTicker } from './matching';
import type { ConnectMsg, MakerReservedMsg } from './messages/types';
import { orderbookTopic } from './orderbook';
import { ZERO_PUBKEY, type MakerReserved, type TakerOrder } from './types';

export class TakerMatcher {
  /** Reservations collected per taker order uuid, and the timer that ends the collection. */
  private readonly pending = new Map<string, { reserved: MakerReserved[]; timer: ReturnType<typeof setTimeout> }>();

  constructor(private readonly core: OrdersCore) {}

  onMakerReserved(from: string, msg: MakerReservedMsg): void {
    if (from === this.core.myId || !this.core.takers.has(msg.takerOrderUuid)) return;
    const reserved: MakerReserved = { ...msg, senderPubkey: from, destPubKey: ZERO_PUBKEY };
    const collecting = this.pending.get(msg.takerOrderUuid);
    if (collecting) {
      collecting.reserved.push(reserved);
      return;
    }
    const timer = setTimeout(() => void this.connectBest(msg.takerOrderUuid), this.core.timing.reservedCollectMs);
    this.pending.set(msg.takerOrderUuid, { reserved: [reserved], timer });
  }

  private async connectBest(uuid: string): Promise<void> {
    const collected = this.pending.get(uuid)?.reserved ?? [];
    this.pending.delete(uuid);
    const order = this.core.takers.get(uuid);
    if (!order) return;
    const best = [...collected].sort((a, b) => reservedPrice(a).cmp(reservedPrice(b)));
    for (const reserved of best) {
      if (order.matches.size > 0 || !matchReserved(order, reserved, reserved.senderPubkey)) continue;
      const connect = {
        takerOrderUuid: uuid,
        makerOrderUuid: reserved.makerOrderUuid,
        senderPubkey: this.core.myId,
        destPubKey: reserved.senderPubkey,
      };
      order.matches.set(reserved.makerOrderUuid, { reserved, connect, lastUpdated: this.core.now() });
      await this.core.publish(topicOf(order), { type: 'TakerConnect', msg: { takerOrderUuid: uuid, makerOrderUuid: reserved.makerOrderUuid } });
      await this.core.persistQuietly(`taker order ${uuid}`, (p) => p.saveTaker(order));
      return;
    }
  }

  async onMakerConnected(from: string, msg: ConnectMsg): Promise<void> {
    if (from === this.core.myId) return;
    const order = this.core.takers.get(msg.takerOrderUuid);
    const match = order?.matches.get(msg.makerOrderUuid);
    if (!order || !match || match.reserved.senderPubkey !== from || match.connected) return;
    match.connected = { ...msg, senderPubkey: from, destPubKey: this.core.myId };
    const req = order.request;
    // The swap's amounts in the maker order's orientation: the maker sends base, the taker rel.
    const [base, rel] = req.action === 'Buy' ? [req.base, req.rel] : [req.rel, req.base];
    this.core.deps.onSwapStart?.({
      swapUuid: req.uuid,
      role: 'Taker',
      makerOrderUuid: msg.makerOrderUuid,
      otherPubkey: from,
      base,
      rel,
      baseAmount: match.reserved.baseAmount,
      relAmount: match.reserved.relAmount,
    });
    this.core.takers.delete(req.uuid);
    await this.core.persistQuietly(`taker order ${req.uuid}`, (p) => p.finish([{ order, reason: 'Fulfilled' }], this.core.now()));
  }

  stop(): void {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
  }
}

function topicOf(order: TakerOrder): string {
  return orderbookTopic(takerBaseTicker(order), takerRelTicker(order));
}
