/**
 * What a trader expects beside the pro exchange, two browsers on the devnet:
 * - the portfolio: off until switched on (the local price server, speaking CoinGecko's
 *   `simple/price` JSON, sees no request before), exact values and the 24 h change, hidden balances;
 * - a history row's details: sender and receiver, the fee of a receive labelled as the sender's,
 *   the explorer link from the coins file's template, the raw hex (whose hash is the row's);
 *   the history at 390 px not clipped;
 * - the simple swap: no order for a pair, an amount over the balance or too large for any order,
 *   then the best price, the fees, one confirm, and the swap it starts.
 * Screenshots at 1440×900 and 390×844.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { Transaction } from 'bitcoinjs-lib';
import { MmNumber } from '../../src/shared/number';
import { chainRpc, devnetInfo, type DevnetInfo } from './devnet';
import { acknowledgeStorageWarning, activateCoin, balanceOf, coinRow, importWallet, openApp, openExchange } from './helpers';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const RESULTS = process.env.E2E_RESULTS ?? 'test-results';
/** CoinGecko ids the test gives the devnet coins (public/coins.json gives them none). */
const IDS: Record<string, string> = { RLTC1: 'litecoin', RLTC2: 'dogecoin' };
const QUOTES: Record<string, { usd: number; usd_24h_change: number }> = {
  litecoin: { usd: 71.23, usd_24h_change: -2.5 },
  dogecoin: { usd: 0.3817, usd_24h_change: 4.25 },
};

let server: Server;
let base = '';
const priceRequests: URL[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', base);
    if (u.pathname !== '/api/v3/simple/price') {
      res.statusCode = 404;
      return void res.end();
    }
    priceRequests.push(u);
    const ids = (u.searchParams.get('ids') ?? '').split(',');
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.end(JSON.stringify(Object.fromEntries(ids.filter((i) => Object.hasOwn(QUOTES, i)).map((i) => [i, QUOTES[i]]))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A trader whose coins file names a CoinGecko id and a (local) explorer for the devnet coins. */
async function openTrader(browser: Browser, name: string, passphrase: string, seednodes: string[], viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.route('**/coins.json', async (route) => {
    const r = await route.fetch();
    const coins = (await r.json()) as Record<string, unknown>[];
    for (const c of coins) {
      const ticker = c.coin as string;
      if (Object.hasOwn(IDS, ticker)) Object.assign(c, { coingecko_id: IDS[ticker], explorer_url: `${base}/explorer/`, explorer_tx_url: 'tx/' });
    }
    await route.fulfill({ response: r, json: coins });
  });
  // The seed nodes as "Advanced: network" saves them (its own flow is tested in exchange.spec.ts).
  await context.addInitScript((seeds) => localStorage.setItem('browser-dex:seednodes', JSON.stringify(seeds)), seednodes);
  const page = await context.newPage();
  await openApp(page);
  await expect(page.getByTestId('network-state')).toHaveAttribute('data-state', 'on');
  await importWallet(page, name, passphrase);
  return page;
}

/**
 * Wallets of this spec only, funded here from the miner (5 of each coin), so a swap left running
 * when the test ends touches no other spec's coins. Resolves with the RLTC1 address.
 */
async function fundWallet(info: DevnetInfo, page: Page): Promise<string> {
  let first = '';
  for (const coin of ['RLTC1', 'RLTC2']) {
    await coinRow(page, coin).click();
    const address = (await page.getByTestId('receive-address').textContent())?.trim() ?? '';
    expect(address).not.toBe('');
    if (coin === 'RLTC1') first = address;
    const chain = info.chains.find((c) => c.coins.includes(coin))!;
    await chainRpc(info, chain.name, 'sendtoaddress', [address, 5], 'miner');
    await expect(coinRow(page, coin).getByTestId('coin-balance')).toHaveText('5', { timeout: 30_000 });
    await page.getByTestId('coin-close').click();
  }
  return first;
}

/** The "received" toasts stay until dismissed; on a phone they would cover what the test clicks. */
async function dismissToasts(page: Page): Promise<void> {
  const dismiss = page.getByTestId('toast-dismiss');
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, 'the page does not scroll sideways').toBeLessThanOrEqual(client);
}

test('portfolio, transaction details and the simple swap', async ({ browser }) => {
  test.setTimeout(150_000);
  const info = devnetInfo();
  const maker = await openTrader(browser, 'views-maker', 'devnet trader views maker', info.seednodes);
  const taker = await openTrader(browser, 'views-taker', 'devnet trader views taker', info.seednodes);
  for (const page of [maker, taker]) {
    for (const coin of ['RLTC1', 'RLTC2']) await activateCoin(page, coin, info.coins[coin]!.servers);
  }
  await fundWallet(info, maker);
  const takerAddress = await fundWallet(info, taker);

  // ---- The maker puts an order on the book: sells 0.5 RLTC1 at 2 RLTC2, all of which the taker
  // takes below (so nothing of it stays on the book). It travels while the taker looks around.
  await openExchange(maker, 'RLTC1', 'RLTC2');
  await maker.getByTestId('trade-mode-setprice').click();
  await maker.getByTestId('trade-price').fill('2');
  await maker.getByTestId('trade-volume').fill('0.5');
  await maker.getByTestId('trade-review').click();
  await acknowledgeStorageWarning(maker);
  await maker.getByTestId('trade-confirm').click();
  const orderUuid = (await maker.getByTestId('trade-placed').getAttribute('data-uuid')) ?? '';
  expect(orderUuid).toMatch(/^[0-9a-f-]{36}$/);

  // ---- Portfolio: off, and nothing asked, until switched on.
  const portfolio = taker.getByTestId('portfolio');
  await expect(portfolio).toHaveAttribute('data-prices', 'off');
  await expect(taker.getByTestId('portfolio-off')).toBeVisible();
  await portfolio.locator('summary').click();
  await taker.getByTestId('portfolio-url').fill('http://prices.example.com/simple/price');
  await taker.getByTestId('portfolio-url-save').click();
  await expect(taker.getByTestId('portfolio-url-error')).toContainText('https');
  await taker.getByTestId('portfolio-url').fill(`${base}/api/v3/simple/price`);
  await taker.getByTestId('portfolio-url-save').click();
  await expect(taker.getByTestId('portfolio-url-error')).toHaveCount(0);
  expect(priceRequests, 'no price is asked before the switch is on').toHaveLength(0);

  await taker.getByTestId('portfolio-prices-toggle').check();
  await expect(taker.getByTestId('portfolio-updated')).toBeVisible();
  const asked = priceRequests.at(-1)!;
  expect(asked.searchParams.get('ids')).toBe('dogecoin,litecoin');
  expect(asked.searchParams.get('vs_currencies')).toBe('usd');
  expect(asked.searchParams.get('include_24hr_change')).toBe('true');
  const num = (s: string): MmNumber => MmNumber.parse(s);
  const v1 = num(await balanceOf(taker, 'RLTC1')).mul(num('71.23'));
  const v2 = num(await balanceOf(taker, 'RLTC2')).mul(num('0.3817'));
  const total = v1.add(v2);
  await expect(taker.locator('[data-testid="portfolio-row"][data-ticker="RLTC1"]')).toHaveAttribute('data-value', v1.toDecimalString());
  await expect(taker.getByTestId('portfolio-total')).toHaveAttribute('data-value', total.toDecimalString());
  await expect(taker.getByTestId('portfolio-total')).toContainText(`${total.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} USD`);
  // A day ago, at today's balances: each value ÷ (1 + its change); the total's change from that, in %.
  const before = v1.div(num('0.975')).add(v2.div(num('1.0425')));
  await expect(taker.getByTestId('portfolio-total-change')).toHaveAttribute('data-value', total.sub(before).div(before).mul(num('100')).toDecimalString());
  await taker.screenshot({ path: `${RESULTS}/portfolio-1440.png`, fullPage: true });

  // Hide balances: amounts and values go, prices stay.
  await taker.getByTestId('portfolio-hide').check();
  await portfolio.screenshot({ path: `${RESULTS}/portfolio-hidden-panel-1440.png` });
  await expect(taker.getByTestId('portfolio-total')).toContainText('••••••');
  await expect(taker.getByTestId('portfolio-total')).not.toContainText('USD');
  await expect(taker.locator('[data-testid="portfolio-row"][data-ticker="RLTC1"] [data-testid="portfolio-balance"]')).toHaveText('••••••');
  await expect(taker.locator('[data-testid="portfolio-row"][data-ticker="RLTC1"] [data-testid="portfolio-price"]')).toHaveText('71.23 USD');
  await dismissToasts(taker);
  await taker.setViewportSize(PHONE);
  await taker.screenshot({ path: `${RESULTS}/portfolio-hidden-390.png`, fullPage: true });
  await noHorizontalOverflow(taker);
  await taker.getByTestId('portfolio-hide').uncheck();
  // Off again: no more requests.
  await taker.getByTestId('portfolio-prices-toggle').uncheck();
  await expect(taker.getByTestId('portfolio-off')).toBeVisible();

  // ---- History at 390 px: not clipped; a row's details.
  await coinRow(taker, 'RLTC1').click();
  await taker.getByTestId('coin-tab-history').click();
  const received = taker.locator('[data-testid="history-row"][data-direction="in"]').first();
  await expect(received).toBeVisible({ timeout: 30_000 });
  const widths = await taker.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="history-row"], [data-testid="history-table"]')].map((e) => e.getBoundingClientRect().right),
  );
  for (const right of widths) expect(right, 'history fits the phone screen').toBeLessThanOrEqual(PHONE.width);
  await noHorizontalOverflow(taker);
  // A receive's fee is the sender's.
  await expect(received.getByTestId('history-fee')).toHaveAttribute('data-payer', 'sender');
  await expect(received.getByTestId('history-fee')).toContainText('paid by sender');
  await taker.screenshot({ path: `${RESULTS}/history-390.png`, fullPage: true });
  await taker.getByTestId('history-panel').screenshot({ path: `${RESULTS}/history-panel-390.png` });

  const hash = (await received.getAttribute('data-tx-hash')) ?? '';
  await received.getByTestId('history-open').click();
  const details = taker.getByTestId('tx-details');
  await expect(details).toHaveAttribute('data-tx-hash', hash);
  await expect(details.getByTestId('tx-details-fee')).toHaveAttribute('data-payer', 'sender');
  await expect(details.getByTestId('tx-details-to')).toContainText(takerAddress);
  await expect(details.getByTestId('tx-details-explorer')).toHaveAttribute('href', `${base}/explorer/tx/${hash}`);
  await expect(details.getByTestId('tx-details-block')).toHaveText(/^\d+$/);
  await details.getByTestId('tx-details-raw').locator('summary').click();
  const raw = (await details.getByTestId('tx-details-raw-hex').textContent()) ?? '';
  // Its txid (the hash of the bytes without the witness) is the row's.
  expect(Transaction.fromHex(raw).getId(), 'the raw hex is this transaction').toBe(hash);
  await taker.screenshot({ path: `${RESULTS}/tx-details-390.png`, fullPage: true });
  await details.screenshot({ path: `${RESULTS}/tx-details-panel-390.png` });
  await noHorizontalOverflow(taker);
  await taker.setViewportSize(DESKTOP);
  await taker.screenshot({ path: `${RESULTS}/tx-details-1440.png`, fullPage: true });
  await details.screenshot({ path: `${RESULTS}/tx-details-panel-1440.png` });
  await details.getByTestId('tx-details-close').click();
  await expect(details).toHaveCount(0);

  // ---- The simple swap.
  await taker.getByTestId('page-tab-swap').click();
  const swap = taker.getByTestId('simple-swap');
  // Nobody buys RLTC1 for RLTC2 (the maker sells RLTC1).
  await swap.getByTestId('simple-from').selectOption('RLTC1');
  await swap.getByTestId('simple-to').selectOption('RLTC2');
  await swap.getByTestId('simple-amount').fill('0.5');
  await expect(swap.getByTestId('simple-no-order')).toBeVisible({ timeout: 30_000 });
  await expect(swap.getByTestId('simple-review')).toBeDisabled();

  // Give RLTC2 for RLTC1: the maker's order, once it reached this node.
  await swap.getByTestId('simple-flip').click();
  await expect(swap.getByTestId('simple-from')).toHaveValue('RLTC2');
  await swap.getByTestId('simple-amount').fill('100000');
  await expect(swap.getByTestId('simple-over-balance')).toBeVisible();
  await expect(swap.getByTestId('simple-review')).toBeDisabled();
  await swap.getByTestId('simple-amount').fill('3');
  await expect(swap.getByTestId('simple-too-large')).toContainText('1 RLTC2', { timeout: 60_000 });
  await swap.getByTestId('simple-amount').fill('1');
  const best = swap.getByTestId('simple-best');
  await expect(best).toHaveAttribute('data-uuid', orderUuid);
  await expect(swap.getByTestId('simple-price')).toHaveText('1 RLTC2 = 0.5 RLTC1');
  await expect(swap.getByTestId('simple-receive')).toHaveAttribute('data-value', '0.5');

  await swap.getByTestId('simple-review').click();
  const review = swap.getByTestId('preimage-panel');
  await expect(review).toBeVisible();
  await expect(review.locator('[data-testid="preimage-fee"][data-kind="taker_fee"]')).toHaveAttribute('data-coin', 'RLTC2');
  await expect(review.locator('[data-testid="preimage-total"][data-coin="RLTC2"]')).toBeVisible();
  await taker.screenshot({ path: `${RESULTS}/simple-swap-review-1440.png`, fullPage: true });
  await taker.setViewportSize(PHONE);
  await taker.screenshot({ path: `${RESULTS}/simple-swap-review-390.png`, fullPage: true });
  await swap.screenshot({ path: `${RESULTS}/simple-swap-panel-390.png` });
  await noHorizontalOverflow(taker);
  await taker.setViewportSize(DESKTOP);

  await acknowledgeSimpleStorageWarning(taker);
  await swap.getByTestId('simple-confirm').click();
  const request = swap.getByTestId('simple-swap-request');
  await expect(request).toHaveAttribute('data-state', 'matched', { timeout: 60_000 });
  const swapUuid = (await request.getAttribute('data-uuid')) ?? '';
  await swap.getByTestId('simple-swap-open').click();
  await expect(taker.getByTestId('swap-view')).toHaveAttribute('data-uuid', swapUuid);
  await expect(taker.locator('[data-testid="swap-step"][data-type="Started"]')).toHaveAttribute('data-state', 'done');
  await expect(taker.getByTestId('swap-view')).toContainText('1 RLTC2 → 0.5 RLTC1');
  // The maker is told of the match of its order.
  await expect(maker.getByTestId('match-notice')).toHaveAttribute('data-uuid', swapUuid, { timeout: 30_000 });

  await maker.context().close();
  await taker.context().close();
});

/** The storage warning, shown before a wallet's first order when the browser keeps storage only best-effort. */
async function acknowledgeSimpleStorageWarning(page: Page): Promise<void> {
  if ((await page.getByTestId('storage-status').getAttribute('data-mode')) === 'persistent') return;
  await expect(page.getByTestId('simple-confirm')).toBeDisabled();
  await page.getByTestId('simple-storage-acknowledge').click();
  await expect(page.getByTestId('simple-confirm')).toBeEnabled();
}
