import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { ORDERS_PAGE_SIZE, pageOf, sortedOrders } from '../../../src/ui/lib/orderList';
import type { MakerOrderInfo } from '../../../src/ui/lib/orders';
import { myMakerOrder } from './kdfAnswers';

const uuid = (i: number): string => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

function order(i: number, base: string, rel: string, price: MmNumber, createdAt: number): MakerOrderInfo {
  return myMakerOrder({ uuid: uuid(i), base, rel, price, volume: MmNumber.parse('1'), createdAt });
}

describe('sortedOrders', () => {
  // Sells of RLTC1 at 3, 1, 2 (created in that order), and a buy of RLTC1 at 0.9 kept as a sell of RLTC2 at 10/9.
  const orders = [
    order(1, 'RLTC1', 'RLTC2', MmNumber.parse('3'), 1000),
    order(2, 'RLTC1', 'RLTC2', MmNumber.parse('1'), 2000),
    order(3, 'RLTC1', 'RLTC2', MmNumber.parse('2'), 3000),
    order(4, 'RLTC2', 'RLTC1', MmNumber.of(10n, 9n), 4000),
    order(5, 'ETHDEV', 'RLTC1', MmNumber.parse('5'), 5000),
  ];
  const buys = new Set([uuid(4)]);

  it('sorts by pair, then price, in the user’s terms (a converted buy by the price it was placed at)', () => {
    const asc = sortedOrders(orders, buys, 'price-asc');
    expect(asc.map((o) => o.order.uuid)).toEqual([uuid(5), uuid(4), uuid(2), uuid(3), uuid(1)]);
    const buy = asc[1]!;
    expect(buy.view.side).toBe('Buy');
    expect(buy.view.price.eq(MmNumber.parse('0.9'))).toBe(true);
    const desc = sortedOrders(orders, buys, 'price-desc');
    expect(desc.map((o) => o.order.uuid)).toEqual([uuid(5), uuid(1), uuid(3), uuid(2), uuid(4)]);
  });

  it('sorts newest first, and leaves the input untouched', () => {
    const copy = [...orders];
    expect(sortedOrders(orders, buys, 'newest').map((o) => o.order.uuid)).toEqual([uuid(5), uuid(4), uuid(3), uuid(2), uuid(1)]);
    expect(orders).toEqual(copy);
  });

  it('compares exact prices, not their rounded texts', () => {
    const close = [order(1, 'A', 'B', MmNumber.parse('1.000000001'), 0), order(2, 'A', 'B', MmNumber.parse('1.0000000001'), 0)];
    expect(sortedOrders(close, new Set(), 'price-asc').map((o) => o.order.uuid)).toEqual([uuid(2), uuid(1)]);
  });
});

describe('pageOf', () => {
  const list = Array.from({ length: 150 }, (_, i) => i);

  it('cuts 150 orders into pages of the page size', () => {
    const first = pageOf(list, 0);
    expect(first.items).toHaveLength(ORDERS_PAGE_SIZE);
    expect(first.pages).toBe(Math.ceil(150 / ORDERS_PAGE_SIZE));
    expect([first.from, first.to]).toEqual([1, ORDERS_PAGE_SIZE]);
    const last = pageOf(list, first.pages - 1);
    expect(last.items.at(-1)).toBe(149);
    expect(last.to).toBe(150);
  });

  it('clamps a page past the end (orders went away) or nonsense to a real page', () => {
    expect(pageOf(list, 99).page).toBe(pageOf(list, 0).pages - 1);
    expect(pageOf(list, -3).page).toBe(0);
    expect(pageOf(list, Number.NaN).page).toBe(0);
    expect(pageOf([], 4)).toEqual({ items: [], page: 0, pages: 1, from: 0, to: 0 });
  });
});
