/**
 * Whether the wallet can pay for a swap before it starts (KDF lp_swap/check_balance.rs):
 * - my coin must hold the volume, the dex fee (taker) and every fee paid in that coin;
 * - fees paid in another coin (a token's gas) must be held by that coin (NotSufficientBaseCoinBalance);
 * - the other coin's fee for receiving counts only when it is not taken out of the received payment.
 * Amounts promised to running swaps are held back first and reported as `locked_by_swaps`.
 */
import { MmNumber } from '../../shared/number';
import type { TradeFee } from '../coins/tradeFee';
import type { MakerSwapFees, TakerSwapFees } from './swapFees';
import type { SwapCoin } from './swapCoin';
import { swapError } from './swapErrors';

/** The amount of a coin locked by running swaps (KDF's `get_locked_amount`). */
export type LockedAmounts = (coin: string) => MmNumber;

export const NOTHING_LOCKED: LockedAmounts = () => MmNumber.ZERO;

/** The coin paying `fee` (a token's platform) must hold it. */
export async function checkBaseCoinBalance(coin: SwapCoin, fee: TradeFee, locked: LockedAmounts): Promise<void> {
  const lockedBySwaps = locked(fee.coin);
  const available = (await coin.fees.baseCoinBalance()).sub(lockedBySwaps);
  if (available.lt(fee.amount)) {
    throw swapError.notSufficientBaseCoinBalance({ coin: fee.coin, available, required: fee.amount, lockedBySwaps });
  }
}

/** The coin we send must hold `volume`, the dex fee (a taker's) and the fees it pays itself. */
export async function checkMyCoinBalance(
  coin: SwapCoin,
  volume: MmNumber,
  tradeFee: TradeFee,
  locked: LockedAmounts,
  taker?: Pick<TakerSwapFees, 'dexFee' | 'feeToSendDexFee'>,
): Promise<void> {
  const balance = await coin.balance();
  let fee = tradeFee.amount;
  if (taker) {
    if (taker.feeToSendDexFee.coin !== tradeFee.coin) {
      throw swapError.internal(`trade_fee ${tradeFee.coin} and fee_to_send_dex_fee ${taker.feeToSendDexFee.coin} coins are expected to be the same`);
    }
    fee = fee.add(taker.feeToSendDexFee.amount);
  }
  if (tradeFee.coin !== coin.ticker) {
    await checkBaseCoinBalance(coin, { ...tradeFee, amount: fee }, locked);
    fee = MmNumber.ZERO;
  }
  const lockedBySwaps = locked(coin.ticker);
  const required = volume.add(fee).add(taker?.dexFee.total ?? MmNumber.ZERO);
  const available = balance.sub(lockedBySwaps);
  if (available.lt(required)) throw swapError.notSufficientBalance({ coin: coin.ticker, available, required, lockedBySwaps });
}

/** The coin we receive pays for spending the other payment, unless that comes out of the payment itself. */
export async function checkOtherCoinBalance(coin: SwapCoin, fee: TradeFee, locked: LockedAmounts): Promise<void> {
  if (fee.paidFromTradingVol) return;
  if (fee.coin !== coin.ticker) return checkBaseCoinBalance(coin, fee, locked);
  const lockedBySwaps = locked(coin.ticker);
  const available = (await coin.balance()).sub(lockedBySwaps);
  if (available.lt(fee.amount)) {
    throw swapError.notSufficientBalance({ coin: coin.ticker, available, required: fee.amount, lockedBySwaps });
  }
}

/** KDF's `check_balance_for_taker_swap`: `volume` is what the taker sends of `my`. */
export async function checkTakerBalance(my: SwapCoin, other: SwapCoin, volume: MmNumber, fees: TakerSwapFees, locked: LockedAmounts): Promise<void> {
  await checkMyCoinBalance(my, volume, fees.takerPaymentFee, locked, fees);
  await checkOtherCoinBalance(other, fees.makerPaymentSpendFee, locked);
}

/** KDF's `check_balance_for_maker_swap`. */
export async function checkMakerBalance(my: SwapCoin, other: SwapCoin, volume: MmNumber, fees: MakerSwapFees, locked: LockedAmounts): Promise<void> {
  await checkMyCoinBalance(my, volume, fees.makerPaymentFee, locked);
  await checkOtherCoinBalance(other, fees.takerPaymentSpendFee, locked);
}
