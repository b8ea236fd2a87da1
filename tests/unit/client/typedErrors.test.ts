/**
 * The page's RpcError gets its type from the worker channel, beside KDF's JSON: a flat method's
 * body stays `{error}` alone, yet the page learns the error's type and reason without its text.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RpcClient, RpcError, type MessageEndpoint } from '../../../src/client/RpcClient';
import type { PageMessage, WorkerMessage } from '../../../src/shared/wire';
import { RPC_PASSWORD, testHost, type TestNode } from '../node/testNode';

const hosts: TestNode[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((t) => t.host.stop()));
});

/** The worker's message loop (src/node/worker.ts), in-process. */
function connect(t: TestNode): RpcClient {
  const listeners = new Set<(ev: MessageEvent) => void>();
  const endpoint: MessageEndpoint = {
    postMessage(msg: PageMessage) {
      const work = 'control' in msg ? t.host.answerControl(msg.control) : t.host.answerRpc(msg.body);
      void work.then((a) => {
        const reply: WorkerMessage = a.error ? { id: msg.id, status: a.status, body: a.body, error: a.error } : { id: msg.id, status: a.status, body: a.body };
        for (const l of listeners) l({ data: reply } as MessageEvent);
      });
    },
    addEventListener: (_type, l) => listeners.add(l),
    removeEventListener: (_type, l) => listeners.delete(l),
  };
  const client = new RpcClient(endpoint);
  client.setUserpass(RPC_PASSWORD);
  return client;
}

async function refusal(p: Promise<unknown>): Promise<RpcError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(RpcError);
  return e as RpcError;
}

// Starting a node takes seconds on a loaded machine.
describe('typed errors from the worker channel', { timeout: 30_000 }, () => {
  it('a flat refusal: the JSON is KDF’s {error} alone, the type and reason come beside it', async () => {
    const t = testHost();
    hosts.push(t);
    await t.host.start({ rpc_password: RPC_PASSWORD, passphrase: 'typed errors passphrase' });
    const client = connect(t);
    const e = await refusal(client.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '1', volume: '1' }));
    expect(e.status).toBe(500);
    expect(Object.keys(e.body as object)).toEqual(['error']);
    expect(e.errorType).toBe('OrderError');
    expect(e.reason).toBe('OrdersUnavailable');
  });

  it('an mmrpc error: the type and data of the envelope, and no reason', async () => {
    const t = testHost();
    hosts.push(t);
    await t.host.start({ rpc_password: RPC_PASSWORD, passphrase: 'typed errors passphrase' });
    const e = await refusal(connect(t).call('get_locked_amount', { coin: 'NOPE' }));
    expect(e.errorType).toBe('NoSuchCoin');
    expect(e.errorData).toEqual((e.body as { error_data?: unknown }).error_data);
    expect(e.reason).toBeUndefined();
  });

  it('a call before a wallet is unlocked: NotRunning, flat or mmrpc', async () => {
    const t = testHost();
    const client = connect(t);
    expect((await refusal(client.legacy('my_balance', { coin: 'RLTC1' }))).errorType).toBe('NotRunning');
    expect((await refusal(client.call('get_enabled_coins'))).errorType).toBe('NotRunning');
  });

  it('a refused control call: its type from the channel', async () => {
    const t = testHost();
    hosts.push(t);
    await t.host.start({ rpc_password: RPC_PASSWORD, passphrase: 'typed errors passphrase' });
    const e = await refusal(connect(t).control({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: 'x' } }));
    expect(e.errorType).toBe('AlreadyRunning');
  });
});
