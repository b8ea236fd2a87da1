import { describe, expect, it } from 'vitest';
import { pickPairCoin } from '../../../src/ui/lib/tradePair';

describe('pickPairCoin', () => {
  const pair = { base: 'RLTC1', rel: 'RLTC2' };

  it('swaps the sides when the other side’s coin is picked, from either picker', () => {
    expect(pickPairCoin(pair, 'base', 'RLTC2')).toEqual({ base: 'RLTC2', rel: 'RLTC1' });
    expect(pickPairCoin(pair, 'rel', 'RLTC1')).toEqual({ base: 'RLTC2', rel: 'RLTC1' });
  });

  it('replaces only the picked side with a third coin, and keeps the pair when nothing changed', () => {
    expect(pickPairCoin(pair, 'base', 'ETHDEV')).toEqual({ base: 'ETHDEV', rel: 'RLTC2' });
    expect(pickPairCoin(pair, 'rel', 'ETHDEV')).toEqual({ base: 'RLTC1', rel: 'ETHDEV' });
    expect(pickPairCoin(pair, 'base', 'RLTC1')).toBe(pair);
  });

  it('never yields a pair of one coin', () => {
    for (const side of ['base', 'rel'] as const) {
      for (const coin of ['RLTC1', 'RLTC2', 'X']) {
        const p = pickPairCoin(pair, side, coin);
        expect(p.base).not.toBe(p.rel);
      }
    }
  });
});
