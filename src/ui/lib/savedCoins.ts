/**
 * The coins a wallet had activated, with their servers, remembered in localStorage so they can be
 * activated again after the next unlock (the node keeps nothing across page loads). Servers are
 * not secret; nothing else is stored here.
 */
import type { ElectrumServer } from './coinsConfig';
import { parseElectrumDefaults } from './coinsConfig';

export interface SavedCoin {
  ticker: string;
  servers: ElectrumServer[];
  txHistory: boolean;
  requiredConfirmations?: number;
}

const PREFIX = 'browser-dex:activated-coins:';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadSavedCoins(wallet: string): SavedCoin[] {
  const raw = storage()?.getItem(PREFIX + wallet);
  if (!raw) return [];
  try {
    const data = JSON.parse(raw) as unknown;
    if (!Array.isArray(data)) return [];
    const out: SavedCoin[] = [];
    for (const item of data) {
      const v = item as Partial<SavedCoin> | null;
      if (!v || typeof v.ticker !== 'string') continue;
      const servers = parseElectrumDefaults({ x: v.servers ?? [] }).x ?? [];
      if (servers.length === 0) continue;
      const saved: SavedCoin = { ticker: v.ticker, servers, txHistory: v.txHistory !== false };
      if (typeof v.requiredConfirmations === 'number') saved.requiredConfirmations = v.requiredConfirmations;
      out.push(saved);
    }
    return out;
  } catch {
    return [];
  }
}

function write(wallet: string, coins: SavedCoin[]): void {
  try {
    storage()?.setItem(PREFIX + wallet, JSON.stringify(coins));
  } catch {
    // Storage full or disabled: remembering is a convenience only.
  }
}

export function rememberCoin(wallet: string, coin: SavedCoin): void {
  const rest = loadSavedCoins(wallet).filter((c) => c.ticker !== coin.ticker);
  write(wallet, [...rest, coin]);
}

export function forgetCoin(wallet: string, ticker: string): void {
  write(
    wallet,
    loadSavedCoins(wallet).filter((c) => c.ticker !== ticker),
  );
}
