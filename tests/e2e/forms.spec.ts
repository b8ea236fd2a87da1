/**
 * Forms that behave, on a phone-sized page (390×844): an activation that fails says which servers
 * failed and why (with the WS/WSS hint and the browser's offline state); ETHDEV activates with the
 * swap contracts of the coins file, hidden under Advanced; balances are rounded for reading with
 * the exact value kept; a send error goes once the form is edited; focus moves to the first
 * invalid field; the RPC console drops the last response under a new error; a cancelled Trezor
 * connection is not styled as a success.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { devnetInfo, evmRpc } from './devnet';
import { coinRow, importWallet, openApp, sendConsole } from './helpers';

const RESULTS = process.env.E2E_RESULTS ?? 'test-results';
const PHONE = { width: 390, height: 844 };

/** A fresh wallet nobody else spends from, in its own phone-sized context. */
async function freshWallet(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await openApp(page);
  await importWallet(page, 'forms', `c1 forms ${randomBytes(12).toString('hex')}`);
  return page;
}

async function pickCoin(page: Page, ticker: string): Promise<void> {
  await page.getByTestId('add-coin-button').click();
  await page.getByTestId('coin-search').fill(ticker.toLowerCase());
  await page.locator(`[data-testid="coin-option"][data-ticker="${ticker}"]`).click();
  await expect(page.getByTestId('activate-form')).toHaveAttribute('data-ticker', ticker);
}

/** A screenshot of one part of the page (a whole phone page is too tall to read). */
async function shot(page: Page, testid: string, name: string): Promise<void> {
  await page.getByTestId(testid).screenshot({ path: `${RESULTS}/forms-${name}.png` });
}

test('a failed activation names each server and why, suggests WS for a local server, and knows when the browser is offline', async ({ browser }) => {
  const info = devnetInfo();
  const server = info.coins.RLTC1!.servers[0]!;
  const page = await freshWallet(browser);
  await pickCoin(page, 'RLTC1');

  // Typed as the README says (127.0.0.1:<port>): the row picks WS by itself.
  const first = page.getByTestId('server-row').first();
  await first.getByTestId('server-url').fill(server.url);
  await expect(first.getByTestId('server-protocol')).toHaveValue('WS');
  // The user insists on WSS, and adds a port nobody listens on.
  await first.getByTestId('server-protocol').selectOption('WSS');
  await page.getByTestId('server-add').click();
  const second = page.getByTestId('server-row').nth(1);
  await second.getByTestId('server-url').fill('127.0.0.1:1');
  await expect(second.getByTestId('server-protocol')).toHaveValue('WS');
  await page.getByTestId('activate-submit').click();

  const error = page.getByTestId('activate-error');
  await expect(error).toContainText('None of its 2 servers could be used', { timeout: 30_000 });
  const failed = page.getByTestId('activate-failed-server');
  await expect(failed).toHaveCount(2);
  await expect(failed.nth(0)).toHaveAttribute('data-url', server.url);
  await expect(failed.nth(0)).toHaveAttribute('data-protocol', 'WSS');
  await expect(failed.nth(0)).toHaveAttribute('data-reason', 'unreachable');
  await expect(failed.nth(0)).toContainText('could not be reached');
  await expect(failed.nth(1)).toHaveAttribute('data-url', '127.0.0.1:1');
  await expect(failed.nth(1)).toHaveAttribute('data-reason', 'unreachable');
  const hint = page.getByTestId('activate-protocol-hint');
  await expect(hint).toHaveAttribute('data-protocol', 'WS');
  await expect(hint).toContainText(`${server.url} was tried over WSS`);
  // The list of servers and their reasons fits a phone: nothing in the form is wider than the screen.
  const widest = await page
    .getByTestId('activate-form')
    .evaluate((f) => Math.max(...[f, ...f.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
  expect(widest).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'add-coin', 'activation-failed');

  // Offline, the page says so before anything else.
  await page.context().setOffline(true);
  await page.getByTestId('activate-submit').click();
  await expect(error).toContainText('Your browser is offline', { timeout: 30_000 });
  await page.context().setOffline(false);

  // The hint's switch puts the server on WS; then it activates.
  await page.getByTestId('activate-switch-protocol').click();
  await expect(first.getByTestId('server-protocol')).toHaveValue('WS');
  await expect(error).toHaveCount(0);
  await page.getByTestId('activate-submit').click();
  await expect(coinRow(page, 'RLTC1')).toBeVisible({ timeout: 30_000 });
  await page.context().close();
});

test('ETHDEV activates without typing a contract; balances are rounded, exact on hover; the send form focuses and forgets stale errors', async ({
  browser,
}) => {
  const info = devnetInfo();
  const page = await freshWallet(browser);
  await pickCoin(page, 'ETHDEV');

  // The contracts come from the coins file, out of the way under Advanced.
  const swap = page.getByTestId('activate-swap-contract');
  await expect(swap).toBeHidden();
  await expect(swap).toHaveValue(info.evm.swapContract);
  await expect(page.getByTestId('activate-fallback-contract')).toHaveValue(info.evm.fallbackSwapContract);
  // A node nobody listens on: the failure names it and why (task::enable_eth's error_data.nodes).
  await page.getByTestId('server-url').fill('http://127.0.0.1:1');
  await page.getByTestId('activate-submit').click();
  await expect(page.getByTestId('activate-error')).toContainText('ETHDEV could not be activated. Its RPC node could not be used', { timeout: 30_000 });
  const failedNode = page.getByTestId('activate-failed-node');
  await expect(failedNode).toHaveCount(1);
  await expect(failedNode).toHaveAttribute('data-url', 'http://127.0.0.1:1');
  await expect(failedNode).toHaveAttribute('data-reason', 'unreachable');
  await expect(failedNode).toContainText('could not be reached');
  await shot(page, 'add-coin', 'ethdev-node-failed');
  await page.getByTestId('server-url').fill(info.coins.ETHDEV.urls[0]!);
  await shot(page, 'add-coin', 'ethdev-form');
  await page.getByTestId('activate-submit').click();
  await expect(coinRow(page, 'ETHDEV')).toBeVisible({ timeout: 30_000 });

  // An 18-decimal balance: the list shows 8 decimals, the exact value stays on the element.
  await coinRow(page, 'ETHDEV').click();
  const address = ((await page.getByTestId('receive-address').textContent()) ?? '').trim();
  await evmRpc(info, 'anvil_setBalance', [address, `0x${(1234567890123456789n).toString(16)}`]);
  const exact = '1.234567890123456789';
  const listed = coinRow(page, 'ETHDEV').getByTestId('coin-balance');
  await expect(listed).toHaveAttribute('data-exact', exact, { timeout: 30_000 });
  await expect(listed).toHaveText('1.23456789');
  await expect(listed.locator('[data-exact]')).toHaveAttribute('title', exact);
  await expect(page.getByTestId('coin-detail-balance')).toHaveText('1.23456789');
  await shot(page, 'wallet-area', 'balances');
  await shot(page, 'coin-detail', 'balance-detail');

  // Send: an empty form focuses its first field.
  await page.getByTestId('coin-tab-send').click();
  await expect(page.getByTestId('send-available')).toHaveText('1.23456789 ETHDEV');
  await page.getByTestId('send-preview').click();
  await expect(page.getByTestId('send-to')).toBeFocused();

  // The node refuses an amount beyond the balance: the amount is marked and focused.
  await page.getByTestId('send-to').fill(info.wallets.bob!.addresses.ETHDEV!);
  await page.getByTestId('send-amount').fill('5');
  await page.getByTestId('send-preview').click();
  const sendError = page.getByTestId('send-error');
  await expect(sendError).toHaveAttribute('data-error-type', 'NotSufficientBalance');
  await expect(page.getByTestId('send-amount')).toBeFocused();
  await expect(page.getByTestId('send-amount')).toHaveAttribute('aria-invalid', 'true');
  // Fixing the amount takes the stale error away.
  await page.getByTestId('send-amount').fill('0.1');
  await expect(sendError).toHaveCount(0);
  await expect(page.getByTestId('send-amount')).toHaveAttribute('aria-invalid', 'false');

  // A custom gas without a price: said in plain words, and focused.
  await page.getByTestId('send-fee-type').selectOption('EthGas');
  await page.getByTestId('send-gas-limit').fill('21000');
  await page.getByTestId('send-preview').click();
  await expect(page.getByTestId('send-gas-price-error')).toHaveText('Enter the gas price.');
  await expect(page.getByTestId('send-gas-price')).toBeFocused();
  await shot(page, 'send-panel', 'send-errors');
  await page.context().close();
});

test('new-wallet forms focus the first invalid field; the console drops an old response; a cancelled Trezor is no success', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await openApp(page);

  await page.getByTestId('import-wallet-button').click();
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-name')).toBeFocused();
  await page.getByTestId('import-name').fill('forms import');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-password')).toBeFocused();
  await page.getByTestId('import-cancel').click();

  await page.getByTestId('create-wallet-button').click();
  await page.getByTestId('create-name').fill('forms create');
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('create-password')).toBeFocused();
  await page.getByTestId('create-cancel').click();

  await importWallet(page, 'forms', `c1 console ${randomBytes(12).toString('hex')}`);
  expect((await sendConsole(page, '{"method":"version"}')).status).toBe(200);
  await page.getByTestId('console-input').fill('{"method": "version"');
  await page.getByTestId('console-send').click();
  await expect(page.getByTestId('console-error')).toContainText('Invalid JSON');
  await expect(page.getByTestId('console-response')).toHaveCount(0);
  await expect(page.getByTestId('console-input')).toBeFocused();
  await shot(page, 'rpc-console', 'console');
  expect((await sendConsole(page, '{"method":"version"}')).status).toBe(200);

  // Connecting a Trezor and cancelling at its PIN: a warning, never the success colours.
  await page.getByTestId('trezor-connect').click();
  await expect(page.getByTestId('pin-pad')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('trezor-cancel').click();
  const notice = page.getByTestId('trezor-notice');
  await expect(notice).toContainText('Cancelled');
  await expect(notice).toHaveClass(/\bwarn\b/);
  await expect(notice).not.toHaveClass(/\binfo\b/);
  await shot(page, 'hw-wallet', 'trezor-cancelled');
  await context.close();
});
