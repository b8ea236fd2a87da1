/**
 * The worker's cold start (bench: worker cold start to first answered RPC): a node starts and
 * answers `version` without importing the domains' handlers or the heavy libraries behind them;
 * the first call of a domain method imports them and answers as the domain's handler does.
 */
import { describe, expect, it, vi } from 'vitest';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import { RPC_PASSWORD, testHost } from '../testNode';

const imported = vi.hoisted(() => new Set<string>());

/** Counts the first import of a module, then gives the module itself. */
function counted(name: string) {
  return async (importOriginal: () => Promise<unknown>) => {
    imported.add(name);
    return importOriginal();
  };
}

vi.mock('../../../../src/node/rpc/domainHandlers', counted('domainHandlers'));
vi.mock('ethers', counted('ethers'));
vi.mock('bitcoinjs-lib', counted('bitcoinjs-lib'));
vi.mock('../../../../src/node/hw/trezor/session', counted('trezor session'));
vi.mock('../../../../src/node/swaps/engine/engine', counted('swap engine'));
vi.mock('../../../../src/node/orders/service', counted('orders service'));

describe('cold start', () => {
  it('starts a node and answers version without importing the domains', async () => {
    const t = testHost();
    const started = await t.host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: 'bob passphrase' } });
    expect(started.status).toBe(200);
    const version = await t.host.handleRpc({ method: 'version' });
    expect(version.status).toBe(200);
    expect([...imported]).toEqual([]);
  });

  it('imports the domains on the first domain call, which answers bad input as the loaded handler does', async () => {
    const t = testHost();
    const node = await t.host.start({ rpc_password: RPC_PASSWORD, passphrase: 'bob passphrase' });
    const { domainHandlers } = await import('../../../../src/node/rpc/domainHandlers');
    const loaded = new Dispatcher(node.ctx, new Authenticator(RPC_PASSWORD, Date.now), domainHandlers);
    const bad = [
      { userpass: RPC_PASSWORD, method: 'my_balance', coin: 42 },
      { userpass: RPC_PASSWORD, mmrpc: '2.0', method: 'withdraw', params: { coin: 'NOPE', to: 1 }, id: 7 },
    ];
    for (const body of bad) {
      const want = await loaded.dispatch(body);
      expect(want.status).toBeGreaterThanOrEqual(400);
      // The call that waits for the import has lost the frames above the dispatcher's await.
      expect(withoutTrace(await node.dispatcher.dispatch(body))).toEqual(withoutTrace(want));
      expect(await node.dispatcher.dispatch(body)).toEqual(want);
    }
    // ethers comes with the coins domain: the count sees libraries, so the first test's empty set means something.
    expect([...imported]).toEqual(expect.arrayContaining(['domainHandlers', 'ethers']));
  });
});

/** A reply without its trace: `error_path` and `error_trace`, or the `file:line]` frames of a flat error. */
function withoutTrace(reply: { status: number; body: unknown }): unknown {
  const { error_path: _path, error_trace: _trace, ...body } = reply.body as Record<string, unknown>;
  if (typeof body.error === 'string') body.error = body.error.replace(/^(\w+:\d+\] )+/, '');
  return { status: reply.status, body };
}
