/**
 * The network state on the Exchange tab (issue 13 defect 3): a trader unlocked with a seed that
 * does not answer sees "Unreachable" with the reason and an orderbook that says "not connected"
 * (not an empty market); it then changes the seed to the devnet's while the wallet stays open, and
 * the status turns connected and another trader's order appears in the book. Screenshots at
 * 1440×900 and 390×844.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { devnetInfo } from './devnet';
import { activateCoin, openTrader, sendConsole } from './helpers';

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
