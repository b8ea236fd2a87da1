/**
 * Issue 9, item 8: with every Electrum server of a coin down, a server that came back stayed unused
 * until its back-off ran out (10–300 s), so the next withdraw failed with "no server is connected".
 * Here both servers of RLTC2 are killed, requests fail until the back-off is long, one server is
 * restarted on its old port, and a withdraw right after succeeds on it, well before any back-off
 * timer; payments are then seen through the subscriptions restored on that server. The servers are
 * this file's own processes over the devnet's chain2 daemon, so the shared ones stay up.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnElectrum, type ElectrumProcess } from '../../../devnet/electrumProcess';
import { hasExited } from '../../../devnet/process';
import { daemon } from '../devnet/daemon';
import { fund } from '../utxo/funding';
import { freshPassphrase, startWalletNode, waitFor, type WalletNode } from '../utxo/walletNode';

/** Generous for a request that reconnects (a few round trips), far below the back-off built up below (≥ 80 s). */
const RECOVERY_BOUND_MS = 15_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('Electrum recovery when every server was down', () => {
  const servers: ElectrumProcess[] = [];
  let restarted: ElectrumProcess | undefined;
  let node: WalletNode;
  let address: string;
  let logDir: string;

  const endpoint = () => {
    const chain = daemon('chain2').chain;
    return { url: chain.rpcUrl, user: chain.rpcUser, password: chain.rpcPassword };
  };
  const kill = async (s: ElectrumProcess): Promise<void> => {
    if (hasExited(s.process)) return;
    const exited = new Promise((resolve) => s.process.once('exit', resolve));
    s.process.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    logDir = mkdtempSync(join(tmpdir(), 'electrum-recovery-'));
    for (let i = 0; i < 2; i++) servers.push(await spawnElectrum(endpoint(), join(logDir, `electrum-${i}.log`)));
    node = await startWalletNode(freshPassphrase('recovery'));
  });
  afterAll(async () => {
    await node.stop();
    for (const s of [...servers, ...(restarted ? [restarted] : [])]) await kill(s);
  });

  it('uses a restarted server at once for the next withdraw, and restores the subscriptions there', async () => {
    const r = await node.legacy('electrum', { coin: 'RLTC2', servers: servers.map((s) => ({ url: s.url, protocol: 'WS' })) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    address = r.body.address as string;
    await fund('chain2', address, ['1']);
    await waitFor('funds', async () => ((await node.legacy('my_balance', { coin: 'RLTC2' })).body.balance === '1' ? true : undefined));

    for (const s of servers) await kill(s);
    // Each request while everything is down tries the servers again (at most once a second) and
    // fails as before; each failed attempt doubles the back-off: 10, 20, 40, then 80 s.
    for (let i = 0; i < 3; i++) {
      const w = await node.mmrpc('withdraw', { coin: 'RLTC2', to: address, amount: '0.1' });
      expect(w.status).toBe(502);
      expect(w.body.error_type).toBe('Transport');
      await sleep(1100);
    }

    const port = servers[0]!.url.split(':')[1]!;
    restarted = await spawnElectrum(endpoint(), join(logDir, 'electrum-restarted.log'), Number(port));
    expect(restarted.url).toBe(servers[0]!.url);

    const t0 = Date.now();
    const w = await node.mmrpc('withdraw', { coin: 'RLTC2', to: address, amount: '0.1' });
    const took = Date.now() - t0;
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    expect(JSON.stringify(w.body)).not.toContain('no server is connected');
    expect(took).toBeLessThan(RECOVERY_BOUND_MS);
    const sent = await node.legacy('send_raw_transaction', { coin: 'RLTC2', tx_hex: (w.body.result as { tx_hex: string }).tx_hex });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    // A payment is pushed as a balance event: the scripthash and header subscriptions live again on the restarted server.
    // (The withdraw paid to our own address, so the balance is 1 less its fee.)
    const sats = (decimal: string): number => Math.round(Number(decimal) * 1e8);
    const balance = (await node.legacy('my_balance', { coin: 'RLTC2' })).body.balance as string;
    const expected = sats(balance) + sats('0.25');
    const before = node.events.length;
    await fund('chain2', address, ['0.25']);
    await daemon('chain2').mine(1);
    await waitFor('a balance event with the payment', async () =>
      node.events.slice(before).some((ev) => {
        const data = ev.data as { coin?: string; balance?: string };
        return ev.event === 'coin_balance' && data.coin === 'RLTC2' && sats(data.balance ?? '0') === expected;
      })
        ? true
        : undefined,
    );
  });
});
