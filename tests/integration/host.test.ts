/**
 * The headless host as a user runs it: `npm run node -- --conf <file>` (the built host,
 * dist-host/main.js, rebuilt first if its sources changed), then the spec's JSON over HTTP on
 * 127.0.0.1. The process is started and stopped by this file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../devnet/process';
import { ensureHostBuild, HOST_MAIN } from '../../scripts/hostBuild.mjs';

const RPC_PASSWORD = 'Host-t3st-Key!';
let child: ChildProcess;
let url: string;
let output = '';

async function post(body: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'dex-host-'));
  const coins = [{ coin: 'DOC', asset: 'DOC', txversion: 4, overwintered: 1, mm2: 1, protocol: { type: 'UTXO' } }];
  writeFileSync(join(dir, 'coins.json'), JSON.stringify(coins));
  const conf = { gui: 'itest', netid: 8762, rpc_password: RPC_PASSWORD, passphrase: 'bob passphrase', rpcport: port, coins: 'coins.json' };
  writeFileSync(join(dir, 'MM2.json'), JSON.stringify(conf));
  url = `http://127.0.0.1:${port}/`;
  await ensureHostBuild();
  child = spawn(process.execPath, [HOST_MAIN, '--conf', join(dir, 'MM2.json')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('node listening on')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`host did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGTERM');
});

describe('headless host over HTTP', () => {
  it('answers version without a userpass', async () => {
    const r = await post('{"method":"version"}');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ result: expect.stringContaining('browser-dex') });
  });

  it('answers a batch', async () => {
    const r = await post(JSON.stringify([{ method: 'get_enabled_coins', userpass: RPC_PASSWORD }, { method: 'version' }]));
    expect(r.status).toBe(200);
    expect((r.body as unknown[])[0]).toEqual({ result: [] });
  });

  it('gives mmrpc errors their HTTP status', async () => {
    const r = await post(JSON.stringify({ mmrpc: '2.0', method: 'get_wallet_names', userpass: 'wrong', id: 5 }));
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error_type: 'UserpassIsInvalid', id: 5 });
  });

  it('answers a body that is not JSON as KDF’s HTTP layer does: a flat 500 with the parser’s text', async () => {
    const r = await post('{"method":');
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ error: expect.stringContaining('JSON') });
  });

  it('takes only POST', async () => {
    const res = await fetch(url);
    expect(res.status).toBe(405);
  });

  it('stops on the stop RPC and exits', async () => {
    const r = await post(JSON.stringify({ method: 'stop', userpass: RPC_PASSWORD }));
    expect(r.body).toEqual({ result: 'success' });
    const code = await new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once('exit', (c) => resolve(c));
    });
    expect(code).toBe(0);
  });
});
