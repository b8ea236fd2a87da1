/**
 * KDF's streaming manager rules for the one page client, and the `stream::*` / HD account RPCs'
 * request errors on a running node without coins (the devnet test covers live coins).
 */
import { describe, expect, it } from 'vitest';
import { StreamHub, STREAM_EVENT, type StreamerOutput } from '../../../../src/node/streams/streamHub';
import { RPC_PASSWORD, startedNode, type TestNode } from '../testNode';

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

const mmrpc = async (t: TestNode, method: string, params: unknown): Promise<Reply> =>
  (await t.host.handleRpc({ mmrpc: '2.0', method, params, userpass: RPC_PASSWORD, id: 4 })) as Reply;

function expectError(reply: Reply, status: number, errorType: string, error?: string): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body.error_type).toBe(errorType);
  if (error !== undefined) expect(reply.body.error).toBe(error);
}

function hubWithLog(): { hub: StreamHub; sent: { event: string; data: unknown }[] } {
  const sent: { event: string; data: unknown }[] = [];
  return { hub: new StreamHub((event, data) => sent.push({ event, data })), sent };
}

describe('StreamHub', () => {
  it('sends KDF\'s {_type, message} and ERROR: events until the streamer is disabled', async () => {
    const { hub, sent } = hubWithLog();
    let out: StreamerOutput | undefined;
    let stops = 0;
    expect(await hub.enable(0, 'BALANCE:RICK', async (o) => ((out = o), () => void stops++))).toEqual({ streamer_id: 'BALANCE:RICK' });
    out!.emit([{ ticker: 'RICK' }]);
    out!.emitError({ error: 'x' });
    hub.disable(0, 'BALANCE:RICK');
    out!.emit(['after']);
    expect(stops).toBe(1);
    expect(out!.stopped).toBe(true);
    expect(sent).toEqual([
      { event: STREAM_EVENT, data: { _type: 'BALANCE:RICK', message: [{ ticker: 'RICK' }] } },
      { event: STREAM_EVENT, data: { _type: 'ERROR:BALANCE:RICK', message: { error: 'x' } } },
    ]);
  });

  it('refuses other clients, a second enable (also while the first starts) and disabling what does not run', async () => {
    const { hub } = hubWithLog();
    await expect(hub.enable(1, 'BALANCE:RICK', async () => () => undefined)).rejects.toMatchObject({ errorType: 'EnableError', message: 'UnknownClient' });
    let release!: () => void;
    const slow = hub.enable(0, 'BALANCE:RICK', () => new Promise((r) => (release = () => r(() => undefined))));
    await expect(hub.enable(0, 'BALANCE:RICK', async () => () => undefined)).rejects.toMatchObject({ message: 'ClientAlreadyListening' });
    release();
    await slow;
    expect(() => hub.disable(0, 'TX_HISTORY:RICK')).toThrow(expect.objectContaining({ errorType: 'DisableError', message: 'StreamerNotFound' }));
    expect(() => hub.disable(7, 'BALANCE:RICK')).toThrow(expect.objectContaining({ message: 'UnknownClient' }));
    expect(hub.isRunning('BALANCE:RICK')).toBe(true);
  });

  it('stops a streamer dropped while it was starting, and forgets one that failed to start', async () => {
    const { hub } = hubWithLog();
    let stopped = false;
    let release!: () => void;
    const starting = hub.enable(0, 'BALANCE:X', () => new Promise((r) => (release = () => r(() => void (stopped = true)))));
    hub.drop('BALANCE:X');
    release();
    await starting;
    expect(stopped).toBe(true);
    expect(hub.isRunning('BALANCE:X')).toBe(false);
    await expect(hub.enable(0, 'BALANCE:Y', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(hub.isRunning('BALANCE:Y')).toBe(false);
  });
});

describe('stream and HD account RPCs on a node without coins', () => {
  it('answers KDF\'s errors for coins that are not active, bad streamer ids and wrong types', async () => {
    const t = await startedNode();
    try {
      expectError(await mmrpc(t, 'stream::balance::enable', { coin: 'RICK' }), 404, 'CoinNotFound', 'CoinNotFound');
      expectError(await mmrpc(t, 'stream::tx_history::enable', { coin: 'RICK' }), 404, 'CoinNotFound');
      expectError(await mmrpc(t, 'stream::balance::enable', { coin: 7 }), 400, 'InvalidRequest');
      expectError(await mmrpc(t, 'stream::balance::enable', { coin: 'RICK', client_id: -1 }), 400, 'InvalidRequest');
      expectError(await mmrpc(t, 'stream::disable', { client_id: 0, streamer_id: 'BALANCE:RICK' }), 400, 'DisableError', 'StreamerNotFound');
      expectError(await mmrpc(t, 'stream::disable', { client_id: 0, streamer_id: 'NOPE' }), 400, 'InvalidRequest');
      expectError(await mmrpc(t, 'stream::disable', { streamer_id: 'BALANCE:RICK' }), 400, 'InvalidRequest');
      expectError(await mmrpc(t, 'stream::disable', { client_id: 3, streamer_id: 'BALANCE:RICK' }), 400, 'DisableError', 'UnknownClient');

      expectError(await mmrpc(t, 'get_new_address', { coin: 'RICK', account_id: 0 }), 400, 'NoSuchCoin', 'No such coin RICK');
      expectError(await mmrpc(t, 'get_new_address', { coin: 'RICK', account_id: 'zero' }), 400, 'InvalidRequest');
      expectError(await mmrpc(t, 'get_new_address', { coin: 'x'.repeat(100_000), account_id: 0 }), 400, 'NoSuchCoin');
      expectError(await mmrpc(t, 'task::account_balance::init', { coin: 'RICK', account_index: 0 }), 400, 'NoSuchCoin');
      expectError(await mmrpc(t, 'task::account_balance::init', { coin: 'RICK' }), 400, 'InvalidRequest');
      expectError(await mmrpc(t, 'task::account_balance::status', { task_id: 99 }), 400, 'NoSuchTask');
      expectError(await mmrpc(t, 'task::account_balance::cancel', { task_id: 99 }), 404, 'NoSuchTask');
    } finally {
      await t.host.stop();
    }
  });
});
