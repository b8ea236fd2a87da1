/**
 * How the Exchange tab shows a book and the user's orders on a phone (issue 13: 2, 5, parts of 10).
 * One trader (devnet bob) at 390×844 places a GoodTillCancelled buy that nobody takes: KDF turns it
 * into a maker order selling RLTC2 at 10/9, and the page must still show "Buy 1 RLTC1 at 0.9 RLTC2",
 * rounded, no wider than the screen. While that request waits out its 30 s, the console puts 40 asks
 * on the book; the orderbook then opens at the spread, not at the worst ask. Everything is cancelled
 * at the end so later specs see the book as they left it.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { devnetInfo } from './devnet';
import { acknowledgeStorageWarning, activateCoin, openExchange, openTrader, sendConsole } from './helpers';

const BASE = 'RLTC1';
const REL = 'RLTC2';
const SHOTS = 'test-results/exchangeView';
const ASKS = 40;
const PHONE = { width: 390, height: 844 };

/** Nothing wider than the viewport (no sideways scrolling on a phone). */
async function pageWidth(page: Page): Promise<{ doc: number; view: number }> {
  return page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
}

/** The spread row's place in the book's scroll box: inside it, and how far from its middle (px). */
async function spreadPlace(
  page: Page,
): Promise<{ scrollTop: number; inside: boolean; offCentre: number; scrollable: boolean; atBottom: boolean }> {
  return page.getByTestId('orderbook-scroll').evaluate((box) => {
    const row = box.querySelector('[data-testid="orderbook-spread"]')!.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    const middle = (row.top + row.bottom) / 2;
    return {
      scrollTop: box.scrollTop,
      inside: row.top >= b.top && row.bottom <= b.bottom,
      offCentre: Math.abs(middle - (b.top + b.bottom) / 2),
      scrollable: box.scrollHeight > box.clientHeight + 100,
      atBottom: box.scrollTop + box.clientHeight >= box.scrollHeight - 2,
    };
  });
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a converted buy shows as the buy placed, rounded, on a phone; the book opens at the spread', async ({ browser }) => {
  test.setTimeout(150_000);
  const info = devnetInfo();
  const page = await openTrader(browser, 'viewer', info.wallets.bob!.passphrase, info.seednodes, { viewport: PHONE });
  for (const coin of [BASE, REL]) await activateCoin(page, coin, info.coins[coin]!.servers);
  await openExchange(page, BASE, REL);

  // ---- A GoodTillCancelled buy below every ask: nobody takes it within the taker timeout.
  await page.getByTestId('trade-mode-buy').click();
  await page.getByTestId('trade-price').fill('0.9');
  await page.getByTestId('trade-volume').fill('1');
  await expect(page.getByTestId('trade-order-type')).toHaveValue('GoodTillCancelled');
  const select = await page.getByTestId('trade-order-type').boundingBox();
  expect(select!.x + select!.width, 'the order-type select fits the screen').toBeLessThanOrEqual(PHONE.width);
  await page.getByTestId('trade-review').click();
  await expect(page.getByTestId('preimage-panel')).toBeVisible({ timeout: 30_000 });
  await acknowledgeStorageWarning(page);
  await page.getByTestId('trade-confirm').click();
  const placed = page.getByTestId('trade-placed');
  await expect(placed).toHaveAttribute('data-kind', 'taker');
  const uuid = (await placed.getAttribute('data-uuid')) ?? '';
  expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
  const request = page.locator(`[data-testid="taker-request"][data-uuid="${uuid}"]`);
  await expect(request).toHaveAttribute('data-state', 'matching');
  // "Buy Buy 2 RLTC1" no more: the side is said once.
  await expect(request.locator('.line > .what')).toHaveText(/^\s*Buy\s+1 RLTC1 at 0\.9 RLTC2\s*$/);

  // ---- Meanwhile: 40 asks (1.00 … 1.39) in one console batch, kept side by side (cancel_previous false).
  const setprices = Array.from({ length: ASKS }, (_, i) => ({
    method: 'setprice',
    base: BASE,
    rel: REL,
    price: (1 + i / 100).toFixed(2),
    volume: '0.01',
    cancel_previous: false,
  }));
  const batch = await sendConsole(page, JSON.stringify(setprices));
  expect(batch.status).toBe(200);
  const results = batch.body as { result?: { uuid: string } }[];
  expect(results.filter((r) => r.result?.uuid).length, JSON.stringify(results.find((r) => !r.result))).toBe(ASKS);

  // ---- The request becomes a maker order (KDF: sells 0.9 RLTC2 at 10/9 RLTC1), shown as the buy.
  await expect(request).toHaveAttribute('data-state', 'converted', { timeout: 45_000 });
  // The node keeps it turned round, as KDF does: that is what the page has to undo.
  const nodeView = await sendConsole(page, '{"method":"my_orders"}');
  const asKept = (nodeView.body as { result: { maker_orders: Record<string, { base: string; rel: string; price: string }> } }).result
    .maker_orders[uuid];
  expect(asKept && [asKept.base, asKept.rel]).toEqual([REL, BASE]);
  expect(asKept!.price.length, 'KDF writes 10/9 out to many digits').toBeGreaterThan(20);
  const mine = page.locator(`[data-testid="my-order"][data-uuid="${uuid}"]`);
  await expect(mine).toHaveAttribute('data-side', 'Buy');
  await expect(mine).toHaveAttribute('data-base', BASE);
  await expect(mine).toHaveAttribute('data-rel', REL);
  await expect(mine.getByTestId('order-side')).toHaveText('Buy');
  await expect(mine.getByTestId('order-volume')).toHaveText('1');
  await expect(mine.getByTestId('order-price')).toHaveText('0.9');
  await expect(mine.getByTestId('order-available')).toHaveText('1');
  // The count is the orders listed: 40 asks and the buy (the finished request is not one), 20 a page.
  await expect(page.getByTestId('my-orders-count')).toHaveAttribute('data-count', String(ASKS + 1), { timeout: 20_000 });
  await expect(page.locator('[data-testid="my-orders-page"] [data-testid="my-order"]')).toHaveCount(20);
  await expect(page.getByTestId('my-orders-page')).toHaveAttribute('data-pages', '3');

  // Edit is filled in the buy's terms; saving a new amount keeps it a buy of that amount at 0.9.
  await mine.getByTestId('order-edit-button').click();
  await expect(mine.getByTestId('order-edit-price')).toHaveValue('0.9');
  await expect(mine.getByTestId('order-edit-volume')).toHaveValue('1');
  await mine.getByTestId('order-edit-volume').fill('2');
  await mine.getByTestId('order-edit-save').click();
  await expect(mine.getByTestId('order-notice')).toContainText('buy 2 RLTC1 at 0.9 RLTC2');
  await expect(mine.getByTestId('order-volume')).toHaveText('2');
  await expect(mine.getByTestId('order-price')).toHaveText('0.9');

  // ---- The book: 40 asks and our buy as the best bid; it opens with the spread in the middle.
  await expect.poll(() => page.getByTestId('orderbook-ask').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(ASKS);
  const bestBid = page.locator(`[data-testid="orderbook-bid"][data-uuid="${uuid}"]`);
  await expect(bestBid).toHaveCount(1, { timeout: 30_000 });
  // Flip the pair and back: the book is read afresh, as when the tab opens.
  await page.getByTestId('pair-swap').click();
  await expect(page.getByTestId('pair-base')).toHaveValue(REL);
  await page.getByTestId('pair-swap').click();
  await expect.poll(() => page.getByTestId('orderbook-ask').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(ASKS);
  await expect.poll(async () => (await spreadPlace(page)).inside, { timeout: 10_000 }).toBe(true);
  const place = await spreadPlace(page);
  expect(place.scrollable, 'the asks overflow the box, so where it opens matters').toBe(true);
  expect(place.scrollTop).toBeGreaterThan(0);
  // In the middle, or as near as the bids below allow (here only our buy is a bid).
  expect(place.offCentre < 40 || place.atBottom, JSON.stringify(place)).toBe(true);
  // The best ask sits right above the spread, in view.
  await expect(page.getByTestId('orderbook-ask').last()).toHaveAttribute('data-price', '1');
  await page.getByTestId('orderbook-scroll').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('orderbook-ask').last()).toBeInViewport();
  await expect(page.getByTestId('orderbook-ask').first()).not.toBeInViewport();

  // ---- Not wider than the phone, with 100-digit prices on the page.
  const width = await pageWidth(page);
  expect(width.doc, 'the page does not scroll sideways').toBeLessThanOrEqual(PHONE.width);
  await mine.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/my-orders-phone.png` });
  await page.getByTestId('orderbook').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/orderbook-phone.png` });

  // ---- Cancel everything: later specs find the book as they left it.
  await page.getByTestId('cancel-all').click();
  await page.getByTestId('cancel-all-confirm').click();
  await expect(page.getByTestId('my-orders-notice')).toContainText(`${ASKS + 1} orders cancelled`);
  await expect(page.getByTestId('my-orders-empty')).toBeVisible({ timeout: 20_000 });
  await page.context().close();
});
