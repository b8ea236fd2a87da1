/**
 * `npm run bench`: builds the app, serves it on 127.0.0.1, and prints one JSON line per figure
 * `{"name","value","unit"}`. Figures, not tests: nothing here passes or fails. A group named as the
 * argument (`npx tsx bench/run.ts orderbook`) runs alone.
 */
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { freePort } from '../devnet/process';
import { startDevnet, type Devnet } from '../devnet/start';
import { electrumLoadFigures } from './electrumLoadFigures';
import { evmFigures } from './evmFigures';
import { exchangeFigures } from './exchangeFigures';
import { hostFigures, hostStartFigures } from './hostFigures';
import { bookFigures, ordersFigures } from './ordersFigures';
import { storageFigures } from './storageFigures';
import { coinSelectionFigures, utxoFigures } from './utxoFigures';
import { browserFigures } from './workerFigures';

export interface Figure {
  name: string;
  value: number;
  unit: string;
}

const print = (f: Figure): void => console.log(JSON.stringify(f));

/** A chunk and every chunk it imports statically (`from"./x.js"`, `import"./x.js"`; not `import(...)`). */
function staticImports(entry: string): string[] {
  const seen = new Set([entry]);
  const queue = [entry];
  for (let f = queue.pop(); f !== undefined; f = queue.pop()) {
    for (const [, name] of readFileSync(join('dist/assets', f), 'utf8').matchAll(/\b(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      if (name === undefined || seen.has(name)) continue;
      seen.add(name);
      queue.push(name);
    }
  }
  return [...seen];
}

function chunkSizes(): { page: string; worker: string; figures: Figure[] } {
  const assets = readdirSync('dist/assets');
  const page = assets.find((f) => /^index-.*\.js$/.test(f));
  const worker = assets.find((f) => /^worker-.*\.js$/.test(f));
  if (!page || !worker) throw new Error('build output has no index-*.js or worker-*.js');
  const bytes = (f: string) => gzipSync(readFileSync(join('dist/assets', f))).length;
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  const workerStart = staticImports(worker).reduce((sum, f) => sum + bytes(f), 0);
  return {
    page,
    worker,
    figures: [
      { name: 'initial page chunk (gzip)', value: kb(bytes(page)), unit: 'KB' },
      { name: 'worker chunk (gzip)', value: kb(bytes(worker)), unit: 'KB' },
      // What the worker loads before its first answer; the domains come in chunks imported on first use.
      { name: 'worker chunk and its static imports (gzip)', value: kb(workerStart), unit: 'KB' },
    ],
  };
}

async function main(): Promise<void> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const sizes = chunkSizes();
  const port = await freePort();
  // vite itself, not through npx, so that the PID recorded is the server's.
  const server = spawn('node_modules/.bin/vite', ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (await fetch(base).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const f of await browserFigures(browser, base, `/assets/${sizes.worker}`)) print(f);
    for (const f of await exchangeFigures(browser)) print(f);
    for (const f of sizes.figures) print(f);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

/** `work` on a devnet started without automatic mining, stopped at the end. */
async function withDevnet<T>(work: (devnet: Devnet) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-devnet-'));
  const devnet = await startDevnet({ dir, blockInterval: 0 });
  try {
    return await work(devnet);
  } finally {
    await devnet.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The chain figures share one devnet. */
function chainFigures(): Promise<void> {
  return withDevnet(async (devnet) => {
    for (const f of await utxoFigures(devnet)) print(f);
    for (const f of await (await import('./hdFigures')).hdFigures(devnet)) print(f);
    for (const f of await evmFigures(devnet)) print(f);
    // The built app from main() in Chromium: needs the devnet's servers.
    for (const f of await (await import('./unlockFigures')).unlockFigures(devnet)) print(f);
    for (const f of await (await import('./swapFigures')).swapFigures(devnet)) print(f);
    for (const f of await (await import('./historyFigures')).historyFigures(devnet)) print(f);
    for (const f of await (await import('./scaleFigures')).scaleFigures(devnet)) print(f);
  });
}

async function all(): Promise<void> {
  await main();
  await chainFigures();
  for (const f of await ordersFigures()) print(f);
  for (const f of await coinSelectionFigures()) print(f);
  for (const f of await (await import('./hostileFigures')).hostileFigures()) print(f);
  for (const f of await (await import('./abuseFigures')).abuseFigures()) print(f);
  for (const f of await storageFigures()) print(f);
  for (const f of await hostFigures()) print(f);
  for (const f of await hostStartFigures()) print(f);
  for (const f of await (await import('./watcherFigures')).watcherFigures()) print(f);
  for (const f of await (await import('./mmBotFigures')).mmBotFigures()) print(f);
}

/** Figure groups that need no built app, run alone (on a devnet of their own if they need one): `npx tsx bench/run.ts <group>`. */
const groups: Record<string, () => Figure[] | Promise<Figure[]>> = {
  orderbook: bookFigures,
  coinSelection: coinSelectionFigures,
  electrumCache: () => withDevnet(electrumLoadFigures),
  withdraw: () => withDevnet(utxoFigures),
  scale: async () => withDevnet((await import('./scaleFigures')).scaleFigures),
  hostStart: hostStartFigures,
  watcher: async () => (await import('./watcherFigures')).watcherFigures(),
  abuse: async () => (await import('./abuseFigures')).abuseFigures(),
  mmbot: async () => (await import('./mmBotFigures')).mmBotFigures(),
};

async function only(name: string): Promise<void> {
  const group = groups[name];
  if (!group) throw new Error(`no figure group ${name}; there are: ${Object.keys(groups).join(', ')}`);
  for (const f of await group()) print(f);
}

(process.argv[2] === undefined ? all() : only(process.argv[2])).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
