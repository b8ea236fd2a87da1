/**
 * The page's address: hash routes, so a reload, the back button and a shared link land on the same
 * screen without a server that knows the paths. The hash is input from outside (a link, a typed
 * address): anything that does not parse is the wallet list, and each part is checked before use.
 *
 *   #/                         wallet list           #/create, #/import
 *   #/w/<wallet>               that wallet (unlock form while locked)
 *   #/w/<wallet>/coins[/<ticker>]          the Wallet tab, a coin's detail open
 *   #/w/<wallet>/exchange[/<base>/<rel>]   the Exchange tab on a pair
 *   #/w/<wallet>/swaps[/<uuid>]            the Swaps tab, a swap's screen open
 *   #/w/<wallet>/<tab>                     any other tab of the wallet page
 *
 * The pair takes two segments: tickers carry dashes themselves (`RLTC1-segwit`).
 */
import { UUID_RE } from '../../shared/uuid';

/** Where inside an unlocked wallet the page is. `tab` is the wallet page's tab id. */
export interface WalletLocation {
  tab: string;
  coin?: string;
  swap?: string;
  pair?: { base: string; rel: string };
}

export type Route =
  | { page: 'list' }
  | { page: 'create' }
  | { page: 'import' }
  | { page: 'wallet'; wallet: string; at: WalletLocation | null };

/** The Wallet tab is `coins` in the address: what it lists. */
const TAB_SEGMENT: Record<string, string> = { wallet: 'coins' };
const SEGMENT_TAB: Record<string, string> = { coins: 'wallet' };

const TICKER_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
const TAB_RE = /^[a-z][a-z0-9-]{0,23}$/;
/** Wallet names are the user's; longer hashes are not ours. */
const MAX_WALLET_NAME = 200;
const MAX_HASH = 1_000;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function isTicker(s: string): boolean {
  return TICKER_RE.test(s);
}

function readLocation(parts: string[]): WalletLocation | null {
  const [segment, a, b] = parts;
  if (segment === undefined || !TAB_RE.test(segment)) return null;
  const tab = Object.hasOwn(SEGMENT_TAB, segment) ? (SEGMENT_TAB[segment] as string) : segment;
  const at: WalletLocation = { tab };
  if (tab === 'wallet' && a !== undefined && isTicker(a)) at.coin = a;
  if (tab === 'swaps' && a !== undefined && UUID_RE.test(a)) at.swap = a.toLowerCase();
  if (tab === 'exchange' && a !== undefined && b !== undefined && isTicker(a) && isTicker(b) && a !== b) at.pair = { base: a, rel: b };
  return at;
}

/** The route a hash (`location.hash`, with or without `#`) names; the list when it names nothing. */
export function parseHash(hash: string): Route {
  if (hash.length > MAX_HASH) return { page: 'list' };
  const path = hash.replace(/^#/, '').replace(/^\/+/, '');
  if (path === '') return { page: 'list' };
  const raw = path.split('/');
  const parts = raw.map(decode);
  if (parts.some((p) => p === null)) return { page: 'list' };
  const [first, wallet, ...rest] = parts as string[];
  if (first === 'create' && parts.length === 1) return { page: 'create' };
  if (first === 'import' && parts.length === 1) return { page: 'import' };
  if (first !== 'w' || wallet === undefined || wallet.trim() === '' || wallet.length > MAX_WALLET_NAME) return { page: 'list' };
  return { page: 'wallet', wallet, at: rest.length === 0 ? null : readLocation(rest) };
}

/** The hash (with `#`) of a route. */
export function formatRoute(r: Route): string {
  switch (r.page) {
    case 'list':
      return '#/';
    case 'create':
    case 'import':
      return `#/${r.page}`;
    case 'wallet': {
      const parts = ['w', encodeURIComponent(r.wallet)];
      const at = r.at;
      if (at !== null) {
        parts.push(encodeURIComponent(Object.hasOwn(TAB_SEGMENT, at.tab) ? (TAB_SEGMENT[at.tab] as string) : at.tab));
        if (at.tab === 'wallet' && at.coin !== undefined) parts.push(encodeURIComponent(at.coin));
        if (at.tab === 'swaps' && at.swap !== undefined) parts.push(encodeURIComponent(at.swap));
        if (at.tab === 'exchange' && at.pair !== undefined) parts.push(encodeURIComponent(at.pair.base), encodeURIComponent(at.pair.rel));
      }
      return `#/${parts.join('/')}`;
    }
  }
}

/** The current route of the page. */
export function currentRoute(): Route {
  return parseHash(typeof location === 'undefined' ? '' : location.hash);
}

/**
 * Shows `r` in the address bar: `push` adds a history entry (a step the back button undoes),
 * `replace` corrects the current one. Neither fires `hashchange`: only the user's own navigation does.
 */
export function navigate(r: Route, mode: 'push' | 'replace'): void {
  const hash = formatRoute(r);
  if (location.hash === hash) return;
  if (mode === 'push') history.pushState(null, '', hash);
  else history.replaceState(null, '', hash);
}

/** Calls `fn` when the user changes the address (back, forward, a typed or followed link); returns the unsubscribe function. */
export function onRouteChange(fn: (r: Route) => void): () => void {
  const handler = (): void => fn(currentRoute());
  window.addEventListener('hashchange', handler);
  return () => window.removeEventListener('hashchange', handler);
}
