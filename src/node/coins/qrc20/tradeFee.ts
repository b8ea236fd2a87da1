/**
 * Swap fee estimates of a QRC20 token, as KDF's `qrc20.rs` `get_sender_trade_fee`,
 * `get_receiver_trade_fee` and `get_fee_to_send_taker_fee`: each is the QTUM miner fee of a
 * transaction carrying the swap's contract calls, sized with a change output as KDF's
 * `preimage_trade_fee_required_to_send_outputs` does, plus the gas those calls offer. All are paid
 * in the platform coin, never out of the traded volume.
 * - Our payment: `approve(swap, 0)` when an allowance is left but short of the amount, then
 *   `approve(swap, balance)` when it is short, then `erc20Payment` (200 000 gas). Without the
 *   refund fee, as KDF's `trade_preimage` asks (`NO_REFUND_FEE`).
 * - Spending the other side's payment: one `receiverSpend`.
 * - The taker fee: one `transfer` of the dex fee.
 */
import { MmNumber } from '../../../shared/number';
import { MmError } from '../../core/errors';
import { coinError } from '../coinErrors';
import { NotSufficientBalanceError, type DexFeePayment, type FeeApproxStage, type TradeFee, type TradeFees, type TradeValue } from '../tradeFee';
import { coinFeeRate } from '../utxo/feeRate';
import { raiseDynamicRate } from '../utxo/tradeFee';
import { estimateTxVsize, feeForVsize, planTx, type FeeRate } from '../utxo/tx';
import { decodeUint256, encodeAllowance, encodeApprove, encodeStaticCall, encodeTransfer } from './abi';
import { contractCallOutput, gasFeeOf, OUTPUT_QTUM_AMOUNT, QRC20_DUST, QRC20_PAYMENT_GAS_LIMIT, type ContractCallOutput } from './gas';
import type { Qrc20View } from './view';

const ERC20_PAYMENT = 'erc20Payment(bytes32,uint256,address,address,bytes20,uint64)';
const RECEIVER_SPEND = 'receiverSpend(bytes32,uint256,bytes32,address,address)';
const MAX_UINT256 = (1n << 256n) - 1n;
/** KDF sizes these calls with the default (zero) address. */
const ZERO_ADDRESS = new Uint8Array(20);

export type Qrc20FeeView = Qrc20View & {
  readonly swapContract: Uint8Array;
  qtumBalance(): Promise<MmNumber>;
};

export class Qrc20TradeFees implements TradeFees {
  constructor(private readonly coin: Qrc20FeeView) {}

  /** KDF's `min_tx_amount` of a token is 0. */
  get minTxAmount(): MmNumber {
    return MmNumber.ZERO;
  }

  /** One base unit of the token. */
  get minTradingVol(): MmNumber {
    return MmNumber.fromBaseUnits(1n, this.coin.decimals);
  }

  async senderTradeFee(value: TradeValue, stage: FeeApproxStage): Promise<TradeFee> {
    const { coin } = this;
    const amount = ('upperBound' in value ? value.upperBound : value.exact).toBaseUnitsFloor(coin.decimals);
    const allowance = await this.allowance();
    const outputs: ContractCallOutput[] = [];
    if (allowance < amount) {
      if (allowance > 0n) outputs.push(contractCallOutput(encodeApprove(coin.swapContract, 0n), coin.contract));
      // KDF passes U256::MAX for the balance here: the size of the call is what counts.
      outputs.push(contractCallOutput(encodeApprove(coin.swapContract, MAX_UINT256), coin.contract));
    }
    outputs.push(contractCallOutput(encodeStaticCall(ERC20_PAYMENT, 6), coin.swapContract, QRC20_PAYMENT_GAS_LIMIT));
    return this.tradeFee(await this.feeToSend(outputs, stage));
  }

  async receiverTradeFee(stage: FeeApproxStage): Promise<TradeFee> {
    const output = contractCallOutput(encodeStaticCall(RECEIVER_SPEND, 5), this.coin.swapContract);
    return this.tradeFee(await this.feeToSend([output], stage));
  }

  async feeToSendTakerFee(dexFee: DexFeePayment, stage: FeeApproxStage): Promise<TradeFee> {
    const amount = dexFee.fee.toBaseUnitsFloor(this.coin.decimals);
    const output = contractCallOutput(encodeTransfer(ZERO_ADDRESS, amount), this.coin.contract);
    return this.tradeFee(await this.feeToSend([output], stage));
  }

  baseCoinBalance(): Promise<MmNumber> {
    return this.coin.qtumBalance();
  }

  /** A token payment moves any amount in one call: the balance bounds it. */
  async maxPaymentSpend(): Promise<MmNumber> {
    return MmNumber.fromBaseUnits(await this.coin.tokenBalance(), this.coin.decimals);
  }

  /** The swap contract's allowance over our tokens (`allowance(me, swap)`). */
  private async allowance(): Promise<bigint> {
    const { coin } = this;
    const output = await coin.api.contractCall(coin.contract, encodeAllowance(coin.myContractAddress, coin.swapContract));
    const allowance = decodeUint256(output);
    if (allowance === null) throw coinError.transport(`Expected U256 as "allowance" result but got ${output.length} bytes`);
    return allowance;
  }

  private async feeRate(stage: FeeApproxStage): Promise<FeeRate> {
    const { qtum, platformDecimals } = this.coin;
    const rate = await coinFeeRate(qtum.utxo, platformDecimals, qtum.api);
    if (rate.kind === 'fixedPerKb') return rate;
    return { kind: 'dynamic', satPerKb: raiseDynamicRate(rate.satPerKb, qtum.utxo.txfeeVolatilityPercent, stage) };
  }

  /** Miner fee (with a change output) plus gas of a QTUM transaction carrying `outputs`, in satoshis. */
  private async feeToSend(outputs: ContractCallOutput[], stage: FeeApproxStage): Promise<bigint> {
    const { qtum, platform, platformDecimals } = this.coin;
    const feeRate = await this.feeRate(stage);
    const gasFee = gasFeeOf(outputs);
    const txOutputs = outputs.map((o) => ({ script: o.script, value: OUTPUT_QTUM_AMOUNT }));
    let plan;
    try {
      plan = planTx({
        unspents: await qtum.spendableUnspents(),
        outputs: txOutputs,
        changeScript: qtum.script,
        inputKind: qtum.inputKind,
        feeRate,
        feePolicy: { kind: 'sendExact' },
        dust: QRC20_DUST,
        gasFee,
        ticker: platform,
        decimals: platformDecimals,
      });
    } catch (e) {
      if (e instanceof MmError && e.errorType === 'NotSufficientBalance') {
        const data = e.errorData as { available: string; required: string };
        throw new NotSufficientBalanceError(platform, MmNumber.parse(data.available), MmNumber.parse(data.required));
      }
      throw e;
    }
    const minerFee = plan.change > 0n ? plan.fee : feeForVsize(feeRate, estimateTxVsize(plan.inputs.length, [...plan.outputs, { script: qtum.script, value: 0n }], qtum.inputKind));
    return minerFee + gasFee;
  }

  private tradeFee(sat: bigint): TradeFee {
    return { coin: this.coin.platform, amount: MmNumber.fromBaseUnits(sat, this.coin.platformDecimals), paidFromTradingVol: false };
  }
}
