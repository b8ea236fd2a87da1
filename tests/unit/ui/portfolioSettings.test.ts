/**
 * The portfolio's stored choices: prices stay off until the user turns them on, whatever storage
 * holds (nothing, junk, another site's shape), and a blocked storage costs only the memory.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadHideBalances, loadPriceSettings, saveHideBalances, savePriceSettings } from '../../../src/ui/lib/portfolioSettings';
import { DEFAULT_PRICE_SETTINGS } from '../../../src/ui/lib/prices';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('portfolio settings', () => {
  it('start off, with CoinGecko, and balances shown', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    expect(loadPriceSettings()).toEqual(DEFAULT_PRICE_SETTINGS);
    expect(loadPriceSettings().enabled).toBe(false);
    expect(loadHideBalances()).toBe(false);
  });

  it('come back as saved', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    savePriceSettings({ enabled: true, url: 'http://127.0.0.1:9/simple/price', currency: 'eur' });
    saveHideBalances(true);
    expect(loadPriceSettings()).toEqual({ enabled: true, url: 'http://127.0.0.1:9/simple/price', currency: 'eur' });
    expect(loadHideBalances()).toBe(true);
  });

  it('fall back to off on junk, and survive a storage that throws', () => {
    const s = memoryStorage();
    vi.stubGlobal('localStorage', s);
    s.setItem('browser-dex:price-source', '{not json');
    s.setItem('browser-dex:hide-balances', '"yes"');
    expect(loadPriceSettings()).toEqual(DEFAULT_PRICE_SETTINGS);
    expect(loadHideBalances()).toBe(false);
    s.setItem('browser-dex:price-source', JSON.stringify({ enabled: true, url: 'http://evil.example/', currency: 'usd' }));
    expect(loadPriceSettings().url).toBe(DEFAULT_PRICE_SETTINGS.url);
    const broken = { ...memoryStorage(), getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('full'); } };
    vi.stubGlobal('localStorage', broken);
    expect(loadPriceSettings()).toEqual(DEFAULT_PRICE_SETTINGS);
    expect(() => savePriceSettings({ ...DEFAULT_PRICE_SETTINGS, enabled: true })).not.toThrow();
    expect(() => saveHideBalances(true)).not.toThrow();
  });
});
