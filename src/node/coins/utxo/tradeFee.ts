/**
 * Swap fee estimates of a UTXO coin, as KDF's utxo_common `get_sender_trade_fee`,
 * `get_receiver_trade_fee` and `get_fee_to_send_taker_fee`:
 * - Sending (our HTLC payment, or the taker fee) is priced by a real plan over the wallet's
 *   spendable outputs, with the outputs of the real transaction: P2SH(amount) and
 *   OP_RETURN(20-byte secret hash), or the dex fee output (plus KMD's burn). The fee is the one of
 *   the transaction *with* a change output even when the plan has none (KDF's
 *   `preimage_trade_fee_required_to_send_outputs`), so a smaller amount never costs more.
 * - Receiving is the fee of a 496-byte HTLC spend, taken out of the received payment.
 * - One payment spends at most the largest outputs a standard-size transaction holds, so `max`
 *   volumes are bounded by their sum rather than by the balance.
 * - A dynamic rate is first raised by `txfee_volatility_percent` × the stage's multiplier, since
 *   it may rise before the transaction is sent; a fixed rate never changes.
 */
import { MmNumber } from '../../../shared/number';
import { hash160, hexToBytes } from '../../crypto';
import { MmError } from '../../core/errors';
import { minTradingVol } from '../config';
import {
  AmountIsTooSmallError,
  DEX_FEE_ADDR_PUBKEY,
  NotSufficientBalanceError,
  type DexFeePayment,
  type FeeApproxStage,
  type TradeFee,
  type TradeFees,
  type TradeValue,
} from '../tradeFee';
import { coinFeeRate, type FeeEstimator } from './feeRate';
import {
  estimateTxVsize,
  feeForVsize,
  layoutBytes,
  maxStandardInputs,
  opReturnScript,
  p2pkhScript,
  p2shScript,
  planTx,
  type FeeRate,
  type TxOutput,
} from './tx';
import type { UtxoCoinView } from './utxoCoinView';

/** KDF's `DEFAULT_SWAP_TX_SPEND_SIZE`: an HTLC spend is priced as 496 bytes. */
export const SWAP_SPEND_TX_SIZE = 496;

/** KDF's multipliers of `txfee_volatility_percent` by stage (`increase_dynamic_fee_by_stage`). */
const VOLATILITY_MULTIPLIER: Record<FeeApproxStage, MmNumber> = {
  WithoutApprox: MmNumber.ZERO,
  StartSwap: MmNumber.ONE,
  OrderIssue: MmNumber.of(2n),
  TradePreimage: MmNumber.of(5n, 2n),
};

/** The dex fee address on every UTXO chain: P2PKH of KDF's dex fee key. */
const DEX_FEE_SCRIPT = p2pkhScript(hash160(hexToBytes(DEX_FEE_ADDR_PUBKEY)));
/** Payment outputs are sized with dummy hashes: only the script lengths matter to the fee. */
const HTLC_SCRIPT = p2shScript(new Uint8Array(20));
const SECRET_HASH_SCRIPT = opReturnScript(new Uint8Array(20));
/** An HTLC payment's outputs (before change); its value goes to the first. */
const PAYMENT_OUTPUTS: readonly TxOutput[] = [
  { script: HTLC_SCRIPT, value: 0n },
  { script: SECRET_HASH_SCRIPT, value: 0n },
];

/**
 * `rate` raised by `percent` × the stage's multiplier, rounded half up, as KDF's `increase_by_percent`
 * (`rate + round(rate / 100 × percent)`).
 */
export function raiseDynamicRate(satPerKb: bigint, volatilityPercent: number, stage: FeeApproxStage): bigint {
  const raise = MmNumber.of(satPerKb)
    .mul(MmNumber.parse(volatilityPercent))
    .mul(VOLATILITY_MULTIPLIER[stage])
    .div(MmNumber.of(100n));
  return satPerKb + raise.add(MmNumber.of(1n, 2n)).floor();
}

/** What the estimates need of a UTXO coin; UtxoCoin has it all. */
export type UtxoFeeView = Pick<UtxoCoinView, 'ticker' | 'config' | 'utxo' | 'txFormat' | 'decimals' | 'script' | 'inputKind' | 'spendableUnspents'> & {
  readonly api: FeeEstimator;
};

export class UtxoTradeFees implements TradeFees {
  constructor(private readonly coin: UtxoFeeView) {}

  get minTxAmount(): MmNumber {
    return MmNumber.fromBaseUnits(this.coin.utxo.dust, this.coin.decimals);
  }

  get minTradingVol(): MmNumber {
    return MmNumber.fromBaseUnits(minTradingVol(this.coin.config), this.coin.decimals);
  }

  async senderTradeFee(value: TradeValue, stage: FeeApproxStage): Promise<TradeFee> {
    const upperBound = 'upperBound' in value;
    const amount = this.toSat(upperBound ? value.upperBound : value.exact);
    const outputs = PAYMENT_OUTPUTS.map((o, i) => ({ script: o.script, value: i === 0 ? amount : o.value }));
    return this.tradeFee(await this.sendingFee(outputs, stage, upperBound), false);
  }

  async receiverTradeFee(stage: FeeApproxStage): Promise<TradeFee> {
    return this.tradeFee(feeForVsize(await this.feeRate(stage), SWAP_SPEND_TX_SIZE), true);
  }

  async feeToSendTakerFee(dexFee: DexFeePayment, stage: FeeApproxStage): Promise<TradeFee> {
    const outputs = [{ script: DEX_FEE_SCRIPT, value: this.toSat(dexFee.fee) }];
    if (dexFee.burn.isPositive()) outputs.push({ script: opReturnScript(), value: this.toSat(dexFee.burn) });
    return this.tradeFee(await this.sendingFee(outputs, stage, false), false);
  }

  async baseCoinBalance(): Promise<MmNumber> {
    const unspents = await this.coin.spendableUnspents();
    return MmNumber.fromBaseUnits(
      unspents.reduce((a, u) => a + u.value, 0n),
      this.coin.decimals,
    );
  }

  /**
   * The sum of the largest spendable outputs a standard-size payment (P2SH, OP_RETURN and change)
   * can hold, as the payment's plan takes them when the smallest-first ones would not fit.
   */
  async maxPaymentSpend(): Promise<MmNumber> {
    const { script, inputKind, decimals } = this.coin;
    const maxInputs = maxStandardInputs([...PAYMENT_OUTPUTS, { script, value: 0n }], inputKind);
    const values = (await this.coin.spendableUnspents()).map((u) => u.value).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
    return MmNumber.fromBaseUnits(
      values.slice(0, maxInputs).reduce((a, v) => a + v, 0n),
      decimals,
    );
  }

  private async feeRate(stage: FeeApproxStage): Promise<FeeRate> {
    const { utxo, decimals, api } = this.coin;
    const rate = await coinFeeRate(utxo, decimals, api);
    if (rate.kind === 'fixedPerKb') return rate;
    return { kind: 'dynamic', satPerKb: raiseDynamicRate(rate.satPerKb, utxo.txfeeVolatilityPercent, stage) };
  }

  /** The fee of sending `outputs` (out of the first one for an upper bound), sized with a change output. */
  private async sendingFee(outputs: TxOutput[], stage: FeeApproxStage, upperBound: boolean): Promise<bigint> {
    const { ticker, decimals, script, inputKind, utxo } = this.coin;
    const extraBytes = layoutBytes(this.coin.txFormat);
    const feeRate = await this.feeRate(stage);
    const unspents = await this.coin.spendableUnspents();
    let plan;
    try {
      plan = planTx({
        unspents,
        outputs,
        changeScript: script,
        inputKind,
        feeRate,
        feePolicy: upperBound ? { kind: 'deductFromOutput', index: 0 } : { kind: 'sendExact' },
        dust: utxo.dust,
        layoutBytes: extraBytes,
        ticker,
        decimals,
      });
    } catch (e) {
      throw this.preimageError(e, upperBound);
    }
    if (plan.change > 0n) return plan.fee;
    const withChange = [...plan.outputs, { script, value: 0n }];
    return feeForVsize(feeRate, estimateTxVsize(plan.inputs.length, withChange, inputKind, extraBytes));
  }

  /**
   * The planner's errors as KDF's `TradePreimageError::from_generate_tx_error`: an output below dust
   * is AmountIsTooSmall, except for an upper bound, where it means the balance is too small.
   */
  private preimageError(e: unknown, upperBound: boolean): unknown {
    if (!(e instanceof MmError)) return e;
    const field = (name: string): MmNumber => MmNumber.parse((e.errorData as Record<string, string>)[name]);
    const { ticker } = this.coin;
    switch (e.errorType) {
      case 'NotSufficientBalance':
        return new NotSufficientBalanceError(ticker, field('available'), field('required'));
      case 'AmountTooLow':
        return upperBound
          ? new NotSufficientBalanceError(ticker, field('amount'), field('threshold'))
          : new AmountIsTooSmallError(field('amount'), field('threshold'));
      case 'ZeroBalanceToWithdrawMax':
        return new NotSufficientBalanceError(ticker, MmNumber.ZERO, this.minTxAmount);
      default:
        return e;
    }
  }

  private toSat(amount: MmNumber): bigint {
    return amount.toBaseUnitsFloor(this.coin.decimals);
  }

  private tradeFee(sat: bigint, paidFromTradingVol: boolean): TradeFee {
    return { coin: this.coin.ticker, amount: MmNumber.fromBaseUnits(sat, this.coin.decimals), paidFromTradingVol };
  }
}
