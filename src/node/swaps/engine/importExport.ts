/**
 * The rescue file of a wallet's swaps: `export_swaps` (ours, not KDF's) writes every stored swap in
 * KDF's `SavedSwap` JSON, secrets included, and KDF's `import_swaps` reads such records back, from
 * this node or from KDF. An import is checked whole before anything is stored: a request over the
 * bounds or with any record that does not read as a swap is refused and stores nothing (as KDF,
 * whose request fails to deserialize). A well-formed record is skipped, with the reason, when it is
 * not this wallet's swap, already stored, or repeated.
 */
import { bytesToHex, hexToBytes } from '../../crypto';
import { MmError } from '../../core/errors';
import { deriveSwapSecret, secretHash } from '../protocol/secret';
import { MAKER_ERROR_EVENTS, MAKER_SUCCESS_EVENTS, TAKER_ERROR_EVENTS, takerSuccessEvents } from './events';
import { parseStoredSwap, SAVED_SWAP_VERSION, startedData, type SavedSwap } from './savedSwap';
import { LOWER_UUID_RE } from '../../../shared/uuid';

/** At most this many swaps per import: a wallet's history, not a flood. */
export const MAX_IMPORT_SWAPS = 1000;
/** At most this much JSON per swap: a legacy swap with every event and transaction is a few KiB. */
export const MAX_IMPORT_SWAP_BYTES = 64 * 1024;

const HIDDEN_SECRET = '0'.repeat(64);

/** The import request as a whole is refused (KDF's `ERR!` text, HTTP 500). */
export class ImportSwapsError extends MmError {
  constructor(message: string, cause?: unknown) {
    super({ errorType: 'ImportSwapsError', message, errorData: message, httpStatus: 500, cause });
  }
}

/** A swap in KDF's `SavedSwap` JSON (tagged by `type`), secrets kept: what a rescue needs. */
export function exportSwap(swap: SavedSwap): Record<string, unknown> {
  const maker = swap.type === 'Maker';
  return {
    type: swap.type,
    uuid: swap.uuid,
    my_order_uuid: swap.my_order_uuid,
    events: swap.events,
    maker_amount: swap.maker_amount,
    maker_coin: swap.maker_coin,
    maker_coin_usd_price: null,
    taker_amount: swap.taker_amount,
    taker_coin: swap.taker_coin,
    taker_coin_usd_price: null,
    gui: swap.gui,
    mm_version: swap.mm_version,
    success_events: maker ? MAKER_SUCCESS_EVENTS : takerSuccessEvents(swap.events),
    error_events: maker ? MAKER_ERROR_EVENTS : TAKER_ERROR_EVENTS,
  };
}

/** The wallet importing: its persistent key, and the private key a maker's secret derives from. */
export interface ImportingWallet {
  pubkey: Uint8Array;
  privkey: Uint8Array;
}

/** The swaps to store, and the well-formed records left out with why (KDF's `skipped`). */
export interface ImportPlan {
  swaps: SavedSwap[];
  skipped: Record<string, string>;
}

const text = (v: unknown, path: string): string => {
  if (typeof v !== 'string') throw new ImportSwapsError(`${path}: expected a string`);
  return v;
};

/** One KDF record as this node stores it; throws ImportSwapsError when any field is wrong. */
function readRecord(raw: unknown, path: string): SavedSwap {
  let size: number;
  try {
    size = JSON.stringify(raw)?.length ?? 0;
  } catch (e) {
    throw new ImportSwapsError(`${path}: not JSON data`, e);
  }
  if (size > MAX_IMPORT_SWAP_BYTES) throw new ImportSwapsError(`${path}: ${size} bytes, more than ${MAX_IMPORT_SWAP_BYTES}`);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ImportSwapsError(`${path}: expected an object`);
  const o = raw as Record<string, unknown>;
  const uuid = text(o.uuid, `${path}.uuid`);
  if (!LOWER_UUID_RE.test(uuid)) throw new ImportSwapsError(`${path}.uuid: expected a lowercase hyphenated uuid`);
  const candidate = {
    v: SAVED_SWAP_VERSION,
    type: o.type,
    uuid,
    my_order_uuid: o.my_order_uuid ?? uuid,
    maker_amount: o.maker_amount,
    maker_coin: o.maker_coin,
    taker_amount: o.taker_amount,
    taker_coin: o.taker_coin,
    gui: o.gui ?? null,
    mm_version: o.mm_version ?? '',
    events: o.events,
  };
  let swap: SavedSwap;
  try {
    swap = parseStoredSwap({ saved_swap: candidate });
  } catch (e) {
    throw new ImportSwapsError(`${path}: ${(e as Error).message}`, e);
  }
  const d = startedData(swap);
  if (d.uuid !== uuid || d.maker_coin !== swap.maker_coin || d.taker_coin !== swap.taker_coin) {
    throw new ImportSwapsError(`${path}: the Started event names another swap than the record`);
  }
  if (d.maker_amount !== swap.maker_amount || d.taker_amount !== swap.taker_amount) {
    throw new ImportSwapsError(`${path}: the Started event's amounts differ from the record's`);
  }
  return swap;
}

/** A maker swap whose secret was hidden (`my_swap_status`) gets it back from the wallet's key. */
function withSecret(swap: SavedSwap, wallet: ImportingWallet): SavedSwap | string {
  if (swap.type !== 'Maker') return swap;
  const first = swap.events[0];
  if (first?.event.type !== 'Started') return 'no Started event';
  const d = first.event.data;
  if (bytesToHex(secretHash(hexToBytes(d.secret))) === d.secret_hash) return swap;
  if (d.secret !== HIDDEN_SECRET) return 'the secret does not match secret_hash';
  const derived = deriveSwapSecret(wallet.privkey, swap.uuid);
  if (bytesToHex(secretHash(derived)) !== d.secret_hash) return 'the secret is hidden and this wallet cannot derive it';
  const started = { ...first, event: { type: 'Started' as const, data: { ...d, secret: bytesToHex(derived) } } };
  return { ...swap, events: [started, ...swap.events.slice(1)] };
}

/** Checks a whole `swaps` array; throws ImportSwapsError (nothing to store) unless every record reads. */
export function planImport(raw: unknown, wallet: ImportingWallet): ImportPlan {
  if (!Array.isArray(raw)) throw new ImportSwapsError('swaps: expected an array of saved swaps');
  if (raw.length > MAX_IMPORT_SWAPS) throw new ImportSwapsError(`swaps: ${raw.length} records, at most ${MAX_IMPORT_SWAPS} per import`);
  const read = raw.map((r, i) => readRecord(r, `swaps[${i}]`));
  const mine = bytesToHex(wallet.pubkey);
  const plan: ImportPlan = { swaps: [], skipped: {} };
  if (new Set(read.map((s) => s.uuid)).size !== read.length) throw new ImportSwapsError('swaps: a uuid is repeated');
  for (const swap of read) {
    if (startedData(swap).my_persistent_pub !== mine) {
      plan.skipped[swap.uuid] = 'not a swap of this wallet (my_persistent_pub differs)';
      continue;
    }
    const ready = withSecret(swap, wallet);
    if (typeof ready === 'string') plan.skipped[swap.uuid] = ready;
    else plan.swaps.push(ready);
  }
  return plan;
}
