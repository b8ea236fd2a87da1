/**
 * What a returning user expects of the page (issue 13): the coins a wallet had come back by
 * themselves on unlock, with progress; the last tab and pair are remembered; the address follows
 * the page (back button, reload, a link to a coin); the theme is picked in the app; test coins are
 * behind a switch; a payment that arrives is told in a toast (and a system notification when
 * turned on). On a phone-sized screen, in both themes.
 */
import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { chainRpc, devnetInfo } from './devnet';
import { activateCoin, coinRow, expectUnlocked, importWallet, openApp, STRONG_PASSWORD, submitUnlock } from './helpers';

const PHONE = { width: 390, height: 844 };
const SHOTS = `${process.env.E2E_RESULTS ?? 'test-results'}/appState`;
const WALLET = 'state alice';
const HASH = '#/w/state%20alice';

/** Turns the in-app theme to `choice` through the settings menu. */
async function pickTheme(page: Page, choice: 'light' | 'dark' | 'system'): Promise<void> {
  const settings = page.getByTestId('app-settings');
  if (!(await settings.evaluate((d) => (d as HTMLDetailsElement).open))) await page.getByTestId('app-settings-toggle').click();
  await page.getByTestId(`theme-${choice}`).check();
  await page.screenshot({ path: `${SHOTS}/settings-${choice}.png` });
  await page.getByTestId('app-settings-toggle').click();
}

async function hash(page: Page): Promise<string> {
  return page.evaluate(() => location.hash);
}

/** A Notification API that records what it shows and says yes when asked (test pages only; the grant lasts the tab's session). */
function fakeNotifications(): void {
  const w = window as unknown as { __notes: string[]; __asked: number };
  w.__notes = [];
  w.__asked = 0;
  let granted = false;
  try {
    granted = sessionStorage.getItem('fake-permission') === 'granted';
  } catch {
    // about:blank has no storage.
  }
  class FakeNotification {
    static permission: NotificationPermission = granted ? 'granted' : 'default';
    static requestPermission(): Promise<NotificationPermission> {
      w.__asked++;
      FakeNotification.permission = 'granted';
      sessionStorage.setItem('fake-permission', 'granted');
      return Promise.resolve('granted');
    }
    constructor(title: string, options?: NotificationOptions) {
      w.__notes.push(`${title}: ${options?.body ?? ''}`);
    }
  }
  Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
}

test('coins come back on unlock, the address follows the page, payments are told', async ({ browser }) => {
  test.setTimeout(150_000);
  await mkdir(SHOTS, { recursive: true });
  const info = devnetInfo();
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript(fakeNotifications);
  const page = await context.newPage();
  await openApp(page);
  // The devnet's seed node, as "Advanced: network" saves it (that form has its own tests).
  await page.evaluate((seeds) => localStorage.setItem('browser-dex:seednodes', JSON.stringify(seeds)), info.seednodes);
  await page.reload();
  await expect(page.getByTestId('wallet-list')).toBeVisible({ timeout: 30_000 });
  await importWallet(page, WALLET, info.wallets.alice!.passphrase);
  await activateCoin(page, 'RLTC1', info.coins.RLTC1!.servers);
  await activateCoin(page, 'RLTC2', info.coins.RLTC2!.servers);

  // The Exchange on a pair of the user's choosing: both in the address.
  await page.getByTestId('page-tab-exchange').click();
  await expect(page.getByTestId('pair-base')).toHaveValue('RLTC1');
  await page.getByTestId('pair-swap').click();
  await expect(page.getByTestId('pair-base')).toHaveValue('RLTC2');
  await expect.poll(() => hash(page)).toBe(`${HASH}/exchange/RLTC2/RLTC1`);

  // A third remembered coin whose server is gone: it fails with the reason, the others go on.
  await page.evaluate((key) => {
    const saved = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[];
    saved.push({ kind: 'electrum', ticker: 'RLTC2-segwit', txHistory: true, servers: [{ url: '127.0.0.1:9', protocol: 'WS' }] });
    localStorage.setItem(key, JSON.stringify(saved));
  }, `browser-dex:activated-coins:${WALLET}`);

  // A reload stops the node: the address brings the unlock form, the unlock brings the rest back.
  await page.reload();
  await expect(page.getByTestId('unlock-wallet-name')).toHaveText(WALLET, { timeout: 30_000 });
  await submitUnlock(page, WALLET, STRONG_PASSWORD);
  await expectUnlocked(page, WALLET);
  const restore = page.getByTestId('coin-restore');
  await expect(restore).toBeVisible();
  await expect(restore.getByTestId('restore-item')).toHaveText([/RLTC1/, /RLTC2/, /RLTC2-segwit/]);
  await expect(restore).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(restore.locator('[data-testid="restore-item"][data-state="ok"]')).toHaveCount(2);
  const gone = restore.locator('[data-testid="restore-item"][data-ticker="RLTC2-segwit"]');
  await expect(gone).toHaveAttribute('data-state', 'failed');
  await expect(gone.getByTestId('restore-reason')).toContainText('127.0.0.1:9');
  await expect(restore.getByTestId('restore-retry')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/restore-failed-light.png` });
  await gone.getByTestId('restore-forget').click();
  await expect(gone).toHaveCount(0);
  await expect(restore).toHaveAttribute('data-state', 'done');
  // No click per coin: both are active, and the Exchange is where it was, on the same pair.
  await expect(page.getByTestId('page-tab-exchange')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('pair-base')).toHaveValue('RLTC2');
  await expect(page.getByTestId('pair-rel')).toHaveValue('RLTC1');
  await expect(coinRow(page, 'RLTC1')).toHaveCount(1);
  await expect(coinRow(page, 'RLTC2')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/restored-light.png` });

  // Tabs and coins are steps the back button undoes.
  await page.getByTestId('page-tab-wallet').click();
  await coinRow(page, 'RLTC1').click();
  await expect(page.getByTestId('coin-detail')).toBeVisible();
  await expect.poll(() => hash(page)).toBe(`${HASH}/coins/RLTC1`);
  await page.goBack();
  await expect(page.getByTestId('coin-detail')).toHaveCount(0);
  await expect.poll(() => hash(page)).toBe(`${HASH}/coins`);
  await page.goBack();
  await expect(page.getByTestId('page-tab-exchange')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('pair-base')).toHaveValue('RLTC2');
  await page.goForward();
  await expect(page.getByTestId('page-tab-wallet')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('session-state')).toHaveAttribute('data-state', 'unlocked');

  // Browser notifications: asked for only when turned on.
  expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);
  await page.getByTestId('app-settings-toggle').click();
  await page.getByTestId('notifications-toggle').check();
  await expect(page.getByTestId('notifications-toggle')).toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(1);
  await page.getByTestId('app-settings-toggle').click();

  // A payment arrives: a toast says so (and, with the page in the background, the system too).
  await page.evaluate(() => Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true }));
  await chainRpc<string>(info, 'chain1', 'sendtoaddress', [info.wallets.alice!.addresses.RLTC1, '0.25'], 'miner');
  const toast = page.locator('[data-testid="toast"]', { hasText: 'RLTC1 received' });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast.getByTestId('toast-body')).toHaveText('0.25 RLTC1 arrived in this wallet.');
  await expect(page.getByTestId('toasts')).toHaveAttribute('role', 'status');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __notes: string[] }).__notes))
    .toContain('RLTC1 received: 0.25 RLTC1 arrived in this wallet.');
  await page.evaluate(() => Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true }));

  // The dark theme, picked in the app; it stays after a reload (applied before the first paint).
  await pickTheme(page, 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const darkBg = await page.evaluate(() => getComputedStyle(document.body.parentElement as HTMLElement).backgroundColor);
  expect(darkBg).toBe('rgb(18, 21, 28)');
  await page.screenshot({ path: `${SHOTS}/wallet-dark.png` });
  await toast.getByTestId('toast-dismiss').click();
  await expect(toast).toHaveCount(0);

  // A link to a coin, opened in a fresh page: unlock, then that coin's detail.
  await page.goto('about:blank');
  await page.goto(`/${HASH}/coins/RLTC2`);
  await expect(page.getByTestId('unlock-wallet-name')).toHaveText(WALLET, { timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: `${SHOTS}/unlock-dark.png` });
  await submitUnlock(page, WALLET, STRONG_PASSWORD);
  await expectUnlocked(page, WALLET);
  await expect(page.getByTestId('coin-detail')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('coin-detail')).toContainText('RLTC2');
  await expect(page.getByTestId('page-tab-wallet')).toHaveAttribute('aria-selected', 'true');
  // Notifications stayed on; the theme goes back to light.
  await page.getByTestId('app-settings-toggle').click();
  await expect(page.getByTestId('notifications-toggle')).toBeChecked();
  await page.getByTestId('app-settings-toggle').click();
  await pickTheme(page, 'light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(245, 246, 250)');
  await page.screenshot({ path: `${SHOTS}/coin-light.png` });

  // Test coins are behind a switch in the picker, remembered across reloads.
  await page.getByTestId('add-coin-button').click();
  const testOption = page.locator('[data-testid="coin-option"][data-testnet="true"]');
  await expect(page.getByTestId('show-test-coins')).toBeChecked();
  await expect(testOption.first()).toBeVisible();
  await page.getByTestId('show-test-coins').uncheck();
  await expect(testOption).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('unlock-wallet-name')).toHaveText(WALLET, { timeout: 30_000 });
  await submitUnlock(page, WALLET, STRONG_PASSWORD);
  await expectUnlocked(page, WALLET);
  await page.getByTestId('add-coin-button').click();
  await expect(page.getByTestId('show-test-coins')).not.toBeChecked();
  await expect(testOption).toHaveCount(0);
  await page.getByTestId('show-test-coins').check();
  await expect(testOption.first()).toBeVisible();

  await page.context().close();
});
