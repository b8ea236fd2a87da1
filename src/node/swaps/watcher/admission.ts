/**
 * Whether a watcher message is worth watching, decided from its bytes alone (no chain request):
 * KDF's checks in `spawn_taker_swap_watcher` (the lock duration is one this node would agree to),
 * then ours — times that make sense now, keys that are keys, both coins active and able to watch,
 * and both preimages exactly the taker's HTLC spend and refund paying the taker (watcherPreimage.ts).
 * A message that fails any of them costs its parse and is forgotten.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { MmError } from '../../core/errors';
import type { CheckedPreimage, RefundPreimageTerms, SpendPreimageTerms, WatcherOps } from '../../coins/watcherOps';
import { MAX_STARTED_AT_DIFF } from '../protocol/lockTime';
import { decodeWatcherMsg, txidOf, type TakerSwapWatcherData } from './message';

/** Why a message was not watched; `reason` is stable for tests and counters. */
export class WatcherRefusal extends MmError {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    cause?: unknown,
  ) {
    super({ errorType: 'WatcherRefusal', message: `${reason}: ${message}`, httpStatus: 400, cause });
  }
}

export type RefusalReason =
  | 'malformed'
  | 'lock_duration'
  | 'stale'
  | 'future'
  | 'coin_not_watched'
  | 'bad_key'
  | 'bad_refund_preimage'
  | 'bad_spend_preimage'
  | 'rate_limited'
  | 'duplicate'
  | 'own_swap'
  | 'at_capacity';

/** The message with everything later steps need, checked. */
export interface AdmittedSwap {
  data: TakerSwapWatcherData;
  /** The signer of the message: the taker's HTLC key (KDF's `verified_pub`). */
  takerPub: Uint8Array;
  refundTerms: RefundPreimageTerms;
  spendTerms: SpendPreimageTerms;
  refund: CheckedPreimage;
  spend: CheckedPreimage;
  takerOps: WatcherOps;
  makerOps: WatcherOps;
}

export interface AdmissionContext {
  nowSec: number;
  /** The conf's `payment_locktime`: KDF's watcher takes only its ×1, ×4 and ×10. */
  paymentLocktime: number;
  /** The watcher operations of an active coin able to watch, or undefined. */
  opsFor(ticker: string): WatcherOps | undefined;
  /** A stored watch read again after a restart: its times and lock duration were checked when it came. */
  resuming?: boolean;
}

const U32_MAX = 0xffff_ffff;

export function admit(payload: Uint8Array, signer: Uint8Array, ctx: AdmissionContext): AdmittedSwap {
  let data: TakerSwapWatcherData;
  try {
    data = decodeWatcherMsg(payload);
  } catch (e) {
    throw new WatcherRefusal('malformed', (e as Error).message, e);
  }
  return admitDecoded(data, signer, ctx);
}

/** The checks after decoding; also what a restarted watcher runs again on a stored message. */
export function admitDecoded(data: TakerSwapWatcherData, signer: Uint8Array, ctx: AdmissionContext): AdmittedSwap {
  const { swapStartedAt: startedAt, lockDuration } = data;
  const makerLock = startedAt + lockDuration * 2;
  if (!ctx.resuming) checkTimes(data, ctx);
  const takerOps = ctx.opsFor(data.takerCoin);
  const makerOps = ctx.opsFor(data.makerCoin);
  if (!takerOps || !makerOps) {
    throw new WatcherRefusal('coin_not_watched', `${!takerOps ? data.takerCoin : data.makerCoin} is not active here or cannot be watched`);
  }
  if (!validKey(signer) || !validKey(data.makerPub) || equal(signer, data.makerPub)) {
    throw new WatcherRefusal('bad_key', 'the taker and maker keys must be two valid compressed public keys');
  }
  const refundTerms: RefundPreimageTerms = {
    paymentTxid: txidOf(data.takerPaymentHash),
    takerPub: signer,
    makerPub: data.makerPub,
    secretHash: data.secretHash,
    timeLock: startedAt + lockDuration,
  };
  const spendTerms: SpendPreimageTerms = {
    paymentTxid: txidOf(data.makerPaymentHash),
    takerPub: signer,
    makerPub: data.makerPub,
    secretHash: data.secretHash,
    minTimeLock: makerLock - MAX_STARTED_AT_DIFF,
    maxTimeLock: makerLock + MAX_STARTED_AT_DIFF,
  };
  let refund: CheckedPreimage;
  let spend: CheckedPreimage;
  try {
    refund = takerOps.checkRefundPreimage(data.takerPaymentRefundPreimage, refundTerms);
  } catch (e) {
    throw new WatcherRefusal('bad_refund_preimage', (e as Error).message, e);
  }
  try {
    spend = makerOps.checkSpendPreimage(data.makerPaymentSpendPreimage, spendTerms);
  } catch (e) {
    throw new WatcherRefusal('bad_spend_preimage', (e as Error).message, e);
  }
  return { data, takerPub: signer, refundTerms, spendTerms, refund, spend, takerOps, makerOps };
}

/** KDF's lock-duration check (×1, ×4, ×10 of this node's `payment_locktime`), and ours: a swap started by now and not past the maker's lock. */
function checkTimes(data: TakerSwapWatcherData, ctx: AdmissionContext): void {
  const { swapStartedAt: startedAt, lockDuration } = data;
  const p = ctx.paymentLocktime;
  if (lockDuration !== p && lockDuration !== p * 4 && lockDuration !== p * 10) {
    throw new WatcherRefusal('lock_duration', `lock duration ${lockDuration} is none of ${p}, ${p * 4}, ${p * 10}`);
  }
  if (startedAt > ctx.nowSec + MAX_STARTED_AT_DIFF) throw new WatcherRefusal('future', `the swap starts at ${startedAt}, after now ${ctx.nowSec}`);
  const makerLock = startedAt + lockDuration * 2;
  if (makerLock + MAX_STARTED_AT_DIFF > U32_MAX) throw new WatcherRefusal('future', 'the lock times do not fit in a u32');
  if (ctx.nowSec >= makerLock) throw new WatcherRefusal('stale', `the maker payment's lock ${makerLock} has passed`);
}

function validKey(key: Uint8Array): boolean {
  return key.length === 33 && secp256k1.utils.isValidPublicKey(key, true);
}

const equal = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
