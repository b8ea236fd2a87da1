/**
 * Connecting a Trezor from the wallet page, against the simulated Trezor that a test build
 * (VITE_TREZOR_SIM=1) puts into the node's worker: a Trezor One "E2E Trezor", PIN 1234,
 * passphrase protection on, Trezor's "all all … all" test seed. The test plays the user at the
 * device through `self.__trezorSim` in the worker; the page plays the user at the PIN pad and
 * passphrase prompt. The last test activates RLTC1 on the Trezor's account against the devnet
 * and sends a transaction signed on the device.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { p2pkhAddress } from '../../src/node/crypto';
import { MmNumber } from '../../src/shared/number';
import type { SimTrezorConfig } from '../unit/node/hw/sim';
import { chainRpc, devnetInfo } from './devnet';
import { coinRow, historyRow, importWallet, openApp } from './helpers';
import type { TrezorSimControl } from './trezorSim';

type SimScope = { __trezorSim?: TrezorSimControl };

const DIST_ASSETS = fileURLToPath(new URL('../../dist/assets/', import.meta.url));

test.beforeAll(async () => {
  const files = (await readdir(DIST_ASSETS)).filter((f) => f.endsWith('.js'));
  const texts = await Promise.all(files.map((f) => readFile(`${DIST_ASSETS}${f}`, 'utf8')));
  if (!texts.some((t) => t.includes('__trezorSim'))) {
    throw new Error('dist/ has no simulated Trezor: build it with `VITE_TREZOR_SIM=1 npx vite build` first');
  }
});

/** A fresh context with a software wallet unlocked (the node needs one), and the node's worker. */
async function openBob(browser: Browser, setup?: (c: BrowserContext) => Promise<unknown>): Promise<{ page: Page; worker: Worker }> {
  const context = await browser.newContext();
  await setup?.(context);
  const page = await context.newPage();
  await openApp(page);
  await importWallet(page, 'Bob', 'bob passphrase');
  await expect.poll(() => page.workers().length).toBe(1);
  const worker = page.workers()[0]!;
  await expect(page.getByTestId('hw-wallet')).toBeVisible();
  return { page, worker };
}

/** The positions to press on the blank pad for `pin`, given the device's current scramble. */
function pinPositions(worker: Worker, pin: string): Promise<string> {
  return worker.evaluate((p) => (self as unknown as SimScope).__trezorSim!.pinPositions(p), pin);
}

function received(worker: Worker): Promise<string[]> {
  return worker.evaluate(() => (self as unknown as SimScope).__trezorSim?.received() ?? []);
}

/**
 * Re-configures the simulated device. The worker creates the simulator on its first
 * `task::init_hwdevice::init`; before that, a first attempt cancelled at the PIN pad creates it.
 */
async function configureSim(page: Page, worker: Worker, config: Partial<SimTrezorConfig>): Promise<void> {
  const installed = await worker.evaluate(() => (self as unknown as SimScope).__trezorSim !== undefined);
  if (!installed) {
    await page.getByTestId('trezor-connect').click();
    await expect(page.getByTestId('pin-pad')).toBeVisible();
    await page.getByTestId('trezor-cancel').click();
    await expect(page.getByTestId('trezor-notice')).toBeVisible();
  }
  await worker.evaluate((c) => (self as unknown as SimScope).__trezorSim!.configure(c), config);
}

async function pressPositions(page: Page, positions: string): Promise<void> {
  for (const p of positions) await page.locator(`[data-testid="pin-pad-button"][data-position="${p}"]`).click();
  await expect(page.getByTestId('pin-display')).toHaveAttribute('data-count', String(positions.length));
}

async function enterPin(page: Page, worker: Worker, pin: string): Promise<void> {
  await expect(page.getByTestId('pin-pad')).toBeVisible();
  await pressPositions(page, await pinPositions(worker, pin));
  await page.getByTestId('pin-submit').click();
}

/** The whole connect flow: PIN, then the standard wallet (empty passphrase). */
async function connectTrezor(page: Page, worker: Worker): Promise<void> {
  await page.getByTestId('trezor-connect').click();
  await enterPin(page, worker, '1234');
  await expect(page.getByTestId('passphrase-prompt')).toBeVisible();
  await page.getByTestId('passphrase-submit').click();
  await expectConnected(page, 'One');
}

async function expectConnected(page: Page, model: string): Promise<string> {
  await expect(page.getByTestId('trezor-connected')).toBeVisible();
  await expect(page.getByTestId('trezor-device-name')).toHaveText('E2E Trezor');
  await expect(page.getByTestId('trezor-model')).toHaveText(model);
  await expect(page.getByTestId('trezor-device-id')).toHaveText('E2E00000000000000001');
  const pubkey = page.getByTestId('trezor-device-pubkey');
  await expect(pubkey).toHaveText(/^[0-9a-f]{40}$/);
  return (await pubkey.textContent()) ?? '';
}

test('PIN on the blank pad, then the passphrase: the Trezor is connected and shown', async ({ browser }) => {
  const { page, worker } = await openBob(browser);
  await expect(page.getByTestId('trezor-no-webusb')).toHaveCount(0);
  await page.getByTestId('trezor-connect').click();

  // Nine blank buttons in numpad order; positions only, never digits.
  await expect(page.getByTestId('pin-pad')).toBeVisible();
  const keys = page.getByTestId('pin-pad-button');
  await expect(keys).toHaveCount(9);
  expect(await keys.evaluateAll((els) => els.map((e) => e.getAttribute('data-position')))).toEqual(['7', '8', '9', '4', '5', '6', '1', '2', '3']);
  expect((await keys.allTextContents()).map((t) => t.trim())).toEqual(Array(9).fill(''));
  await expect(page.getByTestId('pin-submit')).toBeDisabled();

  const positions = await pinPositions(worker, '1234');
  expect(positions).not.toBe('1234');
  await pressPositions(page, `${positions}7`);
  await page.getByTestId('pin-backspace').click();
  await expect(page.getByTestId('pin-display')).toHaveAttribute('data-count', '4');
  await expect(page.getByTestId('pin-display')).not.toContainText(/\d{2}/);
  await page.getByTestId('pin-submit').click();

  // Passphrase: empty is the standard wallet; anything else a hidden one; shown on request.
  await expect(page.getByTestId('passphrase-prompt')).toBeVisible();
  const field = page.getByTestId('trezor-passphrase');
  await expect(field).toBeFocused();
  await expect(page.getByTestId('passphrase-kind')).toHaveAttribute('data-kind', 'standard');
  await expect(page.getByTestId('passphrase-submit')).toHaveText('Open standard wallet');
  await field.fill('secret words');
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByTestId('trezor-passphrase-toggle').click();
  await expect(field).toHaveAttribute('type', 'text');
  await expect(page.getByTestId('passphrase-kind')).toHaveAttribute('data-kind', 'hidden');
  await expect(page.getByTestId('passphrase-submit')).toHaveText('Open hidden wallet');
  await field.fill('');
  await page.getByTestId('passphrase-submit').click();

  await expectConnected(page, 'One');
  expect(await received(worker)).toEqual(expect.arrayContaining(['Initialize', 'PinMatrixAck', 'PassphraseAck', 'GetPublicKey']));
  await page.context().close();
});

test('a wrong PIN says so; Try again then succeeds', async ({ browser }) => {
  const { page, worker } = await openBob(browser);
  await page.getByTestId('trezor-connect').click();
  await enterPin(page, worker, '4321');

  const error = page.getByTestId('trezor-error');
  await expect(error).toHaveText('Wrong PIN. Try again.');
  await expect(error).toHaveAttribute('data-error-data', 'InvalidPin');
  await page.getByTestId('trezor-retry').click();

  await enterPin(page, worker, '1234');
  await expect(page.getByTestId('passphrase-prompt')).toBeVisible();
  await page.getByTestId('passphrase-submit').click();
  await expectConnected(page, 'One');
  await page.context().close();
});

test('Cancel at the PIN pad stops the device too', async ({ browser }) => {
  const { page, worker } = await openBob(browser);
  await page.getByTestId('trezor-connect').click();
  await expect(page.getByTestId('pin-pad')).toBeVisible();
  await pressPositions(page, '75');
  await page.getByTestId('trezor-cancel').click();

  await expect(page.getByTestId('trezor-notice')).toContainText('Cancelled');
  await expect(page.getByTestId('pin-pad')).toHaveCount(0);
  await expect(page.getByTestId('trezor-connect')).toBeEnabled();
  await expect.poll(() => received(worker)).toContain('Cancel');
  expect(await received(worker)).not.toContain('PinMatrixAck');
  await page.context().close();
});

test('Model T: the PIN is entered on the device', async ({ browser }) => {
  const { page, worker } = await openBob(browser);
  await configureSim(page, worker, { model: 'T2T1' });
  await page.getByTestId('trezor-connect').click();

  await expect(page.getByTestId('trezor-progress')).toHaveAttribute('data-details', 'FollowHwDeviceInstructions');
  await expect(page.getByTestId('trezor-progress-text')).toHaveText('Follow the instructions on your Trezor');
  await expect(page.getByTestId('trezor-cancel')).toBeVisible();
  await expect(page.getByTestId('pin-pad')).toHaveCount(0);
  await worker.evaluate(() => (self as unknown as SimScope).__trezorSim!.enterPinOnDevice());

  await expect(page.getByTestId('passphrase-prompt')).toBeVisible();
  await page.getByTestId('passphrase-submit').click();
  await expectConnected(page, 'T');
  await page.context().close();
});

test('unplugging the Trezor at the PIN pad shows the error; a new attempt waits for it', async ({ browser }) => {
  const { page, worker } = await openBob(browser);
  await page.getByTestId('trezor-connect').click();
  await expect(page.getByTestId('pin-pad')).toBeVisible();
  await worker.evaluate(() => (self as unknown as SimScope).__trezorSim!.disconnect());

  const error = page.getByTestId('trezor-error');
  await expect(error).toHaveText('Your Trezor was unplugged. Plug it in again and try again.');
  await expect(error).toHaveAttribute('data-error-data', 'NoTrezorDeviceAvailable');
  await expect(page.getByTestId('pin-pad')).toHaveCount(0);

  // Still unplugged: the node waits for it to come back until the user cancels.
  await page.getByTestId('trezor-retry').click();
  await expect(page.getByTestId('trezor-progress-text')).toHaveText('Waiting for your Trezor…');
  await page.getByTestId('trezor-cancel').click();
  await expect(page.getByTestId('trezor-notice')).toContainText('Cancelled');
  await page.context().close();
});

test('without WebUSB the page says which browsers can connect a Trezor', async ({ browser }) => {
  const { page } = await openBob(browser, (context) =>
    context.addInitScript(() => {
      delete (Navigator.prototype as { usb?: unknown }).usb;
    }),
  );
  await expect(page.getByTestId('trezor-no-webusb')).toContainText('Chrome, Edge, Brave or Opera');
  await expect(page.getByTestId('trezor-connect')).toBeDisabled();
  await page.context().close();
});

const COIN = 'RLTC1';
const CHAIN = 'chain1';
/** The simulated Trezor's RLTC1 address: its seed's key at m/44'/1'/0'/0/0 (the coin's derivation_path, account 0). */
const TREZOR_ADDRESS = p2pkhAddress(
  HDKey.fromMasterSeed(mnemonicToSeedSync(Array(12).fill('all').join(' '))).derive("m/44'/1'/0'/0/0").publicKey as Uint8Array,
  111,
);

async function pickCoin(page: Page, ticker: string): Promise<void> {
  await page.getByTestId('add-coin-button').click();
  await page.getByTestId('coin-search').fill(ticker.toLowerCase());
  await page.locator(`[data-testid="coin-option"][data-ticker="${ticker}"]`).click();
  await expect(page.getByTestId('activate-form')).toHaveAttribute('data-ticker', ticker);
}

test('RLTC1 on the Trezor: activate on its account, receive, send signed on the device, confirmed', async ({ browser }) => {
  test.setTimeout(180_000);
  const info = devnetInfo();
  const { page, worker } = await openBob(browser);

  // Without a connected Trezor there is no choice of keys.
  await pickCoin(page, COIN);
  await expect(page.getByTestId('activate-keys')).toHaveCount(0);
  await page.getByTestId('activate-cancel').click();

  // The device waits for the user's button on every prompt (the default confirms at once).
  await configureSim(page, worker, { autoConfirm: false });
  await connectTrezor(page, worker);

  await pickCoin(page, COIN);
  await expect(page.getByTestId('activate-keys')).toBeVisible();
  await expect(page.getByTestId('activate-keys-wallet')).toBeChecked();
  await page.getByTestId('activate-keys-trezor').check();
  await expect(page.getByTestId('activate-submit')).toHaveText(`Activate ${COIN} on Trezor`);
  const server = info.coins[COIN]!.servers[0]!;
  const row = page.getByTestId('server-row').first();
  await row.getByTestId('server-url').fill(server.url);
  await row.getByTestId('server-protocol').selectOption(server.protocol);
  await page.getByTestId('activate-submit').click();
  await expect(coinRow(page, COIN)).toBeVisible({ timeout: 30_000 });
  await expect(coinRow(page, COIN).getByTestId('coin-trezor-tag')).toBeVisible();

  await coinRow(page, COIN).click();
  await expect(page.getByTestId('coin-detail-trezor')).toBeVisible();
  await expect(page.getByTestId('receive-address')).toHaveText(TREZOR_ADDRESS);

  // Fund the Trezor's address from the devnet's miner; a block comes every second.
  const balanceEl = coinRow(page, COIN).getByTestId('coin-balance');
  await expect(balanceEl).toHaveText(/^\d+(\.\d+)?$/);
  const before = MmNumber.parse((await balanceEl.textContent()) ?? '0');
  await chainRpc<string>(info, CHAIN, 'sendtoaddress', [TREZOR_ADDRESS, '1.5'], 'miner');
  const funded = before.add(MmNumber.parse('1.5')).toDecimalString();
  await expect(balanceEl).toHaveText(funded, { timeout: 30_000 });

  // Send: the node builds it, the Trezor asks the user; the page says so until they confirm.
  const bobAddress = info.wallets.bob!.addresses[COIN]!;
  const acksBefore = (await received(worker)).filter((n) => n === 'ButtonAck').length;
  await page.getByTestId('coin-tab-send').click();
  await page.getByTestId('send-to').fill(bobAddress);
  await page.getByTestId('send-amount').fill('0.5');
  await expect(page.getByTestId('send-preview')).toHaveText('Sign on Trezor');
  await page.getByTestId('send-preview').click();
  await expect(page.getByTestId('send-trezor-status')).toHaveAttribute('data-details', 'FollowHwDeviceInstructions', { timeout: 30_000 });
  await expect(page.getByTestId('send-trezor-text')).toHaveText('Confirm on your Trezor');
  expect(await received(worker)).toContain('SignTx');

  // The user confirms each prompt on the device (the output, then the total).
  let presses = acksBefore;
  await expect
    .poll(
      async () => {
        if (await page.getByTestId('send-preview-panel').isVisible()) return true;
        const acks = (await received(worker)).filter((n) => n === 'ButtonAck').length;
        for (; presses < acks; presses++) await worker.evaluate(() => (self as unknown as SimScope).__trezorSim!.pressButton(true));
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.getByTestId('send-trezor-status')).toHaveCount(0);
  await expect(page.getByTestId('preview-to')).toContainText(bobAddress);
  await expect(page.getByTestId('preview-amount')).toHaveText(`0.5 ${COIN}`);
  const txHash = (await page.getByTestId('preview-tx-hash').textContent())?.trim() ?? '';
  expect(txHash).toMatch(/^[0-9a-f]{64}$/);

  await page.getByTestId('send-broadcast').click();
  await expect(page.getByTestId('send-success-hash')).toHaveText(txHash);
  await expect
    .poll(async () => (await chainRpc<{ confirmations?: number }>(info, CHAIN, 'getrawtransaction', [txHash, true])).confirmations ?? 0, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
  const tx = await chainRpc<{ vin: { txid: string; vout: number }[] }>(info, CHAIN, 'getrawtransaction', [txHash, true]);
  expect(tx.vin.length).toBeGreaterThan(0);
  await page.getByTestId('coin-tab-history').click();
  await expect(historyRow(page, txHash)).toBeVisible({ timeout: 30_000 });
  await expect(historyRow(page, txHash).getByTestId('history-confirmations')).not.toHaveText('Unconfirmed', { timeout: 30_000 });

  // Rejected on the device: said plainly, and nothing is signed.
  const acksBeforeReject = (await received(worker)).filter((n) => n === 'ButtonAck').length;
  await page.getByTestId('coin-tab-send').click();
  await page.getByTestId('send-new').click();
  await page.getByTestId('send-to').fill(bobAddress);
  await page.getByTestId('send-amount').fill('0.1');
  await page.getByTestId('send-preview').click();
  await expect(page.getByTestId('send-trezor-text')).toHaveText('Confirm on your Trezor', { timeout: 30_000 });
  await expect.poll(async () => (await received(worker)).filter((n) => n === 'ButtonAck').length).toBeGreaterThan(acksBeforeReject);
  await worker.evaluate(() => (self as unknown as SimScope).__trezorSim!.pressButton(false));
  await expect(page.getByTestId('send-error')).toHaveText('You rejected the transaction on your Trezor. Nothing was signed or sent.');
  await expect(page.getByTestId('send-preview-panel')).toHaveCount(0);

  // The Trezor locks itself after a while: the PIN it then asks for belongs to this send, on its own pad.
  await worker.evaluate(() => (self as unknown as SimScope).__trezorSim!.lock());
  const acksBeforePin = (await received(worker)).filter((n) => n === 'ButtonAck').length;
  await page.getByTestId('send-preview').click();
  await expect(page.getByTestId('send-trezor-pin')).toBeVisible({ timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('send-trezor-pin').screenshot({ path: 'test-results/trezor/send-pin-390.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await enterPin(page, worker, '1234');
  await expect(page.getByTestId('send-trezor-pin')).toHaveCount(0);
  let pressesAfterPin = acksBeforePin;
  await expect
    .poll(
      async () => {
        if (await page.getByTestId('send-preview-panel').isVisible()) return true;
        const acks = (await received(worker)).filter((n) => n === 'ButtonAck').length;
        for (; pressesAfterPin < acks; pressesAfterPin++) await worker.evaluate(() => (self as unknown as SimScope).__trezorSim!.pressButton(true));
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.getByTestId('preview-amount')).toHaveText(`0.1 ${COIN}`);
  // The connection made earlier is untouched.
  await expect(page.getByTestId('trezor-connected')).toBeVisible();
  await page.context().close();
});
