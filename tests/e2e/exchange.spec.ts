/**
 * The Exchange page on the devnet, with two browser contexts: a maker (devnet alice) puts an order
 * on the book, a taker (devnet bob) sees it in the orderbook, checks the fees of taking it and
 * takes it; both sides then show the same swap uuid (the swap's run is `swap.spec.ts`).
 * Also: the seed node setting, and the page without seed nodes (trading off).
 */
import { expect, test, type Page } from '@playwright/test';
import { MmNumber } from '../../src/shared/number';
import { devnetInfo } from './devnet';
import { acknowledgeStorageWarning, activateCoin, importWallet, openApp, openTrader, openExchange } from './helpers';

const BASE = 'RLTC1';
const REL = 'RLTC2';
const PRICE = '2';
const MAKER_VOLUME = '1.5';
const EDITED_VOLUME = '2';
const TAKER_VOLUME = '0.5';

const dec = (s: string | null): MmNumber => MmNumber.parse((s ?? '').trim());



function fee(page: Page, kind: string) {
  return page.locator(`[data-testid="preimage-fee"][data-kind="${kind}"]`);
}

function total(page: Page, coin: string) {
  return page.locator(`[data-testid="preimage-total"][data-coin="${coin}"]`);
}

test('without seed nodes trading is off, and the seed node field checks what it is given', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openApp(page);

  await page.getByTestId('network-settings-toggle').click();
  await expect(page.getByTestId('network-state')).toHaveAttribute('data-state', 'off');
  await page.getByTestId('seednodes-input').fill('/ip4/127.0.0.1/tcp/notaport\nseed node');
  await page.getByTestId('seednodes-save').click();
  await expect(page.getByTestId('seednodes-error').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('network-state')).toHaveAttribute('data-state', 'off');
  await page.getByTestId('seednodes-input').fill('');
  await expect(page.getByTestId('seednodes-save')).toBeEnabled();

  await importWallet(page, 'no-network', 'devnet empty');
  await page.getByTestId('page-tab-exchange').click();
  await expect(page.getByTestId('exchange')).toHaveAttribute('data-trading', 'off');
  await expect(page.getByTestId('trading-off')).toContainText('Trading is off');
  await expect(page.getByTestId('orderbook')).toHaveCount(0);
  await expect(page.getByTestId('trade-form')).toHaveCount(0);
  await context.close();
});

test('a maker order is seen and taken from another browser, and both sides show the same swap uuid', async ({ browser }) => {
  test.setTimeout(300_000);
  const info = devnetInfo();
  expect(info.seednodes.length, 'devnet.json lists a seed node').toBeGreaterThan(0);

  const maker = await openTrader(browser, 'maker', info.wallets.alice!.passphrase, info.seednodes);
  const taker = await openTrader(browser, 'taker', info.wallets.bob!.passphrase, info.seednodes);
  for (const page of [maker, taker]) {
    for (const coin of [BASE, REL]) await activateCoin(page, coin, info.coins[coin]!.servers);
  }

  // ---- Maker: sell RLTC1 for RLTC2, with the fees checked first.
  await openExchange(maker, BASE, REL);
  await maker.getByTestId('trade-mode-setprice').click();
  await expect(maker.getByTestId('trade-form')).toHaveAttribute('data-mode', 'setprice');
  await maker.getByTestId('trade-price').fill(PRICE);
  // Max (trade_preimage with max): the whole balance, as the node estimates it.
  await maker.getByTestId('trade-max').click();
  await expect(maker.getByTestId('trade-max-note')).toBeVisible();
  expect(dec(await maker.getByTestId('trade-volume').inputValue()).isPositive()).toBe(true);
  await maker.getByTestId('trade-volume').fill(MAKER_VOLUME);
  await expect(maker.getByTestId('trade-max-note')).toHaveCount(0);
  await expect(maker.getByTestId('trade-total')).toHaveAttribute('data-total', '3');

  await maker.getByTestId('trade-review').click();
  await expect(maker.getByTestId('preimage-panel')).toBeVisible();
  await expect(fee(maker, 'base_coin_fee')).toHaveAttribute('data-coin', BASE);
  await expect(fee(maker, 'rel_coin_fee')).toHaveAttribute('data-coin', REL);
  await expect(fee(maker, 'taker_fee')).toHaveCount(0);
  // The maker gives RLTC1: it needs the volume plus the fees paid from its balance.
  const makerRequired = dec(await total(maker, BASE).getByTestId('preimage-required').getAttribute('data-value'));
  await expect(total(maker, BASE).getByTestId('preimage-needed')).toHaveAttribute(
    'data-value',
    makerRequired.add(dec(MAKER_VOLUME)).toDecimalString(),
  );
  await expect(total(maker, BASE)).toHaveAttribute('data-short', 'false');
  await acknowledgeStorageWarning(maker);
  await maker.getByTestId('trade-confirm').click();
  const makerPlaced = maker.getByTestId('trade-placed');
  await expect(makerPlaced).toHaveAttribute('data-kind', 'maker');
  const orderUuid = (await makerPlaced.getAttribute('data-uuid')) ?? '';
  expect(orderUuid).toMatch(/^[0-9a-f-]{36}$/);

  const myOrder = maker.locator(`[data-testid="my-order"][data-uuid="${orderUuid}"]`);
  await expect(myOrder.getByTestId('order-volume')).toHaveText(MAKER_VOLUME);
  await expect(maker.locator(`[data-testid="orderbook-ask"][data-uuid="${orderUuid}"]`)).toHaveAttribute('data-mine', 'true');

  // Edit: a larger amount (update_maker_order with the volume delta), the price unchanged.
  await myOrder.getByTestId('order-edit-button').click();
  await expect(myOrder.getByTestId('order-edit-price')).toHaveValue(PRICE);
  await myOrder.getByTestId('order-edit-volume').fill(EDITED_VOLUME);
  await myOrder.getByTestId('order-edit-save').click();
  await expect(myOrder.getByTestId('order-volume')).toHaveText(EDITED_VOLUME);
  await expect(myOrder.getByTestId('order-price')).toHaveText(PRICE);

  // ---- Taker: a request its balance cannot pay is refused in words, and nothing is placed.
  await openExchange(taker, BASE, REL);
  await taker.getByTestId('trade-mode-buy').click();
  await taker.getByTestId('trade-price').fill(PRICE);
  await taker.getByTestId('trade-volume').fill('100000');
  await taker.getByTestId('trade-review').click();
  const takerError = taker.getByTestId('trade-error');
  await expect(takerError).toHaveAttribute('data-error-type', 'NotSufficientBalance');
  await expect(takerError).toContainText(`Not enough ${REL}`);
  await expect(taker.getByTestId('preimage-panel')).toHaveCount(0);

  // The maker's order reaches the taker's orderbook, with the edited amount.
  const ask = taker.locator(`[data-testid="orderbook-ask"][data-uuid="${orderUuid}"]`);
  await expect(ask).toBeVisible({ timeout: 90_000 });
  await expect(ask).toHaveAttribute('data-mine', 'false');
  await expect(ask).toHaveAttribute('data-price', PRICE);
  await expect(ask.locator('td').nth(1)).toHaveText(EDITED_VOLUME, { timeout: 60_000 });
  await expect(taker.getByTestId('depth-chart')).toHaveAttribute('data-asks', /^[1-9]/);

  // Take it: a click fills the form from the order; Max (max_taker_vol) is within the balance.
  await ask.getByTestId('orderbook-pick').click();
  await expect(taker.getByTestId('trade-form')).toHaveAttribute('data-mode', 'buy');
  await expect(taker.getByTestId('trade-price')).toHaveValue(PRICE);
  await expect(taker.getByTestId('trade-volume')).toHaveValue(EDITED_VOLUME);
  await taker.getByTestId('trade-max').click();
  await expect(taker.getByTestId('trade-volume')).not.toHaveValue(EDITED_VOLUME);
  expect(dec(await taker.getByTestId('trade-volume').inputValue()).isPositive()).toBe(true);
  await taker.getByTestId('trade-volume').fill(TAKER_VOLUME);
  await taker.getByTestId('trade-order-type').selectOption('FillOrKill');

  await taker.getByTestId('trade-review').click();
  await expect(taker.getByTestId('preimage-panel')).toBeVisible();
  // Buying RLTC1 pays RLTC2, and the trading fee in it.
  await expect(fee(taker, 'taker_fee')).toHaveAttribute('data-coin', REL);
  await expect(fee(taker, 'fee_to_send_taker_fee')).toHaveAttribute('data-coin', REL);
  expect(dec(await fee(taker, 'taker_fee').getAttribute('data-amount')).isPositive()).toBe(true);
  const takerRequired = dec(await total(taker, REL).getByTestId('preimage-required').getAttribute('data-value'));
  expect(takerRequired.isPositive()).toBe(true);
  const paid = dec(TAKER_VOLUME).mul(dec(PRICE));
  await expect(total(taker, REL).getByTestId('preimage-needed')).toHaveAttribute('data-value', takerRequired.add(paid).toDecimalString());
  await expect(total(taker, REL)).toHaveAttribute('data-short', 'false');
  await acknowledgeStorageWarning(taker);
  await taker.getByTestId('trade-confirm').click();
  const takerPlaced = taker.getByTestId('trade-placed');
  await expect(takerPlaced).toHaveAttribute('data-kind', 'taker');
  const requestUuid = (await takerPlaced.getAttribute('data-uuid')) ?? '';
  expect(requestUuid).toMatch(/^[0-9a-f-]{36}$/);

  // ---- Both sides show the match, with the same swap uuid.
  const request = taker.locator(`[data-testid="taker-request"][data-uuid="${requestUuid}"]`);
  await expect(request).toHaveAttribute('data-state', 'matched', { timeout: 30_000 });
  const swapUuid = ((await request.getByTestId('taker-swap-uuid').textContent()) ?? '').trim();
  expect(swapUuid).toMatch(/^[0-9a-f-]{36}$/);

  const started = myOrder.locator(`[data-testid="order-started-swap"][data-swap-uuid="${swapUuid}"]`);
  await expect(started).toBeVisible({ timeout: 30_000 });
  await expect(myOrder.locator(`[data-testid="order-match"][data-taker-uuid="${swapUuid}"]`)).toHaveAttribute('data-connected', 'true');
  // What is left stays on offer.
  await expect(myOrder.getByTestId('order-available')).toHaveText(dec(EDITED_VOLUME).sub(dec(TAKER_VOLUME)).toDecimalString());

  // ---- Cancel: the order leaves the maker's list and, in time, the taker's orderbook.
  await myOrder.getByTestId('order-cancel').click();
  await myOrder.getByTestId('order-cancel-confirm').click();
  await expect(myOrder).toHaveCount(0, { timeout: 15_000 });
  await expect(ask).toHaveCount(0, { timeout: 60_000 });

  await maker.context().close();
  await taker.context().close();
});
