/**
 * What a coin tells the swaps domain about the fees of a swap (KDF's `MmCoin::get_sender_trade_fee`,
 * `get_receiver_trade_fee`, `get_fee_to_send_taker_fee`, `min_tx_amount`, `min_trading_vol`,
 * `base_coin_balance`). The coin estimates; the swaps domain adds the amounts up and decides whether
 * the balances suffice, so a coin family never needs to know about orders or dex fee rules.
 */
import type { MmNumber } from '../../shared/number';
import { MmError } from '../core/errors';

/**
 * KDF's `FeeApproxStage`: how long before broadcast the fee is estimated, so how much a dynamic
 * fee rate (UTXO) or a gas price (EVM) is raised to cover its rise in the meantime.
 */
export type FeeApproxStage = 'WithoutApprox' | 'StartSwap' | 'OrderIssue' | 'TradePreimage';

/** KDF's `TradeFee`: `paidFromTradingVol` fees come out of the swapped amount, the others need a balance of `coin`. */
export interface TradeFee {
  /** The coin the fee is paid in: the platform coin for a token. */
  coin: string;
  amount: MmNumber;
  paidFromTradingVol: boolean;
}

/**
 * KDF's `TradePreimageValue`: the exact amount the payment sends, or, for a "max" estimate, the most
 * it could send, with the fee then taken out of that amount.
 */
export type TradeValue = { exact: MmNumber } | { upperBound: MmNumber };

/**
 * What the taker-fee transaction pays: `fee` to the dex fee address and `burn` destroyed (KMD as
 * taker coin burns a quarter in an OP_RETURN output; zero elsewhere).
 */
export interface DexFeePayment {
  fee: MmNumber;
  burn: MmNumber;
}

/** The swap-fee capability of an activated coin. Amounts are in coin units. */
export interface TradeFees {
  /** The miner fee (or gas) of sending our own HTLC payment of `value`. */
  senderTradeFee(value: TradeValue, stage: FeeApproxStage): Promise<TradeFee>;
  /** The miner fee (or gas) of spending the other side's HTLC payment to us. */
  receiverTradeFee(stage: FeeApproxStage): Promise<TradeFee>;
  /** The miner fee (or gas) of the taker-fee transaction. */
  feeToSendTakerFee(dexFee: DexFeePayment, stage: FeeApproxStage): Promise<TradeFee>;
  /** KDF's `min_tx_amount`: the smallest output the chain relays (UTXO dust; 0 for EVM). */
  readonly minTxAmount: MmNumber;
  /** KDF's `min_trading_vol`: the smallest order volume of the coin. */
  readonly minTradingVol: MmNumber;
  /** The spendable balance of the coin that pays this coin's fees: the coin itself, or its platform. */
  baseCoinBalance(): Promise<MmNumber>;
  /**
   * The most one HTLC payment of this coin can spend, its own fee included: the balance, unless the
   * chain caps a transaction's size (UTXO: the largest outputs a standard-size payment can hold).
   * A `max` volume is bounded by it, so the payment of that volume can really be built.
   */
  maxPaymentSpend(): Promise<MmNumber>;
}

/** KDF's `DEX_FEE_ADDR_PUBKEY`: every chain's dex fee address is derived from this key. */
export const DEX_FEE_ADDR_PUBKEY = '03bc2c7ba671bae4a6fc835244c9762b41647b9827d4780a89a949b984a8ddcc06';

/**
 * KDF's `TradePreimageError::NotSufficientBalance`: `coin` lacks funds for a fee estimate. The swaps
 * domain reports it as NotSufficientBalance of the traded coin or NotSufficientBaseCoinBalance of
 * its platform, by the coin named.
 */
export class NotSufficientBalanceError extends MmError {
  constructor(
    readonly coin: string,
    readonly available: MmNumber,
    readonly required: MmNumber,
  ) {
    const data = { coin, available: available.toDecimalString(), required: required.toDecimalString() };
    super({
      errorType: 'NotSufficientBalance',
      message: `Not enough ${coin} to preimage the trade: available ${data.available}, required at least ${data.required}`,
      errorData: data,
      httpStatus: 400,
    });
  }
}

/** KDF's `TradePreimageError::AmountIsTooSmall`: an output below the coin's dust. */
export class AmountIsTooSmallError extends MmError {
  constructor(
    readonly amount: MmNumber,
    readonly threshold: MmNumber,
  ) {
    const data = { amount: amount.toDecimalString(), threshold: threshold.toDecimalString() };
    super({
      errorType: 'AmountIsTooSmall',
      message: `The amount ${data.amount} less than minimum transaction amount ${data.threshold}`,
      errorData: data,
      httpStatus: 400,
    });
  }
}
