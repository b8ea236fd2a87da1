/**
 * `my_swap_status`, `my_recent_swaps` and `active_swaps` through the dispatcher, in KDF's flat
 * shapes, over swaps the engine ran on fake chains.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { NodeContext } from '../../../../src/node/core/context';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../../src/node/rpc/handlers';
import { MAKER_SUCCESS_EVENTS, MAKER_ERROR_EVENTS } from '../../../../src/node/swaps/engine/events';
import { SwapNet, UUID } from './engine/harness';
import { runUntil } from './engine/virtualClock';

const PASS = 'swaps-Test-pass1!';
type Rpc = (body: Record<string, unknown>) => Promise<{ status: number; body: Record<string, unknown> }>;

function rpcFor(net: SwapNet, who: 'maker' | 'taker'): Rpc {
  const ctx = { conf: {}, swaps: net[who].engine, log: () => undefined, platform: { now: () => Date.now() } } as unknown as NodeContext;
  const d = new Dispatcher(ctx, new Authenticator(PASS, () => Date.now()), allHandlers);
  return async (body) => (await d.dispatch({ userpass: PASS, ...body })) as { status: number; body: Record<string, unknown> };
}

let net: SwapNet;
let maker: Rpc;
let taker: Rpc;

beforeAll(async () => {
  net = new SwapNet();
  await net.boot();
  await net.start();
  await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
  maker = rpcFor(net, 'maker');
  taker = rpcFor(net, 'taker');
});

describe('my_swap_status', () => {
  it('answers the saved swap with my_info, flags and the secret hidden', async () => {
    const res = await maker({ method: 'my_swap_status', params: { uuid: UUID } });
    expect(res.status).toBe(200);
    const result = res.body.result as Record<string, unknown>;
    expect(result).toMatchObject({
      type: 'Maker',
      uuid: UUID,
      maker_coin: 'RLTC1',
      taker_coin: 'RLTC2',
      maker_amount: '1',
      taker_amount: '2',
      gui: 'tests',
      mm_version: 'test',
      is_finished: true,
      is_success: true,
      recoverable: false,
      success_events: [...MAKER_SUCCESS_EVENTS],
      error_events: [...MAKER_ERROR_EVENTS],
    });
    expect(result.my_info).toMatchObject({ my_coin: 'RLTC1', other_coin: 'RLTC2', my_amount: '1', other_amount: '2' });
    const events = result.events as { timestamp: number; event: { type: string; data?: Record<string, unknown> } }[];
    expect(events.at(-1)?.event.type).toBe('Finished');
    expect(events[0]?.event.data?.secret).toBe('0'.repeat(64));
    expect(events[0]?.event.data?.secret_hash).toMatch(/^[0-9a-f]{40}$/);
    expect(result).not.toHaveProperty('v');
  });

  it('the taker sees its own side', async () => {
    const res = await taker({ method: 'my_swap_status', params: { uuid: UUID } });
    const result = res.body.result as Record<string, unknown>;
    expect(result.type).toBe('Taker');
    expect(result.my_info).toMatchObject({ my_coin: 'RLTC2', other_coin: 'RLTC1' });
  });

  it('an unknown or malformed uuid is an error', async () => {
    const unknown = await maker({ method: 'my_swap_status', params: { uuid: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(500);
    expect(String(unknown.body.error)).toContain('No swap with uuid');
    const bad = await maker({ method: 'my_swap_status', params: { uuid: 'nope' } });
    expect(bad.status).toBe(500);
    expect(String(bad.body.error)).toContain('invalid uuid');
  });
});

describe('my_recent_swaps', () => {
  it('pages and filters as KDF', async () => {
    const res = await maker({ method: 'my_recent_swaps', limit: 5 });
    expect(res.body.result).toMatchObject({ from_uuid: null, skipped: 0, limit: 5, total: 1, page_number: 1, total_pages: 1, found_records: 1 });
    const swaps = (res.body.result as { swaps: { uuid: string }[] }).swaps;
    expect(swaps.map((s) => s.uuid)).toEqual([UUID]);

    const other = await maker({ method: 'my_recent_swaps', my_coin: 'RLTC2' });
    expect(other.body.result).toMatchObject({ total: 0, found_records: 0, swaps: [] });
    const after = await maker({ method: 'my_recent_swaps', from_uuid: UUID });
    expect(after.body.result).toMatchObject({ skipped: 1, found_records: 0 });
    const missing = await maker({ method: 'my_recent_swaps', from_uuid: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(500);
    const zero = await maker({ method: 'my_recent_swaps', limit: 0 });
    expect(zero.status).toBe(500);
  });
});

describe('active_swaps', () => {
  it('lists running swaps, with statuses on request', async () => {
    expect((await maker({ method: 'active_swaps' })).body).toEqual({ uuids: [], statuses: null });
    // A new swap that the counterparty never answers is active while it negotiates.
    const fresh = new SwapNet();
    await fresh.boot();
    await fresh.maker.engine.start(fresh.maker.params(fresh.taker));
    const rpc = rpcFor(fresh, 'maker');
    const res = await rpc({ method: 'active_swaps', include_status: true });
    expect(res.body.uuids).toEqual([UUID]);
    const statuses = res.body.statuses as Record<string, { type: string; events: unknown[] }>;
    expect(statuses[UUID]?.type).toBe('Maker');
    expect(statuses[UUID]?.events).toHaveLength(1);
    await fresh.maker.engine.stop();
  });
});

describe('mmrpc 2.0 forms', () => {
  it('my_swap_status answers SwapRpcData, and NoSwapWithUuid for an unknown swap', async () => {
    const res = await maker({ mmrpc: '2.0', method: 'my_swap_status', params: { uuid: UUID } });
    expect(res.status).toBe(200);
    const result = res.body.result as { swap_type: string; swap_data: Record<string, unknown> };
    expect(result.swap_type).toBe('MakerV1');
    expect(result.swap_data).toMatchObject({ uuid: UUID, maker_coin: 'RLTC1' });
    expect(result.swap_data).not.toHaveProperty('type');
    const unknown = await maker({ mmrpc: '2.0', method: 'my_swap_status', params: { uuid: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error_type: 'NoSwapWithUuid', error_data: '00000000-0000-4000-8000-000000000000' });
  });

  it('my_recent_swaps pages SwapRpcData and refuses a reversed window', async () => {
    const res = await taker({ mmrpc: '2.0', method: 'my_recent_swaps', params: { limit: 1, page_number: 1 } });
    expect(res.body.result).toMatchObject({ total: 1, total_pages: 1, found_records: 1 });
    expect((res.body.result as { swaps: { swap_type: string }[] }).swaps[0]?.swap_type).toBe('TakerV1');
    const reversed = await taker({ mmrpc: '2.0', method: 'my_recent_swaps', params: { from_timestamp: 10, to_timestamp: 5 } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error_type).toBe('InvalidTimeStampRange');
    const missing = await taker({ mmrpc: '2.0', method: 'my_recent_swaps', params: { from_uuid: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.body.error_type).toBe('FromUuidSwapNotFound');
  });

  it('active_swaps answers an empty statuses map when none are asked for', async () => {
    const res = await maker({ mmrpc: '2.0', method: 'active_swaps', params: {} });
    expect(res.body.result).toEqual({ uuids: [], statuses: {} });
  });
});

describe('my_recent_swaps time window', () => {
  it('includes both ends of [from_timestamp, to_timestamp]', async () => {
    const status = await maker({ method: 'my_swap_status', params: { uuid: UUID } });
    const startedAt = ((status.body.result as { my_info: { started_at: number } }).my_info).started_at;
    const inside = await maker({ method: 'my_recent_swaps', from_timestamp: startedAt, to_timestamp: startedAt });
    expect(inside.body.result).toMatchObject({ total: 1 });
    const before = await maker({ method: 'my_recent_swaps', to_timestamp: startedAt - 1 });
    expect(before.body.result).toMatchObject({ total: 0 });
  });
});
