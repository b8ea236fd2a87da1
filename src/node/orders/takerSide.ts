/**
 * The taker's half of matching (KDF's `process_maker_reserved`, `process_maker_connected`): collect
 * the makers' reservations for a few seconds, connect to the best-priced one that fits the request,
 * and when that maker confirms, hand the match to the swap and retire the request. Only the maker
 * that reserved may confirm. Each step holds the order's coin locks and is stored before it is
 * sent, acted on or told to the page (`events.ts`); one that cannot be stored is not made and is logged.
 */
import type { OrdersCore } from './core';
import { matchReserved, reservedPrice, takerBaseTicker, takerRelTicker } from './matching';
import type { ConnectMsg, MakerReservedMsg } from './messages/types';
import { orderbookTopic } from './orderbook';
import { ZERO_PUBKEY, type MakerReserved, type TakerMatch, type TakerOrder } from './types';

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
    if (order) await this.core.withCoins([order], () => this.connect(order, collected));
  }

  /** Stores the chosen match first, then sends `TakerConnect`. */
  private async connect(order: TakerOrder, collected: MakerReserved[]): Promise<void> {
    const uuid = order.request.uuid;
    if (this.core.takers.get(uuid) !== order || order.matches.size > 0) return;
    const best = [...collected].sort((a, b) => reservedPrice(a).cmp(reservedPrice(b)));
    const reserved = best.find((r) => matchReserved(order, r, r.senderPubkey));
    if (!reserved) return;
    const match: TakerMatch = {
      reserved,
      connect: { takerOrderUuid: uuid, makerOrderUuid: reserved.makerOrderUuid, senderPubkey: this.core.myId, destPubKey: reserved.senderPubkey },
      lastUpdated: this.core.now(),
    };
    const matches = new Map([[reserved.makerOrderUuid, match]]);
    if (!(await this.core.persistOrLog(`taker order ${uuid}`, (p) => p.saveTaker({ ...order, matches })))) return;
    order.matches.set(reserved.makerOrderUuid, match);
    this.core.events.takerMatch('TakerMatch', match);
    this.core.events.changed('Matched', order);
    await this.core.publish(topicOf(order), { type: 'TakerConnect', msg: { takerOrderUuid: uuid, makerOrderUuid: reserved.makerOrderUuid } });
  }

  async onMakerConnected(from: string, msg: ConnectMsg): Promise<void> {
    if (from === this.core.myId) return;
    const order = this.core.takers.get(msg.takerOrderUuid);
    if (order) await this.core.withCoins([order], () => this.connected(order, from, msg));
  }

  /** Stores the request as fulfilled first, then hands the match to the swap. */
  private async connected(order: TakerOrder, from: string, msg: ConnectMsg): Promise<void> {
    const match = order.matches.get(msg.makerOrderUuid);
    if (this.core.takers.get(order.request.uuid) !== order || !match || match.reserved.senderPubkey !== from || match.connected) return;
    const req = order.request;
    const connected = { ...msg, senderPubkey: from, destPubKey: this.core.myId };
    const done = { ...order, matches: new Map(order.matches).set(msg.makerOrderUuid, { ...match, connected }) };
    if (!(await this.core.persistOrLog(`taker order ${req.uuid}`, (p) => p.finish([{ order: done, reason: 'Fulfilled' }], this.core.now())))) return;
    this.core.takers.delete(req.uuid);
    match.connected = connected;
    this.core.events.takerMatch('TakerConnected', match);
    this.core.events.ended('Fulfilled', order);
    // The swap's amounts in the maker order's orientation: the maker sends base, the taker rel.
    const [base, rel] = req.action === 'Buy' ? [req.base, req.rel] : [req.rel, req.base];
    this.core.swapStarted({
      swapUuid: req.uuid,
      role: 'Taker',
      makerOrderUuid: msg.makerOrderUuid,
      otherPubkey: from,
      base,
      rel,
      baseAmount: match.reserved.baseAmount,
      relAmount: match.reserved.relAmount,
      confSettings: match.reserved.confSettings,
    });
  }

  stop(): void {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
  }
}

function topicOf(order: TakerOrder): string {
  return orderbookTopic(takerBaseTicker(order), takerRelTicker(order));
}
