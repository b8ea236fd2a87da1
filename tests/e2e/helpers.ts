/** Steps shared by the wallet e2e tests; everything goes through the page as a user would. */
import { expect, type Browser, type Page } from '@playwright/test';

export const STRONG_PASSWORD = 'Tr1cky-Secret#42';
export const WRONG_PASSWORD = 'Wr0ng-Secret#42';
export const WALLET_IN_USE_TEXT = 'This wallet is open in another tab. Close it there or lock it to use it here.';

/** Opens the app and waits for the wallet list (the worker answered `status` and `wallet_names`). */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('wallet-list')).toBeVisible({ timeout: 30_000 });
}

export function walletItem(page: Page, name: string) {
  return page.locator(`[data-testid="wallet-item"][data-wallet-name="${name}"]`);
}

/** Runs the whole create flow and returns the mnemonic words the page showed. */
export async function createWallet(page: Page, name: string, password = STRONG_PASSWORD): Promise<string[]> {
  await page.getByTestId('create-wallet-button').click();
  await page.getByTestId('create-name').fill(name);
  await page.getByTestId('create-password').fill(password);
  await page.getByTestId('create-password-repeat').fill(password);
  await page.getByTestId('create-submit').click();

  await expect(page.getByTestId('mnemonic-step')).toBeVisible();
  const words = (await page.getByTestId('mnemonic-word').allTextContents()).map((w) => w.trim());
  expect(words).toHaveLength(12);
  await page.getByTestId('mnemonic-written').check();
  await page.getByTestId('mnemonic-continue').click();

  await expect(page.getByTestId('confirm-step')).toBeVisible();
  // The words are shown once: the confirm step does not show them again.
  await expect(page.getByTestId('mnemonic-word')).toHaveCount(0);
  const inputs = page.getByTestId('confirm-word');
  await expect(inputs).toHaveCount(3);
  for (const input of await inputs.all()) {
    const pos = Number(await input.getAttribute('data-position'));
    await input.fill(words[pos - 1] ?? '');
  }
  await page.getByTestId('confirm-submit').click();
  await expectUnlocked(page, name);
  return words;
}

export async function importWallet(page: Page, name: string, secret: string, password = STRONG_PASSWORD): Promise<void> {
  await page.getByTestId('import-wallet-button').click();
  await page.getByTestId('import-name').fill(name);
  await page.getByTestId('import-password').fill(password);
  await page.getByTestId('import-password-repeat').fill(password);
  await page.getByTestId('import-secret').fill(secret);
  await page.getByTestId('import-submit').click();
  await expectUnlocked(page, name);
}

export async function expectUnlocked(page: Page, name: string): Promise<void> {
  await expect(page.getByTestId('wallet-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('wallet-title')).toHaveText(name);
  await expect(page.getByTestId('session-state')).toHaveAttribute('data-state', 'unlocked');
}

/** From the wallet list: pick the wallet and submit its password (the result is up to the caller). */
export async function submitUnlock(page: Page, name: string, password: string): Promise<void> {
  if (!(await page.getByTestId('unlock-form').isVisible())) await walletItem(page, name).click();
  await expect(page.getByTestId('unlock-wallet-name')).toHaveText(name);
  await page.getByTestId('unlock-password').fill(password);
  await page.getByTestId('unlock-submit').click();
}

/** Sends a console request and returns the status and the parsed response the page shows. */
export async function sendConsole(page: Page, text: string): Promise<{ status: number; body: unknown }> {
  const response = page.getByTestId('console-response');
  const before = (await response.count()) > 0 ? Number(await response.getAttribute('data-seq')) : 0;
  await page.getByTestId('console-input').fill(text);
  await page.getByTestId('console-send').click();
  await expect(response).toHaveAttribute('data-seq', String(before + 1));
  const status = Number(await page.getByTestId('console-status').getAttribute('data-status'));
  return { status, body: JSON.parse((await response.textContent()) ?? '') as unknown };
}

/** A fresh browser context (its own IndexedDB) with the wallet imported and unlocked. */
export async function openWallet(browser: Browser, name: string, passphrase: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openApp(page);
  await importWallet(page, name, passphrase);
  return page;
}

export function coinRow(page: Page, ticker: string) {
  return page.locator(`[data-testid="coin-row"][data-ticker="${ticker}"]`);
}

/** A history row by transaction hash, written with or without 0x. */
export function historyRow(page: Page, txHash: string) {
  const bare = txHash.replace(/^0x/i, '');
  return page.locator(
    `[data-testid="history-row"][data-tx-hash="${bare}"], [data-testid="history-row"][data-tx-hash="0x${bare}"]`,
  );
}

/** The exact balance behind the rounded one the coins list shows, once it is a number. */
export async function balanceOf(page: Page, ticker: string): Promise<string> {
  const el = coinRow(page, ticker).getByTestId('coin-balance');
  await expect(el).toHaveAttribute('data-exact', /^\d+(\.\d+)?$/);
  return (await el.getAttribute('data-exact')) ?? '';
}

/** The whole "Add coin" flow, typing the servers into the editable list. */
export async function activateCoin(page: Page, ticker: string, servers: { url: string; protocol: string }[]): Promise<void> {
  await page.getByTestId('add-coin-button').click();
  await page.getByTestId('coin-search').fill(ticker.toLowerCase());
  const option = page.locator(`[data-testid="coin-option"][data-ticker="${ticker}"]`);
  await expect(option).toHaveAttribute('data-testnet', 'true');
  await option.click();

  await expect(page.getByTestId('activate-form')).toHaveAttribute('data-ticker', ticker);
  // Devnet coins have no default servers: one empty row to type into.
  await expect(page.getByTestId('no-default-servers')).toBeVisible();
  await expect(page.getByTestId('server-row')).toHaveCount(1);
  for (const [i, s] of servers.entries()) {
    if (i > 0) await page.getByTestId('server-add').click();
    const row = page.getByTestId('server-row').nth(i);
    await row.getByTestId('server-url').fill(s.url);
    await row.getByTestId('server-protocol').selectOption(s.protocol);
  }
  await expect(page.getByTestId('server-row')).toHaveCount(servers.length);
  await expect(page.getByTestId('activate-history')).toBeChecked();
  await page.getByTestId('activate-submit').click();
  await expect(coinRow(page, ticker)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('add-coin')).toHaveCount(0);
}

/** The "Advanced: network" setting on the wallet list or unlock screen: seed nodes, saved for the next start. */
export async function setSeednodes(page: Page, seednodes: string[]): Promise<void> {
  const settings = page.getByTestId('network-settings');
  if (!(await settings.evaluate((d) => (d as HTMLDetailsElement).open))) await page.getByTestId('network-settings-toggle').click();
  await page.getByTestId('seednodes-input').fill(seednodes.join('\n'));
  await page.getByTestId('seednodes-save').click();
  await expect(page.getByTestId('seednodes-error')).toHaveCount(0);
  await expect(page.getByTestId('network-state')).toHaveAttribute('data-state', seednodes.length > 0 ? 'on' : 'off');
}

/**
 * Before a wallet's first order the page warns when the browser has not granted persistent storage
 * (headless Chromium usually does not); the user acknowledges it and Confirm is enabled.
 */
export async function acknowledgeStorageWarning(page: Page): Promise<void> {
  const warning = page.getByTestId('trade-storage-warning');
  if ((await page.getByTestId('storage-status').getAttribute('data-mode')) === 'persistent') {
    await expect(warning).toHaveCount(0);
    return;
  }
  await expect(page.getByTestId('trade-confirm')).toBeDisabled();
  await page.getByTestId('trade-storage-acknowledge').click();
  await expect(warning).toHaveCount(0);
}

/** A fresh browser context with the devnet's seed node set and the wallet imported. */
export async function openTrader(
  browser: Browser,
  name: string,
  passphrase: string,
  seednodes: string[],
  opts: { viewport?: { width: number; height: number }; initScript?: () => void } = {},
): Promise<Page> {
  const context = await browser.newContext(opts.viewport ? { viewport: opts.viewport } : {});
  if (opts.initScript) await context.addInitScript(opts.initScript);
  const page = await context.newPage();
  await openApp(page);
  await setSeednodes(page, seednodes);
  await importWallet(page, name, passphrase);
  return page;
}

/** The Exchange tab with trading on, the pair `base`/`rel` picked and its orderbook loaded. */
export async function openExchange(page: Page, base: string, rel: string): Promise<void> {
  await page.getByTestId('page-tab-exchange').click();
  await expect(page.getByTestId('exchange')).toHaveAttribute('data-trading', 'on');
  await expect(page.getByTestId('pair-base')).toHaveValue(base);
  await expect(page.getByTestId('pair-rel')).toHaveValue(rel);
  await expect(page.getByTestId('orderbook-loading')).toHaveCount(0, { timeout: 30_000 });
}
