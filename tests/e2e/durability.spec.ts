/**
 * What survives a reload, and what the page says about the browser keeping its storage
 * (issue 10): the page asks `navigator.storage.persist()` when a wallet is created or unlocked and
 * shows the answer; before the first order while storage is not persistent it shows a warning the
 * user acknowledges once per wallet. Two browser contexts on the devnet: the maker reloads the page
 * with an open order and unlocks again; the order is still the maker's and on the taker's book.
 * Only the page's `navigator.storage` is overridden (for the "not persistent" path); the node runs
 * unchanged in its worker.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { devnetInfo } from './devnet';
import { activateCoin, coinRow, expectUnlocked, importWallet, openApp, STRONG_PASSWORD, submitUnlock, openTrader, openExchange } from './helpers';

const BASE = 'RLTC1';
const REL = 'RLTC2';
const SHOTS = 'test-results/durability';
const ACK_KEY = 'browser-dex:storage-warning-acknowledged:';

/** Counts the page's persist() calls and passes them on to the browser's own implementation. */
function countPersistCalls(): void {
  const calls = { persist: 0 };
  (window as unknown as { __persistCalls: typeof calls }).__persistCalls = calls;
  const original = StorageManager.prototype.persist;
  StorageManager.prototype.persist = function (this: StorageManager) {
    calls.persist++;
    return original.call(this);
  };
}

/** The browser declines: storage stays "best-effort", as for a site without engagement. */
function declinePersistence(): void {
  const calls = { persist: 0 };
  (window as unknown as { __persistCalls: typeof calls }).__persistCalls = calls;
  StorageManager.prototype.persist = async () => {
    calls.persist++;
    return false;
  };
  StorageManager.prototype.persisted = async () => false;
}

const persistCalls = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __persistCalls: { persist: number } }).__persistCalls.persist);



/** Fills the maker form and opens the fee review. */
async function reviewMakerOrder(page: Page, price: string, volume: string): Promise<void> {
  await page.getByTestId('trade-mode-setprice').click();
  await page.getByTestId('trade-price').fill(price);
  await page.getByTestId('trade-volume').fill(volume);
  await page.getByTestId('trade-review').click();
  await expect(page.getByTestId('preimage-panel')).toBeVisible({ timeout: 30_000 });
}

/** Nothing wider than the viewport (no sideways scrolling on a phone). */
async function expectNoOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.view);
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('the page asks the browser for persistent storage at create/unlock and shows its answer', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(countPersistCalls);
  const page = await context.newPage();
  await openApp(page);
  await importWallet(page, 'storage-real', 'devnet empty');

  const status = page.getByTestId('storage-status');
  await expect(status).not.toHaveAttribute('data-mode', 'checking');
  expect(await persistCalls(page)).toBe(1);
  // What the page shows is what the browser itself now reports.
  const persisted = await page.evaluate(() => navigator.storage.persisted());
  await expect(status).toHaveAttribute('data-mode', persisted ? 'persistent' : 'best-effort');
  await expect(page.getByTestId('storage-status-label')).toHaveText(persisted ? 'Storage: persistent' : 'Storage: not persistent');
  await page.locator('header.head').screenshot({ path: `${SHOTS}/storage-status-real.png` });

  // Unlocking asks again.
  await page.getByTestId('lock-button').click();
  // Locking leads straight to this wallet's unlock form; wait for it so the unlock does not race it.
  await expect(page.getByTestId('unlock-form')).toBeVisible();
  await submitUnlock(page, 'storage-real', STRONG_PASSWORD);
  await expectUnlocked(page, 'storage-real');
  await expect(status).not.toHaveAttribute('data-mode', 'checking');
  expect(await persistCalls(page)).toBe(2);
  await context.close();
});

test('an open order survives the maker reloading the page, after the not-persistent warning was acknowledged', async ({ browser }) => {
  test.setTimeout(300_000);
  const info = devnetInfo();
  expect(info.seednodes.length, 'devnet.json lists a seed node').toBeGreaterThan(0);

  const maker = await openTrader(browser, 'durable-maker', info.wallets.alice!.passphrase, info.seednodes, { initScript: declinePersistence });
  let taker = await openTrader(browser, 'durable-taker', info.wallets.bob!.passphrase, info.seednodes);

  // ---- The wallet page says plainly that storage is not persistent, on a phone as well.
  const status = maker.getByTestId('storage-status');
  await expect(status).toHaveAttribute('data-mode', 'best-effort');
  await expect(maker.getByTestId('storage-status-label')).toHaveText('Storage: not persistent');
  await expect(maker.getByTestId('storage-status-detail')).toContainText('open orders would then vanish');
  expect(await persistCalls(maker)).toBe(1);
  await maker.locator('header.head').screenshot({ path: `${SHOTS}/storage-status-not-persistent.png` });
  await maker.setViewportSize({ width: 390, height: 844 });
  await expect(maker.getByTestId('storage-status-detail')).toBeVisible();
  await expectNoOverflow(maker);
  await maker.screenshot({ path: `${SHOTS}/storage-status-390.png` });
  await maker.setViewportSize({ width: 1280, height: 720 });

  for (const page of [maker, taker]) {
    for (const coin of [BASE, REL]) await activateCoin(page, coin, info.coins[coin]!.servers);
  }

  // ---- The first order waits for the warning to be acknowledged.
  await openExchange(maker, BASE, REL);
  await reviewMakerOrder(maker, '3', '1');
  const warning = maker.getByTestId('trade-storage-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('This browser may delete this wallet’s data');
  await expect(maker.getByTestId('trade-confirm')).toBeDisabled();
  await warning.screenshot({ path: `${SHOTS}/trade-storage-warning.png` });
  await maker.setViewportSize({ width: 390, height: 844 });
  await warning.scrollIntoViewIfNeeded();
  await expectNoOverflow(maker);
  await maker.screenshot({ path: `${SHOTS}/trade-storage-warning-390.png` });
  await maker.setViewportSize({ width: 1280, height: 720 });

  await maker.getByTestId('trade-storage-acknowledge').click();
  await expect(warning).toHaveCount(0);
  expect(await maker.evaluate((key) => localStorage.getItem(key), `${ACK_KEY}durable-maker`)).toBe('1');
  await maker.getByTestId('trade-confirm').click();
  const placed = maker.getByTestId('trade-placed');
  await expect(placed).toHaveAttribute('data-kind', 'maker');
  const uuid = (await placed.getAttribute('data-uuid')) ?? '';
  expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
  await expect(maker.locator(`[data-testid="my-order"][data-uuid="${uuid}"]`)).toBeVisible();

  await openExchange(taker, BASE, REL);
  const askOn = (page: Page) => page.locator(`[data-testid="orderbook-ask"][data-uuid="${uuid}"]`);
  await expect(askOn(taker)).toBeVisible({ timeout: 90_000 });
  await expect(askOn(taker)).toHaveAttribute('data-mine', 'false');
  // The taker leaves, so that no node holds the order while the maker is away: the book a new
  // taker finds after the reload can only come from the reloaded maker.
  await taker.context().close();

  // ---- The maker reloads: a new page and a new node, unlocked again with the password.
  await maker.reload();
  await expect(maker.getByTestId('unlock-form')).toBeVisible({ timeout: 30_000 });
  await submitUnlock(maker, 'durable-maker', STRONG_PASSWORD);
  await expectUnlocked(maker, 'durable-maker');
  await expect(status).toHaveAttribute('data-mode', 'best-effort');
  expect(await persistCalls(maker)).toBe(1);
  // The unlock activates the coins it had again; the order is announced again once they are active.
  await expect(maker.getByTestId('coin-restore')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  // (The page opens on the tab it was on, the Exchange: the coins list is behind the Wallet tab.)
  for (const coin of [BASE, REL]) await expect(coinRow(maker, coin)).toHaveCount(1);

  await openExchange(maker, BASE, REL);
  const mine = maker.locator(`[data-testid="my-order"][data-uuid="${uuid}"]`);
  await expect(mine).toBeVisible({ timeout: 30_000 });
  await expect(mine.getByTestId('order-volume')).toHaveText('1');
  await expect(maker.locator(`[data-testid="orderbook-ask"][data-uuid="${uuid}"]`)).toHaveAttribute('data-mine', 'true', { timeout: 60_000 });
  // A taker that joins now (a fresh browser: nothing stored) finds the order on its book, as the maker's.
  taker = await openTrader(browser, 'durable-taker', info.wallets.bob!.passphrase, info.seednodes);
  for (const coin of [BASE, REL]) await activateCoin(taker, coin, info.coins[coin]!.servers);
  await openExchange(taker, BASE, REL);
  const ask = askOn(taker);
  await expect(ask).toBeVisible({ timeout: 90_000 });
  await expect(ask).toHaveAttribute('data-mine', 'false');
  await expect(ask).toHaveAttribute('data-price', '3');

  // The acknowledgement is kept for this wallet: the next order goes straight to Confirm.
  await reviewMakerOrder(maker, '4', '0.5');
  await expect(maker.getByTestId('trade-storage-warning')).toHaveCount(0);
  await expect(maker.getByTestId('trade-confirm')).toBeEnabled();
  await maker.getByTestId('trade-back').click();

  // Disabling the base coin cancels its order (KDF's `cancelled_orders`), says which, and takes it
  // off the other browser's book; the shared book is left as it was.
  await maker.getByTestId('page-tab-wallet').click();
  await coinRow(maker, BASE).click();
  await maker.getByTestId('disable-coin').click();
  await maker.getByTestId('disable-confirm').click();
  await expect(coinRow(maker, BASE)).toHaveCount(0);
  await expect(maker.getByTestId('coins-cancelled-orders')).toHaveText(`1 order of ${BASE} cancelled: ${uuid}`);
  await expect(ask).toHaveCount(0, { timeout: 60_000 });

  await maker.context().close();
  await taker.context().close();
});
