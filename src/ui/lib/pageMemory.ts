/**
 * The wallet page's last tab and Exchange pair, per wallet, so an unlock without a deep link opens
 * where the user left off. Read back through the router's own checks: the stored value is the
 * page's, but anything could have written it.
 */
import { readJsonSetting, writeSetting } from './localSetting';
import { isTicker } from './router';

export interface PageMemory {
  tab: string | null;
  pair: { base: string; rel: string } | null;
}

const PREFIX = 'browser-dex:page:';
const TAB_RE = /^[a-z][a-z0-9-]{0,23}$/;

export function loadPageMemory(wallet: string): PageMemory {
  const v = readJsonSetting(PREFIX + wallet) as { tab?: unknown; pair?: { base?: unknown; rel?: unknown } } | null;
  const tab = typeof v?.tab === 'string' && TAB_RE.test(v.tab) ? v.tab : null;
  const base = v?.pair?.base;
  const rel = v?.pair?.rel;
  const pair =
    typeof base === 'string' && typeof rel === 'string' && isTicker(base) && isTicker(rel) && base !== rel ? { base, rel } : null;
  return { tab, pair };
}

export function savePageMemory(wallet: string, m: PageMemory): void {
  writeSetting(PREFIX + wallet, JSON.stringify(m));
}
