/**
 * What a coin does for an atomic swap (KDF's `SwapOps` / `MarketCoinOps` for the legacy protocol,
 * kdf-facts §4.4–4.6), so the swaps domain never builds a transaction or reads a chain itself. A
 * coin family implements it (`coins/utxo/swapOps.ts`, `coins/eth/swapOps.ts`, `coins/qrc20/swapOps.ts`); the swaps domain
 * decides when to call what. Amounts are in coin units; times are unix seconds.
 *
 * Every `send*` builds, signs AND broadcasts, and returns the transaction so the caller can store it
 * (the swap engine stores the event with this transaction before it tells the counterparty). Every
 * `validate*` throws a `SwapValidationError` naming what is wrong, and changes nothing.
 */
import type { MmNumber } from '../../shared/number';
import { MmError } from '../core/errors';
import type { DexFeePayment } from './tradeFee';

/** A transaction as swap events store it (KDF's `TransactionIdentifier`): raw hex and hash. */
export interface SwapTx {
  txHex: string;
  txHash: string;
}

/** The terms of one HTLC payment, the same for its sender and its receiver. */
export interface HtlcTerms {
  /** When the sender may refund (UTXO: CLTV against MTP; EVM: block timestamp). */
  timeLock: number;
  /** 33-byte compressed key of the payment's sender (refund key). */
  senderPubkey: Uint8Array;
  /** 33-byte compressed key of the payment's receiver (spend key). */
  receiverPubkey: Uint8Array;
  /** dhash160 of the maker's secret: 20 bytes. */
  secretHash: Uint8Array;
  /** What the HTLC holds, in coin units. */
  amount: MmNumber;
  /** The EVM or QRC20 swap contract both sides agreed on (0x address); absent for UTXO coins. */
  swapContract?: string;
}

/** What became of an HTLC payment on chain. */
export type HtlcOutcome = { type: 'Spent'; tx: SwapTx; secret: Uint8Array } | { type: 'Refunded'; tx: SwapTx };

export interface SwapOps {
  /** 33-byte compressed key this coin signs swap transactions with (the HTLC key). */
  readonly htlcPubkey: Uint8Array;
  /** The swap contract this coin uses, as sent in negotiation (EVM, QRC20: 20 bytes; UTXO: empty). */
  readonly swapContractBytes: Uint8Array;

  /** Taker: pays the dex fee (and KMD's burn) to KDF's dex fee address. */
  sendTakerFee(fee: DexFeePayment, uuid: string): Promise<SwapTx>;
  /**
   * Maker: checks the taker's fee transaction: sent by `senderPubkey`, paying at least `fee` to the
   * dex fee address (and the burn), in the mempool or mined after `minBlock` (KDF's
   * `min_block_number`, the taker coin's tip when the swap started), so a fee paid for an earlier
   * swap cannot be shown again.
   */
  validateTakerFee(tx: SwapTx, fee: DexFeePayment, senderPubkey: Uint8Array, minBlock: number): Promise<void>;

  /**
   * A transaction the counterparty sent as raw bytes in a swap message, with its hash (KDF's
   * `tx_enum_from_bytes`); throws `SwapValidationError` for bytes that are not one transaction.
   */
  txFromBytes(raw: Uint8Array): SwapTx;

  /**
   * My HTLC payment for these terms if one is already on chain (mined or in the mempool) since
   * `searchFromBlock` (KDF's `check_if_my_payment_sent`): a swap resumed after a crash between
   * broadcast and store finds its payment here instead of paying twice.
   */
  checkIfMyPaymentSent(terms: HtlcTerms, searchFromBlock: number): Promise<SwapTx | null>;
  /** Sends my HTLC payment (I am `terms.senderPubkey`); EVM tokens approve the contract first when needed. */
  sendPayment(terms: HtlcTerms): Promise<SwapTx>;
  /** Checks the other side's HTLC payment (I am `terms.receiverPubkey`) against the agreed terms, byte for byte. */
  validatePayment(tx: SwapTx, terms: HtlcTerms): Promise<void>;

  /** Spends the other side's payment to me with the secret. */
  spendPayment(payment: SwapTx, terms: HtlcTerms, secret: Uint8Array): Promise<SwapTx>;
  /** Refunds my own payment; fails with `SwapValidationError` before the lock time allows it. */
  refundPayment(payment: SwapTx, terms: HtlcTerms): Promise<SwapTx>;
  /** Whether the chain lets `refundPayment` through now (UTXO: MTP past the lock; EVM: latest block's timestamp). */
  canRefund(timeLock: number): Promise<boolean>;

  /** Whether and how the payment was spent or refunded so far (null: still locked). */
  findPaymentOutcome(payment: SwapTx, terms: HtlcTerms): Promise<HtlcOutcome | null>;
  /** The secret a spend of my payment revealed, checked against `secretHash`. */
  extractSecret(spend: SwapTx, secretHash: Uint8Array): Uint8Array;

  /** Confirmations of a transaction now (0: in the mempool; null: unknown to the chain). */
  confirmations(txHash: string): Promise<number | null>;
  /** The chain's tip height, for `*_coin_start_block` in swap events. */
  currentBlock(): Promise<number>;
  /**
   * Calls `listener` on each new block of the coin's chain, as the coin learns of it (UTXO: the
   * Electrum headers subscription; EVM: the tip watcher); returns the unsubscribe. The swap engine
   * polls on each block rather than on a fixed interval only.
   */
  onNewBlock(listener: () => void): () => void;
}

/** KDF's validation errors (`ValidatePaymentError`, `ValidateFeeError`…) as one typed error. */
export class SwapValidationError extends MmError {
  constructor(message: string, cause?: unknown) {
    super({ errorType: 'SwapValidationError', message, httpStatus: 500, cause });
  }
}

/**
 * KDF's refusal of a taker fee mined at or before the swap's start block (`EARLY_CONFIRMATION_ERR_LOG`):
 * such a fee was paid before this swap existed, for another one.
 */
export function earlyFeeError(txHash: string, minedAt: number, minBlock: number): SwapValidationError {
  return new SwapValidationError(`Early confirmation: Fee tx ${txHash} (block ${minedAt}) confirmed before min_block ${minBlock}`);
}
