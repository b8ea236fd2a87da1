/**
 * Main-thread long tasks (over 50 ms, Chromium's `longtask` entries) on the wallet page with a
 * coin history of 1,000 transactions: the built app in Chromium against the devnet. The wallet
 * receives 1,000 payments from the miner, is imported and RLTC1 activated with its history through
 * the page as a user would; the figures cover the history panel while it syncs, then browsing
 * every page, opening transaction details and exporting the CSV.
 */
import { spawn } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { iguanaKey } from '../devnet/keys';
import { freePort } from '../devnet/process';
import type { Devnet } from '../devnet/start';
import type { Figure } from './run';

const TRANSACTIONS = 1_000;
const PASSPHRASE = 'bench history thousand';
const PASSWORD = 'Bench-Hist0ry#1024';
/** The miner wallet's unconfirmed chain must stay under the mempool's 25-descendant limit. */
const SENDS_PER_BLOCK = 20;

interface LongTask {
  start: number;
  duration: number;
}

/** Records every long task of the page from its first script on. */
function recordLongTasks(): void {
  const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

const tasksSince = (page: Page, since: number): Promise<LongTask[]> =>
  page.evaluate((t) => (window as unknown as { __longTasks: LongTask[] }).__longTasks.filter((x) => x.start >= t), since);
const now = (page: Page): Promise<number> => page.evaluate(() => performance.now());

async function fund(devnet: Devnet, address: string): Promise<void> {
  const chain = devnet.info.chains.find((c) => c.coins.includes('RLTC1'));
  if (!chain) throw new Error('the devnet has no RLTC1 chain');
  for (let i = 0; i < TRANSACTIONS; i++) {
    // Different amounts: each payment is its own history row.
    await devnet.rpc(chain.name, 'sendtoaddress', [address, (0.001 + i * 1e-8).toFixed(8)], chain.minerWallet);
    if ((i + 1) % SENDS_PER_BLOCK === 0) await devnet.mine(chain.name, 1);
  }
  await devnet.mine(chain.name, 1);
}

async function openWalletWithHistory(page: Page, devnet: Devnet): Promise<void> {
  const servers = devnet.info.coins.RLTC1?.servers ?? [];
  await page.goto('/');
  await page.getByTestId('wallet-list').waitFor({ timeout: 30_000 });
  await page.getByTestId('import-wallet-button').click();
  await page.getByTestId('import-name').fill('bench-history');
  await page.getByTestId('import-password').fill(PASSWORD);
  await page.getByTestId('import-password-repeat').fill(PASSWORD);
  await page.getByTestId('import-secret').fill(PASSPHRASE);
  await page.getByTestId('import-submit').click();
  await page.getByTestId('wallet-page').waitFor({ timeout: 60_000 });
  await page.getByTestId('add-coin-button').click();
  // The bench serves a production build, where test coins (the devnet's) are listed only on request.
  await page.getByTestId('show-test-coins').check();
  await page.getByTestId('coin-search').fill('rltc1');
  await page.locator('[data-testid="coin-option"][data-ticker="RLTC1"]').click();
  const row = page.getByTestId('server-row').first();
  await row.getByTestId('server-url').fill(servers[0]?.url ?? '');
  await row.getByTestId('server-protocol').selectOption(servers[0]?.protocol ?? 'WS');
  await page.getByTestId('activate-submit').click();
  await page.locator('[data-testid="coin-row"][data-ticker="RLTC1"]').click({ timeout: 60_000 });
  await page.getByTestId('coin-tab-history').click();
}

/** Zero long tasks must mean none happened: a 120 ms busy loop on the main thread has to be seen. */
async function checkObserver(page: Page): Promise<void> {
  const from = await now(page);
  // A task of the page's own (work run by page.evaluate itself is not reported as a long task).
  await page.evaluate(() => {
    setTimeout(() => {
      const t = performance.now();
      while (performance.now() - t < 120) {
        // Busy: one long task.
      }
    }, 0);
  });
  await page.waitForTimeout(300);
  if (!(await tasksSince(page, from)).some((t) => t.duration >= 100)) throw new Error('the longtask observer saw no long task: the figures would mean nothing');
}

const longest = (tasks: LongTask[]): number => Math.round(Math.max(0, ...tasks.map((t) => t.duration)));

/** `outDir`: the app build to serve (the one `npm run bench` made by default). */
export async function historyFigures(devnet: Devnet, outDir = 'dist'): Promise<Figure[]> {
  await fund(devnet, iguanaKey(PASSPHRASE).p2pkh.address);
  const port = await freePort();
  const args = ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', outDir];
  const server = spawn('node_modules/.bin/vite', args, { stdio: 'ignore' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100 && !(await fetch(base).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
    await context.addInitScript(recordLongTasks);
    const page = await context.newPage();
    await openWalletWithHistory(page, devnet);

    // The sync: the panel re-reads its page as the node stores the 1,000 transactions.
    const syncFrom = await now(page);
    await page.locator('[data-testid="history-sync"][data-state="Finished"]').waitFor({ timeout: 300_000 });
    await page.getByTestId('history-page').filter({ hasText: `${TRANSACTIONS} transactions` }).waitFor({ timeout: 60_000 });
    const sync = await tasksSince(page, syncFrom);

    // Browsing: every page from the newest to the oldest and a transaction's details; then the CSV.
    const browseFrom = await now(page);
    const pages = Number(/of (\d+)/.exec((await page.getByTestId('history-page').textContent()) ?? '')?.[1] ?? '1');
    for (let p = 2; p <= pages; p++) {
      await page.getByTestId('history-next').click();
      await page.getByTestId('history-page').filter({ hasText: `Page ${p} of` }).waitFor();
    }
    await page.getByTestId('history-open').first().click();
    await page.getByTestId('tx-details-raw-hex').waitFor({ state: 'attached' });
    const browse = await tasksSince(page, browseFrom);
    const exportFrom = await now(page);
    const download = page.waitForEvent('download');
    await page.getByTestId('history-export').click();
    await download;
    await page.waitForTimeout(500);
    const csv = await tasksSince(page, exportFrom);
    await checkObserver(page);
    await context.close();
    return [
      { name: `history of ${TRANSACTIONS}: main-thread long tasks while it syncs`, value: sync.length, unit: 'tasks' },
      { name: `history of ${TRANSACTIONS}: longest main-thread task while it syncs`, value: longest(sync), unit: 'ms' },
      { name: `history of ${TRANSACTIONS}: main-thread long tasks over ${pages} pages and a transaction's details`, value: browse.length, unit: 'tasks' },
      { name: `history of ${TRANSACTIONS}: longest main-thread task over ${pages} pages and a transaction's details`, value: longest(browse), unit: 'ms' },
      { name: `history of ${TRANSACTIONS}: main-thread long tasks during the CSV export`, value: csv.length, unit: 'tasks' },
      { name: `history of ${TRANSACTIONS}: longest main-thread task during the CSV export`, value: longest(csv), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}
