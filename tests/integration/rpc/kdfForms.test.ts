/**
 * KDF's request forms on the devnet: the 2.0 `get_enabled_coins` and `my_tx_history`
 * (`paging_options`, `target`), history of a coin activated without `tx_history` (what is stored,
 * `NotEnabled`), and requests without `mmrpc` whose method only 2.0 serves, retried as 2.0 as KDF's
 * rpc.rs does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daemon } from '../devnet/daemon';
import { fund } from '../utxo/funding';
import { DETAILS_KEYS } from '../../fixtures/coins/txDetailsKeys';
import { freshPassphrase, RPC_PASSWORD, startWalletNode, waitFor, type Reply, type WalletNode } from '../utxo/walletNode';

type Body = Record<string, unknown>;
interface Entry {
  tx_hash: string;
  internal_id: string;
  block_height: number;
  confirmations: number;
}

const V2_KEYS = ['coin', 'target', 'current_block', 'transactions', 'sync_status', 'limit', 'skipped', 'total', 'total_pages', 'paging_options'];
const OTHER_ADDRESS = 'mxosQ4CvQR8ipfWdRktyB3u16tauEdamGc';

describe('KDF 2.0 forms and the retry of flat requests as 2.0', () => {
  const passphrase = freshPassphrase('kdf-forms');
  let node: WalletNode;
  let funding: string[];

  /** A body sent as is, with the rpc password. */
  const raw = async (body: Body): Promise<Reply> => (await node.host.handleRpc({ userpass: RPC_PASSWORD, ...body })) as Reply;
  const legacyHistory = async (coin: string, args: Body = {}): Promise<Body> => {
    const r = await node.legacy('my_tx_history', { coin, ...args });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as Body;
  };
  const historyV2 = async (params: Body): Promise<Body> => {
    const r = await node.mmrpc('my_tx_history', params);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.mmrpc).toBe('2.0');
    return r.body.result as Body;
  };

  beforeAll(async () => {
    node = await startWalletNode(passphrase);
    const address = (await node.activate('RLTC1', { tx_history: true })).body.address as string;
    funding = await fund('chain1', address, ['0.1', '0.2', '0.3']);
    await daemon('chain1').mine(1);
    await waitFor('three mined transactions synced', async () => {
      const h = await legacyHistory('RLTC1', { max: true });
      const txs = h.transactions as Entry[];
      return h.total === 3 && (h.sync_status as Body).state === 'Finished' && txs.every((t) => t.block_height > 0) ? h : undefined;
    });
  }, 120_000);
  afterAll(() => node.stop());

  it('get_enabled_coins 2.0 answers {coins: [{ticker}]}', async () => {
    const r = await node.mmrpc('get_enabled_coins');
    expect(r).toEqual({ status: 200, body: { mmrpc: '2.0', result: { coins: [{ ticker: 'RLTC1' }] }, id: 1 } });
    const nullParams = await raw({ mmrpc: '2.0', method: 'get_enabled_coins', params: null });
    expect(nullParams.body).toEqual({ mmrpc: '2.0', result: { coins: [{ ticker: 'RLTC1' }] }, id: null });
  });

  it('my_tx_history 2.0 pages by PageNumber and FromId and echoes target and paging_options', async () => {
    const all = (await legacyHistory('RLTC1', { max: true })).transactions as Entry[];
    expect(all.map((t) => t.tx_hash).sort()).toEqual([...funding].sort());

    const byDefault = await historyV2({ coin: 'RLTC1' });
    expect(Object.keys(byDefault)).toEqual(V2_KEYS);
    expect(byDefault).toMatchObject({
      coin: 'RLTC1',
      target: { type: 'iguana' },
      sync_status: { state: 'Finished' },
      limit: 10,
      skipped: 0,
      total: 3,
      total_pages: 1,
      paging_options: { PageNumber: 1 },
    });
    const entries = byDefault.transactions as (Entry & Body)[];
    expect(entries.map((t) => t.tx_hash)).toEqual(all.map((t) => t.tx_hash));
    for (const t of entries) {
      expect(Object.keys(t)).toEqual([...DETAILS_KEYS, 'confirmations']);
      expect(t.confirmations).toBe((byDefault.current_block as number) - t.block_height + 1);
    }

    const page2 = await historyV2({ coin: 'RLTC1', limit: 2, paging_options: { PageNumber: 2 }, target: { type: 'iguana' } });
    expect(page2).toMatchObject({ limit: 2, skipped: 2, total: 3, total_pages: 2, paging_options: { PageNumber: 2 } });
    expect((page2.transactions as Entry[]).map((t) => t.tx_hash)).toEqual(all.slice(2).map((t) => t.tx_hash));

    const first = all[0]!.internal_id;
    const fromId = await historyV2({ coin: 'RLTC1', limit: 1, paging_options: { FromId: first } });
    expect(fromId).toMatchObject({ skipped: 1, total: 3, paging_options: { FromId: first } });
    expect((fromId.transactions as Entry[]).map((t) => t.tx_hash)).toEqual([all[1]!.tx_hash]);

    // KDF's browser storage answers an unknown FromId with an empty page, nothing skipped.
    const unknown = await historyV2({ coin: 'RLTC1', paging_options: { FromId: 'ab'.repeat(32) } });
    expect(unknown).toMatchObject({ transactions: [], skipped: 0, total: 3 });
  });

  it('my_tx_history 2.0 refuses what KDF refuses', async () => {
    const target = await node.mmrpc('my_tx_history', { coin: 'RLTC1', target: { type: 'account_id', account_id: 0 } });
    expect(target).toMatchObject({
      status: 400,
      body: { error_type: 'InvalidTarget', error: 'Expected "Iguana" target, found: AccountId { account_id: 0 }' },
    });
    const cases: [Body, string][] = [
      [{ coin: 'RLTC1', paging_options: { PageNumber: 0 } }, 'invalid value: integer `0`, expected a nonzero usize'],
      [{ coin: 'RLTC1', paging_options: { Page: 1 } }, 'unknown variant `Page`, expected `FromId` or `PageNumber`'],
      [{ coin: 'RLTC1', paging_options: { FromId: 'xyz' } }, 'invalid hex for `params.paging_options.FromId`'],
      [{ coin: 'RLTC1', target: { type: 'nope' } }, 'unknown variant `nope` for `params.target.type`, expected one of `iguana`, `account_id`, `address_id`'],
      [{ limit: 1 }, 'missing field `coin`'],
    ];
    for (const [params, data] of cases) {
      const r = await node.mmrpc('my_tx_history', params);
      expect(r, JSON.stringify(params)).toMatchObject({ status: 400, body: { error_type: 'InvalidRequest', error_data: data } });
    }
    const inactive = await node.mmrpc('my_tx_history', { coin: 'RLTC2' });
    expect(inactive).toMatchObject({ status: 404, body: { error_type: 'CoinIsNotActive', error: 'RLTC2', error_data: 'RLTC2' } });
  });

  it('mmrpc-only methods answer without mmrpc, in the 2.0 envelope; unknown methods answer 400 NoSuchMethod', async () => {
    const names = await raw({ method: 'get_wallet_names', id: 11 });
    expect(names.status).toBe(200);
    expect(names.body).toMatchObject({ mmrpc: '2.0', id: 11, result: { wallet_names: expect.any(Array) } });

    const init = await raw({ method: 'task::withdraw::init', params: { coin: 'RLTC1', to: OTHER_ADDRESS, amount: '0.01' } });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const taskId = (init.body.result as { task_id: number }).task_id;
    expect(typeof taskId).toBe('number');
    const done = await waitFor('the withdraw task to finish', async () => {
      const s = await raw({ method: 'task::withdraw::status', params: { task_id: taskId, forget_if_finished: false } });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      const result = s.body.result as { status: string; details: Body };
      return result.status === 'InProgress' ? undefined : result;
    });
    expect(done.status, JSON.stringify(done.details)).toBe('Ok');
    expect(Object.keys(done.details)).toEqual(DETAILS_KEYS);

    const cancel = await raw({ method: 'task::withdraw::cancel', params: { task_id: taskId } });
    expect(cancel).toMatchObject({ status: 409, body: { mmrpc: '2.0', error_type: 'TaskFinished', error: 'Task is finished already', error_data: taskId } });

    const unknown = await raw({ method: 'no_such_method', id: 3 });
    expect(unknown).toMatchObject({ status: 400, body: { mmrpc: '2.0', error_type: 'NoSuchMethod', error: 'No such method', id: 3 } });
    const refused = (await node.host.handleRpc({ method: 'no_such_method' })) as Reply;
    expect(refused.status).toBe(500);
    expect(Object.keys(refused.body)).toEqual(['error']);
    expect(refused.body.error).toContain('Userpass is not set!');
  });

  it('history of a coin activated without tx_history: what is stored, NotEnabled, in both forms', async () => {
    const before = (await legacyHistory('RLTC1', { max: true })).transactions as Entry[];
    await node.stop();
    node = await startWalletNode(passphrase, node.platform);
    expect((await node.activate('RLTC1')).status).toBe(200);
    expect((await node.activate('RLTC2')).status).toBe(200);

    const stored = await legacyHistory('RLTC1', { max: true });
    expect(stored.sync_status).toEqual({ state: 'NotEnabled' });
    expect(stored.total).toBe(before.length);
    expect((stored.transactions as Entry[]).map((t) => t.tx_hash)).toEqual(before.map((t) => t.tx_hash));
    expect(stored.current_block as number).toBeGreaterThan(0);
    for (const t of stored.transactions as Entry[]) {
      if (t.block_height > 0) expect(t.confirmations).toBe((stored.current_block as number) - t.block_height + 1);
    }

    const v2 = await historyV2({ coin: 'RLTC1', limit: 2 });
    expect(v2).toMatchObject({ sync_status: { state: 'NotEnabled' }, total: before.length, current_block: stored.current_block });

    const never = await legacyHistory('RLTC2');
    expect(never).toMatchObject({ transactions: [], total: 0, skipped: 0, sync_status: { state: 'NotEnabled' } });
    expect(never.current_block as number).toBeGreaterThan(0);
  });
});
