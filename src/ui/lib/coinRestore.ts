/**
 * Activating a wallet's remembered coins again after an unlock, without a click per coin: the node
 * starts empty on every page load. Coins are activated side by side (the node reserves each ticker,
 * so different coins may activate at once), platform coins before their tokens, a few at a time so
 * one slow server does not hold up the rest. Coins on a Trezor's account wait for the device.
 */
import type { SavedCoin } from './savedCoins';

export type RestoreState = 'waiting' | 'activating' | 'ok' | 'failed' | 'skipped';

export interface RestoreItem {
  ticker: string;
  state: RestoreState;
  /** Why it failed or was skipped, in words. */
  reason: string | null;
}

export interface RestoreDeps {
  activate(coin: SavedCoin): Promise<unknown>;
  /** A failure of `activate` in words. */
  describe(error: unknown, ticker: string): string;
  /** A token's platform coin; null for a platform or UTXO coin. */
  platformOf(ticker: string): string | null;
  /** Called with each item whenever its state changes. */
  report(item: RestoreItem): void;
  /** A Trezor is connected: coins on its account can be activated too. */
  trezorConnected?: boolean;
}

/** Activations running at once. */
export const RESTORE_PARALLEL = 4;

export const TREZOR_REASON = 'Its keys are on the Trezor: connect it, then re-activate it.';

async function pool<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The items to show before anything runs: every coin waiting; Trezor coins skipped unless one is connected. */
export function restorePlan(saved: readonly SavedCoin[], trezorConnected = false): RestoreItem[] {
  return saved.map((s) =>
    s.kind === 'electrum' && s.trezor === true && !trezorConnected
      ? { ticker: s.ticker, state: 'skipped', reason: TREZOR_REASON }
      : { ticker: s.ticker, state: 'waiting', reason: null },
  );
}

/** Activates `saved` again; resolves with each coin's outcome once all have settled (never rejects). */
export async function restoreCoins(saved: readonly SavedCoin[], deps: RestoreDeps, limit: number = RESTORE_PARALLEL): Promise<RestoreItem[]> {
  const outcome = new Map<string, RestoreItem>();
  const set = (item: RestoreItem): void => {
    outcome.set(item.ticker, item);
    deps.report(item);
  };
  for (const item of restorePlan(saved, deps.trezorConnected === true)) set(item);
  const runnable = saved.filter((s) => outcome.get(s.ticker)?.state === 'waiting');

  const activate = async (s: SavedCoin): Promise<void> => {
    set({ ticker: s.ticker, state: 'activating', reason: null });
    try {
      await deps.activate(s);
      set({ ticker: s.ticker, state: 'ok', reason: null });
    } catch (e) {
      set({ ticker: s.ticker, state: 'failed', reason: deps.describe(e, s.ticker) });
    }
  };

  const tokens = runnable.filter((s) => deps.platformOf(s.ticker) !== null);
  await pool(
    runnable.filter((s) => !tokens.includes(s)),
    limit,
    activate,
  );
  await pool(tokens, limit, async (s) => {
    const platform = deps.platformOf(s.ticker) ?? '';
    const p = outcome.get(platform);
    // A platform the wallet did not remember may still be active from this session: the node decides.
    if (p !== undefined && p.state !== 'ok') {
      set({ ticker: s.ticker, state: 'failed', reason: `Its platform ${platform} is not active.` });
      return;
    }
    await activate(s);
  });
  return saved.map((s) => outcome.get(s.ticker) as RestoreItem);
}
