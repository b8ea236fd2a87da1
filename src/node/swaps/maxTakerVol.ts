/**
 * The largest amount a taker can sell (KDF `calc_max_taker_vol`, taker_swap.rs). It solves
 *   max = balance − locked − trade_fee − fee_to_send_taker_fee − dex_fee(max)
 * with each fee taken at its largest: the payment fee for sending the whole balance, the taker-fee
 * transaction's fee for the dex fee of what is left after it. Fees only grow with the amount, so
 * selling `max` never fails for lack of balance. Fees paid in another coin (a token's gas) are not
 * subtracted: they are checked against that coin when the swap is priced.
 *
 * Unlike KDF, "balance" is at most what one payment can spend (`maxPaymentSpend`): a UTXO wallet of
 * many small outputs holds more than one standard-size transaction carries, and a volume the
 * payment cannot carry would fail mid-swap, after the dex fee is paid.
 */
import { MmNumber } from '../../shared/number';
import type { FeeApproxStage } from '../coins/tradeFee';
import { dexFee, dexFeeRate } from './dexFee';
import { NOTHING_LOCKED, type LockedAmounts } from './checkBalance';
import { coinCall, type SwapCoin } from './swapCoin';
import { swapError } from './swapErrors';

/**
 * The exact solution of `max + dex_fee(max) = available`, where `dex_fee(v) = max(v × rate, minTx)`
 * (KDF `max_taker_vol_from_available`): past the point where the rate beats the floor it is
 * `available / (1 + rate)`, below it `available − minTx`.
 */
export function solveMaxTakerVol(available: MmNumber, takerCoin: string, makerCoin: string, minTxAmount: MmNumber): MmNumber {
  const onePlusRate = MmNumber.ONE.add(dexFeeRate(takerCoin, makerCoin));
  const rateBeatsFloor = minTxAmount.mul(onePlusRate).div(onePlusRate.sub(MmNumber.ONE));
  return available.gt(rateBeatsFloor) ? available.div(onePlusRate) : available.sub(minTxAmount);
}

/**
 * KDF's `calc_max_taker_vol` for `coin` traded against `otherCoin`. Throws NotSufficientBalance
 * (KDF's `MaxTakerVolumeLessThanDust`: available = the volume found, required = the coin's dust)
 * when nothing worth sending is left.
 */
export async function calcMaxTakerVol(
  coin: SwapCoin,
  otherCoin: string,
  stage: FeeApproxStage,
  locked: LockedAmounts = NOTHING_LOCKED,
): Promise<MmNumber> {
  const lockedBySwaps = locked(coin.ticker);
  const minTx = coin.fees.minTxAmount;
  let available = await spendableByOnePayment(coin, lockedBySwaps);
  const tradeFee = await coinCall(coin, () => coin.fees.senderTradeFee({ upperBound: available }, stage));
  if (tradeFee.coin === coin.ticker) {
    available = available.sub(tradeFee.amount);
    const feeToSend = await coinCall(coin, () => coin.fees.feeToSendTakerFee(dexFee(coin.ticker, otherCoin, available, minTx), stage));
    available = available.sub(feeToSend.amount);
  }
  const max = solveMaxTakerVol(available, coin.ticker, otherCoin, minTx);
  if (max.lte(minTx)) throw swapError.notSufficientBalance({ coin: coin.ticker, available: max, required: minTx, lockedBySwaps });
  return max;
}

/**
 * The balance not locked by swaps, capped by what one payment of the coin can spend. Shared by
 * the maker's `max` (calc_max_maker_vol), whose payment has the same cap.
 */
export async function spendableByOnePayment(coin: SwapCoin, lockedBySwaps: MmNumber): Promise<MmNumber> {
  const unlocked = (await coin.balance()).sub(lockedBySwaps);
  const carried = await coinCall(coin, () => coin.fees.maxPaymentSpend());
  return MmNumber.min(unlocked, carried);
}
