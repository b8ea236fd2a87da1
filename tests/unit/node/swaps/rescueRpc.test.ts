/**
 * The rescue methods through the dispatcher over swaps the engine ran on fake chains:
 * `export_swaps` (ours) → `import_swaps` in a fresh node with the same key resumes the swap there;
 * hostile imports are refused whole; `get_locked_amount` counts what running swaps still send;
 * `recover_funds_of_swap` answers KDF's flat shape.
 */
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../src/shared/number';
import type { NodeContext } from '../../../../src/node/core/context';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher } from '../../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../../src/node/rpc/handlers';
import { MAX_IMPORT_SWAPS } from '../../../../src/node/swaps/engine/importExport';
import { secretHash } from '../../../../src/node/swaps/protocol/secret';
import { holdings, SwapNet, SwapNode, UUID } from './engine/harness';
import { runUntil, settle } from './engine/virtualClock';

const PASS = 'rescue-Test-pass1!';
type Reply = { status: number; body: Record<string, unknown> };
type Rpc = (body: Record<string, unknown>) => Promise<Reply>;

function rpcFor(node: SwapNode): Rpc {
  const ctx = {
    conf: {},
    get swaps() {
      return node.engine;
    },
    keys: { internal: { publicKey: node.pubkey, privateKey: node.key } },
    enabledCoins: { get: (t: string) => (node.ops.has(t) ? {} : undefined) },
    log: () => undefined,
    platform: { now: () => Date.now() },
  } as unknown as NodeContext;
  const d = new Dispatcher(ctx, new Authenticator(PASS, () => Date.now()), allHandlers);
  return async (body) => (await d.dispatch({ userpass: PASS, ...body })) as Reply;
}

/** A node on `net` with `like`'s key and empty storage: the same wallet in a fresh browser. */
async function freshCopy(net: SwapNet, like: SwapNode): Promise<SwapNode> {
  const node = new SwapNode(net, like.role);
  Object.assign(node, { key: like.key, pubkey: like.pubkey });
  await node.boot();
  return node;
}

async function crashedMaker(): Promise<{ net: SwapNet; exported: Record<string, unknown>[] }> {
  const net = new SwapNet();
  await net.boot();
  let crashed = false;
  net.maker.onEvent = (e) => {
    if (e.event.type === 'MakerPaymentSent' && !crashed) {
      crashed = true;
      net.maker.crash();
      net.taker.crash();
    }
  };
  await net.start();
  await runUntil(net.clock, () => crashed);
  await settle();
  const res = await rpcFor(net.maker)({ method: 'export_swaps' });
  expect(res.status).toBe(200);
  return { net, exported: (res.body.result as { swaps: Record<string, unknown>[] }).swaps };
}

describe('export_swaps → import_swaps', () => {
  it('exports KDF SavedSwap JSON with the secret, and a fresh node imports and finishes the swap', async () => {
    const { net, exported } = await crashedMaker();
    expect(exported).toHaveLength(1);
    const swap = exported[0] as { type: string; uuid: string; events: { event: { type: string; data: Record<string, string> } }[] };
    expect(swap).toMatchObject({ type: 'Maker', uuid: UUID, maker_coin: 'RLTC1', taker_coin: 'RLTC2' });
    expect(swap).not.toHaveProperty('v');
    const started = swap.events[0]?.event.data ?? {};
    expect(bytesToHex(secretHash(hexToBytes(started.secret ?? '')))).toBe(started.secret_hash);
    expect(holdings(net.maker).makerCoin).toBe('9');

    const fresh = await freshCopy(net, net.maker);
    const res = await rpcFor(fresh)({ method: 'import_swaps', swaps: exported });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { imported: [UUID], skipped: {} } });
    expect(fresh.engine.activeUuids()).toEqual([UUID]);
    // The taker is gone: the resumed swap waits for the lock and refunds the maker payment.
    await runUntil(net.clock, () => fresh.finished());
    expect(fresh.eventTypes()).toContain('MakerPaymentRefunded');
    expect(holdings(fresh).makerCoin).toBe('10');

    const again = await rpcFor(fresh)({ method: 'import_swaps', swaps: exported });
    expect(again.body).toEqual({ result: { imported: [], skipped: { [UUID]: 'a swap with this uuid is already stored' } } });
  });

  it("imports my_swap_status's record (secret hidden) by deriving the secret from the wallet key", async () => {
    const { net, exported } = await crashedMaker();
    const status = await rpcFor(net.maker)({ method: 'my_swap_status', params: { uuid: UUID } });
    const shown = status.body.result as { events: { event: { data: Record<string, string> } }[] };
    expect(shown.events[0]?.event.data.secret).toBe('0'.repeat(64));
    const fresh = await freshCopy(net, net.maker);
    const res = await rpcFor(fresh)({ method: 'import_swaps', swaps: [shown] });
    expect(res.body).toEqual({ result: { imported: [UUID], skipped: {} } });
    const stored = fresh.swap()?.events[0]?.event as { data: { secret: string } };
    expect(stored.data.secret).toBe((exported[0] as { events: { event: { data: { secret: string } } }[] }).events[0]?.event.data.secret);
  });

  it('two imports of the same swap at once store and run it once', async () => {
    const { net, exported } = await crashedMaker();
    const fresh = await freshCopy(net, net.maker);
    const rpc = rpcFor(fresh);
    const replies = await Promise.all([rpc({ method: 'import_swaps', swaps: exported }), rpc({ method: 'import_swaps', swaps: exported })]);
    const imported = replies.flatMap((r) => (r.body.result as { imported: string[] }).imported);
    expect(imported).toEqual([UUID]);
    expect(fresh.engine.activeUuids()).toEqual([UUID]);
    expect(fresh.db.writes).toBe(1);
  });

  it("skips another wallet's swap with its reason", async () => {
    const { net, exported } = await crashedMaker();
    const stranger = new SwapNode(net, 'Maker');
    await stranger.boot();
    const res = await rpcFor(stranger)({ method: 'import_swaps', swaps: exported });
    expect(res.body).toEqual({ result: { imported: [], skipped: { [UUID]: 'not a swap of this wallet (my_persistent_pub differs)' } } });
    expect(stranger.db.records.size).toBe(0);
  });

  it('refuses hostile imports whole: too many, too big, malformed fields, repeated uuids; nothing is stored', async () => {
    const { net, exported } = await crashedMaker();
    const good = exported[0] as Record<string, unknown>;
    const fresh = await freshCopy(net, net.maker);
    const rpc = rpcFor(fresh);
    const events = good.events as { timestamp: number; event: { type: string; data?: Record<string, unknown> } }[];
    const withEvent = (i: number, data: Record<string, unknown>): Record<string, unknown> => ({
      ...good,
      events: events.map((e, j) => (j === i ? { ...e, event: { ...e.event, data: { ...e.event.data, ...data } } } : e)),
    });
    const paymentIndex = events.findIndex((e) => e.event.type === 'MakerPaymentSent');
    const withInstructions = (data: unknown): Record<string, unknown> => ({
      ...good,
      events: events.map((e) => (e.event.type === 'MakerPaymentInstructionsReceived' ? { ...e, event: { ...e.event, data } } : e)),
    });
    expect(events.find((e) => e.event.type === 'MakerPaymentInstructionsReceived')?.event, 'stored as KDF stores it').toEqual({
      type: 'MakerPaymentInstructionsReceived',
      data: null,
    });
    const hostile: [string, unknown][] = [
      ['not an array', { uuid: UUID }],
      // Small items, so the request passes the dispatcher's body limit and meets the import's own.
      ['too many', [good, ...Array.from({ length: MAX_IMPORT_SWAPS }, () => ({}))]],
      ['too big', [good, { ...good, uuid: '00000000-0000-4000-8000-000000000001', gui: 'x'.repeat(70_000) }]],
      ['bad amount', [good, { ...good, maker_amount: '-1' }]],
      ['bad uuid', [good, { ...good, uuid: 'DROP TABLE' }]],
      ['no events', [good, { ...good, uuid: '00000000-0000-4000-8000-000000000002', events: [] }]],
      ['unknown event', [good, { ...good, events: [...events.slice(0, -1), { timestamp: 1, event: { type: 'Teleported' } }] }]],
      ['bad tx hex', [good, withEvent(paymentIndex, { tx_hex: 'zz' })]],
      ['short key', [good, withEvent(0, { my_persistent_pub: '02ab' })]],
      ['started names another swap', [{ ...withEvent(0, { uuid: '00000000-0000-4000-8000-000000000003' }) }]],
      ['amounts differ from Started', [{ ...good, maker_amount: '5' }]],
      ['wrong secret', [withEvent(0, { secret: '11'.repeat(32) })]],
      ['instructions that are not KDF’s {type, data}', [withInstructions('lnbc1')]],
      ['repeated uuid', [good, good]],
    ];
    for (const [what, swaps] of hostile) {
      const res = await rpc({ method: 'import_swaps', swaps });
      if (what === 'wrong secret') {
        // A well-formed record whose secret does not hash to its secret_hash: skipped, not stored.
        expect(res.body, what).toEqual({ result: { imported: [], skipped: { [UUID]: 'the secret does not match secret_hash' } } });
      } else {
        expect(res.status, what).toBe(500);
        expect(typeof res.body.error, what).toBe('string');
        if (what === 'too many') expect(res.body.error).toContain(`at most ${MAX_IMPORT_SWAPS} per import`);
        if (what === 'too big') expect(res.body.error).toContain('more than 65536');
        if (what.startsWith('instructions')) expect(res.body.error).toContain('swap.events[2].event.data: expected an object');
      }
      expect(fresh.db.records.size, what).toBe(0);
      expect(fresh.engine.activeUuids(), what).toEqual([]);
    }
  });
});

describe('get_locked_amount', () => {
  const amountOf = (r: Reply): Record<string, unknown> => (r.body.result as { locked_amount: Record<string, unknown> }).locked_amount;

  it("counts a maker's payment and a taker's payment and dex fee until they are sent", async () => {
    const net = new SwapNet();
    await net.boot();
    // Each side alone: the swaps run, waiting for a counterparty that never answers.
    await net.maker.engine.start(net.maker.params(net.taker));
    await net.taker.engine.start({ ...net.taker.params(net.maker), uuid: '7b1f4c2e-9d3a-4f7b-8e21-0c5d9a7b3e10', otherPubkey: '00'.repeat(32) });
    await settle();
    const maker = rpcFor(net.maker);
    const taker = rpcFor(net.taker);

    const makerLocked = await maker({ mmrpc: '2.0', method: 'get_locked_amount', params: { coin: 'RLTC1' } });
    expect(makerLocked.status).toBe(200);
    expect(makerLocked.body.result).toEqual({ coin: 'RLTC1', locked_amount: { decimal: '1', fraction: { numer: '1', denom: '1' }, rational: MmNumber.parse('1').toRational() } });
    expect(amountOf(await maker({ mmrpc: '2.0', method: 'get_locked_amount', params: { coin: 'RLTC2' } })).decimal).toBe('0');

    const expected = MmNumber.parse('2').add(MmNumber.parse('2').div(MmNumber.parse('777')));
    expect(amountOf(await taker({ mmrpc: '2.0', method: 'get_locked_amount', params: { coin: 'RLTC2' } })).fraction).toEqual(expected.toFraction());
    expect(amountOf(await taker({ mmrpc: '2.0', method: 'get_locked_amount', params: { coin: 'RLTC1' } })).decimal).toBe('0');

    const unknown = await maker({ mmrpc: '2.0', method: 'get_locked_amount', params: { coin: 'NOPE' } });
    expect(unknown.status).toBe(500);
    expect(unknown.body.error_type).toBe('NoSuchCoin');
    expect(unknown.body.error_data).toEqual({ coin: 'NOPE' });
  });

  it('releases the hold once the payments are sent', async () => {
    const net = new SwapNet();
    await net.boot();
    let sent = false;
    net.taker.onEvent = (e) => {
      if (e.event.type === 'TakerPaymentSent') sent = true;
    };
    await net.start();
    await runUntil(net.clock, () => sent);
    const locked = async (node: SwapNode, coin: string): Promise<unknown> =>
      amountOf(await rpcFor(node)({ mmrpc: '2.0', method: 'get_locked_amount', params: { coin } })).decimal;
    expect(await locked(net.maker, 'RLTC1')).toBe('0');
    expect(await locked(net.taker, 'RLTC2')).toBe('0');
  });
});

describe('recover_funds_of_swap (flat shape)', () => {
  it('answers KDF\'s {action, coin, tx_hash, tx_hex} and plain errors', async () => {
    const { net } = await crashedMaker();
    const record = net.maker.db.records.get(UUID);
    if (!record) throw new Error('no record');
    const swap = structuredClone(record.saved_swap) as { events: unknown[] };
    swap.events.push({ timestamp: 1, event: { type: 'TakerPaymentValidateFailed', data: { error: 'gone' } } }, { timestamp: 2, event: { type: 'Finished' } });
    net.maker.db.records.set(UUID, { ...record, is_finished: 1, saved_swap: swap });
    await net.maker.boot();
    const rpc = rpcFor(net.maker);

    const early = await rpc({ method: 'recover_funds_of_swap', params: { uuid: UUID } });
    expect(early.status).toBe(500);
    expect(String(early.body.error)).toContain('Too early to refund, wait until');
    const bad = await rpc({ method: 'recover_funds_of_swap', params: { uuid: 'nope' } });
    expect(bad.status).toBe(500);
    const missing = await rpc({ method: 'recover_funds_of_swap', params: { uuid: '00000000-0000-4000-8000-000000000000' } });
    expect(String(missing.body.error)).toContain('swap data is not found');

    net.clock.advanceTo(net.clock.now() + 2 * 3600_000);
    const res = await rpc({ method: 'recover_funds_of_swap', params: { uuid: UUID } });
    expect(res.status).toBe(200);
    const result = res.body.result as Record<string, string>;
    expect(result).toMatchObject({ action: 'RefundedMyPayment', coin: 'RLTC1' });
    expect(result.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(result.tx_hex).toMatch(/^[0-9a-f]+$/);
    expect(holdings(net.maker).makerCoin).toBe('10');
  });
});
