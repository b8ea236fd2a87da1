/**
 * KDF's legacy swap events (`MakerSwapEvent`, `TakerSwapEvent`; kdf-facts §4.2) as they are stored
 * and shown: `{timestamp: ms, event: {type, data}}`, with KDF's names and snake_case data fields.
 * A swap is the list of its events; everything else is computed from them.
 */

/** KDF's `TransactionIdentifier`. */
export interface TxId {
  tx_hex: string;
  tx_hash: string;
}

/** KDF's `SwapError`. */
export interface SwapErrorData {
  error: string;
}

/** The `Started` data both sides share (KDF's `MakerSwapData` / `TakerSwapData` common fields). */
interface SwapDataCommon {
  taker_coin: string;
  maker_coin: string;
  my_persistent_pub: string;
  lock_duration: number;
  maker_amount: string;
  taker_amount: string;
  maker_payment_confirmations: number;
  maker_payment_requires_nota: boolean;
  taker_payment_confirmations: number;
  taker_payment_requires_nota: boolean;
  uuid: string;
  /** Unix seconds. */
  started_at: number;
  maker_coin_start_block: number;
  taker_coin_start_block: number;
  maker_coin_swap_contract_address?: string;
  taker_coin_swap_contract_address?: string;
  maker_coin_htlc_pubkey: string;
  taker_coin_htlc_pubkey: string;
}

/** `MakerSwapData`: `taker` is the taker's 32-byte x-only pubkey hex. */
export interface MakerSwapData extends SwapDataCommon {
  taker: string;
  secret: string;
  secret_hash: string;
  maker_payment_lock: number;
}

/** `TakerSwapData`: `maker` is the maker's 32-byte x-only pubkey hex. */
export interface TakerSwapData extends SwapDataCommon {
  maker: string;
  taker_payment_lock: number;
  maker_payment_wait: number;
}

/** The maker's `Negotiated` data (KDF's `TakerNegotiationData`). */
export interface TakerNegotiationData {
  taker_payment_locktime: number;
  taker_pubkey: string;
  maker_coin_swap_contract_addr: string | null;
  taker_coin_swap_contract_addr: string | null;
  maker_coin_htlc_pubkey: string;
  taker_coin_htlc_pubkey: string;
}

/** The taker's `Negotiated` data (KDF's `MakerNegotiationData`). */
export interface MakerNegotiationData {
  maker_payment_locktime: number;
  maker_pubkey: string;
  secret_hash: string;
  maker_coin_swap_contract_addr: string | null;
  taker_coin_swap_contract_addr: string | null;
  maker_coin_htlc_pubkey: string;
  taker_coin_htlc_pubkey: string;
}

type Unit<T extends string> = { type: T };
/** One member per name of `T`, so each error event is its own member of the union. */
type With<T extends string, D> = T extends string ? { type: T; data: D } : never;

export const MAKER_ERROR_EVENTS = [
  'StartFailed',
  'NegotiateFailed',
  'TakerFeeValidateFailed',
  'MakerPaymentTransactionFailed',
  'MakerPaymentDataSendFailed',
  'MakerPaymentWaitConfirmFailed',
  'TakerPaymentValidateFailed',
  'TakerPaymentWaitConfirmFailed',
  'TakerPaymentSpendFailed',
  'TakerPaymentSpendConfirmFailed',
  'MakerPaymentWaitRefundStarted',
  'MakerPaymentRefundStarted',
  'MakerPaymentRefunded',
  'MakerPaymentRefundFailed',
  'MakerPaymentRefundFinished',
] as const;

export const MAKER_SUCCESS_EVENTS = [
  'Started',
  'Negotiated',
  'MakerPaymentInstructionsReceived',
  'TakerFeeValidated',
  'MakerPaymentSent',
  'TakerPaymentReceived',
  'TakerPaymentWaitConfirmStarted',
  'TakerPaymentValidatedAndConfirmed',
  'TakerPaymentSpent',
  'TakerPaymentSpendConfirmStarted',
  'TakerPaymentSpendConfirmed',
  'Finished',
] as const;

export const TAKER_ERROR_EVENTS = [
  'StartFailed',
  'NegotiateFailed',
  'TakerFeeSendFailed',
  'MakerPaymentValidateFailed',
  'MakerPaymentWaitConfirmFailed',
  'TakerPaymentTransactionFailed',
  'TakerPaymentWaitConfirmFailed',
  'TakerPaymentDataSendFailed',
  'TakerPaymentWaitForSpendFailed',
  'MakerPaymentSpendFailed',
  'MakerPaymentSpendConfirmFailed',
  'TakerPaymentWaitRefundStarted',
  'TakerPaymentRefundStarted',
  'TakerPaymentRefunded',
  'TakerPaymentRefundedByWatcher',
  'TakerPaymentRefundFailed',
  'TakerPaymentRefundFinished',
] as const;

export const TAKER_SUCCESS_EVENTS = [
  'Started',
  'Negotiated',
  'TakerFeeSent',
  'TakerPaymentInstructionsReceived',
  'MakerPaymentReceived',
  'MakerPaymentWaitConfirmStarted',
  'MakerPaymentValidatedAndConfirmed',
  'TakerPaymentSent',
  'TakerPaymentSpent',
  'MakerPaymentSpent',
  'MakerPaymentSpendConfirmed',
  'Finished',
] as const;

/**
 * KDF's `TAKER_USING_WATCHERS_SUCCESS_EVENTS`: a taker's success events when both coins can be
 * watched and `use_watchers` is on (KDF stores the list with the swap; this node shows it for a
 * swap whose events show that watchers were used).
 */
export const TAKER_USING_WATCHERS_SUCCESS_EVENTS = [
  'Started',
  'Negotiated',
  'TakerFeeSent',
  'TakerPaymentInstructionsReceived',
  'MakerPaymentReceived',
  'MakerPaymentWaitConfirmStarted',
  'MakerPaymentValidatedAndConfirmed',
  'TakerPaymentSent',
  'WatcherMessageSent',
  'TakerPaymentSpent',
  'MakerPaymentSpent',
  'MakerPaymentSpentByWatcher',
  'MakerPaymentSpendConfirmed',
  'Finished',
] as const;

/** The events that show a taker used watchers. */
const WATCHER_EVENTS: ReadonlySet<string> = new Set(['WatcherMessageSent', 'MakerPaymentSpentByWatcher', 'TakerPaymentRefundedByWatcher']);

/** The success events a taker swap with these events shows (KDF's choice of list, see above). */
export function takerSuccessEvents(events: readonly { event: { type: string } }[]): readonly string[] {
  return events.some((e) => WATCHER_EVENTS.has(e.event.type)) ? TAKER_USING_WATCHERS_SUCCESS_EVENTS : TAKER_SUCCESS_EVENTS;
}

/**
 * KDF's `WatcherMessageSent(Option<Vec<u8>>, Option<Vec<u8>>)`: the maker-payment-spend and the
 * taker-payment-refund preimages, serde's tuple of two byte arrays (JSON arrays of numbers).
 */
export type WatcherMessageSentData = [number[] | null, number[] | null];

type MakerErrorName = Exclude<
  (typeof MAKER_ERROR_EVENTS)[number],
  'MakerPaymentWaitRefundStarted' | 'MakerPaymentRefundStarted' | 'MakerPaymentRefunded' | 'MakerPaymentRefundFinished'
>;

/**
 * KDF's `Option<PaymentInstructions>` (`{type, data}`: a Lightning invoice or a watcher reward), which
 * no coin here uses, so null when this node writes it; a KDF record's object is kept as it is.
 */
export type PaymentInstructions = { type: string; data?: unknown } | null;

export type MakerSwapEvent =
  | With<'Started', MakerSwapData>
  | With<'Negotiated', TakerNegotiationData>
  | With<'MakerPaymentInstructionsReceived', PaymentInstructions>
  | With<'TakerFeeValidated', TxId>
  | With<'MakerPaymentSent', TxId>
  | With<'TakerPaymentReceived', TxId>
  | Unit<'TakerPaymentWaitConfirmStarted'>
  | Unit<'TakerPaymentValidatedAndConfirmed'>
  | With<'TakerPaymentSpent', TxId>
  | Unit<'TakerPaymentSpendConfirmStarted'>
  | Unit<'TakerPaymentSpendConfirmed'>
  | With<MakerErrorName, SwapErrorData>
  | With<'MakerPaymentWaitRefundStarted', { wait_until: number }>
  | Unit<'MakerPaymentRefundStarted'>
  | With<'MakerPaymentRefunded', TxId | null>
  | Unit<'MakerPaymentRefundFinished'>
  | Unit<'Finished'>;

type TakerErrorName = Exclude<
  (typeof TAKER_ERROR_EVENTS)[number],
  | 'TakerPaymentWaitRefundStarted'
  | 'TakerPaymentRefundStarted'
  | 'TakerPaymentRefunded'
  | 'TakerPaymentRefundedByWatcher'
  | 'TakerPaymentRefundFinished'
>;

export type TakerSwapEvent =
  | With<'Started', TakerSwapData>
  | With<'Negotiated', MakerNegotiationData>
  | With<'TakerFeeSent', TxId>
  | With<'TakerPaymentInstructionsReceived', PaymentInstructions>
  | With<'MakerPaymentReceived', TxId>
  | Unit<'MakerPaymentWaitConfirmStarted'>
  | Unit<'MakerPaymentValidatedAndConfirmed'>
  | With<'TakerPaymentSent', TxId>
  | With<'WatcherMessageSent', WatcherMessageSentData>
  | With<'TakerPaymentSpent', { transaction: TxId; secret: string }>
  | With<'MakerPaymentSpent', TxId>
  | With<'MakerPaymentSpentByWatcher', TxId>
  | Unit<'MakerPaymentSpendConfirmed'>
  | With<TakerErrorName, SwapErrorData>
  | With<'TakerPaymentWaitRefundStarted', { wait_until: number }>
  | Unit<'TakerPaymentRefundStarted'>
  | With<'TakerPaymentRefunded', TxId | null>
  | With<'TakerPaymentRefundedByWatcher', TxId | null>
  | Unit<'TakerPaymentRefundFinished'>
  | Unit<'Finished'>;

export type MakerEventType = MakerSwapEvent['type'];
export type TakerEventType = TakerSwapEvent['type'];

/** The member of the event union `E` whose type is `T`, with its payload. */
export type EventOf<E extends { type: string }, T extends E['type']> = Extract<E, { type: T }>;

export type SwapEvent = MakerSwapEvent | TakerSwapEvent;

/** An event as stored: KDF's `MakerSavedEvent` / `TakerSavedEvent`. */
export interface SavedEvent<E extends SwapEvent = SwapEvent> {
  /** Unix milliseconds. */
  timestamp: number;
  event: E;
}

export const isErrorEvent = (role: 'Maker' | 'Taker', type: string): boolean =>
  (role === 'Maker' ? (MAKER_ERROR_EVENTS as readonly string[]) : (TAKER_ERROR_EVENTS as readonly string[])).includes(type);
