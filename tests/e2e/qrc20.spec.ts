/**
 * A QRC20 token in the page: QC-QRC20 activated through the Add coin form against a QTUM
 * Electrum stand-in (electrumStandIn.ts: the real wire protocol on 127.0.0.1; no QTUM daemon runs
 * here), its balance read from the contract, and the Send form's custom Qrc20Gas fee: bad gas
 * figures refused in the page with nothing asked, good ones giving a preview whose fee rows are
 * the node's. Nothing is broadcast.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { address as btcAddress } from 'bitcoinjs-lib';
import { MmNumber } from '../../src/shared/number';
import { coinRow, createWallet, openApp } from './helpers';
import { startElectrumStandIn, type ElectrumStandIn } from './electrumStandIn';

interface PageFixture {
  ticker: string;
  platform: string;
  pubtype: number;
  chain: { height: number; contract: string; tokenBalance: string; decimals: string };
  /** Satoshis of QTUM the token's address gets for its fees. */
  qtumFunding: number;
  tokenBalanceShown: string;
  send: { amount: string; gasLimit: string; gasPrice: string; totalGasFee: string };
  badGas: { description: string; gasLimit: string; gasPrice: string; field: string; text: string }[];
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/e2e/qrc20-page.json', import.meta.url), 'utf8')) as PageFixture;
const SERVER_LIFETIME_MS = 110_000;
/** A P2PKH address on QTUM mainnet (version byte 58). */
const TO = btcAddress.toBase58Check(new Uint8Array(20).fill(7), 58);

let server: ElectrumStandIn;

test.beforeAll(async () => {
  const c = fixture.chain;
  const token = { contract: c.contract, balance: BigInt(c.tokenBalance), decimals: BigInt(c.decimals) };
  server = await startElectrumStandIn({ height: c.height, time: Math.floor(Date.now() / 1000), token }, SERVER_LIFETIME_MS);
});

test.afterAll(async () => {
  await server?.stop();
});

test('a QRC20 token: activated under QTUM, its balance shown, a custom Qrc20Gas fee previewed with the node’s fee details', async ({ page }) => {
  test.setTimeout(100_000);
  const { ticker, platform, send } = fixture;
  await openApp(page);
  await createWallet(page, 'qrc20-page');

  // Activate the token: the picker shows it on QTUM, the form keeps one server, ours.
  await page.getByTestId('add-coin-button').click();
  await page.getByTestId('coin-search').fill(ticker.toLowerCase());
  await page.locator(`[data-testid="coin-option"][data-ticker="${ticker}"]`).click();
  const form = page.getByTestId('activate-form');
  await expect(form).toHaveAttribute('data-ticker', ticker);
  while ((await page.getByTestId('server-row').count()) > 1) await page.getByTestId('server-remove').last().click();
  await page.getByTestId('server-url').fill(server.url);
  await page.getByTestId('server-protocol').selectOption('WS');
  await page.getByTestId('activate-submit').click();
  await expect(coinRow(page, ticker)).toBeVisible({ timeout: 30_000 });
  await expect(coinRow(page, ticker).getByTestId('coin-balance')).toHaveAttribute('data-exact', fixture.tokenBalanceShown);

  // QTUM for the fees reaches the token's address (its own QTUM side) after activation.
  await coinRow(page, ticker).click();
  await page.getByTestId('coin-tab-receive').click();
  const own = ((await page.getByTestId('receive-address').textContent()) ?? '').trim();
  server.fund(own, fixture.pubtype, fixture.qtumFunding);
  await page.getByTestId('coin-tab-send').click();
  await expect(page.getByTestId('send-available')).toHaveAttribute('data-exact', fixture.tokenBalanceShown);
  await page.getByTestId('send-to').fill(TO);
  await page.getByTestId('send-amount').fill(send.amount);
  await page.getByTestId('send-fee-type').selectOption('Qrc20Gas');
  await expect(page.getByTestId('send-fee-note')).toContainText(platform);

  // Bad gas figures: a message under the fee, no preview, nothing asked of the server.
  for (const bad of fixture.badGas) {
    const callsBefore = server.calls.length;
    await page.getByTestId('send-qrc20-gas-limit').fill(bad.gasLimit);
    await page.getByTestId('send-qrc20-gas-price').fill(bad.gasPrice === 'REPEAT' ? '9'.repeat(1000) : bad.gasPrice);
    await page.getByTestId('send-preview').click();
    await expect(page.getByTestId(bad.field), bad.description).toHaveText(bad.text);
    await expect(page.getByTestId('send-preview-panel')).toHaveCount(0);
    expect(server.calls.slice(callsBefore).filter((m) => m === 'blockchain.scripthash.listunspent'), bad.description).toEqual([]);
  }

  // Good figures: the node signs, the preview shows its Qrc20 fee details.
  await page.getByTestId('send-qrc20-gas-limit').fill(send.gasLimit);
  await page.getByTestId('send-qrc20-gas-price').fill(send.gasPrice);
  await page.getByTestId('send-preview').click();
  await expect(page.getByTestId('send-preview-panel')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('preview-to')).toHaveText(TO);
  await expect(page.getByTestId('preview-amount')).toHaveText(`${send.amount} ${ticker}`);
  await expect(page.getByTestId('preview-gas')).toHaveText(send.gasLimit);
  await expect(page.getByTestId('preview-gas-price')).toHaveText(`${send.gasPrice} satoshis of ${platform} per gas`);
  await expect(page.getByTestId('preview-gas-fee')).toHaveText(`${send.totalGasFee} ${platform}`);
  const minerFee = ((await page.getByTestId('preview-miner-fee').textContent()) ?? '').replace(` ${platform}`, '').trim();
  expect(MmNumber.parse(minerFee).isPositive()).toBe(true);
  const total = MmNumber.parse(minerFee).add(MmNumber.parse(send.totalGasFee)).toDecimalString();
  await expect(page.getByTestId('preview-fee')).toHaveText(`${total} ${platform}`);
  // The page writes a negative amount with the minus sign (U+2212).
  await expect(page.getByTestId('preview-fee-balance-change')).toHaveText(`−${total} ${platform}`);

  await page.getByTestId('send-cancel').click();
  await expect(page.getByTestId('send-form')).toBeVisible();
  expect(server.broadcasts).toEqual([]);
});
