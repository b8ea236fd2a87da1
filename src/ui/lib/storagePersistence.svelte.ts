/**
 * Whether the browser may evict this site's storage: the IndexedDB that holds the encrypted
 * wallet, its open orders and its swaps in progress. Only the page can ask for persistence
 * (`navigator.storage.persist()` is exposed on Window, not in workers), so it asks when a wallet is
 * created or unlocked. The browser decides on its own (Chromium from site engagement, Firefox by
 * asking the user); the answer is shown on the wallet page and, when it is no, before trading.
 */

/** `best-effort` is the browser's own name for storage it may evict under storage pressure. */
export type StorageMode = 'checking' | 'persistent' | 'best-effort' | 'unsupported';

interface StorageManagerLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
}

function storageManager(): StorageManagerLike | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManagerLike | undefined);
}

export class StoragePersistence {
  mode = $state<StorageMode>('checking');

  /** Asks the browser to keep this site's storage, then records what it decided. */
  async request(): Promise<void> {
    const manager = storageManager();
    if (!manager?.persist || !manager.persisted) {
      this.mode = 'unsupported';
      return;
    }
    let granted = false;
    try {
      granted = await manager.persist();
    } catch {
      // A refused request (e.g. an insecure context) leaves the current state, read below.
    }
    try {
      this.mode = granted || (await manager.persisted()) ? 'persistent' : 'best-effort';
    } catch {
      this.mode = 'unsupported';
    }
  }
}

/** What the wallet page says about each state: a short status and what it means for the user. */
export function storageStatusText(mode: StorageMode): { label: string; detail: string } {
  switch (mode) {
    case 'persistent':
      return {
        label: 'Storage: persistent',
        detail: 'The browser keeps this wallet, your open orders and swaps in progress until you delete them.',
      };
    case 'best-effort':
      return {
        label: 'Storage: not persistent',
        detail:
          'The browser may delete this site’s data when the disk runs low. Your open orders would then vanish and a swap in ' +
          'progress could not finish or refund from this browser; keep your recovery phrase to restore the wallet itself.',
      };
    case 'unsupported':
      return {
        label: 'Storage: persistence unknown',
        detail:
          'This browser cannot promise to keep this site’s data: open orders and swaps in progress may be lost if it clears ' +
          'storage. Keep your recovery phrase.',
      };
    default:
      return { label: 'Storage: checking…', detail: 'Asking the browser whether it keeps this wallet’s data.' };
  }
}

const ACK_KEY_PREFIX = 'browser-dex:storage-warning-acknowledged:';

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The warning shown before a wallet's first order while storage is not persistent. The user
 * acknowledges it once per wallet; the acknowledgement is kept in localStorage.
 */
export class TradeStorageWarning {
  private acknowledged = $state(false);

  constructor(
    private readonly persistence: StoragePersistence,
    private readonly walletName: string,
  ) {
    this.acknowledged = localStore()?.getItem(ACK_KEY_PREFIX + walletName) === '1';
  }

  /** Not persistent (or unknown) and not yet acknowledged for this wallet. */
  get needed(): boolean {
    const mode = this.persistence.mode;
    return (mode === 'best-effort' || mode === 'unsupported') && !this.acknowledged;
  }

  acknowledge(): void {
    this.acknowledged = true;
    try {
      localStore()?.setItem(ACK_KEY_PREFIX + this.walletName, '1');
    } catch {
      // Storage full or blocked: the acknowledgement holds for this session only.
    }
  }
}
