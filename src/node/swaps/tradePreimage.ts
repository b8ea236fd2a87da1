/**
 * `trade_preimage` (spec §4.1; KDF lp_swap/trade_preimage.rs, `maker_swap_trade_preimage`,
 * `taker_swap_trade_preimage`): every fee the whole swap would cost, after the same balance checks
 * and order rules as placing the order, in KDF's order: wallet-only coins, coins activated, the
 * request's own parameters, fees, balances, order rules. Fees are estimated at the TradePreimage
 * stage (the largest raise of dynamic rates and gas prices).
 */
import type { MmNumber } from '../../shared/number';
import type { FeeApproxStage, TradeFee } from '../coins/tradeFee';
import type { NodeContext } from '../core/context';
import { checkMakerBalance, checkOtherCoinBalance, checkTakerBalance, NOTHING_LOCKED, type LockedAmounts } from './checkBalance';
import { calcMaxMakerVol } from './maxMakerVol';
import { checkNotWalletOnly, findSwapCoin, type SwapCoin } from './swapCoin';
import { swapError } from './swapErrors';
import { makerSwapFees, takerSwapFees } from './swapFees';
import { checkPrice, validateMakerOrder, validateTakerOrder } from './tradeRules';

export type SwapMethod = 'setprice' | 'buy' | 'sell';

export interface TradePreimageRequest {
  base: string;
  rel: string;
  swapMethod: SwapMethod;
  /** Rel per one base. */
  price: MmNumber;
  /** Base volume; ignored with `max` and `setprice`. */
  volume: MmNumber;
  max: boolean;
}

export interface TradePreimage {
  baseCoinFee: TradeFee;
  relCoinFee: TradeFee;
  /** `setprice` with `max`: the volume the fees were estimated for. */
  volume?: MmNumber;
  /** `buy` and `sell`: the dex fee, in the coin the taker sends. */
  takerFee?: TradeFee;
  feeToSendTakerFee?: TradeFee;
}

const STAGE: FeeApproxStage = 'TradePreimage';

export async function tradePreimage(ctx: NodeContext, req: TradePreimageRequest, locked: LockedAmounts = NOTHING_LOCKED): Promise<TradePreimage> {
  checkNotWalletOnly(ctx, req.base);
  checkNotWalletOnly(ctx, req.rel);
  const base = findSwapCoin(ctx, req.base);
  const rel = findSwapCoin(ctx, req.rel);
  return req.swapMethod === 'setprice' ? makerPreimage(base, rel, req, locked) : takerPreimage(base, rel, req, locked);
}

/** The volume the request must carry; a volume of zero or less can never trade. */
function requestVolume(req: TradePreimageRequest, base: SwapCoin): MmNumber {
  if (!req.volume.isPositive()) throw swapError.volumeTooLow(base.ticker, req.volume, base.fees.minTradingVol);
  return req.volume;
}

async function takerPreimage(base: SwapCoin, rel: SwapCoin, req: TradePreimageRequest, locked: LockedAmounts): Promise<TradePreimage> {
  if (req.max) throw swapError.invalidParam('max', "'max' cannot be used with 'sell' or 'buy' method");
  // KDF's taker builder has no price rule; a price of 0 or less would make the rel amount one.
  checkPrice(req.price);
  const baseAmount = requestVolume(req, base);
  const relAmount = baseAmount.mul(req.price);
  const selling = req.swapMethod === 'sell';
  const [my, other] = selling ? [base, rel] : [rel, base];
  const myVolume = selling ? baseAmount : relAmount;

  const fees = await takerSwapFees(my, other, myVolume, STAGE);
  await checkTakerBalance(my, other, myVolume, fees, locked);
  validateTakerOrder(base, rel, baseAmount, relAmount);

  const [baseCoinFee, relCoinFee] = selling
    ? [fees.takerPaymentFee, fees.makerPaymentSpendFee]
    : [fees.makerPaymentSpendFee, fees.takerPaymentFee];
  return {
    baseCoinFee,
    relCoinFee,
    takerFee: { coin: my.ticker, amount: fees.dexFee.total, paidFromTradingVol: false },
    feeToSendTakerFee: fees.feeToSendDexFee,
  };
}

async function makerPreimage(base: SwapCoin, rel: SwapCoin, req: TradePreimageRequest, locked: LockedAmounts): Promise<TradePreimage> {
  const volume = req.max ? await calcMaxMakerVol(base, STAGE, locked) : requestVolume(req, base);
  const fees = await makerSwapFees(base, rel, volume, STAGE);
  // calcMaxMakerVol has checked the base coin already.
  if (req.max) await checkOtherCoinBalance(rel, fees.takerPaymentSpendFee, locked);
  else await checkMakerBalance(base, rel, volume, fees, locked);
  validateMakerOrder(base, rel, req.price, volume);
  return {
    baseCoinFee: fees.makerPaymentFee,
    relCoinFee: fees.takerPaymentSpendFee,
    ...(req.max ? { volume } : {}),
  };
}
