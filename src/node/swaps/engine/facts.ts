/**
 * What a swap's events have established so far, folded event by event as KDF's `apply_event` keeps
 * `MakerSwapMut` / `TakerSwapMut`: the negotiated terms, each payment and spend, the revealed
 * secret, the lock times. The steps, the recovery and the locked amounts read these facts instead
 * of searching the event list; a running swap folds each event it appends.
 */
import type { SwapTx } from '../../coins/swapOps';
import { swapDeadlines, type SwapDeadlines } from '../protocol/lockTime';
import type { MakerNegotiationData, MakerSwapData, MakerSwapEvent, SavedEvent, TakerNegotiationData, TakerSwapData, TakerSwapEvent } from './events';
import { swapTx } from './run';
import { SavedSwapError } from './savedSwap';

/** A fact and the stored time (ms) of the event that set it: a wait that begins with that event counts from it. */
export interface Stamped<T> {
  value: T;
  at: number;
}

/** A refund as recorded: its transaction is null in a KDF record that did not keep it. */
export interface Refund {
  tx: SwapTx | null;
}

export interface MakerFacts {
  readonly started: MakerSwapData;
  /** The deadlines `started_at` and `lock_duration` give. */
  readonly deadlines: SwapDeadlines;
  readonly negotiated: Stamped<TakerNegotiationData> | null;
  readonly makerPayment: SwapTx | null;
  readonly takerPayment: SwapTx | null;
  readonly takerPaymentSpend: SwapTx | null;
  readonly takerPaymentSpendConfirmed: boolean;
  readonly refund: Refund | null;
}

export interface TakerFacts {
  readonly started: TakerSwapData;
  readonly deadlines: SwapDeadlines;
  readonly negotiated: MakerNegotiationData | null;
  readonly takerFee: Stamped<SwapTx> | null;
  readonly makerPayment: SwapTx | null;
  readonly takerPayment: SwapTx | null;
  /** The preimages handed to watchers (`WatcherMessageSent`); null while none were, or a record lacks one. */
  readonly watcherPreimages: WatcherPreimages | null;
  /** The maker's spend of the taker payment and the secret (hex) it revealed. */
  readonly takerPaymentSpend: { tx: SwapTx; secret: string } | null;
  readonly makerPaymentSpend: SwapTx | null;
  readonly makerPaymentSpendConfirmed: boolean;
  readonly refund: Refund | null;
}

/** The taker's two pre-signed transactions a watcher holds. */
export interface WatcherPreimages {
  makerPaymentSpend: Uint8Array;
  takerPaymentRefund: Uint8Array;
}

const refundOf = (data: { tx_hex: string; tx_hash: string } | null): Refund => ({ tx: data ? swapTx(data) : null });

/** The maker's facts after one more stored event. */
export function applyMakerEvent(f: MakerFacts, saved: SavedEvent<MakerSwapEvent>): MakerFacts {
  const e = saved.event;
  switch (e.type) {
    case 'Negotiated':
      return f.negotiated ? f : { ...f, negotiated: { value: e.data, at: saved.timestamp } };
    case 'MakerPaymentSent':
      return { ...f, makerPayment: swapTx(e.data) };
    case 'TakerPaymentReceived':
      return { ...f, takerPayment: swapTx(e.data) };
    case 'TakerPaymentSpent':
      return { ...f, takerPaymentSpend: swapTx(e.data) };
    case 'TakerPaymentSpendConfirmed':
      return { ...f, takerPaymentSpendConfirmed: true };
    case 'MakerPaymentRefunded':
      return { ...f, refund: refundOf(e.data) };
    default:
      // The other events record a step taken or failed, no new fact.
      return f;
  }
}

/** The taker's facts after one more stored event. */
export function applyTakerEvent(f: TakerFacts, saved: SavedEvent<TakerSwapEvent>): TakerFacts {
  const e = saved.event;
  switch (e.type) {
    case 'Negotiated':
      return f.negotiated ? f : { ...f, negotiated: e.data };
    case 'TakerFeeSent':
      return { ...f, takerFee: { value: swapTx(e.data), at: saved.timestamp } };
    case 'MakerPaymentReceived':
      return { ...f, makerPayment: swapTx(e.data) };
    case 'TakerPaymentSent':
      return { ...f, takerPayment: swapTx(e.data) };
    case 'TakerPaymentSpent':
      return { ...f, takerPaymentSpend: { tx: swapTx(e.data.transaction), secret: e.data.secret } };
    case 'WatcherMessageSent': {
      const [spend, refund] = e.data;
      return spend && refund ? { ...f, watcherPreimages: { makerPaymentSpend: Uint8Array.from(spend), takerPaymentRefund: Uint8Array.from(refund) } } : f;
    }
    case 'MakerPaymentSpent':
    case 'MakerPaymentSpentByWatcher':
      return { ...f, makerPaymentSpend: swapTx(e.data) };
    case 'MakerPaymentSpendConfirmed':
      return { ...f, makerPaymentSpendConfirmed: true };
    case 'TakerPaymentRefunded':
    case 'TakerPaymentRefundedByWatcher':
      return { ...f, refund: refundOf(e.data) };
    default:
      return f;
  }
}

const notStarted = (): never => {
  throw new SavedSwapError('swap.events[0]: not Started');
};

/** The maker's facts from its events (the first is `Started`, as every stored swap's). */
export function makerFacts(events: readonly SavedEvent<MakerSwapEvent>[]): MakerFacts {
  const first = events[0]?.event;
  const d = first?.type === 'Started' ? first.data : notStarted();
  const initial: MakerFacts = {
    started: d,
    deadlines: swapDeadlines(d.started_at, d.lock_duration),
    negotiated: null,
    makerPayment: null,
    takerPayment: null,
    takerPaymentSpend: null,
    takerPaymentSpendConfirmed: false,
    refund: null,
  };
  return events.slice(1).reduce(applyMakerEvent, initial);
}

/** The taker's facts from its events. */
export function takerFacts(events: readonly SavedEvent<TakerSwapEvent>[]): TakerFacts {
  const first = events[0]?.event;
  const d = first?.type === 'Started' ? first.data : notStarted();
  const initial: TakerFacts = {
    started: d,
    deadlines: swapDeadlines(d.started_at, d.lock_duration),
    negotiated: null,
    takerFee: null,
    makerPayment: null,
    takerPayment: null,
    watcherPreimages: null,
    takerPaymentSpend: null,
    makerPaymentSpend: null,
    makerPaymentSpendConfirmed: false,
    refund: null,
  };
  return events.slice(1).reduce(applyTakerEvent, initial);
}

/** `fact`, which the step needs: every path to the step stores it first, so a missing one is a corrupt record. */
export function required<T>(fact: T | null, what: string, uuid: string): T {
  if (fact === null) throw new SavedSwapError(`swap ${uuid} has no ${what}`);
  return fact;
}
