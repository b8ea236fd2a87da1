/**
 * What running swaps still have to send (KDF's `locked_amount` of `MakerSwap` / `TakerSwap` and
 * `get_locked_amount`): a maker's payment until it is sent; a taker's dex fee until it is sent and
 * its payment until it is sent. The spend fees KDF adds are not counted: the `Started` data stored
 * here does not record fee estimates (KDF's optional `*_trade_fee` fields), so there is no stored
 * figure to hold back.
 */
import { MmNumber } from '../../../shared/number';
import { dexFee } from '../dexFee';
import { makerFacts, takerFacts } from './facts';
import type { SwapCoins } from './run';
import type { SavedSwap } from './savedSwap';

/** One amount a swap holds back. */
export interface LockedAmount {
  coin: string;
  amount: MmNumber;
}

/** The amounts `swap` has yet to send. The taker's dex fee needs the taker coin's dust floor; a coin not active holds its fee at the rate alone. */
export function swapLockedAmounts(swap: SavedSwap, coins: SwapCoins): LockedAmount[] {
  const makerAmount = MmNumber.parse(swap.maker_amount);
  const takerAmount = MmNumber.parse(swap.taker_amount);
  if (swap.type === 'Maker') return makerFacts(swap.events).makerPayment ? [] : [{ coin: swap.maker_coin, amount: makerAmount }];
  const facts = takerFacts(swap.events);
  const locked: LockedAmount[] = [];
  if (!facts.takerFee) {
    const minTx = coins(swap.taker_coin)?.minTxAmount ?? MmNumber.ZERO;
    locked.push({ coin: swap.taker_coin, amount: dexFee(swap.taker_coin, swap.maker_coin, takerAmount, minTx).total });
  }
  if (!facts.takerPayment) locked.push({ coin: swap.taker_coin, amount: takerAmount });
  return locked;
}

/** KDF's `get_locked_amount`: the total of `coin` the running swaps hold back. */
export function lockedAmount(running: readonly SavedSwap[], coins: SwapCoins, coin: string): MmNumber {
  let total = MmNumber.ZERO;
  for (const swap of running) {
    for (const l of swapLockedAmounts(swap, coins)) if (l.coin === coin) total = total.add(l.amount);
  }
  return total;
}
