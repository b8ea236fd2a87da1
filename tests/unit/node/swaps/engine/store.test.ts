/**
 * The swap database on both storage engines, and the checked reading of saved swaps: a record is
 * validated field by field, so a corrupt or foreign one is refused rather than run.
 */
import { describe, expect, it } from 'vitest';
import { SwapsStore } from '../../../../../src/node/storage/swapsDb';
import { parseStoredSwap, SavedSwapError, type SavedSwap } from '../../../../../src/node/swaps/engine/savedSwap';
import { SwapStore, swapRecord } from '../../../../../src/node/swaps/engine/store';
import { engines } from '../../storage/engines';
import { SwapNet, UUID } from './harness';
import { runUntil } from './virtualClock';

const RMD = 'ab'.repeat(20);

async function finishedSwaps(): Promise<{ maker: SavedSwap; taker: SavedSwap }> {
  const net = new SwapNet();
  await net.boot();
  await net.start();
  await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
  const maker = net.maker.swap();
  const taker = net.taker.swap();
  if (!maker || !taker) throw new Error('no swaps');
  return { maker, taker };
}

describe.each(engines)('SwapsStore on $name', (engine) => {
  it('stores swaps under MAIN::<rmd160>::swap and reads them back checked', async () => {
    const storage = engine.fresh();
    const { maker } = await finishedSwaps();
    const db = await SwapsStore.open(storage, RMD);
    const store = new SwapStore(db, () => undefined);
    const running = { ...maker, events: maker.events.slice(0, 3) } as SavedSwap;
    await store.put(running);
    expect(await store.unfinished()).toEqual([running]);
    await store.put(maker);
    expect(await store.get(UUID)).toEqual(maker);
    expect(await store.unfinished()).toEqual([]);
    expect(await store.all()).toEqual([maker]);
    expect(await store.get('00000000-0000-4000-8000-000000000000')).toBeNull();
    db.close();
    // Reopened (a restart): the same swap is there.
    const again = await SwapsStore.open(storage, RMD);
    expect(await new SwapStore(again, () => undefined).get(UUID)).toEqual(maker);
    again.close();
  });
});

describe('parseStoredSwap', () => {
  it('reads what the engine wrote, maker and taker', async () => {
    const { maker, taker } = await finishedSwaps();
    expect(parseStoredSwap(swapRecord(maker))).toEqual(maker);
    expect(parseStoredSwap(swapRecord(taker))).toEqual(taker);
    expect(swapRecord(taker)).toMatchObject({ my_coin: 'RLTC2', other_coin: 'RLTC1', is_finished: 1 });
  });

  it.each([
    ['another version', (s: Record<string, unknown>) => ({ ...s, v: 2 })],
    ['an unknown event', (s: Record<string, unknown>) => ({ ...s, events: [...(s.events as unknown[]), { timestamp: 1, event: { type: 'Paid' } }] })],
    ['a Started that is not first', (s: Record<string, unknown>) => ({ ...s, events: [...(s.events as unknown[]), (s.events as unknown[])[0]] })],
    ['a short secret hash', (s: Record<string, unknown>) => {
      const [first, ...rest] = s.events as { event: { data: Record<string, unknown> } }[];
      return { ...s, events: [{ ...first, event: { type: 'Started', data: { ...first?.event.data, secret_hash: 'abcd' } } }, ...rest] };
    }],
    ['a negative amount', (s: Record<string, unknown>) => ({ ...s, maker_amount: '-1' })],
    ['a tx event without a hash', (s: Record<string, unknown>) => {
      const events = [...(s.events as { event: { type: string } }[])];
      const i = events.findIndex((e) => e.event.type === 'MakerPaymentSent');
      events[i] = { ...events[i], event: { type: 'MakerPaymentSent', data: { tx_hex: '00' } } } as never;
      return { ...s, events };
    }],
    ['too many events', (s: Record<string, unknown>) => ({ ...s, events: [...(s.events as unknown[]), ...Array.from({ length: 80 }, () => ({ timestamp: 1, event: { type: 'Finished' } }))] })],
  ])('refuses %s', async (_what, corrupt) => {
    const { maker } = await finishedSwaps();
    const record = swapRecord(maker);
    expect(() => parseStoredSwap({ ...record, saved_swap: corrupt(maker as unknown as Record<string, unknown>) })).toThrow(SavedSwapError);
  });

  it('an unreadable record is skipped from lists, reported once and counted', async () => {
    const storage = engines[0]!.fresh();
    const { maker } = await finishedSwaps();
    const db = await SwapsStore.open(storage, RMD);
    await db.put({ ...swapRecord(maker), uuid: '00000000-0000-4000-8000-000000000001', saved_swap: { v: 1, type: 'Maker' } });
    await db.put(swapRecord(maker));
    const warnings: string[] = [];
    const events: [string, unknown][] = [];
    const store = new SwapStore(db, (_l, line) => warnings.push(line), (event, data) => events.push([event, data]));
    expect(store.unreadableRecords).toBe(0);
    expect((await store.all()).map((s) => s.uuid)).toEqual([UUID]);
    expect(await store.unfinished()).toEqual([]);
    await expect(store.get('00000000-0000-4000-8000-000000000001')).rejects.toThrow(SavedSwapError);
    expect(store.unreadableRecords).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^swaps: skipping the unreadable stored swap 00000000-0000-4000-8000-000000000001: swap\.\w+/);
    expect(events).toEqual([
      ['unreadable_records', { db: 'swap', table: 'saved_swap', key: '00000000-0000-4000-8000-000000000001', error: expect.stringMatching(/^swap\./), total: 1 }],
    ]);
    // Another record whose swap is not even an object counts once more.
    await db.put({ ...swapRecord(maker), uuid: '00000000-0000-4000-8000-000000000002', saved_swap: 'garbage' });
    expect((await store.all()).map((s) => s.uuid)).toEqual([UUID]);
    expect(store.unreadableRecords).toBe(2);
    db.close();
  });
});
