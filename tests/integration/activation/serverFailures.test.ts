/**
 * `task::enable_utxo` against the devnet when its servers cannot be used: the task's error is
 * KDF's `CoinCreationError` whose `error_data` also names each server, its protocol and why
 * (a WSS handshake on the devnet's plain WS server, a closed port, a WebSocket server that is not
 * Electrum), so a client can say which failed without parsing texts; nothing is registered.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { devnet } from '../devnet/daemon';
import { freshPassphrase, startWalletNode, waitFor, type WalletNode } from '../utxo/walletNode';

type Status = { status: string; details: Record<string, unknown> };

describe('task::enable_utxo: which servers failed, and why', () => {
  let node: WalletNode;
  /** A WebSocket server that answers every frame with text that is not JSON-RPC. */
  const notElectrum = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  notElectrum.on('connection', (ws) => ws.on('message', () => ws.send('hello')));
  let closedPort = 0;

  beforeAll(async () => {
    node = await startWalletNode(freshPassphrase('server failures'));
    const spare = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => spare.once('listening', () => resolve()));
    closedPort = (spare.address() as AddressInfo).port;
    await new Promise<void>((resolve) => spare.close(() => resolve()));
  });

  afterAll(async () => {
    await node?.stop();
    await new Promise<void>((resolve) => notElectrum.close(() => resolve()));
  });

  it('lists each server with its protocol and reason in error_data, and activates nothing', async () => {
    const devnetServer = devnet().coins.RLTC1!.servers[0]!;
    const junk = `127.0.0.1:${(notElectrum.address() as AddressInfo).port}`;
    const servers = [
      { url: devnetServer.url, protocol: 'WSS' },
      { url: `127.0.0.1:${closedPort}`, protocol: 'WS' },
      { url: junk, protocol: 'WS', timeout_sec: 2 },
    ];
    const init = await node.mmrpc('task::enable_utxo::init', {
      ticker: 'RLTC1',
      activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers } } },
    });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const taskId = (init.body.result as { task_id: number }).task_id;
    const last = await waitFor('the task to end', async () => {
      const s = (await node.mmrpc('task::enable_utxo::status', { task_id: taskId, forget_if_finished: false })).body.result as Status;
      return s.status === 'Ok' || s.status === 'Error' ? s : undefined;
    });
    expect(last.status).toBe('Error');
    expect(last.details.error_type).toBe('CoinCreationError');
    const data = last.details.error_data as { ticker: string; error: string; servers: { url: string; protocol: string; reason: string; error: string }[] };
    expect(data.ticker).toBe('RLTC1');
    expect(typeof data.error).toBe('string');
    const byUrl = Object.fromEntries(data.servers.map((s) => [s.url, s]));
    expect(byUrl[devnetServer.url]).toMatchObject({ protocol: 'WSS', reason: 'unreachable' });
    expect(byUrl[`127.0.0.1:${closedPort}`]).toMatchObject({ protocol: 'WS', reason: 'unreachable' });
    expect(byUrl[junk]).toMatchObject({ protocol: 'WS', reason: 'timeout' });
    for (const s of data.servers) expect(typeof s.error).toBe('string');
    const enabled = (await node.legacy('get_enabled_coins')).body.result as { ticker: string }[];
    expect(enabled.map((c) => c.ticker)).not.toContain('RLTC1');
  });
});
