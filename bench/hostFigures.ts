/**
 * Headless-host figures: a NodeHost (no coins) behind the host's HTTP server in this process, so
 * the event loop measured is the host's, as an honest client waiting on it would feel it. The
 * clients run here too, so their own work counts against the figures (they only send prebuilt bodies).
 * And the built host as a user starts it (`node dist-host/main.js`): start to first answer, and the
 * first call of each domain (`npx tsx bench/run.ts hostStart`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureHostBuild, HOST_MAIN } from '../scripts/hostBuild.mjs';
import { freePort } from '../devnet/process';
import { NodeHost } from '../src/node/nodeHost';
import { DEFAULT_MAX_BODY_BYTES, MAX_BATCH_REQUESTS } from '../src/node/rpc/limits';
import { httpOptionsFromConf, startHttpServer } from '../tools/host/httpServer';
import { nodePlatform } from '../tools/host/nodePlatform';
import { longestBlockMs } from './eventLoopBlock';
import type { Figure } from './run';

const RPC_PASSWORD = 'Bench-Host-Pa55!';
const RUNS = 3;

/** POSTs `body` (with its length, or chunked in 64 KB pieces) on a fresh connection; resolves with the status. */
function postOnce(port: number, body: Buffer, chunked: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers = chunked ? {} : { 'content-length': String(body.length) };
    const req = request({ host: '127.0.0.1', port, path: '/', method: 'POST', headers, agent: false }, (res) => {
      answered = true;
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    // A refused upload is cut off while this side still writes; that error follows the answer.
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    if (!chunked) return void req.end(body);
    let offset = 0;
    const pump = (): void => {
      while (offset < body.length && !answered && !req.destroyed) {
        const piece = body.subarray(offset, offset + 64 * 1024);
        offset += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

/** MAX_BATCH_REQUESTS requests (public, authenticated, unknown method), padded to just under the body limit. */
function biggestAllowedBatch(): Buffer {
  const kinds = [
    { method: 'version' },
    { method: 'get_enabled_coins', userpass: RPC_PASSWORD },
    { mmrpc: '2.0', method: 'no_such_method', userpass: RPC_PASSWORD, id: 1 },
  ];
  const shell = JSON.stringify(Array.from({ length: MAX_BATCH_REQUESTS }, (_, i) => ({ ...kinds[i % kinds.length], pad: '' })));
  // Room left for the dispatcher's own size walk, which counts a little over the text.
  const padEach = Math.floor((DEFAULT_MAX_BODY_BYTES - shell.length - 4 * 1024) / MAX_BATCH_REQUESTS);
  const pad = 'x'.repeat(padEach);
  return Buffer.from(JSON.stringify(Array.from({ length: MAX_BATCH_REQUESTS }, (_, i) => ({ ...kinds[i % kinds.length], pad }))));
}

async function worst(runs: number, work: () => Promise<void>): Promise<number> {
  let max = 0;
  for (let i = 0; i < runs; i++) max = Math.max(max, (await longestBlockMs(work)).ms);
  return max;
}

export async function hostFigures(): Promise<Figure[]> {
  const host = new NodeHost(nodePlatform({ coinsPath: 'public/coins.json' }));
  const started = await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: 'bench host', gui: 'bench', coins: [] } });
  if (started.status !== 200) throw new Error(`node did not start: ${JSON.stringify(started.body)}`);
  const port = await freePort();
  const server = await startHttpServer(host, httpOptionsFromConf({}, port));
  try {
    const tenMb = Buffer.alloc(10 * 1024 * 1024, 0x20);
    const refuse = await worst(RUNS, async () => {
      for (const chunked of [false, true]) {
        const status = await postOnce(port, tenMb, chunked);
        if (status !== 413) throw new Error(`a 10 MB body answered ${status}, not 413`);
      }
    });
    const batch = biggestAllowedBatch();
    const answerBatch = await worst(RUNS, async () => {
      const status = await postOnce(port, batch, false);
      if (status !== 200) throw new Error(`the biggest allowed batch answered ${status}`);
    });
    return [
      { name: 'host: longest event-loop block while refusing a 10 MB body (ms)', value: refuse, unit: 'ms' },
      { name: 'host: longest event-loop block for the biggest allowed batch over HTTP (ms)', value: answerBatch, unit: 'ms' },
    ];
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await host.stop();
  }
}

/** The first call of each domain, each the first of its handlers' code the host runs. */
const FIRST_CALLS: [domain: string, body: Record<string, unknown>][] = [
  ['lifecycle (version)', { method: 'version' }],
  ['coins (get_enabled_coins)', { method: 'get_enabled_coins', userpass: RPC_PASSWORD }],
  ['wallet (get_wallet_names)', { mmrpc: '2.0', method: 'get_wallet_names', userpass: RPC_PASSWORD, id: 1 }],
  ['keys (show_priv_key of no coin)', { method: 'show_priv_key', coin: 'DOC', userpass: RPC_PASSWORD }],
  ['orders (orderbook)', { method: 'orderbook', base: 'DOC', rel: 'MARTY', userpass: RPC_PASSWORD }],
  ['swaps (my_recent_swaps)', { method: 'my_recent_swaps', userpass: RPC_PASSWORD }],
  ['streams (stream::balance::enable of no coin)', { mmrpc: '2.0', method: 'stream::balance::enable', params: { coin: 'DOC' }, userpass: RPC_PASSWORD, id: 2 }],
];

const post = async (port: number, body: unknown): Promise<void> => {
  const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: JSON.stringify(body) });
  await res.text();
};

/** Starts `node dist-host/main.js` once (a fresh dbdir), timing the first answer and the first call of each domain. */
async function startOnce(): Promise<{ firstAnswer: number; calls: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-host-'));
  const port = await freePort();
  const coins = [
    { coin: 'DOC', asset: 'DOC', txversion: 4, overwintered: 1, mm2: 1, protocol: { type: 'UTXO' } },
    { coin: 'MARTY', asset: 'MARTY', txversion: 4, overwintered: 1, mm2: 1, protocol: { type: 'UTXO' } },
  ];
  writeFileSync(join(dir, 'coins.json'), JSON.stringify(coins));
  const conf = { gui: 'bench', netid: 8762, rpc_password: RPC_PASSWORD, passphrase: 'bench host', rpcport: port, coins: 'coins.json', dbdir: join(dir, 'db') };
  writeFileSync(join(dir, 'MM2.json'), JSON.stringify(conf));
  const t0 = performance.now();
  const child = spawn(process.execPath, [resolve(HOST_MAIN), '--conf', join(dir, 'MM2.json')], { stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the host exited with ${child.exitCode}`);
      try {
        await post(port, FIRST_CALLS[0]![1]);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 2));
      }
    }
    const firstAnswer = performance.now() - t0;
    const calls: number[] = [];
    for (const [, body] of FIRST_CALLS.slice(1)) {
      const t = performance.now();
      await post(port, body);
      calls.push(performance.now() - t);
    }
    return { firstAnswer, calls };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Start-up figures of the built host, the median of RUNS starts each. */
export async function hostStartFigures(): Promise<Figure[]> {
  await ensureHostBuild();
  const runs: { firstAnswer: number; calls: number[] }[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await startOnce());
  const median = (xs: number[]): number => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
  return [
    { name: 'built host: start to first answer (ms)', value: median(runs.map((r) => r.firstAnswer)), unit: 'ms' },
    ...FIRST_CALLS.slice(1).map(([domain], i) => ({ name: `built host: first call of ${domain} (ms)`, value: median(runs.map((r) => r.calls[i]!)), unit: 'ms' })),
  ];
}
