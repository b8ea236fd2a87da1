/**
 * Swap lock times and the deadlines derived from them (kdf-facts §4.1, KDF `lp_swap.rs`
 * `lp_atomic_locktime_v2`, `maker_swap.rs`, `taker_swap.rs`). Every deadline is a pure function of
 * the swap's stored `started_at`, so a resumed swap computes the same ones after a restart.
 */

/** KDF's PAYMENT_LOCKTIME: 2 h + 2 × 5 min, in seconds; the conf key `payment_locktime` overrides it. */
export const DEFAULT_PAYMENT_LOCKTIME = 3600 * 2 + 300 * 2;

/** How long each side may let its clock differ from the other's `started_at` (MAX_STARTED_AT_DIFF). */
export const MAX_STARTED_AT_DIFF = 60;

/** Added to every wait for a peer message (BASIC_COMM_TIMEOUT). */
export const BASIC_COMM_TIMEOUT = 90;

/** Negotiation messages are re-sent every NEGOTIATION_TIMEOUT_SEC / 6 and given up after it. */
export const NEGOTIATION_TIMEOUT_SEC = 90;

/** The maker waits this long past its payment lock before it stops retrying a refund (`wait_refund_until`). */
const MAKER_REFUND_WAIT_EXTRA = 3700;

/** The part of the match's conf settings that decides the lock multiplier. */
export interface NotarizationSettings {
  makerCoinNota: boolean;
  takerCoinNota: boolean;
}

const FOUR_TIMES_LOCKTIME = new Set(['BCH', 'BTG', 'SBTC']);

/**
 * `lp_atomic_locktime_v2`: the taker's lock duration for this pair. ×12 for a Lightning taker coin,
 * ×4 for BTC, the fork-id coins or any side that waits for notarization, else ×1.
 */
export function atomicLocktime(
  makerCoin: string,
  takerCoin: string,
  mine: NotarizationSettings,
  other: NotarizationSettings,
  paymentLocktime = DEFAULT_PAYMENT_LOCKTIME,
): number {
  if (takerCoin.includes('-lightning')) return paymentLocktime * 12;
  const notarized = mine.makerCoinNota || mine.takerCoinNota || other.makerCoinNota || other.takerCoinNota;
  const slowCoin = [makerCoin, takerCoin].some((c) => c === 'BTC' || FOUR_TIMES_LOCKTIME.has(c));
  return slowCoin || notarized ? paymentLocktime * 4 : paymentLocktime;
}

/** Every lock and deadline of one swap, in unix seconds. */
export interface SwapDeadlines {
  takerPaymentLock: number;
  makerPaymentLock: number;
  /** The taker must have sent its dex fee by then. */
  takerFeeDeadline: number;
  /** The taker gives up waiting for the maker payment's confirmations then (`maker_payment_wait`). */
  makerPaymentWait: number;
  /**
   * The maker's wait for the taker payment ends then. KDF waits `lock_duration·3/5` from the moment
   * it starts waiting; counting from `started_at` keeps the deadline a function of stored state.
   */
  takerPaymentWait: number;
  /** The taker's wait for the maker to spend its payment ends then (`taker_payment_spend_deadline`). */
  takerPaymentSpendDeadline: number;
  /** The maker stops retrying its refund then (`wait_refund_until`). */
  makerRefundWaitUntil: number;
}

/**
 * From `started_at` and the lock duration: the taker locks for the duration, the maker for twice it
 * (`maker_locktime_multiplier` 2.0, rounded up as KDF's `ceil`).
 */
export function swapDeadlines(startedAt: number, lockDuration: number): SwapDeadlines {
  const makerPaymentLock = startedAt + Math.ceil(lockDuration * 2);
  return {
    takerPaymentLock: startedAt + lockDuration,
    makerPaymentLock,
    takerFeeDeadline: startedAt + Math.floor(lockDuration / 3),
    makerPaymentWait: startedAt + Math.floor((lockDuration * 2) / 5),
    takerPaymentWait: startedAt + Math.floor((lockDuration * 3) / 5),
    takerPaymentSpendDeadline: startedAt + Math.floor((lockDuration * 4) / 5),
    makerRefundWaitUntil: makerPaymentLock + MAKER_REFUND_WAIT_EXTRA,
  };
}

/**
 * The checks each side makes of the other's negotiation (`NegotiationDataMsg` handling): clocks within
 * MAX_STARTED_AT_DIFF, and the other's payment lock exactly its `started_at` plus the duration it must
 * use (the maker's is twice the taker's). Returns the reason it fails, or null.
 */
export function negotiationLockError(
  my: { startedAt: number },
  other: { startedAt: number; paymentLocktime: number },
  expectedOtherDuration: number,
): string | null {
  const drift = Math.abs(other.startedAt - my.startedAt);
  if (drift > MAX_STARTED_AT_DIFF) return `started_at time_dif over ${MAX_STARTED_AT_DIFF}: ${drift}`;
  const expected = other.startedAt + expectedOtherDuration;
  if (other.paymentLocktime !== expected) {
    return `payment_locktime ${other.paymentLocktime} is not the expected ${expected}`;
  }
  return null;
}
