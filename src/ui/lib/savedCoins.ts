/**
 * The coins a wallet had activated, with their servers or nodes, remembered in localStorage so
 * they can be activated again after the next unlock (the node keeps nothing across page loads).
 * Servers, node URLs and contract addresses are not secret; nothing else is stored here.
 */
import type { ElectrumServer } from './coinsConfig';
import { checkContractAddress, checkRpcUrl, parseElectrumDefaults } from './coinsConfig';
import type { QtumActivation } from './utxoActivation';

export type GasStationPolicy = 'MeanAverageFast' | 'Average';
export const GAS_STATION_POLICIES: readonly GasStationPolicy[] = ['MeanAverageFast', 'Average'];

export interface GasStationSettings {
  url: string;
  /** Omitted: the node's default (8). */
  decimals?: number;
  /** Omitted: the node's default (MeanAverageFast). */
  policy?: GasStationPolicy;
}

/** An EVM coin's `enable` arguments, as the page keeps them. */
export interface EvmSettings {
  urls: string[];
  swapContract: string;
  fallbackSwapContract: string | null;
  gasStation: GasStationSettings | null;
}

interface SavedBase {
  ticker: string;
  txHistory: boolean;
  requiredConfirmations?: number;
}

export interface SavedElectrumCoin extends SavedBase {
  kind: 'electrum';
  servers: ElectrumServer[];
  /** Activated on the Trezor's account: activating it again needs the Trezor connected. */
  trezor?: boolean;
  /** QTUM or a QRC20 token, with the swap contracts it was activated with. */
  qtum?: QtumActivation;
}

export interface SavedEvmCoin extends SavedBase {
  kind: 'evm';
  evm: EvmSettings;
}

export type SavedCoin = SavedElectrumCoin | SavedEvmCoin;

const PREFIX = 'browser-dex:activated-coins:';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readEvm(v: unknown): EvmSettings | null {
  const e = v as Partial<EvmSettings> | null;
  if (!e || !Array.isArray(e.urls) || typeof e.swapContract !== 'string') return null;
  const urls = e.urls.filter((u): u is string => typeof u === 'string' && checkRpcUrl(u).url !== null);
  if (urls.length === 0 || checkContractAddress(e.swapContract).address === null) return null;
  const fallback =
    typeof e.fallbackSwapContract === 'string' && checkContractAddress(e.fallbackSwapContract).address !== null
      ? e.fallbackSwapContract
      : null;
  let gasStation: GasStationSettings | null = null;
  const g = e.gasStation as Partial<GasStationSettings> | null | undefined;
  if (g && typeof g.url === 'string' && checkRpcUrl(g.url).url !== null) {
    gasStation = { url: g.url };
    if (typeof g.decimals === 'number' && Number.isInteger(g.decimals) && g.decimals >= 0) gasStation.decimals = g.decimals;
    if (g.policy !== undefined && GAS_STATION_POLICIES.includes(g.policy)) gasStation.policy = g.policy;
  }
  return { urls, swapContract: e.swapContract, fallbackSwapContract: fallback, gasStation };
}

/** A saved QTUM/QRC20 entry's contracts: each a contract address or null; anything else drops them. */
function readQtum(v: unknown): QtumActivation | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const { swapContract, fallbackSwapContract } = v as Record<string, unknown>;
  const contract = (c: unknown): string | null | undefined => (c === null ? null : typeof c === 'string' && checkContractAddress(c).address !== null ? c : undefined);
  const main = contract(swapContract);
  const fallback = contract(fallbackSwapContract);
  return main === undefined || fallback === undefined ? undefined : { swapContract: main, fallbackSwapContract: fallback };
}

export function loadSavedCoins(wallet: string): SavedCoin[] {
  const raw = storage()?.getItem(PREFIX + wallet);
  if (!raw) return [];
  try {
    const data = JSON.parse(raw) as unknown;
    if (!Array.isArray(data)) return [];
    const out: SavedCoin[] = [];
    for (const item of data) {
      const v = item as (Partial<Omit<SavedElectrumCoin, 'kind'>> & Partial<Omit<SavedEvmCoin, 'kind'>> & { kind?: unknown }) | null;
      if (!v || typeof v.ticker !== 'string') continue;
      const base: SavedBase = { ticker: v.ticker, txHistory: v.txHistory !== false };
      if (typeof v.requiredConfirmations === 'number') base.requiredConfirmations = v.requiredConfirmations;
      if (v.kind === 'evm') {
        const evm = readEvm(v.evm);
        if (evm) out.push({ ...base, kind: 'evm', evm });
        continue;
      }
      // Entries written before EVM coins existed have no kind: they are Electrum coins.
      const servers = parseElectrumDefaults({ x: v.servers ?? [] }).x ?? [];
      if (servers.length === 0) continue;
      const qtum = readQtum((v as { qtum?: unknown }).qtum);
      out.push({ ...base, kind: 'electrum', servers, ...((v as { trezor?: unknown }).trezor === true ? { trezor: true } : {}), ...(qtum ? { qtum } : {}) });
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

/** How the reactivation banner names where a coin connects. */
export function describeConnection(s: SavedCoin): string {
  if (s.kind === 'electrum') {
    const servers = s.servers.map((x) => `${x.protocol.toLowerCase()}://${x.url}`).join(', ');
    return s.trezor === true ? `${servers} · on the Trezor` : servers;
  }
  return s.evm.urls.join(', ');
}
