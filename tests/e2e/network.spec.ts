/**
 * The network state on the Exchange tab (issue 13 defect 3): a trader unlocked with a seed that
 * does not answer sees "Unreachable" with the reason and an orderbook that says "not connected"
 * (not an empty market); it then changes the seed to the devnet's while the wallet stays open, and
 * the status turns connected and another trader's order appears in the book. A wallet unlocked
 * without any seed (the default) joins from the Exchange tab the same way, and trades at once; the
 * next wallet unlocked in the page starts with a node log of its own session only. Screenshots at
 * 1440×900 and 390×844.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { devnetInfo } from './devnet';
import { acknowledgeStorageWarning, activateCoin, importWallet, openApp, openTrader, sendConsole } from './helpers';

const BASE = 'RLTC1';
const REL = 'RLTC2';
const SHOTS = `${process.env.E2E_RESULTS ?? 'test-results'}/network`;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Nothing listens on the discard port of this machine: every dial is refused. */
const DEAD_SEED = '/ip4/127.0.0.1/tcp/9/ws';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(size);
    await page.getByTestId('network-status').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.doc, `${name} fits ${label} width`).toBeLessThanOrEqual(widths.view);
  }
  await page.setViewportSize(DESKTOP);
}

test('an unreachable seed is said so, and seeds changed while unlocked bring the book', async ({ browser }) => {
  test.setTimeout(180_000);
  const info = devnetInfo();

  // ---- Another trader, on the devnet's seed, with an ask on the book.
  const maker = await openTrader(browser, 'net-maker', info.wallets.bob!.passphrase, info.seednodes);
  for (const coin of [BASE, REL]) {
    const r = await sendConsole(maker, JSON.stringify({ method: 'electrum', coin, servers: info.coins[coin]!.servers }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const ask = await sendConsole(maker, JSON.stringify({ method: 'setprice', base: BASE, rel: REL, price: '1.2345', volume: '0.02', cancel_previous: false }));
  expect(ask.status, JSON.stringify(ask.body)).toBe(200);
  const askUuid = (ask.body as { result: { uuid: string } }).result.uuid;

  // ---- The viewer unlocks with a seed nobody answers at.
  const page = await openTrader(browser, 'net-viewer', info.wallets.alice!.passphrase, [DEAD_SEED], { viewport: DESKTOP });
  for (const coin of [BASE, REL]) await activateCoin(page, coin, info.coins[coin]!.servers);
  await page.getByTestId('page-tab-exchange').click();
  const status = page.getByTestId('network-status');
  await expect(status).toHaveAttribute('data-state', 'unreachable', { timeout: 30_000 });
  await expect(page.getByTestId('network-badge')).toContainText('Unreachable');
  // The reason in words, naming the seed; never an object's default string.
  const detail = page.getByTestId('network-detail');
  await expect(detail).toContainText(DEAD_SEED);
  await expect(detail).not.toContainText('[object');
  // A browser's WebSocket gives no reason: the page names the likely ones instead of "error event".
  await expect(detail).toContainText('the WebSocket connection failed');
  expect(((await detail.textContent()) ?? '').split(`${DEAD_SEED}:`)[1]?.trim().length ?? 0, 'a reason follows the seed').toBeGreaterThan(3);
  // The book does not pass for an empty market.
  await expect(page.getByTestId('orderbook-not-connected')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('orderbook-empty')).toHaveCount(0);
  await shoot(page, 'unreachable');

  // ---- The seed is changed while the wallet stays open.
  await page.getByTestId('network-change').click();
  const settings = status.getByTestId('network-settings');
  await expect(settings).toBeVisible();
  await expect(settings.getByTestId('seednodes-input')).toHaveValue(DEAD_SEED);
  await settings.getByTestId('seednodes-input').fill(info.seednodes.join('\n'));
  await settings.getByTestId('seednodes-save').click();
  await expect(settings.getByTestId('seednodes-saved')).toContainText('Saved and applied');
  await expect(status).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  await expect(page.getByTestId('network-badge')).toContainText(/Connected to \d+ peers?/);
  await expect(page.getByTestId('session-state')).toHaveAttribute('data-state', 'unlocked');

  // The other trader's ask arrives in the book.
  await expect(page.locator(`[data-testid="orderbook-ask"][data-uuid="${askUuid}"]`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('orderbook-not-connected')).toHaveCount(0);
  await page.getByTestId('network-change').click();
  await shoot(page, 'connected');

  // Saved for the next start too.
  expect(await page.evaluate(() => localStorage.getItem('browser-dex:seednodes'))).toBe(JSON.stringify(info.seednodes));

  // ---- The public-network preset: offered, says what it does, fills the fields (not saved here).
  await page.getByTestId('network-change').click();
  await settings.getByTestId('preset-kdf-mainnet').click();
  await expect(settings.getByTestId('preset-public-note')).toContainText('public KDF network');
  await expect(settings.getByTestId('netid-input')).toHaveValue('8762');
  await expect(settings.getByTestId('seednodes-input')).toHaveValue(/^seed01\.kmdefi\.net\n/);
  await shoot(page, 'preset');

  const cancel = await sendConsole(maker, JSON.stringify({ method: 'cancel_order', uuid: askUuid }));
  expect(cancel.status).toBe(200);
  await maker.context().close();
  await page.context().close();
});

test('a wallet unlocked without seeds joins from the Exchange tab and trades; the next wallet’s log is its own', async ({ browser }) => {
  test.setTimeout(180_000);
  const info = devnetInfo();

  // ---- Another trader, on the devnet's seed, with an ask on the book.
  const maker = await openTrader(browser, 'late-maker', info.wallets.bob!.passphrase, info.seednodes);
  for (const coin of [BASE, REL]) {
    const r = await sendConsole(maker, JSON.stringify({ method: 'electrum', coin, servers: info.coins[coin]!.servers }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const ask = await sendConsole(maker, JSON.stringify({ method: 'setprice', base: BASE, rel: REL, price: '1.5432', volume: '0.02', cancel_previous: false }));
  expect(ask.status, JSON.stringify(ask.body)).toBe(200);
  const askUuid = (ask.body as { result: { uuid: string } }).result.uuid;

  // ---- A new user: no seed nodes saved, the wallet unlocked off the network.
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await openApp(page);
  await importWallet(page, 'late-joiner', info.wallets.alice!.passphrase);
  for (const coin of [BASE, REL]) await activateCoin(page, coin, info.coins[coin]!.servers);
  const exchangeTab = page.getByTestId('page-tab-exchange');
  await expect(exchangeTab.getByTitle('No seed nodes: trading is off')).toBeVisible();
  await exchangeTab.click();
  const exchange = page.getByTestId('exchange');
  const status = page.getByTestId('network-status');
  await expect(status).toHaveAttribute('data-state', 'off');
  await expect(exchange).toHaveAttribute('data-trading', 'off');
  await expect(page.getByTestId('trading-off')).toContainText('Change seed nodes');
  await shoot(page, 'late-off');

  // ---- Seeds set from the Exchange tab: the node joins, the page hears it and trading turns on.
  await page.getByTestId('network-change').click();
  const settings = status.getByTestId('network-settings');
  await settings.getByTestId('seednodes-input').fill(info.seednodes.join('\n'));
  await settings.getByTestId('seednodes-save').click();
  await expect(settings.getByTestId('seednodes-saved')).toContainText('joining the network');
  await expect(status).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  await expect(exchange).toHaveAttribute('data-trading', 'on');
  await expect(page.getByTestId('trading-off')).toHaveCount(0);
  await expect(exchangeTab.getByTitle('No seed nodes: trading is off')).toHaveCount(0);
  await expect(page.getByTestId('session-state')).toHaveAttribute('data-state', 'unlocked');
  await expect(page.locator(`[data-testid="orderbook-ask"][data-uuid="${askUuid}"]`)).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('network-change').click();

  // An order placed from the trade form, seen by the other trader.
  await expect(page.getByTestId('pair-base')).toHaveValue(BASE);
  await expect(page.getByTestId('pair-rel')).toHaveValue(REL);
  await page.getByTestId('trade-mode-setprice').click();
  await page.getByTestId('trade-price').fill('9.75');
  await page.getByTestId('trade-volume').fill('0.01');
  await page.getByTestId('trade-review').click();
  await expect(page.getByTestId('preimage-panel')).toBeVisible();
  await acknowledgeStorageWarning(page);
  await page.getByTestId('trade-confirm').click();
  const placed = page.getByTestId('trade-placed');
  await expect(placed).toHaveAttribute('data-kind', 'maker');
  const orderUuid = (await placed.getAttribute('data-uuid')) ?? '';
  expect(orderUuid).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.locator(`[data-testid="my-order"][data-uuid="${orderUuid}"]`)).toBeVisible();
  await expect
    .poll(async () => {
      const book = await sendConsole(maker, JSON.stringify({ method: 'orderbook', base: BASE, rel: REL }));
      return ((book.body as { asks?: { uuid: string }[] }).asks ?? []).some((a) => a.uuid === orderUuid);
    }, { timeout: 60_000 })
    .toBe(true);
  await shoot(page, 'late-joined');
  // The Swap tab trades too.
  await page.getByTestId('page-tab-swap').click();
  await expect(page.getByTestId('simple-swap-off')).toHaveCount(0);

  // ---- The node log (the node's `log` events): this session's lines, then none of them in the next wallet's.
  const logLines = page.getByTestId('node-log').locator('li');
  await expect(logLines.filter({ hasText: 'p2p: joined the network' })).toHaveCount(1);
  const activated = (await logLines.filter({ hasText: `${BASE} activated at` }).first().textContent()) ?? '';
  const address = activated.split(' activated at ')[1]?.trim() ?? '';
  expect(address.length, 'the activation line names the address').toBeGreaterThan(20);
  expect((await sendConsole(page, JSON.stringify({ method: 'cancel_order', uuid: orderUuid }))).status).toBe(200);

  await page.getByTestId('lock-button').click();
  await expect(page.getByTestId('unlock-form')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('unlock-back').click();
  await importWallet(page, 'late-second', 'devnet empty');
  // The second wallet starts on the seeds saved above: its own lines arrive…
  await expect.poll(() => logLines.filter({ hasText: 'p2p: connected to seed' }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
  // …and none of the first session's.
  const second = await logLines.allTextContents();
  expect(second.filter((l) => l.includes('joined the network') || l.includes(address) || l.includes(orderUuid))).toEqual([]);

  const cancel = await sendConsole(maker, JSON.stringify({ method: 'cancel_order', uuid: askUuid }));
  expect(cancel.status).toBe(200);
  await maker.context().close();
  await context.close();
});
