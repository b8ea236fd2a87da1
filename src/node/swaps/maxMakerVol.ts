/**
 * The largest amount a maker can put up (KDF `calc_max_maker_vol`, maker_swap.rs): the balance not
 * held back (by running swaps and my other orders) (at most what one payment can spend), less the fee of sending all of it when that
 * fee is paid in the same coin. A fee paid in another coin (a token's gas) must be covered by that
 * coin's balance instead.
 */
import type { MmNumber } from '../../shared/number';
import type { FeeApproxStage } from '../coins/tradeFee';
import { checkBaseCoinBalance, lockedReport, NOTHING_LOCKED, type LockedAmounts } from './checkBalance';
import { spendableByOnePayment } from './maxTakerVol';
import { coinCall, type SwapCoin } from './swapCoin';
import { swapError } from './swapErrors';

/** Throws NotSufficientBalance when less than the coin's dust would be left to send. */
export async function calcMaxMakerVol(coin: SwapCoin, stage: FeeApproxStage, locked: LockedAmounts = NOTHING_LOCKED): Promise<MmNumber> {
  const available = await spendableByOnePayment(coin, locked(coin.ticker));
  const fee = await coinCall(coin, () => coin.fees.senderTradeFee({ upperBound: available }, stage));
  const ownFee = fee.coin === coin.ticker;
  if (!ownFee) await checkBaseCoinBalance(coin, fee, locked);
  const volume = ownFee ? available.sub(fee.amount) : available;
  const minTx = coin.fees.minTxAmount;
  if (volume.lt(minTx)) {
    throw swapError.notSufficientBalance({
      coin: coin.ticker,
      available,
      required: ownFee ? minTx.add(fee.amount) : minTx,
      ...lockedReport(locked, coin.ticker),
    });
  }
  return volume;
}
