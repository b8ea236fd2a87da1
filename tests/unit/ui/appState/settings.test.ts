import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserNotifications, type NotificationHost } from '../../../../src/ui/lib/browserNotifications';
import { loadPageMemory, savePageMemory } from '../../../../src/ui/lib/pageMemory';
import { loadShowTestCoins, saveShowTestCoins, visibleCoins } from '../../../../src/ui/lib/testCoins';
import { applyTheme, loadTheme } from '../../../../src/ui/lib/theme';
import { BrokenStorage, MapStorage } from '../mapStorage';

let store: MapStorage;
beforeEach(() => {
  store = new MapStorage();
  vi.stubGlobal('localStorage', store);
});
afterEach(() => vi.unstubAllGlobals());

describe('theme', () => {
  it('is the system’s until one is picked, and unreadable values are the system’s', () => {
    expect(loadTheme()).toBe('system');
    store.setItem('browser-dex:theme', 'dark');
    expect(loadTheme()).toBe('dark');
    store.setItem('browser-dex:theme', '"><img>');
    expect(loadTheme()).toBe('system');
  });

  it('is set on the root element, and removed for the system’s', () => {
    const root = { dataset: {} as Record<string, string> } as unknown as HTMLElement;
    applyTheme('dark', root);
    expect(root.dataset.theme).toBe('dark');
    applyTheme('light', root);
    expect(root.dataset.theme).toBe('light');
    applyTheme('system', root);
    expect(root.dataset.theme).toBeUndefined();
  });
});

describe('test coins switch', () => {
  const coins = [
    { ticker: 'LTC', testnet: false },
    { ticker: 'RLTC1', testnet: true },
  ];

  it('follows the build until the user chooses, then is remembered', () => {
    expect(loadShowTestCoins(false)).toBe(false);
    expect(loadShowTestCoins(true)).toBe(true);
    saveShowTestCoins(true);
    expect(loadShowTestCoins(false)).toBe(true);
    saveShowTestCoins(false);
    expect(loadShowTestCoins(true)).toBe(false);
  });

  it('hides test coins unless shown', () => {
    expect(visibleCoins(coins, false).map((c) => c.ticker)).toEqual(['LTC']);
    expect(visibleCoins(coins, true).map((c) => c.ticker)).toEqual(['LTC', 'RLTC1']);
  });

  it('falls back to the build’s default when storage is unusable', () => {
    vi.stubGlobal('localStorage', new BrokenStorage());
    expect(loadShowTestCoins(false)).toBe(false);
    expect(() => saveShowTestCoins(true)).not.toThrow();
  });
});

describe('last tab and pair', () => {
  it('are kept per wallet', () => {
    savePageMemory('alice', { tab: 'exchange', pair: { base: 'RLTC1', rel: 'RLTC2' } });
    savePageMemory('bob', { tab: 'swaps', pair: null });
    expect(loadPageMemory('alice')).toEqual({ tab: 'exchange', pair: { base: 'RLTC1', rel: 'RLTC2' } });
    expect(loadPageMemory('bob')).toEqual({ tab: 'swaps', pair: null });
    expect(loadPageMemory('carol')).toEqual({ tab: null, pair: null });
  });

  it('are read back through the same checks as an address', () => {
    store.setItem('browser-dex:page:x', JSON.stringify({ tab: 'Robert"); drop', pair: { base: '<b>', rel: 'RLTC2' } }));
    expect(loadPageMemory('x')).toEqual({ tab: null, pair: null });
    store.setItem('browser-dex:page:x', JSON.stringify({ tab: 'exchange', pair: { base: 'RLTC1', rel: 'RLTC1' } }));
    expect(loadPageMemory('x')).toEqual({ tab: 'exchange', pair: null });
    store.setItem('browser-dex:page:x', '{not json');
    expect(loadPageMemory('x')).toEqual({ tab: null, pair: null });
    store.setItem('browser-dex:page:x', 'null');
    expect(loadPageMemory('x')).toEqual({ tab: null, pair: null });
  });
});

describe('browser notifications', () => {
  function host(permission: NotificationPermission, answer: NotificationPermission = permission) {
    const shown: { title: string; options?: NotificationOptions }[] = [];
    let asked = 0;
    let hidden = true;
    const Fake = class {
      static permission: NotificationPermission = permission;
      static requestPermission(): Promise<NotificationPermission> {
        asked++;
        Fake.permission = answer;
        return Promise.resolve(answer);
      }
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, ...(options ? { options } : {}) });
      }
    };
    const h: NotificationHost = { Notification: Fake, hidden: () => hidden };
    return { h, shown, asked: () => asked, setHidden: (v: boolean) => (hidden = v) };
  }

  it('is off, and asks nothing, until turned on', () => {
    const f = host('default', 'granted');
    const n = new BrowserNotifications(f.h);
    expect(n.enabled).toBe(false);
    expect(n.show('a', 'b')).toBe(false);
    expect(f.asked()).toBe(0);
    expect(f.shown).toHaveLength(0);
  });

  it('asks when turned on, shows only while the page is in the background, and is remembered', async () => {
    const f = host('default', 'granted');
    const n = new BrowserNotifications(f.h);
    expect(await n.enable()).toBe(true);
    expect(f.asked()).toBe(1);
    expect(n.show('RLTC1 received', '1 RLTC1 arrived', 'k')).toBe(true);
    expect(f.shown).toEqual([{ title: 'RLTC1 received', options: { body: '1 RLTC1 arrived', tag: 'k' } }]);
    f.setHidden(false);
    expect(n.show('x', 'y')).toBe(false);
    // A new page: remembered, no new question.
    expect(new BrowserNotifications(f.h).enabled).toBe(true);
    expect(f.asked()).toBe(1);
    n.disable();
    expect(new BrowserNotifications(f.h).enabled).toBe(false);
  });

  it('stays off with a reason when the browser refuses or has none', async () => {
    const refused = host('default', 'denied');
    const n = new BrowserNotifications(refused.h);
    expect(await n.enable()).toBe(false);
    expect(n.enabled).toBe(false);
    expect(n.problem).toMatch(/did not allow/);
    const none = new BrowserNotifications({ hidden: () => true });
    expect(none.supported).toBe(false);
    expect(await none.enable()).toBe(false);
    expect(none.problem).toMatch(/no notifications/);
  });

  it('stops when the permission is withdrawn in the browser', async () => {
    const f = host('granted');
    const n = new BrowserNotifications(f.h);
    await n.enable();
    (f.h.Notification as unknown as { permission: NotificationPermission }).permission = 'denied';
    expect(n.show('a', 'b')).toBe(false);
    expect(new BrowserNotifications(f.h).enabled).toBe(false);
  });
});
