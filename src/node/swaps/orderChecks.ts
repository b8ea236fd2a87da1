/**
 * What placing an order asks of the swaps domain (KDF's `sell`/`buy`/`setprice` call
 * `check_balance_for_taker_swap` / `check_balance_for_maker_swap` at the OrderIssue stage, and
 * `max_taker_vol` / `max_maker_vol` for whole-balance orders). Errors are the trade-preimage ones
 * (NotSufficientBalance, NotSufficientBaseCoinBalance, VolumeTooLow, NoSuchCoin, Transport, ...).
 */
import { MmNumber } from '../../shared/number';
import type { FeeApproxStage } from '../coins/tradeFee';
import type { NodeContext } from '../core/context';
import { MmError } from '../core/errors';
import { checkMakerBalance, checkTakerBalance, NOTHING_LOCKED, type LockedAmounts } from './checkBalance';
import { calcMaxMakerVol } from './maxMakerVol';
import { calcMaxTakerVol } from './maxTakerVol';
import { findSwapCoin } from './swapCoin';
import { makerSwapFees, takerSwapFees } from './swapFees';

export interface SwapBalanceRequest {
  base: string;
  rel: string;
  /** Base volume. */
  volume: MmNumber;
  /** Rel per one base. */
  price: MmNumber;
  /** `setprice`: a maker selling base; `sell`: a taker sending base; `buy`: a taker sending volume × price of rel. */
  action: 'setprice' | 'buy' | 'sell';
  /** Default OrderIssue, as KDF's order RPCs. */
  stage?: FeeApproxStage;
  /** Amounts held by running swaps; default none. */
  lockedBySwaps?: LockedAmounts;
}

/** Throws unless the wallet can pay the swap an order would start: volume, dex fee, every fee. */
export async function checkBalanceForSwap(ctx: NodeContext, req: SwapBalanceRequest): Promise<void> {
  const base = findSwapCoin(ctx, req.base);
  const rel = findSwapCoin(ctx, req.rel);
  const stage = req.stage ?? 'OrderIssue';
  const locked = req.lockedBySwaps ?? NOTHING_LOCKED;
  if (req.action === 'setprice') {
    await checkMakerBalance(base, rel, req.volume, await makerSwapFees(base, rel, req.volume, stage), locked);
    return;
  }
  const selling = req.action === 'sell';
  const [my, other] = selling ? [base, rel] : [rel, base];
  const myVolume = selling ? req.volume : req.volume.mul(req.price);
  await checkTakerBalance(my, other, myVolume, await takerSwapFees(my, other, myVolume, stage), locked);
}

export interface MaxVolOptions {
  /** Default TradePreimage, as KDF's `max_taker_vol` RPC. */
  stage?: FeeApproxStage;
  lockedBySwaps?: LockedAmounts;
}

/**
 * KDF's `max_taker_vol`: the most of `coin` a taker can send to trade for `tradeWith` (default
 * `coin` itself, which only matters for the KMD dex fee discount); 0 when the balance cannot pay
 * for any swap.
 */
export async function maxTakerVol(ctx: NodeContext, coin: string, tradeWith = coin, opts: MaxVolOptions = {}): Promise<MmNumber> {
  try {
    return await calcMaxTakerVol(findSwapCoin(ctx, coin), tradeWith, opts.stage ?? 'TradePreimage', opts.lockedBySwaps);
  } catch (e) {
    if (e instanceof MmError && (e.errorType === 'NotSufficientBalance' || e.errorType === 'NotSufficientBaseCoinBalance')) return MmNumber.ZERO;
    throw e;
  }
}

/** KDF's `calc_max_maker_vol`: the most of `coin` a maker order can offer; throws NotSufficientBalance when nothing. */
export async function maxMakerVol(ctx: NodeContext, coin: string, opts: MaxVolOptions = {}): Promise<MmNumber> {
  return calcMaxMakerVol(findSwapCoin(ctx, coin), opts.stage ?? 'OrderIssue', opts.lockedBySwaps);
}
