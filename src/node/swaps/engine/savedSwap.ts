/**
 * A stored swap (KDF's `SavedSwap`: `MakerSavedSwap` / `TakerSavedSwap`, tagged by `type`) and its
 * checked reading: a record from the database is validated field by field, never cast, so a
 * corrupt or foreign record is refused instead of driving a state machine that moves coins.
 */
import { MmNumber } from '../../../shared/number';
import {
  MAKER_ERROR_EVENTS,
  MAKER_SUCCESS_EVENTS,
  TAKER_ERROR_EVENTS,
  TAKER_USING_WATCHERS_SUCCESS_EVENTS,
  type MakerSwapData,
  type MakerSwapEvent,
  type SavedEvent,
  type TakerSwapData,
  type TakerSwapEvent,
} from './events';
import { MAX_PREIMAGE_BYTES } from '../watcher/message';

/** The version of the record layout this code writes. */
export const SAVED_SWAP_VERSION = 1;

interface SavedSwapCommon {
  v: typeof SAVED_SWAP_VERSION;
  uuid: string;
  my_order_uuid: string;
  maker_amount: string;
  maker_coin: string;
  taker_amount: string;
  taker_coin: string;
  gui: string | null;
  mm_version: string;
}

export interface MakerSavedSwap extends SavedSwapCommon {
  type: 'Maker';
  events: SavedEvent<MakerSwapEvent>[];
}

export interface TakerSavedSwap extends SavedSwapCommon {
  type: 'Taker';
  events: SavedEvent<TakerSwapEvent>[];
}

export type SavedSwap = MakerSavedSwap | TakerSavedSwap;

/** A record that does not read as a saved swap of this version. */
export class SavedSwapError extends Error {
  override readonly name = 'SavedSwapError';
}

/** Events are bounded: a legacy swap has at most ~17 of them; more means a corrupt record. */
const MAX_EVENTS = 64;

type Obj = Record<string, unknown>;

function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new SavedSwapError(`${path}: expected an object`);
  return v as Obj;
}

function str(o: Obj, key: string, path: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new SavedSwapError(`${path}.${key}: expected a string`);
  return v;
}

function uint(o: Obj, key: string, path: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new SavedSwapError(`${path}.${key}: expected an unsigned integer`);
  return v;
}

function amount(o: Obj, key: string, path: string): void {
  try {
    if (!MmNumber.parse(str(o, key, path)).isPositive()) throw new Error('not positive');
  } catch (e) {
    throw new SavedSwapError(`${path}.${key}: expected a positive decimal amount (${(e as Error).message})`);
  }
}

function bool(o: Obj, key: string, path: string): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') throw new SavedSwapError(`${path}.${key}: expected a boolean`);
  return v;
}

const HEX = /^[0-9a-f]*$/;

function hex(o: Obj, key: string, path: string, bytes?: number): string {
  const v = str(o, key, path);
  if (!HEX.test(v) || v.length % 2 !== 0 || (bytes !== undefined && v.length !== bytes * 2)) {
    throw new SavedSwapError(`${path}.${key}: expected ${bytes ?? 'some'} bytes of lowercase hex`);
  }
  return v;
}

function optHex(o: Obj, key: string, path: string): void {
  if (o[key] !== undefined && o[key] !== null) hex(o, key, path);
}

function checkTxId(v: unknown, path: string): void {
  const o = obj(v, path);
  hex(o, 'tx_hex', path);
  hex(o, 'tx_hash', path);
}

function checkCommonData(d: Obj, path: string): void {
  for (const k of ['taker_coin', 'maker_coin', 'uuid']) str(d, k, path);
  for (const k of ['maker_amount', 'taker_amount']) amount(d, k, path);
  for (const k of ['lock_duration', 'maker_payment_confirmations', 'taker_payment_confirmations', 'started_at']) uint(d, k, path);
  for (const k of ['maker_coin_start_block', 'taker_coin_start_block']) uint(d, k, path);
  bool(d, 'maker_payment_requires_nota', path);
  bool(d, 'taker_payment_requires_nota', path);
  for (const k of ['my_persistent_pub', 'maker_coin_htlc_pubkey', 'taker_coin_htlc_pubkey']) hex(d, k, path, 33);
  optHex(d, 'maker_coin_swap_contract_address', path);
  optHex(d, 'taker_coin_swap_contract_address', path);
}

function checkStarted(role: 'Maker' | 'Taker', data: unknown, path: string): void {
  const d = obj(data, path);
  checkCommonData(d, path);
  if (role === 'Maker') {
    hex(d, 'taker', path, 32);
    hex(d, 'secret', path, 32);
    hex(d, 'secret_hash', path, 20);
    uint(d, 'maker_payment_lock', path);
  } else {
    hex(d, 'maker', path, 32);
    uint(d, 'taker_payment_lock', path);
    uint(d, 'maker_payment_wait', path);
  }
}

function checkNegotiated(role: 'Maker' | 'Taker', data: unknown, path: string): void {
  const d = obj(data, path);
  if (role === 'Maker') {
    uint(d, 'taker_payment_locktime', path);
    hex(d, 'taker_pubkey', path, 33);
  } else {
    uint(d, 'maker_payment_locktime', path);
    hex(d, 'maker_pubkey', path, 33);
    hex(d, 'secret_hash', path, 20);
  }
  hex(d, 'maker_coin_htlc_pubkey', path, 33);
  hex(d, 'taker_coin_htlc_pubkey', path, 33);
  optHex(d, 'maker_coin_swap_contract_addr', path);
  optHex(d, 'taker_coin_swap_contract_addr', path);
}

const TX_EVENTS = new Set([
  'TakerFeeValidated',
  'MakerPaymentSent',
  'TakerPaymentReceived',
  'TakerFeeSent',
  'MakerPaymentReceived',
  'TakerPaymentSent',
  'MakerPaymentSpent',
  'MakerPaymentSpentByWatcher',
]);

/** `WatcherMessageSent`'s two optional preimages, each a bounded array of bytes. */
function checkWatcherMessageSent(data: unknown, path: string): void {
  if (!Array.isArray(data) || data.length !== 2) throw new SavedSwapError(`${path}: expected [spend preimage, refund preimage]`);
  data.forEach((p: unknown, i) => {
    if (p === null) return;
    const ok = Array.isArray(p) && p.length > 0 && p.length <= MAX_PREIMAGE_BYTES && p.every((b) => Number.isInteger(b) && b >= 0 && b <= 255);
    if (!ok) throw new SavedSwapError(`${path}[${i}]: expected null or 1 to ${MAX_PREIMAGE_BYTES} bytes`);
  });
}
const UNIT_EVENTS = new Set([
  'TakerPaymentWaitConfirmStarted',
  'TakerPaymentValidatedAndConfirmed',
  'TakerPaymentSpendConfirmStarted',
  'TakerPaymentSpendConfirmed',
  'MakerPaymentRefundStarted',
  'MakerPaymentRefundFinished',
  'MakerPaymentWaitConfirmStarted',
  'MakerPaymentValidatedAndConfirmed',
  'MakerPaymentSpendConfirmed',
  'TakerPaymentRefundStarted',
  'TakerPaymentRefundFinished',
  'Finished',
]);

/** Checks one event's data against its type; the type must be one of the role's. */
function checkEvent(role: 'Maker' | 'Taker', type: string, data: unknown, path: string): void {
  const errors: readonly string[] = role === 'Maker' ? MAKER_ERROR_EVENTS : TAKER_ERROR_EVENTS;
  const successes: readonly string[] = role === 'Maker' ? MAKER_SUCCESS_EVENTS : TAKER_USING_WATCHERS_SUCCESS_EVENTS;
  if (!errors.includes(type) && !successes.includes(type)) throw new SavedSwapError(`${path}.type: no ${role} event ${type}`);
  if (type === 'Started') return checkStarted(role, data, `${path}.data`);
  if (type === 'Negotiated') return checkNegotiated(role, data, `${path}.data`);
  if (TX_EVENTS.has(type) || (role === 'Maker' && type === 'TakerPaymentSpent')) return checkTxId(data, `${path}.data`);
  if (role === 'Taker' && type === 'WatcherMessageSent') return checkWatcherMessageSent(data, `${path}.data`);
  if (type === 'TakerPaymentSpent') {
    const d = obj(data, `${path}.data`);
    checkTxId(d.transaction, `${path}.data.transaction`);
    hex(d, 'secret', `${path}.data`, 32);
    return;
  }
  if (type.endsWith('Refunded') || type === 'TakerPaymentRefundedByWatcher') {
    if (data !== null) checkTxId(data, `${path}.data`);
    return;
  }
  if (type.endsWith('InstructionsReceived')) {
    if (data !== null) str(obj(data, `${path}.data`), 'type', `${path}.data`);
    return;
  }
  if (type.endsWith('WaitRefundStarted')) {
    uint(obj(data, `${path}.data`), 'wait_until', `${path}.data`);
    return;
  }
  if (UNIT_EVENTS.has(type)) return;
  str(obj(data, `${path}.data`), 'error', `${path}.data`);
}

/** Reads the saved swap out of a stored record (`{uuid, …, saved_swap}`), checking every field the engine relies on. */
export function parseStoredSwap(record: unknown): SavedSwap {
  return parseSavedSwap(obj(record, 'record').saved_swap);
}

function parseSavedSwap(raw: unknown): SavedSwap {
  const o = obj(raw, 'swap');
  if (o.v !== SAVED_SWAP_VERSION) throw new SavedSwapError(`swap.v: unsupported record version ${String(o.v)}`);
  const type = o.type;
  if (type !== 'Maker' && type !== 'Taker') throw new SavedSwapError('swap.type: expected Maker or Taker');
  for (const k of ['uuid', 'my_order_uuid', 'maker_coin', 'taker_coin', 'mm_version']) str(o, k, 'swap');
  for (const k of ['maker_amount', 'taker_amount']) amount(o, k, 'swap');
  if (o.gui !== null) str(o, 'gui', 'swap');
  const events = o.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS) {
    throw new SavedSwapError(`swap.events: expected 1 to ${MAX_EVENTS} events`);
  }
  events.forEach((e, i) => {
    const path = `swap.events[${i}]`;
    const saved = obj(e, path);
    uint(saved, 'timestamp', path);
    const event = obj(saved.event, `${path}.event`);
    const eventType = str(event, 'type', `${path}.event`);
    if ((i === 0) !== (eventType === 'Started')) throw new SavedSwapError(`${path}: Started must be the first event and only it`);
    checkEvent(type, eventType, event.data, `${path}.event`);
  });
  return o as unknown as SavedSwap;
}

export function startedData(swap: MakerSavedSwap): MakerSwapData;
export function startedData(swap: TakerSavedSwap): TakerSwapData;
export function startedData(swap: SavedSwap): MakerSwapData | TakerSwapData;
/** The `Started` event's data: always the first event (checked when read). */
export function startedData(swap: SavedSwap): MakerSwapData | TakerSwapData {
  const first = swap.events[0]?.event;
  if (first?.type !== 'Started') throw new SavedSwapError('swap.events[0]: not Started');
  return first.data;
}

export const isFinished = (swap: SavedSwap): boolean => swap.events.at(-1)?.event.type === 'Finished';
