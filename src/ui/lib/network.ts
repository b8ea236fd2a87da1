/**
 * The page's network setting: the seed nodes the node joins the peer-to-peer network through
 * (conf `seednodes`), kept in localStorage for every wallet of this browser. Empty by default, and
 * then the node starts without peer-to-peer: no orderbook, no trading. Seed addresses are public.
 */

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
