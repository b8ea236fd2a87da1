/**
 * EVM coins against the devnet's anvil chain (ETHDEV and its token DEVT6-ERC20, 6 decimals read
 * from the contract): activation with typed nodes and contracts, a token's platform activated
 * first in one click, receive, send with the gas preview and broadcast, both transfers in both
 * histories, CSV export, the Send form's errors with nothing broadcast, disable (the platform
 * takes its tokens along), and re-activation after a reload.
 *
 * Other tests spend from the same devnet wallets, so amounts are checked as balance differences.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { MmNumber } from '../../src/shared/number';
import { devnetInfo, evmRpc, type DevnetInfo } from './devnet';
import { STRONG_PASSWORD, balanceOf, coinRow, expectUnlocked, historyRow, openWallet, submitUnlock } from './helpers';

const PLATFORM = 'ETHDEV';
const TOKEN = 'DEVT6-ERC20';

type EvmArgs = DevnetInfo['coins']['ETHDEV'];

/** The bare lowercase hex of a hash, however the page writes it. */
function bareHash(h: string): string {
  return h.trim().replace(/^0x/i, '').toLowerCase();
}

/** The same address with one letter's case flipped: its EIP-55 checksum no longer holds. */
function breakChecksum(address: string): string {
  const at = address.slice(2).search(/[a-fA-F]/) + 2;
  if (at < 2) throw new Error(`${address} has no letter to flip`);
  const c = address[at] ?? '';
  const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
  return address.slice(0, at) + flipped + address.slice(at + 1);
}

async function nonceOf(info: DevnetInfo, address: string): Promise<number> {
  return Number(await evmRpc<string>(info, 'eth_getTransactionCount', [address, 'pending']));
}

async function pickCoin(page: Page, ticker: string): Promise<void> {
  await page.getByTestId('add-coin-button').click();
  await page.getByTestId('coin-search').fill(ticker.toLowerCase());
  const option = page.locator(`[data-testid="coin-option"][data-ticker="${ticker}"]`);
  await expect(option).toHaveAttribute('data-testnet', 'true');
  await option.click();
  await expect(page.getByTestId('activate-form')).toHaveAttribute('data-ticker', ticker);
  await expect(page.getByTestId('activate-form')).toHaveAttribute('data-family', 'evm');
}

/** Types the node URL and the contracts, under Advanced (the devnet's ETHDEV has no default nodes). */
async function typeEvmSettings(page: Page, args: EvmArgs): Promise<void> {
  await openAdvanced(page);
  await expect(page.getByTestId('server-list')).toHaveAttribute('data-kind', 'rpc');
  await expect(page.getByTestId('server-protocol')).toHaveCount(0);
  for (const [i, url] of args.urls.entries()) {
    if (i > 0) await page.getByTestId('server-add').click();
    await page.getByTestId('server-row').nth(i).getByTestId('server-url').fill(url);
  }
  await page.getByTestId('activate-swap-contract').fill(args.swap_contract_address);
  await page.getByTestId('activate-fallback-contract').fill(args.fallback_swap_contract);
}

/** Opens the activation form's Advanced section (the swap contracts live there). */
async function openAdvanced(page: Page): Promise<void> {
  await page.getByTestId('activate-advanced').evaluate((d) => ((d as HTMLDetailsElement).open = true));
}

/** ETHDEV through the form, typing its node and contracts. */
async function activatePlatform(page: Page, args: EvmArgs): Promise<void> {
  await pickCoin(page, PLATFORM);
  await expect(page.getByTestId('no-default-servers')).toBeVisible();
  await expect(page.getByTestId('server-row')).toHaveCount(1);
  // A bad URL and a bad contract are refused in the page.
  await openAdvanced(page);
  await page.getByTestId('server-url').fill('ws://127.0.0.1:8545');
  await page.getByTestId('activate-swap-contract').fill('0x1234');
  await page.getByTestId('activate-submit').click();
  await expect(page.getByTestId('server-error')).toBeVisible();
  await expect(page.getByTestId('activate-swap-error')).toBeVisible();
  await typeEvmSettings(page, args);
  await expect(page.getByTestId('activate-history')).toBeChecked();
  await page.getByTestId('activate-submit').click();
  await expect(coinRow(page, PLATFORM)).toBeVisible({ timeout: 30_000 });
  await expect(coinRow(page, PLATFORM)).toHaveAttribute('data-family', 'evm');
  await expect(page.getByTestId('add-coin')).toHaveCount(0);
}

/** The token with its platform already active: the form is prefilled from the platform's settings. */
async function activateTokenPrefilled(page: Page, args: EvmArgs): Promise<void> {
  await pickCoin(page, TOKEN);
  await expect(page.getByTestId('activate-platform-needed')).toHaveCount(0);
  await expect(page.getByTestId('activate-prefilled')).toHaveAttribute('data-from', 'platform');
  await expect(page.getByTestId('server-url')).toHaveValue(args.urls[0] ?? '');
  await expect(page.getByTestId('activate-swap-contract')).toHaveValue(args.swap_contract_address);
  await expect(page.getByTestId('activate-submit')).toHaveText(`Activate ${TOKEN}`);
  await page.getByTestId('activate-submit').click();
  await expect(coinRow(page, TOKEN)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('add-coin')).toHaveCount(0);
}

/** The token first: the form says its platform is off and activates both in one click. */
async function activateTokenWithPlatform(page: Page, args: EvmArgs): Promise<void> {
  await pickCoin(page, TOKEN);
  await expect(page.getByTestId('activate-platform-needed')).toHaveAttribute('data-platform', PLATFORM);
  await typeEvmSettings(page, args);
  await expect(page.getByTestId('activate-submit')).toHaveText(`Activate ${PLATFORM} and ${TOKEN}`);
  await page.getByTestId('activate-submit').click();
  await expect(coinRow(page, PLATFORM)).toBeVisible({ timeout: 30_000 });
  await expect(coinRow(page, TOKEN)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('add-coin')).toHaveCount(0);
}

async function openSend(page: Page, ticker: string): Promise<void> {
  await coinRow(page, ticker).click();
  await expect(page.getByTestId('coin-detail')).toHaveAttribute('data-ticker', ticker);
  await page.getByTestId('coin-tab-send').click();
}

async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).textContent()) ?? '').trim();
}

test('the EVM Send form: a wrong checksum and too much are refused, nothing is broadcast', async ({ browser }) => {
  test.setTimeout(150_000);
  const info = devnetInfo();
  const alice = await openWallet(browser, 'devnet alice', info.wallets.alice!.passphrase);
  const aliceAddress = info.wallets.alice!.addresses[PLATFORM]!;
  const bobAddress = info.wallets.bob!.addresses[PLATFORM]!;
  await activatePlatform(alice, info.coins[PLATFORM]);
  await activateTokenPrefilled(alice, info.coins[PLATFORM]);
  const eth = await balanceOf(alice, PLATFORM);
  const tokens = await balanceOf(alice, TOKEN);
  expect(MmNumber.parse(eth).isPositive()).toBe(true);
  expect(MmNumber.parse(tokens).isPositive()).toBe(true);
  const nonce = await nonceOf(info, aliceAddress);

  // Receive: the EIP-55 address (the devnet's own derivation agrees), with a QR code.
  await coinRow(alice, PLATFORM).click();
  await expect(alice.getByTestId('receive-address')).toHaveText(aliceAddress);
  await expect(alice.getByTestId('receive-qr')).toBeVisible();

  await alice.getByTestId('coin-tab-send').click();
  await expect(alice.getByTestId('send-available')).toHaveAttribute('data-exact', eth);
  await expect(alice.getByTestId('send-fee-type')).toHaveValue('default');
  const error = alice.getByTestId('send-error');

  // A wrong EIP-55 checksum: the node's InvalidAddress.
  await alice.getByTestId('send-to').fill(breakChecksum(bobAddress));
  await alice.getByTestId('send-amount').fill('1');
  await alice.getByTestId('send-preview').click();
  await expect(error).toHaveAttribute('data-error-type', 'InvalidAddress');
  await expect(error).toContainText(`This is not a valid ${PLATFORM} address`);
  await expect(alice.getByTestId('send-preview-panel')).toHaveCount(0);

  // More ETH than there is: NotSufficientBalance.
  await alice.getByTestId('send-to').fill(bobAddress);
  await alice.getByTestId('send-amount').fill(MmNumber.parse(eth).add(MmNumber.parse('1000')).toDecimalString());
  await alice.getByTestId('send-preview').click();
  await expect(error).toHaveAttribute('data-error-type', 'NotSufficientBalance');
  await expect(error).toContainText(`Not enough ${PLATFORM}`);
  await expect(alice.getByTestId('send-preview-panel')).toHaveCount(0);

  // A custom gas form that does not add up never reaches the node.
  await alice.getByTestId('send-amount').fill('1');
  await alice.getByTestId('send-fee-type').selectOption('EthGas');
  await alice.getByTestId('send-gas-price').fill('abc');
  await alice.getByTestId('send-gas-limit').fill('100');
  await alice.getByTestId('send-preview').click();
  await expect(alice.getByTestId('send-gas-price-error')).toBeVisible();
  await expect(alice.getByTestId('send-gas-limit-error')).toBeVisible();

  // A valid custom gas: the preview shows exactly it; Cancel drops the signed transaction.
  await alice.getByTestId('send-gas-price').fill('3');
  await alice.getByTestId('send-gas-limit').fill('30000');
  await alice.getByTestId('send-preview').click();
  await expect(alice.getByTestId('send-preview-panel')).toBeVisible();
  await expect(alice.getByTestId('preview-gas')).toHaveText('30000');
  await expect(alice.getByTestId('preview-gas-price')).toHaveText('3 gwei');
  await expect(alice.getByTestId('preview-fee')).toHaveText(`0.00009 ${PLATFORM}`);
  await expect(alice.getByTestId('preview-balance-change')).toHaveText(`−1.00009 ${PLATFORM}`);
  const cancelled = bareHash(await text(alice, 'preview-tx-hash'));
  expect(cancelled).toMatch(/^[0-9a-f]{64}$/);
  await alice.getByTestId('send-cancel').click();
  await expect(alice.getByTestId('send-form')).toBeVisible();

  // The token: more than the balance, in the token (its gas would be paid in ETHDEV).
  await openSend(alice, TOKEN);
  await expect(alice.getByTestId('send-fee-available')).toHaveAttribute('data-exact', eth);
  await alice.getByTestId('send-to').fill(bobAddress);
  await alice.getByTestId('send-amount').fill(MmNumber.parse(tokens).add(MmNumber.parse('1')).toDecimalString());
  await alice.getByTestId('send-preview').click();
  await expect(error).toHaveAttribute('data-error-type', 'NotSufficientBalance');
  await expect(error).toContainText(`Not enough ${TOKEN}`);
  // And a wrong checksum for the token too.
  await alice.getByTestId('send-to').fill(breakChecksum(bobAddress));
  await alice.getByTestId('send-amount').fill('1');
  await alice.getByTestId('send-preview').click();
  await expect(error).toHaveAttribute('data-error-type', 'InvalidAddress');

  // Nothing reached the chain: same nonce, the cancelled transaction unknown, balances unchanged.
  expect(await nonceOf(info, aliceAddress)).toBe(nonce);
  expect(await evmRpc<unknown>(info, 'eth_getTransactionByHash', [`0x${cancelled}`])).toBeNull();
  await expect(coinRow(alice, PLATFORM).getByTestId('coin-balance')).toHaveAttribute('data-exact', eth);
  await expect(coinRow(alice, TOKEN).getByTestId('coin-balance')).toHaveAttribute('data-exact', tokens);
  await alice.context().close();
});

test('alice sends ETHDEV and DEVT6-ERC20 to bob: gas preview, broadcast, both histories, export, disable, re-activate', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const info = devnetInfo();
  const args = info.coins[PLATFORM];
  const bobAddress = info.wallets.bob!.addresses[PLATFORM]!;
  expect(info.wallets.bob!.addresses[TOKEN]).toBe(bobAddress);
  const ethAmount = '0.123456789';
  const tokenAmount = '12.345678';

  const alice = await openWallet(browser, 'devnet alice', info.wallets.alice!.passphrase);
  const bob = await openWallet(browser, 'devnet bob', info.wallets.bob!.passphrase);
  await activatePlatform(alice, args);
  await activateTokenPrefilled(alice, args);
  await activateTokenWithPlatform(bob, args);

  const bobEthBefore = await balanceOf(bob, PLATFORM);
  const bobTokenBefore = await balanceOf(bob, TOKEN);
  const aliceTokenBefore = await balanceOf(alice, TOKEN);
  // 6 decimals, read from the contract (the coins file gives none).
  expect(bobTokenBefore).toMatch(/^\d+(\.\d{1,6})?$/);

  // Bob's receive address is his EIP-55 address, the same for the platform and the token.
  await coinRow(bob, TOKEN).click();
  await expect(bob.getByTestId('receive-address')).toHaveText(bobAddress);
  await expect(bob.getByTestId('receive-note')).toContainText(PLATFORM);

  // ETH with the network's default gas: amount, gas, gas price and the total fee in ETHDEV.
  await openSend(alice, PLATFORM);
  await alice.getByTestId('send-to').fill(bobAddress);
  await alice.getByTestId('send-amount').fill(ethAmount);
  await alice.getByTestId('send-preview').click();
  await expect(alice.getByTestId('send-preview-panel')).toBeVisible();
  await expect(alice.getByTestId('preview-to')).toContainText(bobAddress);
  await expect(alice.getByTestId('preview-amount')).toHaveText(`${ethAmount} ${PLATFORM}`);
  const gas = Number(await text(alice, 'preview-gas'));
  expect(gas).toBeGreaterThanOrEqual(21000);
  await expect(alice.getByTestId('preview-gas-price')).toHaveText(/^\d+(\.\d+)? gwei$/);
  const coinPerGas = (await alice.getByTestId('preview-gas-price').getAttribute('data-coin-per-gas')) ?? '';
  const ethFee = (await text(alice, 'preview-fee')).replace(PLATFORM, '').trim();
  expect(MmNumber.parse(ethFee).eq(MmNumber.parse(coinPerGas).mul(MmNumber.of(BigInt(gas))))).toBe(true);
  const ethSpent = MmNumber.parse(ethAmount).add(MmNumber.parse(ethFee)).toDecimalString();
  await expect(alice.getByTestId('preview-balance-change')).toHaveText(`−${ethSpent} ${PLATFORM}`);
  await expect(alice.getByTestId('preview-fee-balance-change')).toHaveCount(0);
  const ethTx = bareHash(await text(alice, 'preview-tx-hash'));
  expect(ethTx).toMatch(/^[0-9a-f]{64}$/);
  expect(await evmRpc<unknown>(info, 'eth_getTransactionByHash', [`0x${ethTx}`])).toBeNull();
  await alice.getByTestId('send-broadcast').click();
  await expect(alice.getByTestId('send-success')).toBeVisible({ timeout: 30_000 });
  expect(bareHash(await text(alice, 'send-success-hash'))).toBe(ethTx);

  // The token with a custom gas: the fee is in ETHDEV, the balance change in the token.
  await openSend(alice, TOKEN);
  await alice.getByTestId('send-to').fill(bobAddress);
  await alice.getByTestId('send-amount').fill(tokenAmount);
  await alice.getByTestId('send-fee-type').selectOption('EthGas');
  await alice.getByTestId('send-gas-price').fill('2');
  await alice.getByTestId('send-gas-limit').fill('100000');
  await alice.getByTestId('send-preview').click();
  await expect(alice.getByTestId('send-preview-panel')).toBeVisible();
  await expect(alice.getByTestId('preview-amount')).toHaveText(`${tokenAmount} ${TOKEN}`);
  await expect(alice.getByTestId('preview-gas')).toHaveText('100000');
  await expect(alice.getByTestId('preview-gas-price')).toHaveText('2 gwei');
  await expect(alice.getByTestId('preview-fee')).toHaveText(`0.0002 ${PLATFORM}`);
  await expect(alice.getByTestId('preview-balance-change')).toHaveText(`−${tokenAmount} ${TOKEN}`);
  await expect(alice.getByTestId('preview-fee-balance-change')).toHaveText(`−0.0002 ${PLATFORM}`);
  const tokenTx = bareHash(await text(alice, 'preview-tx-hash'));
  await alice.getByTestId('send-broadcast').click();
  await expect(alice.getByTestId('send-success')).toBeVisible({ timeout: 30_000 });
  expect(bareHash(await text(alice, 'send-success-hash'))).toBe(tokenTx);

  // Bob's balances rise by exactly the amounts (live, from coin_balance events).
  await expect(coinRow(bob, PLATFORM).getByTestId('coin-balance')).toHaveAttribute(
    'data-exact',
    MmNumber.parse(bobEthBefore).add(MmNumber.parse(ethAmount)).toDecimalString(),
    { timeout: 30_000 },
  );
  await expect(coinRow(bob, TOKEN).getByTestId('coin-balance')).toHaveAttribute(
    'data-exact',
    MmNumber.parse(bobTokenBefore).add(MmNumber.parse(tokenAmount)).toDecimalString(),
    { timeout: 30_000 },
  );
  await expect(coinRow(alice, TOKEN).getByTestId('coin-balance')).toHaveAttribute(
    'data-exact',
    MmNumber.parse(aliceTokenBefore).sub(MmNumber.parse(tokenAmount)).toDecimalString(),
    { timeout: 30_000 },
  );

  // Both transfers in both histories, confirmed; amounts from my_balance_change, the fee in ETHDEV.
  for (const page of [alice, bob]) {
    await coinRow(page, PLATFORM).click();
    await page.getByTestId('coin-tab-history').click();
    const row = historyRow(page, ethTx);
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row.getByTestId('history-confirmations')).not.toHaveText('Unconfirmed', { timeout: 30_000 });
    await expect(row.getByTestId('history-fee')).toHaveAttribute('data-fee-coin', PLATFORM);
  }
  await expect(historyRow(bob, ethTx).getByTestId('history-amount')).toHaveAttribute('data-amount', ethAmount);
  await expect(historyRow(bob, ethTx)).toHaveAttribute('data-direction', 'in');
  await expect(historyRow(alice, ethTx)).toHaveAttribute('data-direction', 'out');
  for (const page of [alice, bob]) {
    await coinRow(page, TOKEN).click();
    await page.getByTestId('coin-tab-history').click();
    const row = historyRow(page, tokenTx);
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row.getByTestId('history-confirmations')).not.toHaveText('Unconfirmed', { timeout: 30_000 });
    await expect(row.getByTestId('history-fee')).toHaveAttribute('data-fee-coin', PLATFORM);
  }
  await expect(historyRow(bob, tokenTx).getByTestId('history-amount')).toHaveAttribute('data-amount', tokenAmount);
  await expect(historyRow(bob, tokenTx)).toHaveAttribute('data-direction', 'in');
  await expect(historyRow(alice, tokenTx).getByTestId('history-amount')).toHaveAttribute('data-amount', `-${tokenAmount}`);

  // CSV export of alice's token history: the fee is named in its coin.
  const downloading = alice.waitForEvent('download');
  await alice.getByTestId('history-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^DEVT6-ERC20-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('date,tx_hash,my_balance_change,fee,fee_coin,confirmations,block_height,from,to');
  const line = lines.find((l) => bareHash(l.split(',')[1] ?? '') === tokenTx);
  expect(line, csv).toBeDefined();
  const cols = line?.split(',') ?? [];
  expect(cols[2]).toBe(`-${tokenAmount}`);
  expect(cols[4]).toBe(PLATFORM);
  expect(cols[8]?.toLowerCase()).toContain(bobAddress.toLowerCase());

  // Disabling bob's platform takes the token along.
  await coinRow(bob, PLATFORM).click();
  await bob.getByTestId('disable-coin').click();
  await expect(bob.getByTestId('disable-tokens')).toContainText(TOKEN);
  await bob.getByTestId('disable-confirm').click();
  await expect(coinRow(bob, PLATFORM)).toHaveCount(0);
  await expect(coinRow(bob, TOKEN)).toHaveCount(0);
  await expect(bob.getByTestId('wallet-empty')).toBeVisible();

  // After a reload alice re-activates both, the platform first, with the remembered settings.
  const aliceTokenAfter = await balanceOf(alice, TOKEN);
  await alice.reload();
  await expect(alice.getByTestId('unlock-form')).toBeVisible({ timeout: 30_000 });
  await submitUnlock(alice, 'devnet alice', STRONG_PASSWORD);
  await expectUnlocked(alice, 'devnet alice');
  await expect(alice.locator(`[data-testid="restore-item"][data-ticker="${PLATFORM}"]`)).toBeVisible();
  await expect(alice.locator(`[data-testid="restore-item"][data-ticker="${TOKEN}"]`)).toBeVisible();
  await expect(coinRow(alice, TOKEN).getByTestId('coin-balance')).toHaveAttribute('data-exact', aliceTokenAfter, { timeout: 30_000 });
  await expect(coinRow(alice, PLATFORM)).toBeVisible();
  await expect(alice.getByTestId('coin-restore')).toHaveAttribute('data-state', 'done');

  await alice.context().close();
  await bob.context().close();
});
