/**
 * A whole atomic swap through the page, two browsers on the devnet: a maker (devnet alice) sells
 * RLTC1 for RLTC2, a taker (devnet bob) takes it. The maker is told of the match, both swap screens
 * follow the steps from the node's typed swap events, the taker's tab warns before it is reloaded
 * mid-swap, and after the reload (unlock, coins reactivated) the swap is still listed and both
 * sides reach "Finished". The rescue file exported by the maker is imported in a fresh browser.
 * Screenshots of the swap screen at 1440×900 and 390×844.
 */
import { expect, test, type Page } from '@playwright/test';
import { devnetInfo } from './devnet';
import { acknowledgeStorageWarning, activateCoin, STRONG_PASSWORD, submitUnlock, expectUnlocked, openTrader, openExchange } from './helpers';

const BASE = 'RLTC1';
const REL = 'RLTC2';
const PRICE = '2';
const MAKER_VOLUME = '1';
const TAKER_VOLUME = '0.5';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };



function step(page: Page, type: string) {
  return page.locator(`[data-testid="swap-step"][data-type="${type}"]`);
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, 'the page does not scroll sideways').toBeLessThanOrEqual(client);
}

test('a swap runs to Finished on both sides, with the match notified, the list, and a reload mid-swap', async ({ browser }) => {
  test.setTimeout(480_000);
  const info = devnetInfo();
  expect(info.seednodes.length, 'devnet.json lists a seed node').toBeGreaterThan(0);

  const maker = await openTrader(browser, 'swap-maker', info.wallets.alice!.passphrase, info.seednodes, { viewport: DESKTOP });
  const taker = await openTrader(browser, 'swap-taker', info.wallets.bob!.passphrase, info.seednodes, { viewport: DESKTOP });
  for (const page of [maker, taker]) {
    for (const coin of [BASE, REL]) await activateCoin(page, coin, info.coins[coin]!.servers);
  }

  // No swaps yet, and nothing to warn about.
  await maker.getByTestId('page-tab-swaps').click();
  await expect(maker.getByTestId('swaps-empty')).toBeVisible();
  await expect(maker.getByTestId('swap-running-warning')).toHaveCount(0);

  // ---- Maker: an order on the book.
  await openExchange(maker, BASE, REL);
  await maker.getByTestId('trade-mode-setprice').click();
  await maker.getByTestId('trade-price').fill(PRICE);
  await maker.getByTestId('trade-volume').fill(MAKER_VOLUME);
  await maker.getByTestId('trade-review').click();
  await expect(maker.getByTestId('preimage-panel')).toBeVisible();
  await acknowledgeStorageWarning(maker);
  await maker.getByTestId('trade-confirm').click();
  const orderUuid = (await maker.getByTestId('trade-placed').getAttribute('data-uuid')) ?? '';
  expect(orderUuid).toMatch(/^[0-9a-f-]{36}$/);

  // ---- Taker: takes it from the orderbook.
  await openExchange(taker, BASE, REL);
  const ask = taker.locator(`[data-testid="orderbook-ask"][data-uuid="${orderUuid}"]`);
  await expect(ask).toBeVisible({ timeout: 90_000 });
  await ask.getByTestId('orderbook-pick').click();
  await taker.getByTestId('trade-volume').fill(TAKER_VOLUME);
  await taker.getByTestId('trade-review').click();
  await expect(taker.getByTestId('preimage-panel')).toBeVisible();
  await acknowledgeStorageWarning(taker);
  await taker.getByTestId('trade-confirm').click();
  const swapUuid = (await taker.getByTestId('trade-placed').getAttribute('data-uuid')) ?? '';
  expect(swapUuid).toMatch(/^[0-9a-f-]{36}$/);

  // ---- The taker's request becomes its swap (named after it); the maker is notified of the match.
  const request = taker.locator(`[data-testid="taker-request"][data-uuid="${swapUuid}"]`);
  await expect(request).toHaveAttribute('data-state', 'matched', { timeout: 60_000 });
  const notice = maker.getByTestId('match-notice');
  await expect(notice).toHaveAttribute('data-uuid', swapUuid, { timeout: 60_000 });
  // Both are told in a toast as well: the match, then each step of its swap (one toast per swap).
  for (const page of [maker, taker]) await expect(page.locator(`[data-testid="toast"][data-key="swap:${swapUuid}"]`)).toBeVisible();
  await expect(notice).toContainText('matched');
  for (const page of [maker, taker]) await expect(page.getByTestId('swap-running-warning')).toBeVisible();

  // Both open the swap screen: the maker from the notice, the taker from its request.
  await notice.getByTestId('match-notice-open').click();
  await expect(notice).toHaveCount(0);
  await request.getByTestId('taker-open-swap').click();
  for (const page of [maker, taker]) {
    const view = page.getByTestId('swap-view');
    await expect(view).toHaveAttribute('data-uuid', swapUuid);
    await expect(step(page, 'Started')).toHaveAttribute('data-state', 'done');
  }
  await expect(maker.getByTestId('swap-view')).toContainText(`0.5 ${BASE} → 1 ${REL}`);
  await expect(taker.getByTestId('swap-view')).toContainText(`1 ${REL} → 0.5 ${BASE}`);

  // The maker's screen shows the deadlines: its own payment's lock time, counting down.
  await expect(maker.locator('[data-testid="swap-lock"][data-kind="mine"]')).toContainText(/in \d+ h/, { timeout: 60_000 });
  await expect(maker.locator('[data-testid="swap-step"][data-state="current"]')).toHaveCount(1);
  await maker.screenshot({ path: 'test-results/swap-running-1440.png', fullPage: true });
  await noHorizontalOverflow(maker);
  await maker.setViewportSize(PHONE);
  await maker.screenshot({ path: 'test-results/swap-running-390.png', fullPage: true });
  await noHorizontalOverflow(maker);
  await maker.setViewportSize(DESKTOP);

  // ---- Reload the taker mid-swap (once its payment is sent): the tab warns first, then the
  // swap resumes after unlocking.
  let warned = false;
  taker.on('dialog', (d) => {
    if (d.type() === 'beforeunload') warned = true;
    void d.accept();
  });
  await expect(step(taker, 'TakerPaymentSent')).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  await taker.reload();
  expect(warned, 'the tab warned before reloading during a swap').toBe(true);
  await expect(taker.getByTestId('unlock-form')).toBeVisible({ timeout: 30_000 });
  await submitUnlock(taker, 'swap-taker', STRONG_PASSWORD);
  await expectUnlocked(taker, 'swap-taker');
  // The unlock activates the remembered coins again.
  await expect(taker.getByTestId('coin-restore')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });

  // The address kept the swap's screen: it is open again after the unlock, and the swap is still listed.
  await expect(taker.getByTestId('page-tab-swaps')).toHaveAttribute('aria-selected', 'true');
  await expect(taker.getByTestId('swap-view')).toHaveAttribute('data-uuid', swapUuid);
  await taker.getByTestId('swap-back').click();
  const takerRow = taker.locator(`[data-testid="swap-row"][data-uuid="${swapUuid}"]`);
  await expect(takerRow).toBeVisible();
  await takerRow.click();
  await expect(taker.getByTestId('swap-view')).toHaveAttribute('data-uuid', swapUuid);
  // The steps read back from the node: the taker's payment, with its amount and hash.
  const takerPayment = step(taker, 'TakerPaymentSent');
  await expect(takerPayment.getByTestId('swap-tx')).toHaveAttribute('data-coin', REL);
  await expect(takerPayment.getByTestId('swap-tx')).toContainText(`1 ${REL}`);
  await expect(takerPayment.getByTestId('swap-tx-hash')).toHaveText(/^[0-9a-f]{64}$/);

  // ---- Both reach Finished.
  for (const page of [maker, taker]) {
    await expect(page.getByTestId('swap-view')).toHaveAttribute('data-phase', 'finished', { timeout: 240_000 });
    await expect(page.getByTestId('swap-phase')).toHaveText('Finished');
    await expect(step(page, 'Finished')).toHaveAttribute('data-state', 'done');
    await expect(page.locator('[data-testid="swap-step"][data-state="failed"]')).toHaveCount(0);
    await expect(page.getByTestId('swap-running-warning')).toHaveCount(0);
  }
  await expect(step(maker, 'TakerPaymentSpent').getByTestId('swap-tx')).toHaveAttribute('data-coin', REL);
  await expect(step(taker, 'MakerPaymentSpent').getByTestId('swap-tx')).toHaveAttribute('data-coin', BASE);
  // The transactions each side waited for are confirmed: their steps moved on.
  for (const [page, type] of [[maker, 'TakerPaymentReceived'], [maker, 'TakerPaymentSpent'], [taker, 'MakerPaymentReceived'], [taker, 'MakerPaymentSpent']] as const) {
    await expect(step(page, type).getByTestId('swap-tx-confirmations')).toHaveText('· confirmed');
  }

  // Screenshots of the swap screen at both sizes, without sideways scrolling.
  await maker.screenshot({ path: 'test-results/swap-screen-1440.png', fullPage: true });
  await noHorizontalOverflow(maker);
  await maker.setViewportSize(PHONE);
  await maker.screenshot({ path: 'test-results/swap-screen-390.png', fullPage: true });
  await noHorizontalOverflow(maker);

  // ---- The list: the swap with its status, under Past and by coin, not under Active.
  await maker.getByTestId('swap-back').click();
  const makerRow = maker.locator(`[data-testid="swap-row"][data-uuid="${swapUuid}"]`);
  await expect(makerRow).toHaveAttribute('data-phase', 'finished');
  await expect(makerRow.getByTestId('swap-row-phase')).toHaveText('Finished');
  await maker.getByTestId('swaps-filter-active').check();
  await expect(makerRow).toHaveCount(0);
  await maker.getByTestId('swaps-filter-past').check();
  await expect(makerRow).toBeVisible();
  await maker.getByTestId('swaps-filter-coin').selectOption(REL);
  await expect(makerRow).toBeVisible();
  await maker.screenshot({ path: 'test-results/swap-list-390.png', fullPage: true });
  await noHorizontalOverflow(maker);

  // ---- The rescue file: exported here, imported in a fresh browser with the same wallet.
  await maker.getByTestId('swap-rescue').locator('summary').click();
  const download = maker.waitForEvent('download');
  await maker.getByTestId('swap-export').click();
  const file = await (await download).path();
  await expect(maker.getByTestId('swap-rescue-message')).toContainText('keep it private');
  await taker.context().close();

  const rescued = await openTrader(browser, 'swap-maker', info.wallets.alice!.passphrase, info.seednodes, { viewport: DESKTOP });
  await rescued.getByTestId('page-tab-swaps').click();
  await expect(rescued.getByTestId('swaps-empty')).toBeVisible();
  await rescued.getByTestId('swap-rescue').locator('summary').click();
  await rescued.getByTestId('swap-import-file').setInputFiles(file);
  await expect(rescued.getByTestId('swap-rescue-message')).toHaveText('1 swap imported.');
  const rescuedRow = rescued.locator(`[data-testid="swap-row"][data-uuid="${swapUuid}"]`);
  await expect(rescuedRow).toHaveAttribute('data-phase', 'finished');
  // Importing it again changes nothing: the node skips a swap it already holds.
  await rescued.getByTestId('swap-import-file').setInputFiles(file);
  await expect(rescued.getByTestId('swap-rescue-message')).toHaveText('0 swaps imported, 1 skipped.');
  await expect(rescued.getByTestId('swap-row')).toHaveCount(1);

  await rescued.context().close();
  await maker.context().close();
});
