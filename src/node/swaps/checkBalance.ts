/**
 * Whether the wallet can pay for a swap before it starts (KDF lp_swap/check_balance.rs):
 * - my coin must hold the volume, the dex fee (taker) and every fee paid in that coin;
 * - fees paid in another coin (a token's gas) must be held by that coin (NotSufficientBaseCoinBalance);
 * - the other coin's fee for receiving counts only when it is not taken out of the received payment.
 * Amounts held back are taken off first: what running swaps have yet to send (KDF's
 * `get_locked_amount`, reported as `locked_by_swaps`) and what my other open orders promise
 * (reported apart, as `locked_by_orders`; KDF has no such hold).
 */
import { MmNumber } from '../../shared/number';
import type { TradeFee } from '../coins/tradeFee';
import type { MakerSwapFees, TakerSwapFees } from './swapFees';
import type { SwapCoin } from './swapCoin';
import { swapError } from './swapErrors';

/**
 * The amount of a coin held back from a new swap. Called, it gives the whole hold; `bySwaps`, when
 * set, gives the running swaps' part of it, the rest being my open orders'.
 */
export interface LockedAmounts {
  (coin: string): MmNumber;
  readonly bySwaps?: (coin: string) => MmNumber;
}

export const NOTHING_LOCKED: LockedAmounts = () => MmNumber.ZERO;

/** The hold of running swaps plus that of my open orders, each still told apart. */
export function lockedAmounts(bySwaps: (coin: string) => MmNumber, byOrders: (coin: string) => MmNumber): LockedAmounts {
  return Object.assign((coin: string) => bySwaps(coin).add(byOrders(coin)), { bySwaps });
}

/** The hold of `coin` as the errors report it: the running swaps' part and, when there is one, the orders' part. */
export function lockedReport(locked: LockedAmounts, coin: string): { lockedBySwaps: MmNumber; lockedByOrders?: MmNumber } {
  const total = locked(coin);
  if (!locked.bySwaps) return { lockedBySwaps: total };
  const lockedBySwaps = locked.bySwaps(coin);
  const lockedByOrders = total.sub(lockedBySwaps);
  return lockedByOrders.isZero() ? { lockedBySwaps } : { lockedBySwaps, lockedByOrders };
}

/** The coin paying `fee` (a token's platform) must hold it. */
export async function checkBaseCoinBalance(coin: SwapCoin, fee: TradeFee, locked: LockedAmounts): Promise<void> {
  const available = (await coin.fees.baseCoinBalance()).sub(locked(fee.coin));
  if (available.lt(fee.amount)) {
    throw swapError.notSufficientBaseCoinBalance({ coin: fee.coin, available, required: fee.amount, ...lockedReport(locked, fee.coin) });
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
  const required = volume.add(fee).add(taker?.dexFee.total ?? MmNumber.ZERO);
  const available = balance.sub(locked(coin.ticker));
  if (available.lt(required)) throw swapError.notSufficientBalance({ coin: coin.ticker, available, required, ...lockedReport(locked, coin.ticker) });
}

/** The coin we receive pays for spending the other payment, unless that comes out of the payment itself. */
export async function checkOtherCoinBalance(coin: SwapCoin, fee: TradeFee, locked: LockedAmounts): Promise<void> {
  if (fee.paidFromTradingVol) return;
  if (fee.coin !== coin.ticker) return checkBaseCoinBalance(coin, fee, locked);
  const available = (await coin.balance()).sub(locked(coin.ticker));
  if (available.lt(fee.amount)) {
    throw swapError.notSufficientBalance({ coin: coin.ticker, available, required: fee.amount, ...lockedReport(locked, coin.ticker) });
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
