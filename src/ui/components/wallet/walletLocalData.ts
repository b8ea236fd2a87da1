/**
 * What the page keeps in localStorage under a wallet's name (`<prefix><wallet name>`), so that a
 * renamed wallet keeps its remembered coins and settings and a deleted one leaves nothing behind.
 * Every per-wallet prefix of the page is listed here (a unit test checks the sources for others).
 */

export const WALLET_KEY_PREFIXES = [
  'browser-dex:activated-coins:',
  'browser-dex:storage-warning-acknowledged:',
  'browser-dex:page:',
] as const;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Copies each of `oldName`'s entries to `newName`, then drops the old ones. Storage trouble leaves the old entries. */
export function moveWalletLocalData(oldName: string, newName: string): void {
  const s = storage();
  if (!s) return;
  try {
    for (const prefix of WALLET_KEY_PREFIXES) {
      const value = s.getItem(prefix + oldName);
      if (value === null) continue;
      s.setItem(prefix + newName, value);
      s.removeItem(prefix + oldName);
    }
  } catch {
    // Storage full or blocked: the wallet is renamed; it starts without its remembered settings.
  }
}

/** Drops every entry of a deleted wallet. */
export function forgetWalletLocalData(name: string): void {
  const s = storage();
  if (!s) return;
  try {
    for (const prefix of WALLET_KEY_PREFIXES) s.removeItem(prefix + name);
  } catch {
    // Blocked storage holds nothing to forget.
  }
}
