/**
 * The Exchange tab's pair: picking on one side the coin the other side holds swaps the two (as
 * every exchange's pair picker does) instead of the coin being greyed out.
 */

export interface TradePair {
  base: string;
  rel: string;
}

/** The pair after `coin` is picked as its `side`: the sides swap when `coin` was the other one. */
export function pickPairCoin(pair: TradePair, side: keyof TradePair, coin: string): TradePair {
  const other: keyof TradePair = side === 'base' ? 'rel' : 'base';
  if (coin === pair[side]) return pair;
  if (coin === pair[other]) return { base: pair.rel, rel: pair.base };
  return { ...pair, [side]: coin };
}
