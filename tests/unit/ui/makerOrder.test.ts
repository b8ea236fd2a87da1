import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { makerGivenCoin, makerOrderArgs, makerVolumeInView } from '../../../src/ui/lib/makerOrder';
import { makerOrderView } from '../../../src/ui/lib/orderView';
import type { MakerOrderInfo } from '../../../src/ui/lib/orders';
import { myMakerOrder } from './kdfAnswers';

const n = (s: string): MmNumber => MmNumber.parse(s);

/** The maker order the node would keep for `setprice` args (its own terms, exact rationals). */
function nodeOrder(args: ReturnType<typeof makerOrderArgs>): MakerOrderInfo {
  const price = MmNumber.parse(args.price);
  const volume = MmNumber.parse(args.volume ?? '0');
  return myMakerOrder({ uuid: '0b9b3e4a-7f7c-4d55-9a3f-2c1d3e4f5a6b', base: args.base, rel: args.rel, price, volume });
}

describe('makerOrderArgs', () => {
  it('places a sell as it is typed', () => {
    expect(makerOrderArgs('sell', 'RLTC1', 'RLTC2', n('2'), n('1.5'))).toEqual({ base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '1.5' });
    expect(makerOrderArgs('sell', 'RLTC1', 'RLTC2', n('2'), 'max')).toEqual({ base: 'RLTC1', rel: 'RLTC2', price: '2', max: true });
  });

  it('places a buy of B for R as a sell of R for B: price 1/p, volume amount × p', () => {
    expect(makerOrderArgs('buy', 'RLTC1', 'RLTC2', n('0.5'), n('3'))).toEqual({ base: 'RLTC2', rel: 'RLTC1', price: '2', volume: '1.5' });
    // 1/0.9 repeats: sent exactly, as a fraction.
    expect(makerOrderArgs('buy', 'RLTC1', 'RLTC2', n('0.9'), n('1'))).toEqual({
      base: 'RLTC2',
      rel: 'RLTC1',
      price: { numer: '10', denom: '9' },
      volume: '0.9',
    });
    expect(makerOrderArgs('buy', 'RLTC1', 'RLTC2', n('0.9'), 'max')).toEqual({ base: 'RLTC2', rel: 'RLTC1', price: { numer: '10', denom: '9' }, max: true });
  });

  it('round-trips: the order the node keeps reads back as the buy that was typed', () => {
    for (const [price, amount] of [['0.9', '1'], ['3', '0.25'], ['0.123456789', '7.77']] as const) {
      const view = makerOrderView(nodeOrder(makerOrderArgs('buy', 'RLTC1', 'RLTC2', n(price), n(amount))), 'Buy');
      expect(view.side).toBe('Buy');
      expect([view.base, view.rel]).toEqual(['RLTC1', 'RLTC2']);
      expect(view.price.eq(n(price))).toBe(true);
      expect(view.volume.eq(n(amount))).toBe(true);
    }
  });

  it('refuses a price that is not positive instead of dividing by it', () => {
    expect(() => makerOrderArgs('buy', 'RLTC1', 'RLTC2', MmNumber.ZERO, n('1'))).toThrow(RangeError);
    expect(() => makerOrderArgs('sell', 'RLTC1', 'RLTC2', n('-1'), n('1'))).toThrow(RangeError);
  });
});

describe('a max maker order in the user’s terms', () => {
  it('gives the base when selling and the rel when buying', () => {
    expect(makerGivenCoin('sell', 'RLTC1', 'RLTC2')).toBe('RLTC1');
    expect(makerGivenCoin('buy', 'RLTC1', 'RLTC2')).toBe('RLTC2');
  });

  it('turns the node volume of the coin given into an amount of base, rounded down', () => {
    expect(makerVolumeInView('sell', n('1.23456789123'), n('2'))).toBe('1.23456789');
    // 10 RLTC2 at 3 RLTC2 per RLTC1 buys 3.333… RLTC1: rounded down so it is never more than paid for.
    expect(makerVolumeInView('buy', n('10'), n('3'))).toBe('3.33333333');
  });
});
