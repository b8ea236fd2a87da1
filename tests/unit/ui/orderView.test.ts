import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { displayNumber, makerOrderView, updateArgsFor, wireNumber } from '../../../src/ui/lib/orderView';
import type { MakerOrderInfo } from '../../../src/ui/lib/orders';
import { makerMatch, myMakerOrder, rat } from './kdfAnswers';

const n = (s: string): MmNumber => MmNumber.parse(s);

/** A maker order as `my_orders` shows one: decimal texts plus exact rationals. */
function makerOrder(base: string, rel: string, price: MmNumber, volume: MmNumber, min = MmNumber.parse('0.0001')): MakerOrderInfo {
  return myMakerOrder({ uuid: 'u-1', base, rel, price, volume, min });
}

describe('displayNumber', () => {
  it('rounds a 100-digit price to 8 decimals, half up, without trailing zeros', () => {
    const tenNinths = MmNumber.of(10n, 9n).toDecimalString();
    expect(tenNinths.length).toBeGreaterThan(50);
    expect(displayNumber(tenNinths)).toBe('1.11111111');
    expect(displayNumber(MmNumber.of(2n, 3n))).toBe('0.66666667');
    expect(displayNumber('2.50000000')).toBe('2.5');
    expect(displayNumber('123456789.123456789')).toBe('123456789.12345679');
  });

  it('keeps 4 significant digits of tiny numbers instead of showing 0', () => {
    expect(displayNumber('0.000000001234567')).toBe('0.000000001235');
    expect(displayNumber('0.00012345678')).toBe('0.00012346');
    expect(displayNumber('0.0000123456')).toBe('0.00001235');
    expect(displayNumber('-0.000000001234567')).toBe('-0.000000001235');
    expect(displayNumber('0')).toBe('0');
  });

  it('gives back text it cannot read rather than a wrong number', () => {
    expect(displayNumber('abc')).toBe('abc');
    expect(displayNumber('')).toBe('');
  });
});

describe('wireNumber', () => {
  it('sends exact decimals as text and repeating ones as fractions', () => {
    expect(wireNumber(n('0.9'))).toBe('0.9');
    expect(wireNumber(MmNumber.of(10n, 9n))).toEqual({ numer: '10', denom: '9' });
    expect(MmNumber.parse(wireNumber(MmNumber.of(10n, 9n))).eq(MmNumber.of(10n, 9n))).toBe(true);
  });
});

describe('makerOrderView', () => {
  // "Buy 1 RLTC1 at 0.9 RLTC2", GoodTillCancelled, converted: KDF's maker order sells 0.9 RLTC2 at 10/9 RLTC1.
  const converted = makerOrder('RLTC2', 'RLTC1', MmNumber.of(10n, 9n), n('0.9'), n('0.09'));

  it('turns a converted buy back round, exactly', () => {
    const v = makerOrderView(converted, 'Buy');
    expect(v.side).toBe('Buy');
    expect([v.base, v.rel]).toEqual(['RLTC1', 'RLTC2']);
    expect(v.price.eq(n('0.9'))).toBe(true);
    expect(v.volume.eq(n('1'))).toBe(true);
    expect(v.minVolume.eq(n('0.1'))).toBe(true);
    expect(v.available.eq(n('1'))).toBe(true);
  });

  it('leaves a setprice order (or an order of unknown origin) as the node shows it', () => {
    const sell = makerOrder('RLTC1', 'RLTC2', n('2'), n('1.5'));
    for (const v of [makerOrderView(sell), makerOrderView(sell, 'Sell')]) {
      expect(v.side).toBe('Sell');
      expect([v.base, v.rel]).toEqual(['RLTC1', 'RLTC2']);
      expect(v.price.eq(n('2'))).toBe(true);
      expect(v.volume.eq(n('1.5'))).toBe(true);
    }
  });

  it('counts as available what the matches do not reserve, as KDF does', () => {
    // KDF's ordermatch_tests.rs test_maker_order_available_amount: 10 on the order, matches reserving 5 and 1, 4 available.
    const uuid = '11111111-1111-4111-8111-111111111111';
    const order = myMakerOrder({ uuid, base: 'BASE', rel: 'REL', price: n('1'), volume: n('10'), min: n('0') });
    const matches = {
      a: makerMatch(n('5'), uuid, '22222222-2222-4222-8222-222222222222'),
      b: makerMatch(n('1'), uuid, '33333333-3333-4333-8333-333333333333'),
    };
    expect(makerOrderView({ ...order, matches }).available.eq(n('4'))).toBe(true);
  });

  it('uses the exact rational, not the cut decimal text', () => {
    const textOnly = { ...converted, price_rat: rat(n(converted.price)) };
    expect(makerOrderView(textOnly, 'Buy').price.eq(n('0.9'))).toBe(false);
    expect(makerOrderView(converted, 'Buy').price.eq(n('0.9'))).toBe(true);
  });
});

describe('updateArgsFor', () => {
  const converted = makerOrder('RLTC2', 'RLTC1', MmNumber.of(10n, 9n), n('0.9'));
  const view = makerOrderView(converted, 'Buy');

  it('changes nothing when the typed values are the shown ones', () => {
    expect(updateArgsFor(converted, view, n('0.9'), n('1'))).toBeNull();
  });

  it('a new buy price turns into the inverted maker price and the new amount paid', () => {
    // Buy 1 RLTC1 at 0.8 RLTC2: the maker order sells 0.8 RLTC2 at 1.25 RLTC1 each.
    const args = updateArgsFor(converted, view, n('0.8'), n('1'));
    expect(args).toEqual({ uuid: 'u-1', new_price: '1.25', volume_delta: '-0.1' });
  });

  it('a new buy amount changes only the volume paid', () => {
    // Buy 2 RLTC1 at 0.9: the order pays 1.8 RLTC2.
    expect(updateArgsFor(converted, view, n('0.9'), n('2'))).toEqual({ uuid: 'u-1', volume_delta: '0.9' });
  });

  it('a sell order is updated as it stands', () => {
    const sell = makerOrder('RLTC1', 'RLTC2', n('2'), n('1.5'));
    const sv = makerOrderView(sell);
    expect(updateArgsFor(sell, sv, n('2.5'), n('1.5'))).toEqual({ uuid: 'u-1', new_price: '2.5' });
    expect(updateArgsFor(sell, sv, n('2'), n('1'))).toEqual({ uuid: 'u-1', volume_delta: '-0.5' });
    expect(updateArgsFor(sell, sv, n('2'), n('1.5'))).toBeNull();
  });

  it('a buy price that does not divide evenly goes out as an exact fraction', () => {
    const args = updateArgsFor(converted, view, n('0.7'), n('1'));
    expect(args?.new_price).toEqual({ numer: '10', denom: '7' });
    expect(args?.volume_delta).toBe('-0.2');
  });
});
