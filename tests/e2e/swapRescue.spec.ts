/**
 * The rescue file restores a refund in a fresh context. A maker (devnet alice) and a taker (devnet
 * bob) trade RLTC1 for RLTC2 with a short swap lock time, set in the page's network settings on
 * both sides (it must match). The maker's browser goes away once its payment reached the taker, so
 * nobody will ever claim the taker's payment. The taker pays, saves the rescue file from the
 * Swaps tab and closes its browser too. A fresh browser context (new storage) imports the same
 * wallet and the rescue file; the swap goes on there, the taker's payment is refunded once its
 * lock time has passed, the swap screen shows it refunded and the balance is back less the fees.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { devnetInfo } from './devnet';
import { acknowledgeStorageWarning, activateCoin, balanceOf, importWallet, openApp, openExchange, setSeednodes } from './helpers';

const BASE = 'RLTC1';
const REL = 'RLTC2';
/**
 * The taker's payment locks for this long, the maker's for twice it. The taker's deadlines are
 * fractions of it (its DEX fee by 1/3, the maker's payment confirmed by 2/5): 120 s leaves room
 * for two lost negotiation messages (re-sent every 15 s).
 */
const LOCKTIME_S = 120;
/** What the taker may lose: the DEX fee (1/777 of 1 RLTC2) and three small transaction fees. */
const MAX_LOSS = 0.002;
const MIN_LOSS = 0.0012;

function step(page: Page, type: string) {
  return page.locator(`[data-testid="swap-step"][data-type="${type}"]`);
}

/** A fresh context whose network settings name the devnet's seed node and the short lock time, with the wallet imported. */
async function openShortLockTrader(browser: Browser, name: string, passphrase: string, seednodes: string[]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openApp(page);
  await page.getByTestId('network-settings-toggle').click();
  await page.getByTestId('locktime-input').fill(String(LOCKTIME_S));
  await setSeednodes(page, seednodes);
  await expect(page.getByTestId('locktime-error')).toHaveCount(0);
  await expect(page.getByTestId('network-state')).toContainText(`swap lock time ${LOCKTIME_S} s`);
  await importWallet(page, name, passphrase);
  return page;
}

test('the rescue file restores a refund in a fresh context', async ({ browser }, testInfo) => {
  test.setTimeout(360_000);
  const info = devnetInfo();
  const bob = info.wallets.bob!.passphrase;
  const servers = (coin: string) => info.coins[coin]!.servers;

  const [maker, taker] = await Promise.all([
    openShortLockTrader(browser, 'rescue-maker', info.wallets.alice!.passphrase, info.seednodes),
    openShortLockTrader(browser, 'rescue-taker', bob, info.seednodes),
  ]);
  for (const page of [maker, taker]) {
    for (const coin of [BASE, REL]) await activateCoin(page, coin, servers(coin));
  }
  const before = Number(await balanceOf(taker, REL));

  // ---- Maker: sells 1 RLTC1 at 2 RLTC2. Taker: takes half of it, paying 1 RLTC2.
  await openExchange(maker, BASE, REL);
  await maker.getByTestId('trade-mode-setprice').click();
  await maker.getByTestId('trade-price').fill('2');
  await maker.getByTestId('trade-volume').fill('1');
  await maker.getByTestId('trade-review').click();
  await acknowledgeStorageWarning(maker);
  await maker.getByTestId('trade-confirm').click();
  const orderUuid = (await maker.getByTestId('trade-placed').getAttribute('data-uuid')) ?? '';

  await openExchange(taker, BASE, REL);
  const ask = taker.locator(`[data-testid="orderbook-ask"][data-uuid="${orderUuid}"]`);
  await expect(ask).toBeVisible({ timeout: 90_000 });
  await ask.getByTestId('orderbook-pick').click();
  await taker.getByTestId('trade-volume').fill('0.5');
  await taker.getByTestId('trade-review').click();
  await acknowledgeStorageWarning(taker);
  await taker.getByTestId('trade-confirm').click();
  const swapUuid = (await taker.getByTestId('trade-placed').getAttribute('data-uuid')) ?? '';
  expect(swapUuid).toMatch(/^[0-9a-f-]{36}$/);
  const request = taker.locator(`[data-testid="taker-request"][data-uuid="${swapUuid}"]`);
  await request.getByTestId('taker-open-swap').click({ timeout: 60_000 });
  await expect(taker.getByTestId('swap-view')).toHaveAttribute('data-uuid', swapUuid);

  // ---- The maker vanishes once its payment reached the taker: it can never claim the taker's payment.
  await expect(step(taker, 'MakerPaymentReceived')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  await maker.context().close();

  // The taker waits for the maker's payment to confirm, told live, then pays.
  const makerPayment = step(taker, 'MakerPaymentReceived').getByTestId('swap-tx-confirmations');
  await expect(makerPayment).toHaveAttribute('data-state', 'confirmed', { timeout: 60_000 });
  await expect(makerPayment).toHaveText('· confirmed');
  await expect(step(taker, 'TakerPaymentSent')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  const paymentHash = (await step(taker, 'TakerPaymentSent').getByTestId('swap-tx-hash').textContent()) ?? '';
  expect(paymentHash).toMatch(/^[0-9a-f]{64}$/);
  // The devnet coins name no explorer: the hash can be copied, not followed.
  await expect(step(taker, 'TakerPaymentSent').getByTestId('swap-tx-copy')).toBeVisible();
  await expect(step(taker, 'TakerPaymentSent').getByTestId('swap-tx-link')).toHaveCount(0);

  // ---- The taker saves the rescue file, then its browser goes away too.
  await taker.getByTestId('swap-back').click();
  await taker.getByTestId('swap-rescue').locator('summary').click();
  const download = taker.waitForEvent('download');
  await taker.getByTestId('swap-export').click();
  // Kept outside the context: its downloads go with it.
  const file = testInfo.outputPath('swaps-rescue.json');
  await (await download).saveAs(file);
  await expect(taker.getByTestId('swap-rescue-message')).toContainText('keep it private');
  await taker.context().close();

  // ---- A fresh browser (the same network settings): the same wallet, its coins, and the rescue file.
  const rescuer = await openShortLockTrader(browser, 'rescue-fresh', bob, info.seednodes);
  for (const coin of [BASE, REL]) await activateCoin(rescuer, coin, servers(coin));
  await rescuer.getByTestId('page-tab-swaps').click();
  await expect(rescuer.getByTestId('swaps-empty')).toBeVisible();
  await rescuer.getByTestId('swap-rescue').locator('summary').click();
  await rescuer.getByTestId('swap-import-file').setInputFiles(file);
  await expect(rescuer.getByTestId('swap-rescue-message')).toHaveText('1 swap imported.');
  await rescuer.locator(`[data-testid="swap-row"][data-uuid="${swapUuid}"]`).click();
  const view = rescuer.getByTestId('swap-view');
  await expect(view).toHaveAttribute('data-uuid', swapUuid);
  await expect(step(rescuer, 'TakerPaymentSent').getByTestId('swap-tx-hash')).toHaveText(paymentHash);

  // ---- Nobody claims the payment: past its lock time this browser refunds it.
  await expect(view).toHaveAttribute('data-phase', 'refunded', { timeout: (LOCKTIME_S + 120) * 1000 });
  await expect(rescuer.getByTestId('swap-phase')).toHaveText('Refunded');
  await expect(rescuer.getByTestId('swap-next')).toHaveText('The swap did not complete: your payment was refunded to you.');
  await expect(step(rescuer, 'TakerPaymentWaitForSpendFailed')).toHaveAttribute('data-state', 'failed');
  const refund = step(rescuer, 'TakerPaymentRefunded');
  await expect(refund.getByTestId('swap-tx')).toHaveAttribute('data-coin', REL);
  await expect(refund.getByTestId('swap-tx-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(refund.getByTestId('swap-tx-confirmations')).toHaveAttribute('data-state', 'confirmed');
  await expect(step(rescuer, 'Finished')).toHaveAttribute('data-state', 'done');
  await rescuer.screenshot({ path: 'test-results/swap-refunded.png', fullPage: true });

  // The 1 RLTC2 paid is back: the balance is the one before the swap less the DEX fee and the transaction fees.
  await rescuer.getByTestId('page-tab-wallet').click();
  await expect
    .poll(async () => before - Number(await balanceOf(rescuer, REL)), { timeout: 30_000, message: 'the refund is in the balance' })
    .toBeLessThan(MAX_LOSS);
  expect(before - Number(await balanceOf(rescuer, REL))).toBeGreaterThan(MIN_LOSS);

  await rescuer.context().close();
});
