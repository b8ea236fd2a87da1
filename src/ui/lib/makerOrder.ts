/**
 * A maker order typed in the user's terms — buy or sell `volume` of `base` at `price` `rel` each —
 * as the node takes it. KDF's maker orders only sell their base (`setprice`), so a maker *buy*
 * of B for R is placed as a sell of R for B: price `1/price`, volume `volume × price` (the R it
 * pays). The node then keeps it turned round, and the page remembers its uuid to show it as the
 * buy it was (`placedBuys`).
 */
import { MmNumber } from '../../shared/number';
import { AMOUNT_PLACES, roundNumber } from './orders';
import { wireNumber } from './orderView';

export type MakerSide = 'sell' | 'buy';

type WireNumber = string | { numer: string; denom: string };

/** The pair, price and amount of `setprice` / `trade_preimage` (swap_method setprice). */
export interface MakerOrderArgs {
  base: string;
  rel: string;
  price: WireNumber;
  /** Absent with `max`: the node offers the whole balance of the coin given. */
  volume?: WireNumber;
  max?: true;
}

/** The node's arguments for a maker order in the user's terms; `volume` 'max' offers every coin given. */
export function makerOrderArgs(side: MakerSide, base: string, rel: string, price: MmNumber, volume: MmNumber | 'max'): MakerOrderArgs {
  if (!price.isPositive()) throw new RangeError('a maker order needs a positive price');
  const max = volume === 'max';
  if (side === 'sell') {
    return { base, rel, price: wireNumber(price), ...(max ? { max: true as const } : { volume: wireNumber(volume) }) };
  }
  return {
    base: rel,
    rel: base,
    price: wireNumber(MmNumber.ONE.div(price)),
    ...(max ? { max: true as const } : { volume: wireNumber(volume.mul(price)) }),
  };
}

/** The coin a maker order gives: the base it sells, or the rel a buy pays with. */
export function makerGivenCoin(side: MakerSide, base: string, rel: string): string {
  return side === 'sell' ? base : rel;
}

/**
 * The amount of `base` a max order trades, from the node's volume (of the coin it gives), rounded
 * down to the page's decimals: a buy's node volume is rel, so divided by the price.
 */
export function makerVolumeInView(side: MakerSide, nodeVolume: MmNumber, price: MmNumber): string {
  const inBase = side === 'sell' || !price.isPositive() ? nodeVolume : nodeVolume.div(price);
  return roundNumber(inBase, AMOUNT_PLACES, 'down').toDecimalString();
}
