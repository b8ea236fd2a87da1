/**
 * What a coin does for a swap watcher (KDF's `WatcherOps`): a node that is no side of the swap
 * checks a taker's pre-signed transactions and the chain, then broadcasts the taker's spend of the
 * maker payment (completed with the secret the maker revealed) or the taker's refund. The watcher
 * holds no key of the swap: everything it broadcasts is signed by the taker and pays the taker.
 *
 * The `check*Preimage` methods are pure (no chain request), so a forged message is refused for the
 * cost of parsing it. Transaction ids are display-order hex (what Electrum servers take).
 */
import { SwapValidationError, type HtlcOutcome, type HtlcTerms, type SwapOps, type SwapTx } from './swapOps';

/**
 * A transaction the watcher looks for is not on chain (yet): unlike a wrong transaction, worth
 * asking again, since a message may outrun its transactions.
 */
export class WatchedTxNotFound extends SwapValidationError {}

/** The taker's refund of its own payment, as the watcher expects it. */
export interface RefundPreimageTerms {
  /** The taker payment whose output 0 the preimage spends. */
  paymentTxid: string;
  /** The taker: signer of the watcher message, sender of the payment, receiver of the refund. */
  takerPub: Uint8Array;
  makerPub: Uint8Array;
  secretHash: Uint8Array;
  /** The taker payment's lock time: `swap_started_at + lock_duration`. */
  timeLock: number;
}

/** The taker's spend of the maker payment, as the watcher expects it. */
export interface SpendPreimageTerms {
  /** The maker payment whose output 0 the preimage spends. */
  paymentTxid: string;
  /** The taker: receiver of the maker payment and of its spend. */
  takerPub: Uint8Array;
  /** The maker: sender of the maker payment. */
  makerPub: Uint8Array;
  secretHash: Uint8Array;
  /** Bounds of the maker payment's lock time (the message does not carry it; the preimage's redeem script does). */
  minTimeLock: number;
  maxTimeLock: number;
}

/** A preimage that passed its checks: its bytes, and the HTLC it spends. */
export interface CheckedPreimage {
  tx: SwapTx;
  /** The lock time of the HTLC it spends (read from its redeem script). */
  htlcTimeLock: number;
}

export interface WatcherOps {
  readonly ticker: string;

  /** Pure: the refund preimage spends exactly the taker payment's HTLC of these terms and pays only the taker; throws SwapValidationError. */
  checkRefundPreimage(raw: Uint8Array, terms: RefundPreimageTerms): CheckedPreimage;
  /** Pure: the spend preimage spends exactly the maker payment's HTLC (maker → taker, this secret hash) and pays only the taker; throws SwapValidationError. */
  checkSpendPreimage(raw: Uint8Array, terms: SpendPreimageTerms): CheckedPreimage;

  /**
   * KDF's `watcher_validate_taker_fee`: the fee transaction is on chain, every input is the taker's,
   * it was not mined at or before `minBlock`, it is not older than `lockDuration` (by its nLockTime),
   * and output 0 pays the dex fee address.
   */
  validateTakerFee(feeTxid: string, takerPub: Uint8Array, minBlock: number, lockDuration: number, nowSec: number): Promise<void>;
  /**
   * KDF's `watcher_validate_taker_payment`: the payment is on chain, every input is the taker's,
   * output 0 is the HTLC the refund preimage spends; also (beyond KDF) the preimage's signature
   * verifies against the payment's value. Answers the payment and its confirmations.
   */
  validateTakerPayment(refund: CheckedPreimage, terms: RefundPreimageTerms): Promise<{ payment: SwapTx; confirmations: number }>;
  /** Beyond KDF (its `TODO: Validate also maker payment`): the maker payment is on chain, output 0 is the HTLC the spend preimage spends, and the preimage's signature verifies. */
  validateMakerPayment(spend: CheckedPreimage, terms: SpendPreimageTerms): Promise<void>;

  /** How the taker payment ended so far (null: still locked); a spend carries the secret. */
  takerPaymentOutcome(refund: CheckedPreimage, terms: RefundPreimageTerms): Promise<HtlcOutcome | null>;
  /** Whether the maker payment's HTLC has been spent (by the taker itself, or by a watcher) or refunded. */
  makerPaymentOutcome(spend: CheckedPreimage, terms: SpendPreimageTerms): Promise<HtlcOutcome | null>;

  /** KDF's `send_maker_payment_spend_preimage` without the send: the preimage with the secret in its scriptSig. */
  completeSpend(spend: CheckedPreimage, secret: Uint8Array): SwapTx;
  /** Broadcasts a transaction the watcher holds; one the chain already has counts as sent. */
  broadcast(tx: SwapTx): Promise<void>;
  /** Whether the chain accepts a refund at `timeLock` now (UTXO: median time past beyond it). */
  canRefund(timeLock: number): Promise<boolean>;

  currentBlock(): Promise<number>;
  /** Calls `listener` on each new block; returns the unsubscribe. */
  onNewBlock(listener: () => void): () => void;
}

/**
 * The taker's side (KDF's `create_maker_payment_spend_preimage` / `create_taker_payment_refund_preimage`):
 * the two transactions a taker hands to watchers right after its payment, signed by its HTLC key,
 * each spending a whole HTLC output to the taker's own address less a spend fee. Swap operations
 * that have both are those of a coin KDF calls `is_supported_by_watchers` (its UTXO coins).
 */
export interface TakerPreimageOps {
  /** The spend of the maker payment (`terms`: maker → us) without the secret, which a watcher inserts. */
  makerPaymentSpendPreimage(payment: SwapTx, terms: HtlcTerms): Promise<SwapTx>;
  /** The refund of our payment (`terms`: us → maker), valid once the chain is past its lock time. */
  takerPaymentRefundPreimage(payment: SwapTx, terms: HtlcTerms): Promise<SwapTx>;
}

/** The swap operations with the preimage builders, or undefined for a coin watchers cannot serve. */
export function takerPreimageOpsOf(ops: SwapOps): (SwapOps & TakerPreimageOps) | undefined {
  const o = ops as SwapOps & Partial<TakerPreimageOps>;
  return typeof o.makerPaymentSpendPreimage === 'function' && typeof o.takerPaymentRefundPreimage === 'function' ? (o as SwapOps & TakerPreimageOps) : undefined;
}
