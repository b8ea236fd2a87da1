/**
 * Volume and fee limits a client reads before trading, as KDF serves them: the flat
 * `min_trading_vol` and `get_trade_fee` (legacy.rs, lp_coins.rs; a coin that is not active is the
 * flat `No such coin: X`), and the mmrpc 2.0 `max_maker_vol` (max_maker_vol_rpc.rs: NoSuchCoin 404,
 * the balance errors 400, Transport and InternalError 500).
 */
import type { Def, MmRpcResult } from '../../shared/contract';
import { MmNumber } from '../../shared/number';
import type { ParamReader } from '../../shared/params';
import type { EnabledCoin } from '../coins/coin';
import { legacyCoin, legacyError } from '../coins/coinLookup';
import { minTradingVol } from '../coins/config';
import { kdfTradeFee } from '../coins/kdfTradeFee';
import type { NodeContext } from '../core/context';
import { MmError } from '../core/errors';
import type { HandlerTable, LegacyAnswer } from '../core/handler';
import { lockedAmounts } from './checkBalance';
import { calcMaxMakerVol } from './maxMakerVol';
import { findSwapCoin } from './swapCoin';

/** KDF reads `req["coin"].as_str()`: a missing or non-string coin is one error. */
function coinArg(ctx: NodeContext, args: ParamReader): EnabledCoin {
  const ticker = args.raw('coin');
  if (typeof ticker !== 'string') throw legacyError("No 'coin' field");
  return legacyCoin(ctx, ticker);
}

const multi = (n: MmNumber): Def<'MmNumberMultiRepr'> => ({ decimal: n.toDecimalString(), rational: n.toRational(), fraction: n.toFraction() });

async function minTradingVolRpc(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'min_trading_vol'>> {
  const coin = coinArg(ctx, args);
  const volume = coin.tradeFees?.minTradingVol ?? MmNumber.fromBaseUnits(minTradingVol(coin.config), coin.decimals);
  return {
    result: {
      coin: coin.ticker,
      min_trading_vol: volume.toDecimalString(),
      min_trading_vol_fraction: volume.toFraction(),
      min_trading_vol_rat: volume.toRational(),
    },
  };
}

async function getTradeFeeRpc(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'get_trade_fee'>> {
  const fee = await kdfTradeFee(coinArg(ctx, args));
  return { result: { coin: fee.coin, amount: fee.amount.toDecimalString(), amount_fraction: fee.amount.toFraction(), amount_rat: fee.amount.toRational() } };
}

/**
 * KDF's `max_maker_vol`: the most a maker order of `coin` can offer (the spendable balance less
 * what running swaps hold and the fee of the payment), with that balance and hold.
 */
async function maxMakerVolRpc(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'max_maker_vol'>> {
  const ticker = params.str('coin');
  if (!ctx.enabledCoins.get(ticker)) {
    throw new MmError({ errorType: 'NoSuchCoin', message: `No such coin ${ticker}`, errorData: { coin: ticker }, httpStatus: 404 });
  }
  const coin = findSwapCoin(ctx, ticker);
  const bySwaps = (c: string): MmNumber => ctx.swaps?.lockedAmount(c) ?? MmNumber.ZERO;
  const volume = await calcMaxMakerVol(coin, 'OrderIssue', lockedAmounts(bySwaps, () => MmNumber.ZERO));
  const balance = await coin.balance();
  return { coin: ticker, volume: multi(volume), balance: multi(balance), locked_by_swaps: multi(bySwaps(ticker)) };
}

export const volumeHandlers: HandlerTable = {
  min_trading_vol: { legacy: minTradingVolRpc },
  get_trade_fee: { legacy: getTradeFeeRpc },
  max_maker_vol: { mmrpc: maxMakerVolRpc },
};
