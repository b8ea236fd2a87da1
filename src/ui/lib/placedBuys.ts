/**
 * The uuids of `buy` requests this browser placed. KDF turns an unmatched GoodTillCancelled buy into
 * a maker order of the same uuid that *sells the rel coin*, and keeps no trace of the buy; this list
 * lets the page show such an order as the buy the user placed, after a reload too. Uuids are
 * public (they are on the orderbook), so localStorage is fine.
 */

const KEY = 'browser-dex:placed-buys';
/** Old entries go first: an order lives far shorter than 200 later buys. */
const MAX_KEPT = 200;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The remembered buy uuids, oldest first; none when storage is unreadable. */
export function loadPlacedBuys(): string[] {
  try {
    const raw: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

/** `list` with `uuid` added last (bounded), saved; the new list. */
export function rememberPlacedBuy(list: readonly string[], uuid: string): string[] {
  const next = [...list.filter((u) => u !== uuid), uuid].slice(-MAX_KEPT);
  try {
    storage()?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the page still knows it until it is reloaded.
  }
  return next;
}
