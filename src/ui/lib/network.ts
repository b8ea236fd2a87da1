/**
 * The page's network setting: the seed nodes the node joins the peer-to-peer network through
 * (conf `seednodes`) and the network id (conf `netid`), kept in localStorage for every wallet of
 * this browser. Empty by default, and then the node starts without peer-to-peer: no orderbook, no
 * trading. Seed addresses are public. Also the words for the network state the node reports.
 */
import type { P2pStatusData, SeedStatusData } from '../../shared/wire';

const KEY = 'browser-dex:seednodes';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A libp2p multiaddr over WebSockets: `/ip4/127.0.0.1/tcp/4001/ws/p2p/12D3Koo…`, `/dns4/host/tcp/443/wss`. */
const MULTIADDR = /^\/(ip4|ip6|dns|dns4|dns6)\/[^/\s]+\/tcp\/\d{1,5}\/(ws|wss|tls\/ws)(\/p2p\/[A-Za-z0-9]+)?$/;
/** A bare host or IP, as KDF's conf lists seeds: the node dials it on the network's WSS port. */
const HOST = /^(\d{1,3}(\.\d{1,3}){3}|[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+)$/;

export function seednodeError(line: string): string | null {
  const s = line.trim();
  if (MULTIADDR.test(s) || HOST.test(s)) return null;
  if (s.startsWith('/')) {
    return `“${s}” is not a seed node address: expected a WebSocket multiaddr such as /ip4/127.0.0.1/tcp/4001/ws/p2p/12D3Koo…`;
  }
  return `“${s}” is not a seed node address: enter a multiaddr (starting with /) or a host name such as seed.example.org.`;
}

/** The text of the settings field: one seed per line, blank lines ignored. */
export function parseSeednodes(text: string): { seednodes: string[]; errors: string[] } {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const errors = lines.map(seednodeError).filter((e): e is string => e !== null);
  return { seednodes: [...new Set(lines)], errors };
}

export function loadSeednodes(): string[] {
  const raw = storage()?.getItem(KEY);
  if (!raw) return [];
  try {
    const data = JSON.parse(raw) as unknown;
    if (!Array.isArray(data)) return [];
    return data.filter((s): s is string => typeof s === 'string' && seednodeError(s) === null);
  } catch {
    return [];
  }
}

export function saveSeednodes(seednodes: readonly string[]): void {
  try {
    if (seednodes.length === 0) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, JSON.stringify(seednodes));
  } catch {
    // Storage full or disabled: the setting then lasts for this page only.
  }
}

const LOCKTIME_KEY = 'browser-dex:payment-locktime';
/** Below a minute a swap cannot even negotiate before its deadlines pass. */
export const MIN_PAYMENT_LOCKTIME_S = 60;
/** KDF's default is 2 h 10 min; a week is far past any use. */
export const MAX_PAYMENT_LOCKTIME_S = 7 * 24 * 3600;

/**
 * The swap lock time typed in the settings (KDF's conf `payment_locktime`, seconds): null when
 * empty (the node's default), else the number, or the error to show. Both sides of a swap must use
 * the same value or its negotiation fails, so it is a setting of the network one trades on (a test
 * network uses a short one so refunds come in minutes).
 */
export function parsePaymentLocktime(text: string): { value: number | null; error: string | null } {
  const s = text.trim();
  if (s === '') return { value: null, error: null };
  const n = /^\d{1,7}$/.test(s) ? Number(s) : NaN;
  if (!(n >= MIN_PAYMENT_LOCKTIME_S && n <= MAX_PAYMENT_LOCKTIME_S)) {
    return { value: null, error: `The swap lock time is a whole number of seconds from ${MIN_PAYMENT_LOCKTIME_S} to ${MAX_PAYMENT_LOCKTIME_S}, or empty for the default.` };
  }
  return { value: n, error: null };
}

export function loadPaymentLocktime(): number | null {
  const raw = storage()?.getItem(LOCKTIME_KEY);
  return raw ? parsePaymentLocktime(raw).value : null;
}

export function savePaymentLocktime(seconds: number | null): void {
  try {
    if (seconds === null) storage()?.removeItem(LOCKTIME_KEY);
    else storage()?.setItem(LOCKTIME_KEY, String(seconds));
  } catch {
    // As for the seed nodes: the setting then lasts for this page only.
  }
}

const NETID_KEY = 'browser-dex:netid';
/** KDF's bound on a netid (`lp_ports`): past it the derived ports pass 65535. */
export const MAX_NETID = 14428;
/** KDF refuses to start on these (`DEPRECATED_NETID_LIST`). */
const DEPRECATED_NETIDS = [7777];

/**
 * The network id typed in the settings: null when empty (the node's default, 0, which the devnet
 * uses), else the number, or the error to show. Bare host seeds are dialled on its WSS port.
 */
export function parseNetid(text: string): { value: number | null; error: string | null } {
  const s = text.trim();
  if (s === '') return { value: null, error: null };
  const n = /^\d{1,5}$/.test(s) ? Number(s) : NaN;
  if (!(n >= 0 && n <= MAX_NETID)) return { value: null, error: `The network id is a whole number from 0 to ${MAX_NETID}, or empty for 0.` };
  if (DEPRECATED_NETIDS.includes(n)) return { value: null, error: `Network id ${n} is deprecated: KDF nodes no longer run on it.` };
  return { value: n, error: null };
}

export function loadNetid(): number | null {
  const raw = storage()?.getItem(NETID_KEY);
  return raw ? parseNetid(raw).value : null;
}

export function saveNetid(netid: number | null): void {
  try {
    if (netid === null) storage()?.removeItem(NETID_KEY);
    else storage()?.setItem(NETID_KEY, String(netid));
  } catch {
    // As for the seed nodes: the setting then lasts for this page only.
  }
}

/**
 * KDF's public network: netid 8762 and the seeds of KomodoPlatform/coins `seed-nodes.json`
 * (commit 519e6a3, all `"wss": true`), as bare hosts the node dials on port 42855. Offered, never
 * set by default: picking it joins the public network with real coins and real counterparties.
 */
export const KDF_MAINNET = {
  netid: 8762,
  seednodes: [
    'seed01.kmdefi.net',
    'seed02.kmdefi.net',
    'seed03.kmdefi.net',
    'seed04.kmdefi.net',
    'balerion.dragon-seed.com',
    'drogon.dragon-seed.com',
    'icefyre.dragon-seed.com',
    'kalessin.dragon-seed.com',
    'karrigvestrit.dragon-seed.com',
    'relpda.dragon-seed.com',
    'sintara.dragon-seed.com',
    'tintaglia.dragon-seed.com',
    'viserion.dragon-seed.com',
  ],
} as const;

const STATES: readonly P2pStatusData['state'][] = ['off', 'connecting', 'connected', 'unreachable'];
const SEED_STATES: readonly SeedStatusData['state'][] = ['connecting', 'connected', 'unreachable'];

/** A `p2p_status` event or control answer as the page may use it, or null when it is not one. */
export function readP2pStatus(data: unknown): P2pStatusData | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (!STATES.includes(d.state as P2pStatusData['state']) || !Number.isInteger(d.peers) || !Number.isInteger(d.netid) || !Array.isArray(d.seeds)) return null;
  const seeds: SeedStatusData[] = [];
  for (const raw of d.seeds as unknown[]) {
    const x = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    if (typeof x.addr !== 'string' || !SEED_STATES.includes(x.state as SeedStatusData['state'])) return null;
    seeds.push({ addr: x.addr, state: x.state as SeedStatusData['state'], ...(typeof x.error === 'string' ? { error: x.error } : {}) });
  }
  return { state: d.state as P2pStatusData['state'], peers: d.peers as number, netid: d.netid as number, seeds };
}

export interface NetworkWords {
  /** The badge: Off, Connecting…, Connected to N peers, Unreachable. */
  label: string;
  /** What it means and, when unreachable, each seed's reason. */
  detail: string;
}

/** The network state in words for the Exchange tab. */
export function describeNetwork(s: P2pStatusData): NetworkWords {
  const seeds = `${s.seeds.length} seed node${s.seeds.length === 1 ? '' : 's'}`;
  switch (s.state) {
    case 'off':
      return { label: 'Off', detail: 'No seed nodes: the node is not on the peer-to-peer network, so there is no orderbook and no trading.' };
    case 'connecting':
      return { label: 'Connecting…', detail: `Reaching ${seeds}; the orderbook fills in once one answers.` };
    case 'connected': {
      const up = s.seeds.filter((x) => x.state === 'connected').length;
      return {
        label: `Connected to ${s.peers} peer${s.peers === 1 ? '' : 's'}`,
        detail: `${up} of ${seeds} connected${s.netid !== 0 ? ` · network ${s.netid}` : ''}.`,
      };
    }
    case 'unreachable': {
      const why = s.seeds.map((x) => `${x.addr}: ${x.error ?? 'no answer'}`).join('; ');
      return { label: 'Unreachable', detail: `No seed node answers, so the orderbook cannot be seen and orders reach nobody (${why}). The node keeps trying.` };
    }
  }
}
