/**
 * KMD's page: activated through the Add coin form against an Electrum stand-in
 * (electrumStandIn.ts: the real wire protocol on 127.0.0.1; no komodod runs here). An output of
 * 1000 KMD locked ten days before the tip accrues rewards: the rewards line shows the node's
 * `kmd_rewards_info` total, and Claim fills the Send form with the whole balance to the wallet's
 * own address, whose preview claims that reward. Nothing is broadcast.
 *
 * The expected reward is worked out by hand from KDF's rule (kdf-facts): 1e11 sat / (20 × 525600)
 * = 9512 sat a minute, (14400 − 59) minutes, ÷ 500 past the S7 hard fork = 272823 sat.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { coinRow, createWallet, openApp } from './helpers';
import { startElectrumStandIn, type ElectrumStandIn } from './electrumStandIn';

interface PageFixture {
  ticker: string;
  pubtype: number;
  chain: { height: number };
  funding: { value: number; ageSeconds: number };
  balanceShown: string;
  rewardsShown: string;
  note: string;
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/e2e/kmd-page.json', import.meta.url), 'utf8')) as PageFixture;
const SERVER_LIFETIME_MS = 110_000;
const TIP_TIME = Math.floor(Date.now() / 1000) - 600;

let server: ElectrumStandIn;

test.beforeAll(async () => {
  server = await startElectrumStandIn({ height: fixture.chain.height, time: TIP_TIME }, SERVER_LIFETIME_MS);
});

test.afterAll(async () => {
  await server?.stop();
});

test('KMD: the rewards line shows what the outputs accrued, and Claim previews a transaction claiming it', async ({ page }) => {
  test.setTimeout(100_000);
  const { ticker } = fixture;
  await openApp(page);
  await createWallet(page, 'kmd-page');

  await page.getByTestId('add-coin-button').click();
  await page.getByTestId('coin-search').fill(ticker.toLowerCase());
  await page.locator(`[data-testid="coin-option"][data-ticker="${ticker}"]`).click();
  await expect(page.getByTestId('activate-form')).toHaveAttribute('data-ticker', ticker);
  while ((await page.getByTestId('server-row').count()) > 1) await page.getByTestId('server-remove').last().click();
  await page.getByTestId('server-url').fill(server.url);
  await page.getByTestId('server-protocol').selectOption('WS');
  await page.getByTestId('activate-submit').click();
  await expect(coinRow(page, ticker)).toBeVisible({ timeout: 30_000 });

  // Nothing yet: no output, no reward, Claim disabled.
  await coinRow(page, ticker).click();
  await expect(page.getByTestId('kmd-rewards-total')).toHaveAttribute('data-exact', '0');
  await expect(page.getByTestId('kmd-rewards-claim')).toBeDisabled();

  // The chain pays the wallet an output locked ten days before the tip; the page hears of it.
  await page.getByTestId('coin-tab-receive').click();
  const own = ((await page.getByTestId('receive-address').textContent()) ?? '').trim();
  server.fund(own, fixture.pubtype, fixture.funding.value, TIP_TIME - fixture.funding.ageSeconds);
  await expect(coinRow(page, ticker).getByTestId('coin-balance')).toHaveAttribute('data-exact', fixture.balanceShown, { timeout: 20_000 });
  await expect(page.getByTestId('kmd-rewards-total')).toHaveAttribute('data-exact', fixture.rewardsShown);
  await expect(page.getByTestId('kmd-rewards-note')).toContainText(fixture.note);

  // Claim: the whole balance to the wallet's own address; the preview claims the reward.
  await page.getByTestId('kmd-rewards-claim').click();
  await expect(page.getByTestId('send-to')).toHaveValue(own);
  await expect(page.getByTestId('send-max')).toBeChecked();
  await page.getByTestId('send-preview').click();
  await expect(page.getByTestId('send-preview-panel')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('preview-to')).toHaveText(own);
  await expect(page.getByTestId('preview-kmd-rewards')).toHaveText(`${fixture.rewardsShown} ${ticker}`);
  await page.getByTestId('send-cancel').click();
  expect(server.broadcasts).toEqual([]);
});
