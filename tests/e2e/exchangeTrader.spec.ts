/**
 * The Exchange tab for a trader (issue 13: 1, 6, 9), on the devnet.
 * - Two browsers: the maker (devnet alice) picks the pair (picking the other side's coin swaps the
 *   sides) and makes a *buy* order, shown as Buy; the taker (devnet bob) sells into it. Both see
 *   "Matched → swap running" with a link to the swap screen, and the maker still sees it after a
 *   reload (read back from `my_recent_swaps`).
 * - One browser with 150 own orders: "My orders" shows them a page at a time, sorted by price.
 * Screenshots at 390×844 and 1440×900.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { MmNumber } from '../../src/shared/number';
import { devnetInfo } from './devnet';
import { acknowledgeStorageWarning, activateCoin, expectUnlocked, openExchange, openTrader, sendConsole, STRONG_PASSWORD, submitUnlock } from './helpers';

const BASE = 'RLTC1';
const REL = 'RLTC2';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = `${process.env.E2E_RESULTS ?? 'test-results'}/exchangeTrader`;
const OWN_ORDERS = 150;
const PAGE_SIZE = 20;

async function noHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, 'the page does not scroll sideways').toBeLessThanOrEqual(client);
}

async function shoot(page: Page, name: string, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
  await noHorizontalOverflow(page);
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a maker buy is matched by a taker: both see the match and its swap, the maker still after a reload', async ({ browser }) => {
  test.setTimeout(300_000);
  const info = devnetInfo();
  const maker = await openTrader(browser, 'trader-maker', info.wallets.alice!.passphrase, info.seednodes, { viewport: DESKTOP });
  const taker = await openTrader(browser, 'trader-taker', info.wallets.bob!.passphrase, info.seednodes, { viewport: PHONE });
  for (const page of [maker, taker]) {
    for (const coin of [BASE, REL]) await activateCoin(page, coin, info.coins[coin]!.servers);
  }
  await openExchange(maker, BASE, REL);

  // ---- Pair pickers: the other side's coin is pickable and swaps the sides.
  await expect(maker.locator(`[data-testid="pair-rel"] option[value="${BASE}"]`)).toBeEnabled();
  await maker.getByTestId('pair-rel').selectOption(BASE);
  await expect(maker.getByTestId('pair-base')).toHaveValue(REL);
  await expect(maker.getByTestId('pair-rel')).toHaveValue(BASE);
  await expect(maker.getByTestId('orderbook')).toHaveAttribute('data-base', REL);
  await maker.getByTestId('pair-base').selectOption(BASE);
  await expect(maker.getByTestId('pair-base')).toHaveValue(BASE);
  await expect(maker.getByTestId('pair-rel')).toHaveValue(REL);

  // ---- Make order can buy: 1 RLTC1 at 0.5 RLTC2, paying 0.5 RLTC2.
  await maker.getByTestId('trade-mode-setprice').click();
  await maker.getByTestId('maker-side-buy').click();
  await expect(maker.getByTestId('maker-side-buy')).toHaveAttribute('aria-checked', 'true');
  await maker.getByTestId('trade-price').fill('0.5');
  await maker.getByTestId('trade-volume').fill('1');
  await expect(maker.getByTestId('trade-total')).toContainText(`You offer 0.5 ${REL} for 1 ${BASE}`);
  await maker.getByTestId('trade-review').click();
  const review = maker.getByTestId('preimage-panel');
  await expect(review).toHaveAttribute('data-side', 'buy');
  await expect(maker.getByTestId('preimage-summary')).toContainText(`buy 1 ${BASE} at 0.5 ${REL} each, paying 0.5 ${REL}`);
  // The maker gives RLTC2: it must hold the 0.5 it pays plus its fees.
  const required = MmNumber.parse((await review.locator(`[data-testid="preimage-total"][data-coin="${REL}"] [data-testid="preimage-required"]`).getAttribute('data-value')) ?? '');
  await expect(review.locator(`[data-testid="preimage-total"][data-coin="${REL}"] [data-testid="preimage-needed"]`)).toHaveAttribute(
    'data-value',
    required.add(MmNumber.parse('0.5')).toDecimalString(),
  );
  await acknowledgeStorageWarning(maker);
  await maker.getByTestId('trade-confirm').click();
  const placed = maker.getByTestId('trade-placed');
  await expect(placed).toHaveAttribute('data-state', 'placed');
  await expect(placed).toContainText(`buy 1 ${BASE} at 0.5 ${REL} each`);
  const orderUuid = (await placed.getAttribute('data-uuid')) ?? '';
  expect(orderUuid).toMatch(/^[0-9a-f-]{36}$/);

  const mine = maker.locator(`[data-testid="my-order"][data-uuid="${orderUuid}"]`);
  await expect(mine).toHaveAttribute('data-side', 'Buy');
  await expect(mine).toHaveAttribute('data-base', BASE);
  await expect(mine.getByTestId('order-side')).toHaveText('Buy');
  await expect(mine.getByTestId('order-volume')).toHaveText('1');
  await expect(mine.getByTestId('order-price')).toHaveText('0.5');
  // The node keeps it as KDF does: a sell of 0.5 RLTC2 at 2 RLTC1.
  const kept = (await sendConsole(maker, '{"method":"my_orders"}')).body as {
    result: { maker_orders: Record<string, { base: string; rel: string; price: string; max_base_vol: string }> };
  };
  expect(kept.result.maker_orders[orderUuid]).toMatchObject({ base: REL, rel: BASE, price: '2', max_base_vol: '0.5' });
  // It is the best bid of RLTC1/RLTC2 on the maker's own book.
  await expect(maker.locator(`[data-testid="orderbook-bid"][data-uuid="${orderUuid}"]`)).toHaveAttribute('data-mine', 'true', { timeout: 30_000 });

  // ---- The taker sells 0.5 RLTC1 into that bid.
  await openExchange(taker, BASE, REL);
  const bid = taker.locator(`[data-testid="orderbook-bid"][data-uuid="${orderUuid}"]`);
  await expect(bid).toBeVisible({ timeout: 90_000 });
  await expect(bid).toHaveAttribute('data-price', '0.5');
  await bid.getByTestId('orderbook-pick').click();
  await expect(taker.getByTestId('trade-form')).toHaveAttribute('data-mode', 'sell');
  await expect(taker.getByTestId('trade-price')).toHaveValue('0.5');
  await taker.getByTestId('trade-volume').fill('0.5');
  await taker.getByTestId('trade-order-type').selectOption('FillOrKill');
  await taker.getByTestId('trade-review').click();
  await expect(taker.getByTestId('preimage-panel')).toBeVisible();
  await acknowledgeStorageWarning(taker);
  await taker.getByTestId('trade-confirm').click();
  const swapUuid = (await taker.getByTestId('trade-placed').getAttribute('data-uuid')) ?? '';
  expect(swapUuid).toMatch(/^[0-9a-f-]{36}$/);

  // ---- Both see "Matched → swap running" on the Exchange tab, with the swap link.
  const makerMatch = maker.locator(`[data-testid="trade-match"][data-swap-uuid="${swapUuid}"]`);
  const takerMatch = taker.locator(`[data-testid="trade-match"][data-swap-uuid="${swapUuid}"]`);
  await expect(makerMatch).toHaveAttribute('data-state', 'running', { timeout: 60_000 });
  await expect(makerMatch).toHaveAttribute('data-role', 'Maker');
  await expect(makerMatch).toHaveAttribute('data-order-uuid', orderUuid);
  await expect(makerMatch.getByTestId('trade-match-state')).toHaveText('Matched → swap running');
  await expect(makerMatch).toContainText(`You give 0.25 ${REL} · you get 0.5 ${BASE}`);
  await expect(takerMatch).toHaveAttribute('data-state', 'running', { timeout: 60_000 });
  await expect(takerMatch).toHaveAttribute('data-role', 'Taker');
  await expect(takerMatch).toContainText(`You give 0.5 ${BASE} · you get 0.25 ${REL}`);
  await expect(taker.getByTestId('trade-placed')).toHaveAttribute('data-state', 'matched');
  // "Your order is on the book" no longer stands: the placed notice follows the match.
  await expect(placed).toHaveAttribute('data-state', 'matched');
  await expect(placed).toContainText('Matched → swap running');
  // What is left of the buy stays on the book, still a buy.
  await expect(mine.getByTestId('order-available')).toHaveText('0.5', { timeout: 20_000 });
  await makerMatch.scrollIntoViewIfNeeded();
  await shoot(maker, 'maker-matched', DESKTOP);
  await shoot(maker, 'maker-matched', PHONE);
  await takerMatch.scrollIntoViewIfNeeded();
  await shoot(taker, 'taker-matched', PHONE);
  await shoot(taker, 'taker-matched', DESKTOP);

  // The links open the swap screen.
  await takerMatch.getByTestId('trade-match-open').click();
  await expect(taker.getByTestId('swap-view')).toHaveAttribute('data-uuid', swapUuid);
  await makerMatch.getByTestId('trade-match-open').click();
  await expect(maker.getByTestId('swap-view')).toHaveAttribute('data-uuid', swapUuid);

  // The rest of the buy is cancelled, so later specs find the book as they left it.
  await maker.getByTestId('page-tab-exchange').click();
  await mine.getByTestId('order-cancel').click();
  await mine.getByTestId('order-cancel-confirm').click();
  await expect(mine).toHaveCount(0, { timeout: 15_000 });

  // ---- The maker reloads: the match is still on the Exchange tab, read back from the node.
  maker.on('dialog', (d) => void d.accept());
  await maker.reload();
  await expect(maker.getByTestId('unlock-form')).toBeVisible({ timeout: 30_000 });
  await submitUnlock(maker, 'trader-maker', STRONG_PASSWORD);
  await expectUnlocked(maker, 'trader-maker');
  await maker.getByTestId('page-tab-exchange').click();
  const reloaded = maker.locator(`[data-testid="trade-match"][data-swap-uuid="${swapUuid}"]`);
  await expect(reloaded).toHaveAttribute('data-role', 'Maker', { timeout: 90_000 });
  await expect(reloaded).toHaveAttribute('data-order-uuid', orderUuid);
  await expect(reloaded.getByTestId('trade-match-state')).toHaveText(/^Matched → swap (running|finished)$/);
  await reloaded.scrollIntoViewIfNeeded();
  await shoot(maker, 'maker-after-reload', PHONE);
  await reloaded.getByTestId('trade-match-open').click();
  await expect(maker.getByTestId('swap-view')).toHaveAttribute('data-uuid', swapUuid);


  await maker.context().close();
  await taker.context().close();
});

test('150 own orders: "My orders" shows a page at a time, sorted by price', async ({ browser }) => {
  test.setTimeout(180_000);
  const info = devnetInfo();
  const page = await openTrader(browser, 'trader-many', info.wallets.bob!.passphrase, info.seednodes, { viewport: PHONE });
  for (const coin of [BASE, REL]) await activateCoin(page, coin, info.coins[coin]!.servers);
  await openExchange(page, BASE, REL);

  // 150 asks at 3.00 … 4.49, placed out of price order (a stride through the prices), side by side.
  const cents = Array.from({ length: OWN_ORDERS }, (_, i) => (i * 7) % OWN_ORDERS);
  const setprices = cents.map((c) => ({ method: 'setprice', base: BASE, rel: REL, price: (3 + c / 100).toFixed(2), volume: '0.01', cancel_previous: false }));
  // Two console batches: the node takes at most 100 requests in one.
  for (const half of [setprices.slice(0, OWN_ORDERS / 2), setprices.slice(OWN_ORDERS / 2)]) {
    const batch = await sendConsole(page, JSON.stringify(half));
    expect(batch.status).toBe(200);
    const results = batch.body as { result?: { uuid: string } }[];
    expect(results.filter((r) => r.result?.uuid).length, JSON.stringify(results.find((r) => !r.result))).toBe(half.length);
  }

  const count = page.getByTestId('my-orders-count');
  await expect(count).toHaveAttribute('data-count', String(OWN_ORDERS), { timeout: 30_000 });
  const list = page.getByTestId('my-orders-page');
  const rows = list.locator('[data-testid="my-order"]');
  await expect(list).toHaveAttribute('data-pages', String(Math.ceil(OWN_ORDERS / PAGE_SIZE)));
  await expect(rows).toHaveCount(PAGE_SIZE);
  // Price, low to high: 3, 3.01, …
  await expect(page.getByTestId('my-orders-sort')).toHaveValue('price-asc');
  await expect(rows.first().getByTestId('order-price')).toHaveText('3');
  await expect(rows.nth(1).getByTestId('order-price')).toHaveText('3.01');
  await expect(rows.last().getByTestId('order-price')).toHaveText('3.19');
  await expect(page.getByTestId('my-orders-range')).toContainText(`1–${PAGE_SIZE} of ${OWN_ORDERS}`);
  await expect(page.getByTestId('my-orders-prev')).toBeDisabled();
  await list.scrollIntoViewIfNeeded();
  await shoot(page, 'my-orders-150', PHONE);

  await page.getByTestId('my-orders-next').click();
  await expect(list).toHaveAttribute('data-page', '2');
  await expect(rows.first().getByTestId('order-price')).toHaveText('3.2');
  await expect(page.getByTestId('my-orders-range')).toContainText(`${PAGE_SIZE + 1}–${2 * PAGE_SIZE} of ${OWN_ORDERS}`);

  // High to low starts again at page 1 with the highest price.
  await page.getByTestId('my-orders-sort').selectOption('price-desc');
  await expect(list).toHaveAttribute('data-page', '1');
  await expect(rows.first().getByTestId('order-price')).toHaveText('4.49');
  await expect(rows.nth(1).getByTestId('order-price')).toHaveText('4.48');
  // The last page holds the rest: 150 = 7 × 20 + 10.
  for (let p = 1; p < Math.ceil(OWN_ORDERS / PAGE_SIZE); p++) await page.getByTestId('my-orders-next').click();
  await expect(rows).toHaveCount(OWN_ORDERS % PAGE_SIZE);
  await expect(rows.last().getByTestId('order-price')).toHaveText('3');
  await expect(page.getByTestId('my-orders-next')).toBeDisabled();
  await shoot(page, 'my-orders-150-last', DESKTOP);

  // ---- Cancel everything: later specs find the book as they left it.
  await page.getByTestId('cancel-all').click();
  await page.getByTestId('cancel-all-confirm').click();
  await expect(page.getByTestId('my-orders-notice')).toContainText(`${OWN_ORDERS} orders cancelled`);
  await expect(page.getByTestId('my-orders-empty')).toBeVisible({ timeout: 20_000 });
  await page.context().close();
});
