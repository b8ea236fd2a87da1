/**
 * Every fee of one swap, from both coins, in KDF's order of asking (`taker_swap_trade_preimage`,
 * `check_balance_for_taker_swap`, `check_balance_for_maker_swap`). "My" coin is the one we send.
 */
import type { MmNumber } from '../../shared/number';
import type { FeeApproxStage, TradeFee } from '../coins/tradeFee';
import { dexFee, type DexFee } from './dexFee';
import { coinCall, type SwapCoin } from './swapCoin';

/** KDF's `TakerSwapPreparedParams`. */
export interface TakerSwapFees {
  dexFee: DexFee;
  /** The miner fee of the taker-fee transaction, in my coin's fee coin. */
  feeToSendDexFee: TradeFee;
  /** Sending my payment. */
  takerPaymentFee: TradeFee;
  /** Spending the maker's payment to me. */
  makerPaymentSpendFee: TradeFee;
}

/** KDF's `MakerSwapPreparedParams`. */
export interface MakerSwapFees {
  makerPaymentFee: TradeFee;
  takerPaymentSpendFee: TradeFee;
}

export async function takerSwapFees(my: SwapCoin, other: SwapCoin, myVolume: MmNumber, stage: FeeApproxStage): Promise<TakerSwapFees> {
  const fee = dexFee(my.ticker, other.ticker, myVolume, my.fees.minTxAmount);
  return {
    dexFee: fee,
    feeToSendDexFee: await coinCall(my, () => my.fees.feeToSendTakerFee(fee, stage)),
    takerPaymentFee: await coinCall(my, () => my.fees.senderTradeFee({ exact: myVolume }, stage)),
    makerPaymentSpendFee: await coinCall(other, () => other.fees.receiverTradeFee(stage)),
  };
}

export async function makerSwapFees(my: SwapCoin, other: SwapCoin, volume: MmNumber, stage: FeeApproxStage): Promise<MakerSwapFees> {
  return {
    makerPaymentFee: await coinCall(my, () => my.fees.senderTradeFee({ exact: volume }, stage)),
    takerPaymentSpendFee: await coinCall(other, () => other.fees.receiverTradeFee(stage)),
  };
}
