/**
 * Swaps as the page shows them: the node's `my_swap_status` / `my_recent_swaps` records (KDF's
 * `MySwapStatusResponse`) kept up to date by the typed `swap_started` / `swap_status` events,
 * and what a person reads from them: the steps, each transaction, the lock times, what comes next.
 */
import type { SwapConfirmationsData, SwapEventData } from '../../shared/wire';
import { UUID_RE } from '../../shared/uuid';
import { isRecord } from '../../shared/guards';

export type SwapRole = 'Maker' | 'Taker';

/** One stored event: KDF's `{timestamp (ms), event: {type, data?}}`. */
export interface SwapSavedEvent {
  timestamp: number;
  event: { type: string; data?: unknown };
}

/** The fields of KDF's `MySwapStatusResponse` the page reads. */
export interface SwapStatus {
  type: SwapRole;
  uuid: string;
  my_order_uuid?: string | null;
  events: SwapSavedEvent[];
  maker_coin: string;
  maker_amount: string;
  taker_coin: string;
  taker_amount: string;
  success_events: string[];
  error_events: string[];
  my_info: { my_coin: string; other_coin: string; my_amount: string; other_amount: string; started_at: number };
  recoverable: boolean;
  is_finished: boolean;
  is_success?: boolean;
}

/** A swap has a few dozen events at most; more from the node is not a swap the page can show. */
export const MAX_SWAP_EVENTS = 64;
/** The newest swaps the list reads (one `my_recent_swaps` page). */
export const SWAPS_PAGE_LIMIT = 50;
const MAX_NAME = 64;

const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_NAME;

function readEvent(v: unknown): SwapSavedEvent | null {
  if (!isRecord(v) || typeof v.timestamp !== 'number' || !Number.isFinite(v.timestamp) || !isRecord(v.event)) return null;
  if (!isName(v.event.type)) return null;
  return { timestamp: v.timestamp, event: { type: v.event.type, ...('data' in v.event ? { data: v.event.data } : {}) } };
}

/** A `swap_started` / `swap_status` payload, checked and bounded; null when it is not one. */
export function readSwapEvent(data: unknown): SwapEventData | null {
  if (!isRecord(data) || typeof data.uuid !== 'string' || !UUID_RE.test(data.uuid)) return null;
  if (data.type !== 'Maker' && data.type !== 'Taker') return null;
  const event = readEvent(data.event);
  return event ? { uuid: data.uuid.toLowerCase(), type: data.type, event } : null;
}

/** A swap record from the node, checked and bounded; null when it is not one. */
export function readSwapStatus(v: unknown): SwapStatus | null {
  if (!isRecord(v) || (v.type !== 'Maker' && v.type !== 'Taker') || typeof v.uuid !== 'string' || !UUID_RE.test(v.uuid)) return null;
  if (!Array.isArray(v.events) || v.events.length > MAX_SWAP_EVENTS || !isRecord(v.my_info)) return null;
  const events = v.events.map(readEvent);
  if (events.some((e) => e === null)) return null;
  const strs = ['maker_coin', 'maker_amount', 'taker_coin', 'taker_amount'] as const;
  if (strs.some((k) => !isName(v[k]))) return null;
  const names = (x: unknown): string[] => (Array.isArray(x) ? x.filter(isName).slice(0, MAX_SWAP_EVENTS) : []);
  const info = v.my_info;
  return {
    ...(v as unknown as SwapStatus),
    uuid: v.uuid.toLowerCase(),
    events: events as SwapSavedEvent[],
    success_events: names(v.success_events),
    error_events: names(v.error_events),
    my_info: {
      my_coin: String(info.my_coin),
      other_coin: String(info.other_coin),
      my_amount: String(info.my_amount),
      other_amount: String(info.other_amount),
      started_at: typeof info.started_at === 'number' ? info.started_at : 0,
    },
    recoverable: v.recoverable === true,
    is_finished: v.is_finished === true,
    ...(typeof v.is_success === 'boolean' ? { is_success: v.is_success } : {}),
  };
}

/**
 * The record with one more event, as the node just stored it; the same record when it already has
 * it (an event can arrive after a read that included it). `Finished` ends it; an error event on
 * the way makes it a failure.
 */
export function applySwapEvent(s: SwapStatus, e: SwapSavedEvent): SwapStatus {
  const seen = s.events.some((x) => x.timestamp === e.timestamp && x.event.type === e.event.type);
  if (seen || s.events.length >= MAX_SWAP_EVENTS) return s;
  const events = [...s.events, e];
  if (e.event.type !== 'Finished') return { ...s, events };
  const failed = events.some((x) => s.error_events.includes(x.event.type));
  return { ...s, events, is_finished: true, is_success: !failed };
}

export type SwapPhase = 'running' | 'finished' | 'failed' | 'refunded';

const REFUNDED = new Set(['MakerPaymentRefunded', 'TakerPaymentRefunded', 'TakerPaymentRefundedByWatcher']);

export function swapPhase(s: SwapStatus): SwapPhase {
  if (!s.is_finished) return 'running';
  if (s.is_success !== false) return 'finished';
  return s.events.some((e) => REFUNDED.has(e.event.type)) ? 'refunded' : 'failed';
}

export const PHASE_LABEL: Record<SwapPhase, string> = {
  running: 'In progress',
  finished: 'Finished',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** What each event means, from the side that stored it ("you" are the node's owner). */
const LABELS: Record<SwapRole, Record<string, string>> = {
  Maker: {
    Started: 'Swap started',
    Negotiated: 'Terms agreed with the taker',
    MakerPaymentInstructionsReceived: 'Payment instructions received',
    TakerFeeValidated: 'Taker’s DEX fee checked',
    MakerPaymentSent: 'Your payment sent',
    TakerPaymentReceived: 'Taker’s payment received',
    TakerPaymentWaitConfirmStarted: 'Waiting for the taker’s payment to confirm',
    TakerPaymentValidatedAndConfirmed: 'Taker’s payment checked and confirmed',
    TakerPaymentSpent: 'Taker’s payment claimed',
    TakerPaymentSpendConfirmStarted: 'Waiting for your claim to confirm',
    TakerPaymentSpendConfirmed: 'Your claim confirmed',
    MakerPaymentWaitRefundStarted: 'Waiting to refund your payment',
    MakerPaymentRefundStarted: 'Refunding your payment',
    MakerPaymentRefunded: 'Your payment refunded',
    MakerPaymentRefundFinished: 'Refund finished',
    Finished: 'Finished',
  },
  Taker: {
    Started: 'Swap started',
    Negotiated: 'Terms agreed with the maker',
    TakerFeeSent: 'DEX fee sent',
    TakerPaymentInstructionsReceived: 'Payment instructions received',
    MakerPaymentReceived: 'Maker’s payment received',
    MakerPaymentWaitConfirmStarted: 'Waiting for the maker’s payment to confirm',
    MakerPaymentValidatedAndConfirmed: 'Maker’s payment checked and confirmed',
    TakerPaymentSent: 'Your payment sent',
    WatcherMessageSent: 'Watchers can finish the swap for you',
    TakerPaymentSpent: 'The maker claimed your payment',
    TakerPaymentWaitForSpendFailed: 'The maker did not claim your payment in time',
    MakerPaymentSpent: 'Maker’s payment claimed',
    MakerPaymentSpentByWatcher: 'Maker’s payment claimed for you by a watcher',
    MakerPaymentSpendConfirmed: 'Your claim confirmed',
    TakerPaymentWaitRefundStarted: 'Waiting to refund your payment',
    TakerPaymentRefundStarted: 'Refunding your payment',
    TakerPaymentRefunded: 'Your payment refunded',
    TakerPaymentRefundedByWatcher: 'Your payment refunded by a watcher',
    TakerPaymentRefundFinished: 'Refund finished',
    Finished: 'Finished',
  },
};

/** Said while an event is the next one expected. */
const WAITING: Record<SwapRole, Record<string, string>> = {
  Maker: {
    Negotiated: 'Agreeing the terms with the taker.',
    TakerFeeValidated: 'Waiting for the taker’s DEX fee.',
    MakerPaymentSent: 'Sending your payment into its time-locked contract.',
    TakerPaymentReceived: 'Waiting for the taker to send their payment.',
    TakerPaymentWaitConfirmStarted: 'Checking the taker’s payment.',
    TakerPaymentValidatedAndConfirmed: 'Waiting for the taker’s payment to confirm.',
    TakerPaymentSpent: 'Claiming the taker’s payment.',
    TakerPaymentSpendConfirmStarted: 'Your claim is sent.',
    TakerPaymentSpendConfirmed: 'Waiting for your claim to confirm.',
    Finished: 'Finishing.',
  },
  Taker: {
    Negotiated: 'Agreeing the terms with the maker.',
    TakerFeeSent: 'Sending the DEX fee.',
    MakerPaymentReceived: 'Waiting for the maker to send their payment.',
    MakerPaymentWaitConfirmStarted: 'Checking the maker’s payment.',
    MakerPaymentValidatedAndConfirmed: 'Waiting for the maker’s payment to confirm.',
    TakerPaymentSent: 'Sending your payment into its time-locked contract.',
    WatcherMessageSent: 'Handing watchers what they need to finish the swap if this tab closes.',
    TakerPaymentSpent: 'Waiting for the maker to claim your payment (which reveals the secret).',
    MakerPaymentSpent: 'Claiming the maker’s payment with the secret.',
    MakerPaymentSpendConfirmed: 'Waiting for your claim to confirm.',
    Finished: 'Finishing.',
  },
};

export function eventLabel(role: SwapRole, type: string): string {
  return LABELS[role][type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/** A transaction an event carries, with the coin and amount it moves (null amount: the DEX fee). */
export interface SwapTx {
  hash: string;
  coin: string;
  amount: string | null;
  /** Confirmations the swap requires for it before going on; null when it waits for none. */
  requiredConfirmations: number | null;
}

function txHashOf(data: unknown): string | null {
  if (!isRecord(data)) return null;
  const d = isRecord(data.transaction) ? data.transaction : data;
  return typeof d.tx_hash === 'string' && /^(0x)?[0-9a-f]{1,128}$/i.test(d.tx_hash) ? d.tx_hash : null;
}

function startedNumber(s: SwapStatus, key: string): number | null {
  const data = s.events.find((e) => e.event.type === 'Started')?.event.data;
  const v = isRecord(data) ? data[key] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Which payment an event's transaction is: the maker's, the taker's, or the DEX fee (in the taker coin). */
const TX_OF: Record<string, 'maker' | 'taker' | 'fee'> = {
  TakerFeeValidated: 'fee',
  TakerFeeSent: 'fee',
  MakerPaymentSent: 'maker',
  MakerPaymentReceived: 'maker',
  MakerPaymentSpent: 'maker',
  MakerPaymentSpentByWatcher: 'maker',
  MakerPaymentRefunded: 'maker',
  TakerPaymentReceived: 'taker',
  TakerPaymentSent: 'taker',
  TakerPaymentSpent: 'taker',
  TakerPaymentRefunded: 'taker',
  TakerPaymentRefundedByWatcher: 'taker',
};

/** Payments wait for the confirmations `Started` set; the fee, claims and refunds for none. */
const CONFIRMED_PAYMENT = new Set(['MakerPaymentSent', 'MakerPaymentReceived', 'TakerPaymentReceived', 'TakerPaymentSent']);

export function eventTx(s: SwapStatus, e: SwapSavedEvent): SwapTx | null {
  const hash = txHashOf(e.event.data);
  const which = TX_OF[e.event.type];
  if (!hash || !which) return null;
  const coin = which === 'maker' ? s.maker_coin : s.taker_coin;
  const amount = which === 'maker' ? s.maker_amount : which === 'taker' ? s.taker_amount : null;
  const required = CONFIRMED_PAYMENT.has(e.event.type)
    ? startedNumber(s, which === 'maker' ? 'maker_payment_confirmations' : 'taker_payment_confirmations')
    : null;
  return { hash, coin, amount, requiredConfirmations: required };
}

/**
 * The transactions whose confirmations this node itself waits for, and tells the page of with
 * `swap_confirmations`: the event that carries each, the event that ends the wait once it is
 * confirmed, and the `Started` key of the count it needs (null: one, as for a refund).
 */
const WATCHED: Record<SwapRole, Record<string, { confirmedBy: string; requiredKey: string | null }>> = {
  Maker: {
    TakerPaymentReceived: { confirmedBy: 'TakerPaymentValidatedAndConfirmed', requiredKey: 'taker_payment_confirmations' },
    TakerPaymentSpent: { confirmedBy: 'TakerPaymentSpendConfirmed', requiredKey: 'taker_payment_confirmations' },
    MakerPaymentRefunded: { confirmedBy: 'MakerPaymentRefundFinished', requiredKey: null },
  },
  Taker: {
    MakerPaymentReceived: { confirmedBy: 'MakerPaymentValidatedAndConfirmed', requiredKey: 'maker_payment_confirmations' },
    MakerPaymentSpent: { confirmedBy: 'MakerPaymentSpendConfirmed', requiredKey: 'maker_payment_confirmations' },
    MakerPaymentSpentByWatcher: { confirmedBy: 'MakerPaymentSpendConfirmed', requiredKey: 'maker_payment_confirmations' },
    TakerPaymentRefunded: { confirmedBy: 'TakerPaymentRefundFinished', requiredKey: null },
  },
};

/**
 * Where a watched transaction's confirmations stand. `confirmed`: the swap moved past its wait.
 * `live`: the node's last count (`confirmations` null: the chain does not know it; `resentAs`: the
 * hash counted when the node re-sent a dropped transaction). `unknown`: the swap waits but the
 * page has had no count yet (after a reload, until the node's next look). `ended`: the wait stopped
 * without it being confirmed, with the last count the page saw, if any.
 */
export type TxConfirmations =
  | { kind: 'confirmed' }
  | { kind: 'live'; confirmations: number | null; required: number; resentAs: string | null }
  | { kind: 'unknown'; required: number }
  | { kind: 'ended'; confirmations: number | null; required: number | null };

const CONFIRMATIONS_LIMIT = 1_000_000;
const COIN_RE = /^[A-Za-z0-9._-]{1,64}$/;
const HASH_RE = /^(0x)?[0-9a-f]{1,128}$/i;

/** A `swap_confirmations` payload, checked; null when it is not one. */
export function readSwapConfirmations(data: unknown): SwapConfirmationsData | null {
  if (!isRecord(data) || typeof data.uuid !== 'string' || !UUID_RE.test(data.uuid)) return null;
  if (typeof data.coin !== 'string' || !COIN_RE.test(data.coin) || typeof data.tx_hash !== 'string' || !HASH_RE.test(data.tx_hash)) return null;
  const count = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= CONFIRMATIONS_LIMIT;
  if (!(data.confirmations === null || count(data.confirmations)) || !count(data.required) || data.required < 1) return null;
  return { uuid: data.uuid.toLowerCase(), coin: data.coin, tx_hash: data.tx_hash, confirmations: data.confirmations, required: data.required };
}

const sameHash = (a: string, b: string): boolean => a.replace(/^0x/i, '').toLowerCase() === b.replace(/^0x/i, '').toLowerCase();

/**
 * The confirmations of the transaction the event at `index` carries, when this node waits for
 * them (null otherwise), from the stored events and the counts the page heard (`live`, oldest
 * first, any swap). A count is never guessed: without one the answer is `unknown`.
 */
export function txConfirmations(s: SwapStatus, index: number, live: readonly SwapConfirmationsData[]): TxConfirmations | null {
  const e = s.events[index];
  const watch = e ? WATCHED[s.type][e.event.type] : undefined;
  const tx = e ? eventTx(s, e) : null;
  if (!watch || !tx) return null;
  const later = s.events.slice(index + 1);
  if (later.some((x) => x.event.type === watch.confirmedBy)) return { kind: 'confirmed' };
  const mine = live.filter((c) => c.uuid === s.uuid);
  // A re-sent transaction has a hash no event holds; it is counted for the last watched step only.
  const known = s.events.map((x) => eventTx(s, x)?.hash).filter((h): h is string => h !== undefined);
  const lastWatched = !later.some((x) => WATCHED[s.type][x.event.type] !== undefined);
  const count =
    mine.findLast((c) => sameHash(c.tx_hash, tx.hash)) ??
    (lastWatched ? mine.findLast((c) => c.coin === tx.coin && !known.some((h) => sameHash(h, c.tx_hash))) : undefined);
  const waiting = !s.is_finished && !later.some((x) => s.error_events.includes(x.event.type));
  const configured = watch.requiredKey === null ? 1 : startedNumber(s, watch.requiredKey);
  if (!waiting) return { kind: 'ended', confirmations: count?.confirmations ?? null, required: count?.required ?? null };
  if (count) {
    const resentAs = sameHash(count.tx_hash, tx.hash) ? null : count.tx_hash;
    return { kind: 'live', confirmations: count.confirmations, required: count.required, resentAs };
  }
  // The node never counts a transaction done with fewer than one confirmation.
  return configured === null ? null : { kind: 'unknown', required: Math.max(configured, 1) };
}

/** The confirmations in words: "1 / 2 confirmations", "confirmed", "? / 2 confirmations …"; null when there is nothing to say. */
export function confirmationsText(c: TxConfirmations): string | null {
  const of = (required: number): string => `${required} confirmation${required === 1 ? '' : 's'}`;
  switch (c.kind) {
    case 'confirmed':
      return 'confirmed';
    case 'live':
      if (c.confirmations === null) return `– / ${of(c.required)} (not seen on the chain)`;
      return `${c.confirmations} / ${of(c.required)}${c.confirmations === 0 ? ' (in the mempool)' : ''}`;
    case 'unknown':
      return `? / ${of(c.required)} (known at the node’s next look at the chain)`;
    case 'ended':
      return c.required === null ? null : `${c.confirmations ?? '–'} / ${of(c.required)} when the wait ended`;
  }
}

export type StepState = 'done' | 'current' | 'pending' | 'failed';

export interface SwapStep {
  type: string;
  label: string;
  state: StepState;
  /** ms, when it happened. */
  at: number | null;
  tx: SwapTx | null;
  /** An error event's message. */
  error: string | null;
  /** Its transaction's confirmations, when this node waits for them. */
  confirmations: TxConfirmations | null;
}

/** KDF's payment-instructions events: stored in every swap, they carry something only for Lightning, so the timeline leaves them out. */
const NOT_SHOWN = new Set(['MakerPaymentInstructionsReceived', 'TakerPaymentInstructionsReceived']);

/**
 * Success events that stand for another one when they happen, never a step to wait for: KDF's
 * watcher list has both `MakerPaymentSpent` (the taker's own claim) and `MakerPaymentSpentByWatcher`.
 */
const ONLY_IF_HAPPENED = new Set(['MakerPaymentSpentByWatcher']);

/**
 * The timeline: every event that happened, in order, then the success steps still to come (the
 * first of them current while the swap runs). A failed swap shows no steps to come.
 */
export function swapSteps(s: SwapStatus, live: readonly SwapConfirmationsData[] = []): SwapStep[] {
  const steps: SwapStep[] = s.events.map((e, i) => {
    const d = e.event.data;
    const failed = s.error_events.includes(e.event.type) && isRecord(d) && typeof d.error === 'string';
    return {
      type: e.event.type,
      label: eventLabel(s.type, e.event.type),
      state: failed ? 'failed' : 'done',
      at: e.timestamp,
      tx: eventTx(s, e),
      error: failed ? String((d as { error: string }).error).slice(0, 500) : null,
      confirmations: txConfirmations(s, i, live),
    };
  });
  const happened = steps.filter((step) => !NOT_SHOWN.has(step.type));
  const failed = s.events.some((e) => s.error_events.includes(e.event.type));
  if (s.is_finished || failed) return happened;
  const reached = Math.max(...s.events.map((e) => s.success_events.indexOf(e.event.type)));
  const toCome: SwapStep[] = s.success_events
    .slice(reached + 1)
    .filter((t) => !NOT_SHOWN.has(t) && !ONLY_IF_HAPPENED.has(t))
    .map((t, i) => ({ type: t, label: eventLabel(s.type, t), state: i === 0 ? 'current' : 'pending', at: null, tx: null, error: null, confirmations: null }));
  return [...happened, ...toCome];
}

/** What happens next, in a sentence. */
export function nextText(s: SwapStatus): string {
  const phase = swapPhase(s);
  if (phase === 'finished') return 'The swap is complete: both payments were claimed.';
  if (phase === 'refunded') return 'The swap did not complete: your payment was refunded to you.';
  if (phase === 'failed') return 'The swap did not complete.';
  const last = s.events.at(-1)?.event.type ?? '';
  if (/WaitRefundStarted$/.test(last)) return 'The swap failed: your payment is refunded once its lock time has passed.';
  if (/RefundStarted$/.test(last)) return 'Refunding your payment.';
  if (s.events.some((e) => s.error_events.includes(e.event.type))) return 'The swap failed; the node is finishing it.';
  const current = swapSteps(s).find((x) => x.state === 'current');
  return current ? (WAITING[s.type][current.type] ?? `Next: ${current.label}.`) : 'Finishing.';
}

export interface SwapLock {
  kind: 'mine' | 'theirs' | 'refund';
  label: string;
  /** Unix seconds. */
  until: number;
}

/**
 * The swap's deadlines: each side's payment can be refunded to its sender only after its lock
 * time (KDF's HTLC), so your payment is safe to wait for and theirs must be claimed before it.
 */
export function swapLocks(s: SwapStatus): SwapLock[] {
  const mine = startedNumber(s, s.type === 'Maker' ? 'maker_payment_lock' : 'taker_payment_lock');
  const negotiated = s.events.find((e) => e.event.type === 'Negotiated')?.event.data;
  const theirsKey = s.type === 'Maker' ? 'taker_payment_locktime' : 'maker_payment_locktime';
  const theirs = isRecord(negotiated) && typeof negotiated[theirsKey] === 'number' ? negotiated[theirsKey] : null;
  const waitData = s.events.find((e) => /WaitRefundStarted$/.test(e.event.type))?.event.data;
  const refund = isRecord(waitData) && typeof waitData.wait_until === 'number' ? waitData.wait_until : null;
  const locks: SwapLock[] = [];
  if (mine !== null) locks.push({ kind: 'mine', label: 'Your payment can be refunded to you after', until: mine });
  if (theirs !== null) locks.push({ kind: 'theirs', label: 'Their payment can be refunded to them after', until: theirs });
  if (refund !== null) locks.push({ kind: 'refund', label: 'Refund waits until', until: refund });
  return locks;
}

/** "1 h 02 min", "4 min 05 s", "12 s"; "passed" once the time is reached. */
export function countdown(untilS: number, nowMs: number): string {
  const left = Math.floor(untilS - nowMs / 1000);
  if (left <= 0) return 'passed';
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const sec = left % 60;
  const pad = (n: number): string => String(n).padStart(2, '0');
  if (h > 0) return `in ${h} h ${pad(m)} min`;
  if (m > 0) return `in ${m} min ${pad(sec)} s`;
  return `in ${sec} s`;
}

export type PhaseFilter = 'all' | 'active' | 'past';

/** The swaps a list shows: active (running) or past (finished either way), and by coin. */
export function filterSwaps(list: SwapStatus[], phase: PhaseFilter, coin: string): SwapStatus[] {
  return list.filter(
    (s) =>
      (phase === 'all' || (phase === 'active') === !s.is_finished) &&
      (coin === '' || s.maker_coin === coin || s.taker_coin === coin),
  );
}

/** Newest first, by start time then uuid (stable). */
export function sortSwaps(list: SwapStatus[]): SwapStatus[] {
  return [...list].sort((a, b) => b.my_info.started_at - a.my_info.started_at || a.uuid.localeCompare(b.uuid));
}
