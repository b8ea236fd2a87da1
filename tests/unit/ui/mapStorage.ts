/** A Storage over a Map, installed as `localStorage`: the unit project runs in Node, which has none. */
export class MapStorage implements Storage {
  readonly items = new Map<string, string>();
  /** When set, writes throw as a full or blocked storage does. */
  failWrites = false;
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw new DOMException('quota exceeded', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

export function installLocalStorage(): MapStorage {
  const storage = new MapStorage();
  (globalThis as { localStorage?: Storage }).localStorage = storage;
  return storage;
}

export function removeLocalStorage(): void {
  delete (globalThis as { localStorage?: Storage }).localStorage;
}

/** A storage that refuses every call, as a browser with storage disabled does. */
export class BrokenStorage extends MapStorage {
  override getItem(): string | null {
    throw new Error('SecurityError');
  }
  override setItem(): void {
    throw new Error('QuotaExceededError');
  }
}
