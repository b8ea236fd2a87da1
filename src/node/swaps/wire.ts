/**
 * The `trade_preimage` result on the wire (KDF `TradePreimageResponse`; spec §2.1, §4.1):
 * ExtendedFeeInfo objects and `total_fees`, one entry per coin, summing its fees. `required_balance`
 * is the part of that sum not taken out of the traded volume (KDF `TotalTradeFee`); coins whose
 * fees sum to zero are left out.
 */
import type { Def, MmRpcResult } from '../../shared/contract';
import { MmNumber } from '../../shared/number';
import type { TradeFee } from '../coins/tradeFee';
import type { TradePreimage } from './tradePreimage';

interface TotalFee {
  coin: string;
  amount: MmNumber;
  requiredBalance: MmNumber;
}

export function tradeFeeToWire(f: TradeFee): Def<'TradeFee'> {
  return { coin: f.coin, ...f.amount.toJsonTriple('amount'), paid_from_trading_vol: f.paidFromTradingVol };
}

/** One total per coin, in the order the coins first appear. */
export function totalFees(fees: readonly TradeFee[]): TotalFee[] {
  const byCoin = new Map<string, TotalFee>();
  for (const f of fees) {
    const fromBalance = f.paidFromTradingVol ? MmNumber.ZERO : f.amount;
    const t = byCoin.get(f.coin);
    if (t) {
      t.amount = t.amount.add(f.amount);
      t.requiredBalance = t.requiredBalance.add(fromBalance);
    } else {
      byCoin.set(f.coin, { coin: f.coin, amount: f.amount, requiredBalance: fromBalance });
    }
  }
  return [...byCoin.values()].filter((t) => !t.amount.isZero());
}

function totalFeesToWire(fees: readonly TradeFee[]): Def<'TotalTradeFee'>[] {
  return totalFees(fees).map((t) => ({
    coin: t.coin,
    ...t.amount.toJsonTriple('amount'),
    ...t.requiredBalance.toJsonTriple('required_balance'),
  }));
}

/** KDF's untagged `TradePreimageResponse`: a taker's preimage with its dex fee, else a maker's with the `max` volume. */
export function tradePreimageToWire(p: TradePreimage): MmRpcResult<'trade_preimage'> {
  const base_coin_fee = tradeFeeToWire(p.baseCoinFee);
  const rel_coin_fee = tradeFeeToWire(p.relCoinFee);
  if (p.takerFee && p.feeToSendTakerFee) {
    return {
      base_coin_fee,
      rel_coin_fee,
      taker_fee: tradeFeeToWire(p.takerFee),
      fee_to_send_taker_fee: tradeFeeToWire(p.feeToSendTakerFee),
      total_fees: totalFeesToWire([p.baseCoinFee, p.relCoinFee, p.takerFee, p.feeToSendTakerFee]),
    };
  }
  return {
    base_coin_fee,
    rel_coin_fee,
    ...(p.volume && p.volume.toJsonTriple('volume')),
    total_fees: totalFeesToWire([p.baseCoinFee, p.relCoinFee]),
  };
}
