/**
 * Small settings kept in localStorage. Remembering is a convenience: storage that is disabled, full
 * or holds something unreadable gives the default, and a failed write is dropped.
 */

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readSetting(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeSetting(key: string, value: string | null): void {
  try {
    const s = storage();
    if (value === null) s?.removeItem(key);
    else s?.setItem(key, value);
  } catch {
    // Full or disabled: the setting lasts for this page only.
  }
}

/** A stored JSON value, or null when absent or unreadable. */
export function readJsonSetting(key: string): unknown {
  const raw = readSetting(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
