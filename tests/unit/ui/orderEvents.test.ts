/**
 * The page's reading of the node's order events: `order_matched` (KDF's ORDER_STATUS stream event)
 * and `order_status`. The payloads are the node's own: its `OrderEvents` emits them here into a
 * list, built from the same wire helpers `my_orders` uses. A tracked taker request follows them.
 */
import { describe, expect, it } from 'vitest';
import { OrderEvents } from '../../../src/node/orders/events';
import type { ConnectMessage, MakerMatch, MakerReserved, TakerMatch, TakerOrder, TakerRequest } from '../../../src/node/orders/types';
import { MmNumber } from '../../../src/shared/number';
import { NodeEvents } from '../../../src/shared/wire';
import { applyOrderChange, applyOrderMatch, readOrderMatched, readOrderStatus, type OrderChange } from '../../../src/ui/lib/orderEvents';
import type { TrackedRequest } from '../../../src/ui/lib/orders';

const TAKER_UUID = '0b9b3e4a-7f7c-4d55-9a3f-2c1d3e4f5a6b';
const MAKER_UUID = '1b9b3e4a-7f7c-4d55-9a3f-2c1d3e4f5a6b';
const PUB = (c: string): string => `02${c.repeat(64)}`;

function emitted(run: (events: OrderEvents) => void): { event: string; data: unknown }[] {
  const out: { event: string; data: unknown }[] = [];
  run(new OrderEvents((event, data) => out.push({ event, data: JSON.parse(JSON.stringify(data)) as unknown }), () => undefined));
  return out;
}

const conf = { baseConfs: 1, baseNota: false, relConfs: 2, relNota: false };
const reserved: MakerReserved = {
  base: 'RLTC1',
  rel: 'RLTC2',
  baseAmount: MmNumber.of(1n, 2n),
  relAmount: MmNumber.of(1n),
  takerOrderUuid: TAKER_UUID,
  makerOrderUuid: MAKER_UUID,
  senderPubkey: PUB('a'),
  destPubKey: PUB('b'),
  confSettings: conf,
};
const request: TakerRequest = {
  base: 'RLTC1',
  rel: 'RLTC2',
  baseAmount: MmNumber.of(1n, 2n),
  relAmount: MmNumber.of(1n),
  action: 'Buy',
  uuid: TAKER_UUID,
  senderPubkey: PUB('b'),
  destPubKey: PUB('0'),
  matchBy: { type: 'Any' },
  confSettings: conf,
};
const connect: ConnectMessage = { takerOrderUuid: TAKER_UUID, makerOrderUuid: MAKER_UUID, senderPubkey: PUB('b'), destPubKey: PUB('a') };
const makerMatch: MakerMatch = { request, reserved, lastUpdated: 1 };
const takerMatch: TakerMatch = { reserved, connect, lastUpdated: 2 };
const takerOrder: TakerOrder = {
  createdAt: 1,
  request,
  matches: new Map([[MAKER_UUID, takerMatch]]),
  minVolume: MmNumber.of(1n, 10n),
  orderType: 'FillOrKill',
  timeout: 30,
  saveInHistory: true,
  baseOrderbookTicker: null,
  relOrderbookTicker: null,
};

describe('order_matched', () => {
  it('reads each of the node’s four kinds, with the swap named after the taker request', () => {
    const events = emitted((e) => {
      e.makerMatch('MakerMatch', makerMatch);
      e.makerMatch('MakerConnected', { ...makerMatch, connect, connected: connect });
      e.takerMatch('TakerMatch', takerMatch);
      e.takerMatch('TakerConnected', { ...takerMatch, connected: connect });
    });
    expect(events.every((x) => x.event === NodeEvents.orderMatched)).toBe(true);
    expect(events.map((x) => readOrderMatched(x.data))).toEqual([
      { role: 'Maker', connected: false, swapUuid: TAKER_UUID, makerOrderUuid: MAKER_UUID },
      { role: 'Maker', connected: true, swapUuid: TAKER_UUID, makerOrderUuid: MAKER_UUID },
      { role: 'Taker', connected: false, swapUuid: TAKER_UUID, makerOrderUuid: MAKER_UUID },
      { role: 'Taker', connected: true, swapUuid: TAKER_UUID, makerOrderUuid: MAKER_UUID },
    ]);
  });

  it('ignores what is not one', () => {
    const good = { order_type: 'MakerMatch', order_data: { reserved: { taker_order_uuid: TAKER_UUID, maker_order_uuid: MAKER_UUID } } };
    expect(readOrderMatched(good)).not.toBeNull();
    expect(readOrderMatched({ ...good, order_type: 'toString' })).toBeNull();
    expect(readOrderMatched({ ...good, order_type: 'MakerFooled' })).toBeNull();
    expect(readOrderMatched({ order_type: 'MakerMatch', order_data: { reserved: { taker_order_uuid: 'x', maker_order_uuid: MAKER_UUID } } })).toBeNull();
    expect(readOrderMatched({ order_type: 'MakerMatch', order_data: null })).toBeNull();
    expect(readOrderMatched('MakerMatch')).toBeNull();
  });
});

describe('order_status', () => {
  const tracked: TrackedRequest = {
    uuid: TAKER_UUID,
    action: 'Buy',
    base: 'RLTC1',
    rel: 'RLTC2',
    volume: '0.5',
    price: '2',
    orderType: 'FillOrKill',
    createdAt: 0,
    timeoutS: 30,
    state: 'matching',
  };
  const change = (status: OrderChange['status'], type: OrderChange['type'] = 'Taker', uuid = TAKER_UUID): OrderChange => ({ uuid, type, status });

  it('reads the node’s change events, without the order itself', () => {
    const events = emitted((e) => e.ended('Fulfilled', takerOrder));
    expect(events).toHaveLength(1);
    expect(events[0]?.event).toBe(NodeEvents.orderStatus);
    expect(readOrderStatus(events[0]?.data)).toEqual(change('Fulfilled'));
    expect(readOrderStatus({ uuid: TAKER_UUID, type: 'Taker', status: 'Exploded', order: null })).toBeNull();
    expect(readOrderStatus({ uuid: TAKER_UUID, type: 'Other', status: 'Created' })).toBeNull();
    expect(readOrderStatus({ uuid: '../x', type: 'Maker', status: 'Created' })).toBeNull();
  });

  it('moves a tracked request on at once: matched, converted, ended, cancelled', () => {
    expect(applyOrderChange(tracked, change('Fulfilled'))).toMatchObject({ state: 'matched', swapUuid: TAKER_UUID });
    expect(applyOrderChange(tracked, change('Converted'))).toMatchObject({ state: 'converted' });
    expect(applyOrderChange(tracked, change('TimedOut'))).toMatchObject({ state: 'ended' });
    expect(applyOrderChange(tracked, change('Cancelled'))).toMatchObject({ state: 'cancelled' });
    expect(applyOrderChange(tracked, change('Matched'))).toBe(tracked);
  });

  it('leaves other orders, maker orders and requests already settled as they are', () => {
    expect(applyOrderChange(tracked, change('Fulfilled', 'Taker', MAKER_UUID))).toBe(tracked);
    expect(applyOrderChange(tracked, change('Cancelled', 'Maker'))).toBe(tracked);
    const matched = { ...tracked, state: 'matched' as const };
    expect(applyOrderChange(matched, change('TimedOut'))).toBe(matched);
    const m = readOrderMatched({ order_type: 'TakerMatch', order_data: { reserved: { taker_order_uuid: TAKER_UUID, maker_order_uuid: MAKER_UUID } } });
    expect(m && applyOrderMatch(tracked, m)).toMatchObject({ state: 'matching', makerOrderUuid: MAKER_UUID });
    expect(m && applyOrderMatch(matched, m)).toBe(matched);
  });
});
