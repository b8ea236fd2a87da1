/**
 * UTXO coins against the devnet (started by global-setup.ts, one block a second): activation with
 * typed servers, receive, send with preview and broadcast, history on both sides, the Send
 * form's errors, CSV export, disable, and re-activation after a reload.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { MmNumber } from '../../src/shared/number';
import { chainRpc, devnetInfo, type DevnetInfo } from './devnet';
import { STRONG_PASSWORD, activateCoin, balanceOf, coinRow, expectUnlocked, historyRow, openWallet, submitUnlock } from './helpers';

const COIN = 'RLTC1';
const CHAIN = 'chain1';

/** Records, in the page, every confirmations value each history row shows (by tx hash). */
async function recordConfirmations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __seen: Record<string, string[]> };
    w.__seen = {};
    const scan = (): void => {
      for (const row of document.querySelectorAll<HTMLElement>('[data-testid="history-row"]')) {
        const hash = row.dataset.txHash ?? '';
        const conf = row.dataset.confirmations ?? '';
        const seen = (w.__seen[hash] ??= []);
        if (seen[seen.length - 1] !== conf) seen.push(conf);
      }
    };
    new MutationObserver(scan).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-confirmations'],
    });
    scan();
  });
}

async function seenConfirmations(page: Page, txHash: string): Promise<number[]> {
  const seen = await page.evaluate((h) => (window as unknown as { __seen: Record<string, string[]> }).__seen[h] ?? [], txHash);
  return seen.map(Number);
}

/** Resolves right after the chain's next block, so a broadcast has the most time in the mempool. */
async function nextBlock(info: DevnetInfo): Promise<void> {
  const start = await chainRpc<number>(info, CHAIN, 'getblockcount');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if ((await chainRpc<number>(info, CHAIN, 'getblockcount')) > start) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the devnet mined no block within 10 s');
}

test('the Send form explains errors and broadcasts nothing', async ({ browser }) => {
  test.setTimeout(120_000);
  const info = devnetInfo();
  const alice = await openWallet(browser, 'alice', info.wallets.alice!.passphrase);
  await activateCoin(alice, COIN, info.coins[COIN]!.servers);
  const balance = await balanceOf(alice, COIN);
  expect(MmNumber.parse(balance).isPositive()).toBe(true);

  await coinRow(alice, COIN).click();
  await alice.getByTestId('coin-tab-send').click();
  await expect(alice.getByTestId('send-available')).toHaveText(`${balance} ${COIN}`);

  // Empty form: checked in the page, nothing asked of the node.
  await alice.getByTestId('send-preview').click();
  await expect(alice.getByTestId('send-to-error')).toBeVisible();
  await expect(alice.getByTestId('send-amount-error')).toBeVisible();

  // More than the balance: the node's NotSufficientBalance, with the available amount.
  await alice.getByTestId('send-to').fill(info.wallets.bob!.addresses[COIN]!);
  await alice.getByTestId('send-amount').fill('100000');
  await alice.getByTestId('send-preview').click();
  const error = alice.getByTestId('send-error');
  await expect(error).toHaveAttribute('data-error-type', 'NotSufficientBalance');
  await expect(error).toContainText(`${balance} ${COIN} is available`);
  await expect(alice.getByTestId('send-preview-panel')).toHaveCount(0);

  // A bad address: InvalidAddress, in words.
  await alice.getByTestId('send-to').fill('not-an-address');
  await alice.getByTestId('send-amount').fill('1');
  await alice.getByTestId('send-preview').click();
  await expect(error).toHaveAttribute('data-error-type', 'InvalidAddress');
  await expect(error).toContainText(`This is not a valid ${COIN} address`);

  // A fee that is not a number never reaches the node.
  await alice.getByTestId('send-to').fill(info.wallets.bob!.addresses[COIN]!);
  await alice.getByTestId('send-fee-type').selectOption('UtxoFixed');
  await alice.getByTestId('send-fee-amount').fill('abc');
  await alice.getByTestId('send-preview').click();
  await expect(alice.getByTestId('send-fee-error')).toBeVisible();

  // Preview, then Cancel: the signed transaction is dropped, never broadcast.
  await alice.getByTestId('send-fee-amount').fill('0.001');
  await alice.getByTestId('send-preview').click();
  await expect(alice.getByTestId('send-preview-panel')).toBeVisible();
  await expect(alice.getByTestId('preview-fee')).toHaveText(`0.001 ${COIN}`);
  const txHash = (await alice.getByTestId('preview-tx-hash').textContent())?.trim() ?? '';
  expect(txHash).toMatch(/^[0-9a-f]{64}$/);
  await alice.getByTestId('send-cancel').click();
  await expect(alice.getByTestId('send-form')).toBeVisible();
  await expect(alice.getByTestId('send-success')).toHaveCount(0);

  const mempool = await chainRpc<string[]>(info, CHAIN, 'getrawmempool');
  expect(mempool).not.toContain(txHash);
  await expect(coinRow(alice, COIN).getByTestId('coin-balance')).toHaveText(balance);
  await alice.context().close();
});

test('alice sends RLTC1 to bob: preview, broadcast, history on both sides, export, re-activate', async ({ browser }) => {
  test.setTimeout(240_000);
  const info = devnetInfo();
  const servers = info.coins[COIN]!.servers;
  const bobAddress = info.wallets.bob!.addresses[COIN]!;
  const amount = '1.2345';

  const alice = await openWallet(browser, 'alice', info.wallets.alice!.passphrase);
  const bob = await openWallet(browser, 'bob', info.wallets.bob!.passphrase);
  await activateCoin(alice, COIN, servers);
  await activateCoin(bob, COIN, servers);
  const aliceBefore = await balanceOf(alice, COIN);
  const bobBefore = await balanceOf(bob, COIN);
  expect(MmNumber.parse(aliceBefore).isPositive()).toBe(true);

  // Receive: the wallet's address (the devnet's own derivation agrees), with a QR code.
  await coinRow(bob, COIN).click();
  await expect(bob.getByTestId('receive-address')).toHaveText(bobAddress);
  await expect(bob.getByTestId('receive-qr')).toBeVisible();
  await coinRow(alice, COIN).click();
  await expect(alice.getByTestId('receive-address')).toHaveText(info.wallets.alice!.addresses[COIN]!);

  // Both history panels open (they keep following events), watched from now on.
  for (const page of [alice, bob]) {
    await page.getByTestId('coin-tab-history').click();
    await expect(page.getByTestId('history-sync')).toHaveAttribute('data-state', 'Finished', { timeout: 30_000 });
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    await recordConfirmations(page);
  }

  // Send: preview first; nothing leaves before Broadcast.
  await alice.getByTestId('coin-tab-send').click();
  await alice.getByTestId('send-to').fill(bobAddress);
  await alice.getByTestId('send-amount').fill(amount);
  await expect(alice.getByTestId('send-fee-type')).toHaveValue('default');
  await alice.getByTestId('send-preview').click();
  await expect(alice.getByTestId('send-preview-panel')).toBeVisible();
  await expect(alice.getByTestId('preview-to')).toContainText(bobAddress);
  await expect(alice.getByTestId('preview-amount')).toHaveText(`${amount} ${COIN}`);
  const fee = (await alice.getByTestId('preview-fee').textContent())?.replace(COIN, '').trim() ?? '';
  expect(MmNumber.parse(fee).isPositive()).toBe(true);
  const spent = MmNumber.parse(amount).add(MmNumber.parse(fee));
  await expect(alice.getByTestId('preview-balance-change')).toHaveText(`−${spent.toDecimalString()} ${COIN}`);
  const txHash = (await alice.getByTestId('preview-tx-hash').textContent())?.trim() ?? '';
  expect(txHash).toMatch(/^[0-9a-f]{64}$/);
  expect(await chainRpc<string[]>(info, CHAIN, 'getrawmempool')).not.toContain(txHash);

  await nextBlock(info);
  await alice.getByTestId('send-broadcast').click();
  await expect(alice.getByTestId('send-success-hash')).toHaveText(txHash);

  // In both histories: first unconfirmed, then confirmed (a block comes every second).
  await alice.getByTestId('coin-tab-history').click();
  for (const page of [alice, bob]) {
    await expect(historyRow(page, txHash)).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => Math.max(0, ...(await seenConfirmations(page, txHash))), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    const seen = await seenConfirmations(page, txHash);
    expect(seen[0], `confirmations seen: ${seen.join(', ')}`).toBe(0);
    await expect(historyRow(page, txHash).getByTestId('history-confirmations')).not.toHaveText('Unconfirmed');
  }
  await expect(historyRow(alice, txHash).getByTestId('history-amount')).toHaveAttribute(
    'data-amount',
    `-${spent.toDecimalString()}`,
  );
  await expect(historyRow(bob, txHash).getByTestId('history-amount')).toHaveAttribute('data-amount', amount);
  await expect(historyRow(bob, txHash)).toHaveAttribute('data-direction', 'in');

  // Balances, live from coin_balance events: exactly the amount more for bob, amount + fee less for alice.
  const bobExpected = MmNumber.parse(bobBefore).add(MmNumber.parse(amount)).toDecimalString();
  await expect(coinRow(bob, COIN).getByTestId('coin-balance')).toHaveText(bobExpected, { timeout: 30_000 });
  await expect(bob.getByTestId('coin-detail-balance')).toHaveText(bobExpected);
  const aliceExpected = MmNumber.parse(aliceBefore).sub(spent).toDecimalString();
  await expect(coinRow(alice, COIN).getByTestId('coin-balance')).toHaveText(aliceExpected, { timeout: 30_000 });

  // CSV export of alice's history.
  const downloading = alice.waitForEvent('download');
  await alice.getByTestId('history-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^RLTC1-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('date,tx_hash,my_balance_change,fee,fee_coin,confirmations,block_height,from,to');
  const line = lines.find((l) => l.split(',')[1] === txHash);
  expect(line, csv).toBeDefined();
  const cols = line?.split(',') ?? [];
  expect(cols[2]).toBe(`-${spent.toDecimalString()}`);
  expect(cols[3]).toBe(fee);
  expect(cols[4]).toBe(COIN);
  expect(Number(cols[5])).toBeGreaterThanOrEqual(1);
  expect(cols[8]).toContain(bobAddress);

  // Disable on bob's side: the coin leaves the list.
  await bob.getByTestId('disable-coin').click();
  await bob.getByTestId('disable-confirm').click();
  await expect(coinRow(bob, COIN)).toHaveCount(0);
  await expect(bob.getByTestId('wallet-empty')).toBeVisible();
  await expect(bob.getByTestId('coin-detail')).toHaveCount(0);

  // A reload empties the node; the unlock activates the remembered coin again with its servers.
  await alice.reload();
  await expect(alice.getByTestId('unlock-form')).toBeVisible({ timeout: 30_000 });
  await submitUnlock(alice, 'alice', STRONG_PASSWORD);
  await expectUnlocked(alice, 'alice');
  await expect(alice.locator(`[data-testid="restore-item"][data-ticker="${COIN}"]`)).toBeVisible();
  await expect(coinRow(alice, COIN).getByTestId('coin-balance')).toHaveText(aliceExpected, { timeout: 30_000 });

  await alice.context().close();
  await bob.context().close();
});
