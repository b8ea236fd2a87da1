/** Figures measured inside Chromium: the worker's cold start and the postMessage round-trip rate. */
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import type { Figure } from './run';

const COLD_START_RUNS = 5;
const ROUND_TRIPS = 3000;

export async function browserFigures(browser: Browser, base: string, workerPath: string): Promise<Figure[]> {
  const page = await browser.newPage();
  // An empty page of the same origin: the worker is measured without the app running beside it.
  await page.route(`${base}/__bench`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
  await page.goto(`${base}/__bench`);
  await page.addScriptTag({ path: fileURLToPath(new URL('./workerBench.browser.js', import.meta.url)) });
  const result = (await page.evaluate(
    `window.runWorkerBench(${JSON.stringify(workerPath)}, ${COLD_START_RUNS}, ${ROUND_TRIPS})`,
  )) as { medianStart: number; perSecond: number };
  await page.close();
  return [
    { name: `worker cold start to first answered RPC (median of ${COLD_START_RUNS})`, value: Math.round(result.medianStart * 10) / 10, unit: 'ms' },
    { name: 'dispatcher round trips through postMessage', value: Math.round(result.perSecond), unit: 'req/s' },
  ];
}
