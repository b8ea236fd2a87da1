/**
 * The portfolio's choices, kept in localStorage for this browser: the price source (off until the
 * user turns it on) and whether balances are hidden. Storage that is blocked, full or unreadable
 * gives the defaults; a failed write lasts for this page only.
 */
import { DEFAULT_PRICE_SETTINGS, readPriceSettings, type PriceSettings } from './prices';

const PRICES_KEY = 'browser-dex:price-source';
const HIDE_KEY = 'browser-dex:hide-balances';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(key: string): unknown {
  try {
    return JSON.parse(storage()?.getItem(key) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked: kept for this page only.
  }
}

export function loadPriceSettings(): PriceSettings {
  const raw = read(PRICES_KEY);
  return raw === null ? { ...DEFAULT_PRICE_SETTINGS } : readPriceSettings(raw);
}

export function savePriceSettings(s: PriceSettings): void {
  write(PRICES_KEY, s);
}

export function loadHideBalances(): boolean {
  return read(HIDE_KEY) === true;
}

export function saveHideBalances(hidden: boolean): void {
  write(HIDE_KEY, hidden);
}
