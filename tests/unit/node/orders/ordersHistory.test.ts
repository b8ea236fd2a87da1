/**
 * The rows of `orders_history_by_filter` from orders themselves: which orders have a row, which
 * state wins when an order is both open and ended, and the price and volume of taker rows.
 */
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../src/shared/number';
import { openOrderRow, rowToWire, selectOrders } from '../../../../src/node/orders/ordersHistory';
import { takerToMaker } from '../../../../src/node/orders/matching';
import type { FinishedOrder } from '../../../../src/node/orders/persistence';
import type { MakerOrder, TakerOrder } from '../../../../src/node/orders/types';

const num = (v: string) => MmNumber.parse(v);
const CONF = { baseConfs: 1, baseNota: false, relConfs: 1, relNota: false };

const maker = (uuid: string, createdAt: number, over: Partial<MakerOrder> = {}): MakerOrder => ({
  uuid,
  base: 'RLTC1',
  rel: 'RLTC2',
  price: num('2'),
  maxBaseVol: num('1'),
  minBaseVol: num('0.1'),
  createdAt,
  updatedAt: createdAt,
  matches: new Map(),
  startedSwaps: [],
  confSettings: CONF,
  changesHistory: [],
  saveInHistory: true,
  baseOrderbookTicker: null,
  relOrderbookTicker: null,
  wasTaker: false,
  ...over,
});

const taker = (uuid: string, createdAt: number): TakerOrder => ({
  createdAt,
  request: {
    base: 'RLTC1',
    rel: 'RLTC2',
    baseAmount: num('3'),
    relAmount: num('1'),
    action: 'Buy',
    uuid,
    senderPubkey: '00'.repeat(32),
    destPubKey: '00'.repeat(32),
    matchBy: { type: 'Any' },
    confSettings: CONF,
  },
  matches: new Map(),
  minVolume: num('0.1'),
  orderType: 'GoodTillCancelled',
  timeout: 30,
  saveInHistory: true,
  baseOrderbookTicker: null,
  relOrderbookTicker: null,
});

describe('orders history rows', () => {
  it('an order both open and in the history (a crash between two writes) counts once, as ended', () => {
    const order = maker('a', 10);
    const ended: FinishedOrder = { type: 'Maker', order, reason: 'Fulfilled', finishedAt: 99 };
    const { rows, total } = selectOrders([order], [ended], {});
    expect(total).toBe(1);
    expect(rows.map((r) => [r.uuid, r.status, r.lastUpdated, r.ended])).toEqual([['a', 'Fulfilled', 99, true]]);
  });

  it('open orders not kept in the history have no row; ties on created_at order by uuid', () => {
    const { rows } = selectOrders([maker('b', 5), maker('a', 5), maker('c', 7, { saveInHistory: false })], [], {});
    expect(rows.map((r) => r.uuid)).toEqual(['a', 'b']);
  });

  it('a taker row: its action, rel per base as price (a float on the wire), base amount as volume', () => {
    const row = openOrderRow(taker('t', 3));
    expect(row.price.eq(num('1').div(num('3')))).toBe(true);
    const wire = rowToWire(row);
    expect(wire).toEqual({
      uuid: 't', order_type: 'Taker', initial_action: 'Buy', base: 'RLTC1', rel: 'RLTC2', price: 1 / 3, volume: 3,
      created_at: 3, last_updated: 3, was_taker: 0, status: 'Created',
    });
  });

  it('a maker order that began as a taker request is was_taker 1, and the filter tells the two apart', () => {
    const converted = takerToMaker(taker('c', 4), 6);
    expect(rowToWire(openOrderRow(converted))).toMatchObject({ uuid: 'c', order_type: 'Maker', was_taker: 1 });
    const both = [converted, maker('m', 5)];
    expect(selectOrders(both, [], { wasTaker: true }).rows.map((r) => r.uuid)).toEqual(['c']);
    expect(selectOrders(both, [], { wasTaker: false }).rows.map((r) => r.uuid)).toEqual(['m']);
  });

  it('a converted request keeps its taker row as KDF writes it: its terms, type Maker, status ToMaker, then Updated, then its end', () => {
    const converted = takerToMaker(taker('c', 4), 6);
    expect(rowToWire(openOrderRow(converted))).toEqual({
      uuid: 'c', order_type: 'Maker', initial_action: 'Buy', base: 'RLTC1', rel: 'RLTC2', price: 1 / 3, volume: 3,
      created_at: 4, last_updated: 6, was_taker: 1, status: 'ToMaker',
    });
    expect(selectOrders([converted], [], { status: 'ToMaker', initialAction: 'Buy' }).total).toBe(1);
    // update_maker_order: the maker's price and volume over the same row (KDF's UPDATE_MY_ORDER).
    const updated = { ...converted, price: num('4'), maxBaseVol: num('0.5'), updatedAt: 8, changesHistory: [{ price: converted.price }] };
    expect(rowToWire(openOrderRow(updated))).toMatchObject({ initial_action: 'Buy', base: 'RLTC1', price: 4, volume: 0.5, created_at: 4, last_updated: 8, status: 'Updated' });
    const ended: FinishedOrder = { type: 'Maker', order: converted, reason: 'Cancelled', finishedAt: 9 };
    expect(rowToWire(selectOrders([], [ended], {}).rows[0]!)).toMatchObject({ order_type: 'Maker', initial_action: 'Buy', was_taker: 1, status: 'Cancelled', last_updated: 9 });
  });

  it('price filters compare exactly, not as floats', () => {
    const third = openOrderRow(taker('t', 3)).price;
    expect(selectOrders([taker('t', 3)], [], { fromPrice: third, toPrice: third }).total).toBe(1);
    expect(selectOrders([taker('t', 3)], [], { fromPrice: num('0.3333333333333333334') }).total).toBe(0);
  });
});
