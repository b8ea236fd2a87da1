import { expect, test } from '@playwright/test';
import {
  STRONG_PASSWORD,
  WALLET_IN_USE_TEXT,
  WRONG_PASSWORD,
  createWallet,
  expectUnlocked,
  importWallet,
  openApp,
  sendConsole,
  submitUnlock,
  walletItem,
} from './helpers';

test('create, lock, wrong then right password, console version, reload locks', async ({ page }) => {
  await openApp(page);
  await expect(page.getByTestId('wallet-list-empty')).toBeVisible();

  await createWallet(page, 'Main wallet');
  await expect(page.getByTestId('wallet-empty')).toHaveText('No coins activated yet');

  await page.getByTestId('lock-button').click();
  await expect(page.getByTestId('unlock-form')).toBeVisible();
  await expect(page.getByTestId('session-state')).toHaveAttribute('data-state', 'locked');

  await submitUnlock(page, 'Main wallet', WRONG_PASSWORD);
  await expect(page.getByTestId('unlock-error')).toContainText('Wrong password');
  await expect(page.getByTestId('unlock-form')).toBeVisible();
  await expect(page.getByTestId('wallet-page')).toHaveCount(0);

  await submitUnlock(page, 'Main wallet', STRONG_PASSWORD);
  await expectUnlocked(page, 'Main wallet');

  const r = await sendConsole(page, '{"method":"version"}');
  expect(r.status).toBe(200);
  expect(typeof (r.body as { result?: unknown }).result).toBe('string');
  await expect(page.getByTestId('console-status')).toHaveText('HTTP 200');
  await expect(page.getByTestId('console-userpass-note')).toBeVisible();

  // A reload stops the node: the address brings back this wallet's unlock form.
  await page.reload();
  await expect(page.getByTestId('unlock-form')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('unlock-wallet-name')).toHaveText('Main wallet');
  await expect(page.getByTestId('wallet-page')).toHaveCount(0);
  await expect(page.getByTestId('session-state')).toHaveAttribute('data-state', 'locked');
});

test('a second tab cannot unlock a wallet the first tab has open', async ({ context, page }) => {
  await openApp(page);
  await importWallet(page, 'Shared', 'alice passphrase');

  const second = await context.newPage();
  await openApp(second);
  await expect(walletItem(second, 'Shared')).toBeVisible();
  await submitUnlock(second, 'Shared', STRONG_PASSWORD);
  await expect(second.getByTestId('unlock-error')).toHaveText(WALLET_IN_USE_TEXT);
  await expect(second.getByTestId('wallet-page')).toHaveCount(0);

  // The first tab still has it; once it locks there, the second tab can open it.
  await expect(page.getByTestId('wallet-page')).toBeVisible();
  await page.getByTestId('lock-button').click();
  await expect(page.getByTestId('unlock-form')).toBeVisible();
  await submitUnlock(second, 'Shared', STRONG_PASSWORD);
  await expectUnlocked(second, 'Shared');
});

test('import a legacy passphrase; console get_enabled_coins, bad JSON, stop RPC', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('import-wallet-button').click();
  await page.getByTestId('import-secret').fill('bob passphrase');
  await expect(page.getByTestId('import-kind')).toHaveAttribute('data-kind', 'passphrase');
  await expect(page.getByTestId('import-hd')).toBeDisabled();
  await page.getByTestId('import-cancel').click();

  await importWallet(page, 'Bob', 'bob passphrase');

  await page.getByTestId('console-example-get-enabled-coins').click();
  await page.getByTestId('console-send').click();
  await expect(page.getByTestId('console-status')).toHaveAttribute('data-status', '200');
  const shown = JSON.parse((await page.getByTestId('console-response').textContent()) ?? '') as unknown;
  expect(shown).toEqual({ result: [] });

  // Invalid JSON: an inline error and nothing sent; the previous response goes (it answered another request).
  await page.getByTestId('console-input').fill('{"method": "version"');
  await page.getByTestId('console-send').click();
  await expect(page.getByTestId('console-error')).toContainText('Invalid JSON');
  await expect(page.getByTestId('console-response')).toHaveCount(0);

  // The `stop` RPC stops the node: the page goes back to the locked state.
  await page.getByTestId('console-input').fill('{"method":"stop"}');
  await page.getByTestId('console-send').click();
  await expect(page.getByTestId('unlock-form')).toBeVisible();
  await expect(page.getByTestId('session-state')).toHaveAttribute('data-state', 'locked');
});

test('new-wallet form checks: name clash, weak password, repeat mismatch; switch wallet', async ({ page }) => {
  await openApp(page);
  await importWallet(page, 'First', 'carol passphrase');
  await page.getByTestId('switch-wallet-button').click();
  await expect(walletItem(page, 'First')).toBeVisible();
  await expect(page.getByTestId('session-state')).toHaveAttribute('data-state', 'locked');

  await page.getByTestId('create-wallet-button').click();
  await page.getByTestId('create-name').fill('First');
  await expect(page.getByTestId('create-name-error')).toContainText('already exists');
  await page.getByTestId('create-name').fill('Second');
  await expect(page.getByTestId('create-name-error')).toHaveCount(0);

  await page.getByTestId('create-password').fill('weakpass');
  await page.getByTestId('create-password-repeat').fill('weakpass');
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('create-password-error')).toBeVisible();
  await expect(page.getByTestId('create-policy').locator('[data-check="upper"]')).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('mnemonic-step')).toHaveCount(0);

  await page.getByTestId('create-password').fill(STRONG_PASSWORD);
  await page.getByTestId('create-password-repeat').fill(`${STRONG_PASSWORD}x`);
  await expect(page.getByTestId('create-repeat-error')).toHaveText('The passwords do not match.');
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('mnemonic-step')).toHaveCount(0);

  // Leaving the flow forgets the mnemonic: coming back starts from an empty form.
  await page.getByTestId('create-password-repeat').fill(STRONG_PASSWORD);
  await page.getByTestId('create-submit').click();
  await expect(page.getByTestId('mnemonic-step')).toBeVisible();
  await page.getByTestId('mnemonic-cancel').click();
  await expect(page.getByTestId('wallet-list')).toBeVisible();
  await page.getByTestId('create-wallet-button').click();
  await expect(page.getByTestId('create-name')).toHaveValue('');
});
