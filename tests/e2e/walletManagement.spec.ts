/**
 * Wallet management as a user does it: rename and delete from the wallet list (the password, and
 * for a delete the wallet's name typed out; never while the wallet is open in another tab), change
 * the password and show the recovery phrase on the wallet page, the weak brain-wallet warning on
 * import, and a Trezor-only wallet started from the list on the simulated Trezor of a test build
 * (VITE_TREZOR_SIM=1) with a coin activated on the device's account. Screenshots at 390×844.
 */
import { expect, test, type Page, type Worker } from '@playwright/test';
import type { TrezorSimControl } from './trezorSim';
import { devnetInfo } from './devnet';
import { coinRow, expectUnlocked, importWallet, openApp, STRONG_PASSWORD, submitUnlock, walletItem, WRONG_PASSWORD } from './helpers';

type SimScope = { __trezorSim?: TrezorSimControl };

const RESULTS = process.env.E2E_RESULTS ?? 'test-results';
const SHOTS = `${RESULTS}/wallet-management`;
const NEW_PASSWORD = 'N3w-Secret#2024';
/** BIP39's test vector: a valid 12-word phrase. */
const MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

async function phone<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    return await run();
  } finally {
    if (before) await page.setViewportSize(before);
  }
}

/** Nothing in `root` (the whole page by default) reaches past a 390 px screen; the message names what does. */
async function noSideScroll(page: Page, root = 'body'): Promise<void> {
  const wide = await page.locator(root).first().evaluate((el) =>
    [el, ...el.querySelectorAll<HTMLElement>('*')]
      .filter((e) => e.getBoundingClientRect().right > 391 && e.getClientRects().length > 0)
      .map((e) => `${e.tagName.toLowerCase()}${e instanceof HTMLElement && e.dataset.testid ? `[${e.dataset.testid}]` : ''}`),
  );
  expect(wide).toEqual([]);
}

async function toList(page: Page): Promise<void> {
  await page.getByTestId('switch-wallet-button').click();
  await expect(page.getByTestId('wallet-list')).toBeVisible();
}

async function manage(page: Page, name: string): Promise<void> {
  await page.locator(`[data-testid="wallet-manage"][data-wallet-name="${name}"]`).click();
  await expect(page.locator(`[data-testid="manage-wallet"][data-wallet-name="${name}"]`)).toBeVisible();
}

test('weak passphrase warning on import; rename and delete from the list, never while open in another tab', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openApp(page);

  // A brain-wallet passphrase gets its estimate and the warning; a recovery phrase does not.
  await page.getByTestId('import-wallet-button').click();
  await page.getByTestId('import-secret').fill(MNEMONIC);
  await expect(page.getByTestId('import-kind')).toHaveAttribute('data-kind', 'mnemonic');
  await expect(page.getByTestId('import-weak-warning')).toHaveCount(0);
  await page.getByTestId('import-secret').fill('dave passphrase');
  const warning = page.getByTestId('import-weak-warning');
  await expect(warning).toContainText('less than the 128 of a recovery phrase');
  expect(Number(await warning.getAttribute('data-bits'))).toBeLessThan(40);
  await phone(page, async () => {
    await warning.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/weak-passphrase-390.png` });
    await noSideScroll(page);
  });
  await page.getByTestId('import-cancel').click();

  await importWallet(page, 'Dave', 'dave passphrase');
  await toList(page);
  await page.evaluate(() => localStorage.setItem('browser-dex:storage-warning-acknowledged:Dave', '1'));

  // Rename: a wrong password and a taken name change nothing.
  await manage(page, 'Dave');
  await page.getByTestId('rename-name').fill('David');
  await page.getByTestId('rename-password').fill(WRONG_PASSWORD);
  await page.getByTestId('rename-submit').click();
  await expect(page.getByTestId('rename-password-error')).toHaveText('Wrong password. Check it and try again.');
  await expect(walletItem(page, 'Dave')).toBeVisible();

  // Open in a second tab: the rename is refused until that tab locks it.
  const other = await context.newPage();
  await openApp(other);
  await submitUnlock(other, 'Dave', STRONG_PASSWORD);
  await expectUnlocked(other, 'Dave');
  await page.getByTestId('rename-password').fill(STRONG_PASSWORD);
  await page.getByTestId('rename-submit').click();
  await expect(page.getByTestId('manage-error')).toHaveText('This wallet is open in another tab. Lock it there first.');
  await other.getByTestId('lock-button').click();
  await expect(other.getByTestId('unlock-form')).toBeVisible();
  await other.close();

  await page.getByTestId('rename-submit').click();
  await expect(page.getByTestId('wallet-list-message')).toHaveText('“Dave” is now “David”.');
  await expect(walletItem(page, 'Dave')).toHaveCount(0);
  await expect(walletItem(page, 'David')).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('browser-dex:storage-warning-acknowledged:Dave'), localStorage.getItem('browser-dex:storage-warning-acknowledged:David')])).toEqual([null, '1']);

  // Delete: the button waits for the exact name; a wrong password deletes nothing.
  await manage(page, 'David');
  await page.getByTestId('manage-delete-tab').click();
  await expect(page.getByTestId('delete-submit')).toBeDisabled();
  await page.getByTestId('delete-password').fill(WRONG_PASSWORD);
  await page.getByTestId('delete-confirm').fill('david');
  await expect(page.getByTestId('delete-submit')).toBeDisabled();
  await page.getByTestId('delete-confirm').fill('David');
  await expect(page.getByTestId('delete-submit')).toBeEnabled();
  await phone(page, async () => {
    await page.getByTestId('manage-wallet').screenshot({ path: `${SHOTS}/delete-confirm-390.png` });
    await noSideScroll(page);
  });
  await page.getByTestId('delete-submit').click();
  await expect(page.getByTestId('delete-password-error')).toHaveText('Wrong password. Check it and try again.');
  await expect(walletItem(page, 'David')).toBeVisible();
  await page.getByTestId('delete-password').fill(STRONG_PASSWORD);
  await page.getByTestId('delete-submit').click();
  await expect(page.getByTestId('wallet-list-message')).toHaveText('“David” was deleted from this browser.');
  await expect(page.getByTestId('wallet-list-empty')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('browser-dex:storage-warning-acknowledged:David'))).toBeNull();
  // Gone for good: a reload lists nothing.
  await page.reload();
  await expect(page.getByTestId('wallet-list-empty')).toBeVisible({ timeout: 30_000 });
  await context.close();
});

test('change the password (the old one stops working) and show the recovery phrase after the password', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openApp(page);
  await importWallet(page, 'Erin', MNEMONIC);
  const settings = page.getByTestId('wallet-settings');
  await expect(settings).toBeVisible();

  // The phrase: not without the right password.
  await page.getByTestId('phrase-password').fill(WRONG_PASSWORD);
  await page.getByTestId('phrase-reveal').click();
  await expect(page.getByTestId('phrase-error')).toHaveText('Wrong password. Check it and try again.');
  await expect(page.getByTestId('mnemonic-word')).toHaveCount(0);
  await page.getByTestId('phrase-password').fill(STRONG_PASSWORD);
  await page.getByTestId('phrase-reveal').click();
  await expect(page.getByTestId('mnemonic-word')).toHaveCount(12);
  expect((await page.getByTestId('mnemonic-word').allTextContents()).map((w) => w.trim()).join(' ')).toBe(MNEMONIC);
  await phone(page, async () => {
    await page.getByTestId('show-phrase').scrollIntoViewIfNeeded();
    await page.getByTestId('show-phrase').screenshot({ path: `${SHOTS}/phrase-390.png` });
    await noSideScroll(page, '[data-testid="wallet-settings"]');
  });
  await page.getByTestId('phrase-hide').click();
  await expect(page.getByTestId('mnemonic-word')).toHaveCount(0);

  // Change the password: a wrong current one or a weak new one changes nothing.
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('change-current')).toBeFocused();
  await page.getByTestId('change-current').fill(WRONG_PASSWORD);
  await page.getByTestId('change-new').fill(NEW_PASSWORD);
  await page.getByTestId('change-repeat').fill(NEW_PASSWORD);
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('change-current-error')).toHaveText('The current password is wrong.');
  await page.getByTestId('change-current').fill(STRONG_PASSWORD);
  await page.getByTestId('change-new').fill('weakpass');
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('change-new-error')).toBeVisible();
  await page.getByTestId('change-new').fill(NEW_PASSWORD);
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('change-password-done')).toBeVisible();
  await phone(page, async () => {
    await page.getByTestId('change-password-form').screenshot({ path: `${SHOTS}/change-password-390.png` });
    await noSideScroll(page, '[data-testid="wallet-settings"]');
  });

  // The old password no longer unlocks; the new one does.
  await page.getByTestId('lock-button').click();
  await expect(page.getByTestId('unlock-form')).toBeVisible();
  await submitUnlock(page, 'Erin', STRONG_PASSWORD);
  await expect(page.getByTestId('unlock-error')).toHaveText('Wrong password. Check it and try again.');
  await submitUnlock(page, 'Erin', NEW_PASSWORD);
  await expectUnlocked(page, 'Erin');
  await context.close();
});

test('a Trezor-only wallet from the list: no recovery phrase, the device connected, a coin on its account', async ({ browser }) => {
  const info = devnetInfo();
  const context = await browser.newContext();
  const page = await context.newPage();
  await openApp(page);
  await phone(page, async () => {
    await page.screenshot({ path: `${SHOTS}/list-use-trezor-390.png` });
    await noSideScroll(page);
  });
  await page.getByTestId('use-trezor-button').click();
  await expectUnlocked(page, 'My Trezor');
  await expect.poll(() => page.workers().length).toBe(1);
  const worker: Worker = page.workers()[0]!;

  // The page connects the Trezor at once: its PIN on the blank pad, then the standard wallet.
  await expect(page.getByTestId('pin-pad')).toBeVisible({ timeout: 30_000 });
  const positions = await worker.evaluate(() => (self as unknown as SimScope).__trezorSim!.pinPositions('1234'));
  for (const p of positions) await page.locator(`[data-testid="pin-pad-button"][data-position="${p}"]`).click();
  await page.getByTestId('pin-submit').click();
  await expect(page.getByTestId('passphrase-prompt')).toBeVisible();
  await page.getByTestId('passphrase-submit').click();
  await expect(page.getByTestId('trezor-connected')).toBeVisible();
  await expect(page.getByTestId('trezor-device-name')).toHaveText('E2E Trezor');
  await expect(page.getByTestId('trezor-wallet-note')).toContainText('not traded');
  await expect(page.getByTestId('change-password-form')).toHaveCount(0);

  // A coin on the Trezor's account.
  await page.getByTestId('add-coin-button').click();
  await page.getByTestId('coin-search').fill('rltc1');
  await page.locator('[data-testid="coin-option"][data-ticker="RLTC1"]').click();
  await page.getByTestId('activate-keys-trezor').check();
  const server = info.coins.RLTC1!.servers[0]!;
  const row = page.getByTestId('server-row').first();
  await row.getByTestId('server-url').fill(server.url);
  await row.getByTestId('server-protocol').selectOption(server.protocol);
  await page.getByTestId('activate-submit').click();
  await expect(coinRow(page, 'RLTC1')).toBeVisible({ timeout: 30_000 });
  await expect(coinRow(page, 'RLTC1').getByTestId('coin-trezor-tag')).toBeVisible();
  await phone(page, async () => {
    await page.getByTestId('wallet-settings').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/trezor-wallet-390.png` });
    await noSideScroll(page, '[data-testid="wallet-settings"]');
  });

  // Locked, it goes back to the list, where it is a Trezor wallet: opened with the device, never with a password.
  await page.getByTestId('lock-button').click();
  await expect(page.getByTestId('wallet-list')).toBeVisible();
  const item = walletItem(page, 'My Trezor');
  await expect(item.getByTestId('wallet-trezor-tag')).toBeVisible();
  await expect(item).toContainText('Connect →');
  await expect(item.getByTestId('wallet-trezor-tag')).toHaveText('Trezor');
  await phone(page, async () => {
    await page.screenshot({ path: `${SHOTS}/list-trezor-wallet-390.png` });
    await noSideScroll(page);
    // The name keeps its line on a phone.
    expect((await item.getByTestId('wallet-name').boundingBox())!.height).toBeLessThan(32);
  });
  await item.click();
  await expectUnlocked(page, 'My Trezor');
  // The device is being connected again at once (whether it asks for the PIN again is up to it).
  await expect(page.getByTestId('hw-wallet')).toHaveAttribute('data-phase', /^(progress|pin|passphrase|connected)$/);
  // A reload never asks for the password the user does not know: the list opens.
  await page.reload();
  await expect(page.getByTestId('wallet-list')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('unlock-form')).toHaveCount(0);
  await context.close();
});
