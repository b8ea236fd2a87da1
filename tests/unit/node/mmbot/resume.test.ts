/**
 * The bot's state survives the node: a node started again on the same storage and wallet resumes a
 * bot that was running (KDF's `Started` event again, and `stop` then finds it running), and does
 * not resume one that was stopped. A disabled pair keeps the bot from asking any price source.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { NodeEvents } from '../../../../src/shared/wire';
import { RPC_PASSWORD, testHost, type TestNode } from '../testNode';

const CONF = { rpc_password: RPC_PASSWORD, passphrase: 'bob passphrase' };
const START = { cfg: { 'RICK/MORTY': { base: 'RICK', rel: 'MORTY', spread: '1.02', max: true, enable: false } }, price_url: 'http://127.0.0.1:9/t' };

describe('the bot across node restarts', () => {
  let t: TestNode;
  afterEach(async () => {
    await t.host.handleControl({ op: 'stop' });
  });

  const start = async () => expect((await t.host.handleControl({ op: 'start', conf: CONF })).status).toBe(200);
  const call = async (method: string, params: unknown = {}) =>
    (await t.host.handleRpc({ mmrpc: '2.0', userpass: RPC_PASSWORD, method, params, id: 1 })) as { status: number; body: Record<string, unknown> };
  const started = () => t.events.filter((e) => e.event === NodeEvents.mmBot && (e.data as { type: string }).type === 'Started').length;

  it('resumes a running bot, and leaves a stopped one stopped', async () => {
    t = testHost();
    await start();
    expect((await call('start_simple_market_maker_bot', START)).body.result).toEqual({ result: 'Success' });
    expect(started()).toBe(1);

    await t.host.handleControl({ op: 'stop' });
    await start();
    for (let i = 0; i < 100 && started() < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(started()).toBe(2);
    expect((await call('start_simple_market_maker_bot', START)).body.error_type).toBe('AlreadyStarted');
    expect((await call('stop_simple_market_maker_bot')).body.result).toEqual({ result: 'Success' });

    await t.host.handleControl({ op: 'stop' });
    await start();
    await new Promise((r) => setTimeout(r, 100));
    expect(started()).toBe(2);
    expect((await call('stop_simple_market_maker_bot')).body.error_type).toBe('AlreadyStopped');
  });
});
