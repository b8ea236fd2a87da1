/**
 * Swap recovery from the page: `recover_funds_of_swap` for a finished swap that left coins in a
 * contract, and the rescue file (`export_swaps` → a JSON file → `import_swaps` in another browser).
 * Each is offered only when the node's method table has the method.
 */
import { findMethod } from '../../shared/methods';

export const hasMethod = (name: string): boolean => findMethod(name, 'legacy') !== undefined;

/** A rescue file larger than the node takes in one request (1 MiB by default) cannot be imported. */
export const MAX_RESCUE_FILE_BYTES = 1024 * 1024;
/** The node imports at most this many swaps at once. */
export const MAX_RESCUE_SWAPS = 1000;

export class RescueFileError extends Error {
  override name = 'RescueFileError';
}

/** The swaps of a rescue file (`{"swaps": [...]}` as exported, or a bare list); each is checked by the node. */
export function readRescueFile(text: string): unknown[] {
  if (text.length > MAX_RESCUE_FILE_BYTES) throw new RescueFileError(`The file is larger than ${MAX_RESCUE_FILE_BYTES / 1024} KiB.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RescueFileError('The file is not JSON: choose a rescue file saved by “Export swaps”.');
  }
  const list = Array.isArray(json) ? json : typeof json === 'object' && json !== null && Array.isArray((json as { swaps?: unknown }).swaps) ? (json as { swaps: unknown[] }).swaps : null;
  if (list === null) throw new RescueFileError('The file holds no list of swaps.');
  if (list.length === 0) throw new RescueFileError('The file holds no swaps.');
  if (list.length > MAX_RESCUE_SWAPS) throw new RescueFileError(`The file holds ${list.length} swaps; at most ${MAX_RESCUE_SWAPS} can be imported at once.`);
  return list;
}

/** What `import_swaps` answered, in words; skipped swaps listed with the node's reasons (a few). */
export function describeImport(result: unknown): { text: string; skipped: string[] } {
  const r = (typeof result === 'object' && result !== null ? result : {}) as { imported?: unknown; skipped?: unknown };
  const imported = Array.isArray(r.imported) ? r.imported.length : 0;
  const skippedMap = typeof r.skipped === 'object' && r.skipped !== null ? Object.entries(r.skipped as Record<string, unknown>) : [];
  const skipped = skippedMap.slice(0, 20).map(([uuid, why]) => `${uuid.slice(0, 36)}: ${String(why).slice(0, 200)}`);
  const text = `${imported} swap${imported === 1 ? '' : 's'} imported${skippedMap.length > 0 ? `, ${skippedMap.length} skipped` : ''}.`;
  return { text, skipped };
}

/** What `recover_funds_of_swap` did, in words. */
export function describeRecovered(result: unknown): string {
  const r = (typeof result === 'object' && result !== null ? result : {}) as { action?: unknown; coin?: unknown; tx_hash?: unknown };
  const coin = typeof r.coin === 'string' ? r.coin.slice(0, 32) : '';
  const hash = typeof r.tx_hash === 'string' ? r.tx_hash.slice(0, 130) : '';
  const what = r.action === 'RefundedMyPayment' ? 'Your payment was refunded' : r.action === 'SpentOtherPayment' ? 'The other side’s payment was claimed' : 'Funds were recovered';
  return `${what} in ${coin}: transaction ${hash}.`;
}
