/**
 * Swap fee estimates of an EVM coin, as KDF's eth.rs `get_sender_trade_fee`, `get_receiver_trade_fee`
 * and `get_fee_to_send_taker_fee`: KDF's gas limits of the EtomicSwap calls times the gas price
 * raised for the stage, always paid in the platform coin and never out of the traded volume.
 * - A token payment adds the gas of an `approve` (by `eth_estimateGas`) when the swap contract's
 *   allowance is short of the amount, since the swap then sends one first.
 * - The taker fee transfer is priced by `eth_estimateGas`. The estimate is asked without a gas
 *   price, so it measures gas only; whether the balances pay for it is the swaps domain's check.
 */
import { MaxUint256 } from 'ethers';
import { MmNumber } from '../../../shared/number';
import { ethAddress, hexToBytes } from '../../crypto';
import { minTradingVol, type CoinConfig } from '../config';
import {
  DEX_FEE_ADDR_PUBKEY,
  NotSufficientBalanceError,
  type DexFeePayment,
  type FeeApproxStage,
  type TradeFee,
  type TradeFees,
  type TradeValue,
} from '../tradeFee';
import type { CallRequest } from './chainApi';
import { encodeApprove, encodeTransfer } from './erc20';
import type { AmountUnit } from '../withdrawErrors';

/** KDF's `gas_limit::ETH_MAX_TRADE_GAS`: the most gas any swap call may use (the legacy `get_trade_fee`). */
export const ETH_MAX_TRADE_GAS = 150_000n;

/** KDF's gas limits (`eth.rs` `gas_limit`) of the calls a swap makes. */
export const SWAP_GAS = {
  ethPayment: 65_000n,
  erc20Payment: 150_000n,
  ethReceiverSpend: 65_000n,
  erc20ReceiverSpend: 150_000n,
  ethSenderRefund: 100_000n,
  erc20SenderRefund: 150_000n,
} as const;

/** KDF's gas price raise by stage, in percent; at least 1 gwei (`increase_by_percent_one_gwei`). */
const GAS_PRICE_RAISE_PERCENT: Record<Exclude<FeeApproxStage, 'WithoutApprox'>, bigint> = {
  StartSwap: 3n,
  OrderIssue: 5n,
  TradePreimage: 7n,
};
const ONE_GWEI = 1_000_000_000n;

/** The dex fee address on EVM chains. */
export const DEX_FEE_ADDRESS = ethAddress(hexToBytes(DEX_FEE_ADDR_PUBKEY));

/** `price` plus the stage's percent of it (of whole hundredths, as KDF's U256 math), at least 1 gwei more. */
export function raiseGasPrice(price: bigint, stage: FeeApproxStage): bigint {
  if (stage === 'WithoutApprox') return price;
  const raise = (price / 100n) * GAS_PRICE_RAISE_PERCENT[stage];
  return price + (raise < ONE_GWEI ? ONE_GWEI : raise);
}

/** What the estimates need of an EVM coin; EthCoin has it all. */
export interface EthFeeView {
  readonly ticker: string;
  readonly config: CoinConfig;
  readonly decimals: number;
  /** EIP-55. */
  readonly address: string;
  /** The coin that pays gas. */
  readonly platform: AmountUnit;
  /** The ERC20 contract; null for the platform coin. */
  readonly contract: string | null;
  readonly swapContractAddress: string;
  /** This coin's balance, base units. */
  spendable(): Promise<bigint>;
  /** The platform coin's balance, wei. */
  gasBalance(): Promise<bigint>;
  gasPrice(): Promise<bigint>;
  estimateGas(req: CallRequest): Promise<bigint>;
  /** What `spender` may take of this token from the wallet. */
  allowance(spender: string): Promise<bigint>;
}

export class EthTradeFees implements TradeFees {
  /** EVM chains have no dust. */
  readonly minTxAmount = MmNumber.ZERO;

  constructor(private readonly coin: EthFeeView) {}

  get minTradingVol(): MmNumber {
    return MmNumber.fromBaseUnits(minTradingVol(this.coin.config), this.coin.decimals);
  }

  async senderTradeFee(value: TradeValue, stage: FeeApproxStage): Promise<TradeFee> {
    const { contract: token, swapContractAddress: swap, address } = this.coin;
    const price = raiseGasPrice(await this.coin.gasPrice(), stage);
    if (!token) return this.tradeFee(SWAP_GAS.ethPayment * price);
    const amount = this.toBaseUnits('upperBound' in value ? value.upperBound : value.exact);
    let gas = SWAP_GAS.erc20Payment;
    if ((await this.coin.allowance(swap)) < amount) {
      // The swap approves the contract for everything, as KDF's `approve(swap_contract, U256::MAX)`.
      gas += await this.coin.estimateGas({ from: address, to: token, value: 0n, data: encodeApprove(swap, MaxUint256) });
    }
    return this.tradeFee(gas * price);
  }

  async receiverTradeFee(stage: FeeApproxStage): Promise<TradeFee> {
    const gas = this.coin.contract ? SWAP_GAS.erc20ReceiverSpend : SWAP_GAS.ethReceiverSpend;
    return this.tradeFee(gas * raiseGasPrice(await this.coin.gasPrice(), stage));
  }

  async feeToSendTakerFee(dexFee: DexFeePayment, stage: FeeApproxStage): Promise<TradeFee> {
    const { contract: token, address } = this.coin;
    const amount = this.toBaseUnits(dexFee.fee.add(dexFee.burn));
    const price = raiseGasPrice(await this.coin.gasPrice(), stage);
    const transfer: CallRequest = token
      ? { from: address, to: token, value: 0n, data: encodeTransfer(DEX_FEE_ADDRESS, amount) }
      : { from: address, to: DEX_FEE_ADDRESS, value: amount, data: '0x' };
    return this.tradeFee((await this.estimateTransfer(transfer, amount)) * price);
  }

  async baseCoinBalance(): Promise<MmNumber> {
    return MmNumber.fromBaseUnits(await this.coin.gasBalance(), this.coin.platform.decimals);
  }

  /** An EVM payment is one call of any amount: it can spend the whole balance. */
  async maxPaymentSpend(): Promise<MmNumber> {
    return MmNumber.fromBaseUnits(await this.coin.spendable(), this.coin.decimals);
  }

  /** A transfer the wallet cannot fund fails to estimate; that is reported as the shortfall it is. */
  private async estimateTransfer(transfer: CallRequest, amount: bigint): Promise<bigint> {
    try {
      return await this.coin.estimateGas(transfer);
    } catch (e) {
      const balance = await this.coin.spendable();
      if (balance >= amount) throw e;
      const unit = (v: bigint) => MmNumber.fromBaseUnits(v, this.coin.decimals);
      throw new NotSufficientBalanceError(this.coin.ticker, unit(balance), unit(amount));
    }
  }

  private toBaseUnits(amount: MmNumber): bigint {
    return amount.toBaseUnitsFloor(this.coin.decimals);
  }

  private tradeFee(wei: bigint): TradeFee {
    const { platform } = this.coin;
    return { coin: platform.ticker, amount: MmNumber.fromBaseUnits(wei, platform.decimals), paidFromTradingVol: false };
  }
}
