/**
 * `electrum` over TCP and SSL in the host (node core on the host's platform), against the devnet's
 * Electrum servers' plain TCP and TLS listeners (a self-signed certificate): the same address and
 * balance as over WebSocket; no protocol means TCP (KDF's native default); verification refuses
 * the certificate (typed `bad_certificate`) unless `disable_cert_verification`; a dead TCP server
 * fails over to a live SSL one. A page-like platform (no TCP sockets) refuses both.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { daemon, devnet } from '../devnet/daemon';
import { daemonUnspent, fund } from './funding';
import { freshPassphrase, startWalletNode, waitFor, type WalletNode } from './walletNode';

type Status = { status: string; details: Record<string, unknown> };

const streamServers = (protocol: 'TCP' | 'SSL') => devnet().coins.RLTC1!.tcpSslServers.filter((s) => s.protocol === protocol);

describe('electrum over TCP and SSL (the host)', () => {
  let node: WalletNode;
  let overWs: { address: string; balance: string };

  const activateWith = async (servers: unknown[]): Promise<{ address: string; balance: string }> => {
    const r = await node.legacy('electrum', { coin: 'RLTC1', servers });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const result = { address: r.body.address as string, balance: r.body.balance as string };
    expect((await node.legacy('disable_coin', { coin: 'RLTC1' })).status).toBe(200);
    return result;
  };

  beforeAll(async () => {
    node = await startWalletNode(freshPassphrase('tcp ssl'));
    const first = await node.activate('RLTC1');
    const address = first.body.address as string;
    await fund('chain1', address, ['1.25']);
    await daemon('chain1').mine(1);
    await waitFor('funds indexed', async () => ((await daemonUnspent('chain1', address)).count === 1 ? true : undefined));
    await waitFor('funds seen by Electrum', async () => ((await node.legacy('my_balance', { coin: 'RLTC1' })).body.balance === '1.25' ? true : undefined));
    await node.legacy('disable_coin', { coin: 'RLTC1' });
    overWs = await activateWith(devnet().coins.RLTC1!.servers);
  });
  afterAll(() => node.stop());

  it('activates over TCP with the address and balance WebSocket gives', async () => {
    expect(overWs).toEqual({ address: overWs.address, balance: '1.25' });
    expect(await activateWith(streamServers('TCP'))).toEqual(overWs);
  });

  it('takes a server without protocol as TCP, as KDF native does', async () => {
    expect(await activateWith(streamServers('TCP').map(({ url }) => ({ url })))).toEqual(overWs);
  });

  it('activates over SSL with disable_cert_verification, and refuses the self-signed certificate without it', async () => {
    const ssl = streamServers('SSL');
    expect(ssl[0]).toMatchObject({ protocol: 'SSL', disable_cert_verification: true });
    expect(await activateWith(ssl)).toEqual(overWs);

    const verified = { url: ssl[0]!.url, protocol: 'SSL' };
    const init = await node.mmrpc('task::enable_utxo::init', { ticker: 'RLTC1', activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [verified] } } } });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const taskId = (init.body.result as { task_id: number }).task_id;
    const last = await waitFor('the task to end', async () => {
      const s = (await node.mmrpc('task::enable_utxo::status', { task_id: taskId, forget_if_finished: false })).body.result as Status;
      return s.status === 'Ok' || s.status === 'Error' ? s : undefined;
    });
    expect(last.status).toBe('Error');
    expect(last.details.error_type).toBe('CoinCreationError');
    const data = last.details.error_data as { servers: { url: string; protocol: string; reason: string; error: string }[] };
    expect(data.servers).toEqual([{ url: verified.url, protocol: 'SSL', reason: 'bad_certificate', error: 'self-signed certificate' }]);
    const enabled = (await node.legacy('get_enabled_coins')).body.result as { ticker: string }[];
    expect(enabled.map((c) => c.ticker)).not.toContain('RLTC1');
  });

  it('fails over from a dead TCP server to a live SSL one', async () => {
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const deadPort = (spare.address() as AddressInfo).port;
    await new Promise<void>((resolve) => spare.close(() => resolve()));
    const servers = [{ url: `127.0.0.1:${deadPort}`, protocol: 'TCP' }, ...streamServers('SSL').slice(0, 1)];
    expect(await activateWith(servers)).toEqual(overWs);
  });

  it("a page (no TCP sockets) refuses TCP and SSL with KDF's wasm text, and WSS without certificate checks", async () => {
    const { tcpSocket: _none, ...page } = nodePlatform({ coinsPath: devnet().coinsFile });
    const pageNode = await startWalletNode(freshPassphrase('page'), page);
    try {
      for (const server of [...streamServers('TCP'), ...streamServers('SSL')]) {
        const r = await pageNode.legacy('electrum', { coin: 'RLTC1', servers: [server] });
        expect(r.status).toBe(500);
        expect(r.body.error).toContain("'TCP' and 'SSL' are not supported in a browser. Please use 'WS' or 'WSS' protocols");
      }
      const wss = await pageNode.legacy('electrum', { coin: 'RLTC1', servers: [{ url: devnet().coins.RLTC1!.servers[0]!.url, protocol: 'WSS', disable_cert_verification: true }] });
      expect(wss.status).toBe(500);
      expect(wss.body.error).toContain('disable_cert_verification cannot be honoured in a browser');
      // no protocol is WSS there (KDF's wasm default): the devnet's plain WS port does not speak TLS
      const bare = await pageNode.legacy('electrum', { coin: 'RLTC1', servers: [{ url: devnet().coins.RLTC1!.servers[0]!.url, timeout_sec: 3 }] });
      expect(bare.body.error).toContain('Failed to connect to the electrum servers of RLTC1');
    } finally {
      await pageNode.stop();
    }
  });
});
