/**
 * Electrum fail-over: a coin on two of our Electrum servers keeps working when one is killed, and
 * a coin whose only server dies answers Transport. The servers here are this file's own
 * processes, so the shared devnet's servers stay up for the other tests.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnElectrum, type ElectrumProcess } from '../../../devnet/electrumProcess';
import { daemon } from '../devnet/daemon';
import { fund } from './funding';
import { freshPassphrase, startWalletNode, waitFor, type WalletNode } from './walletNode';

describe('Electrum fail-over', () => {
  const servers: ElectrumProcess[] = [];
  let node: WalletNode;
  let address: string;

  beforeAll(async () => {
    const chain = daemon('chain2').chain;
    const dir = mkdtempSync(join(tmpdir(), 'electrum-failover-'));
    const endpoint = { url: chain.rpcUrl, user: chain.rpcUser, password: chain.rpcPassword };
    for (let i = 0; i < 3; i++) servers.push(await spawnElectrum(endpoint, join(dir, `electrum-${i}.log`)));
    node = await startWalletNode(freshPassphrase('failover'));
  });
  afterAll(async () => {
    await node.stop();
    for (const s of servers) if (s.process.exitCode === null) s.process.kill('SIGKILL');
  });

  const ws = (s: ElectrumProcess | undefined) => ({ url: s?.url ?? '', protocol: 'WS' });

  it('keeps balances and withdrawals working when the server in use is killed mid-way', async () => {
    const r = await node.legacy('electrum', { coin: 'RLTC2', servers: [ws(servers[0]), ws(servers[1])], min_connected: 1 });
    expect(r.status).toBe(200);
    address = r.body.address as string;
    await fund('chain2', address, ['1.5']);
    await waitFor('funds', async () => ((await node.legacy('my_balance', { coin: 'RLTC2' })).body.balance === '1.5' ? true : undefined));

    const pending = node.legacy('my_balance', { coin: 'RLTC2' });
    servers[0]?.process.kill('SIGKILL');
    expect((await pending).body.balance).toBe('1.5');

    await fund('chain2', address, ['0.5']);
    await daemon('chain2').mine(1);
    await waitFor('payment seen through the other server', async () =>
      (await node.legacy('my_balance', { coin: 'RLTC2' })).body.balance === '2' ? true : undefined,
    );
    const w = await node.mmrpc('withdraw', { coin: 'RLTC2', to: address, amount: '0.3' });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    const sent = await node.legacy('send_raw_transaction', { coin: 'RLTC2', tx_hex: (w.body.result as { tx_hex: string }).tx_hex });
    expect(sent.status).toBe(200);
  });

  it('answers Transport when the only server of a coin is gone, and changes nothing', async () => {
    const r = await node.legacy('electrum', { coin: 'RLTC2-segwit', servers: [ws(servers[2])] });
    expect(r.status).toBe(200);
    servers[2]?.process.kill('SIGKILL');
    await new Promise((resolve) => servers[2]?.process.once('exit', resolve));
    // Until the node sees the socket close, it may answer from what the server last listed.
    await waitFor('the node to see the server gone', async () =>
      (await node.legacy('my_balance', { coin: 'RLTC2-segwit' })).status === 500 ? true : undefined,
    );
    const w = await node.mmrpc('withdraw', { coin: 'RLTC2-segwit', to: address, amount: '0.1' });
    expect(w.status).toBe(502);
    expect(w.body.error_type).toBe('Transport');
    const b = await node.legacy('my_balance', { coin: 'RLTC2-segwit' });
    expect(b.status).toBe(500);
    expect(b.body.error).toMatch(/electrum|server/i);
  });
});
