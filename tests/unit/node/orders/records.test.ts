/**
 * Stored order records: versioned, plain, validated when read, old (v0) records moved forward, and
 * a record that cannot be read reported and skipped without blocking the others.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MmNumber } from '../../../../src/shared/number';
import { ParamReader } from '../../../../src/shared/params';
import { OrdersService } from '../../../../src/node/orders/service';
import { UNREADABLE_RECORDS_EVENT } from '../../../../src/node/orders/core';
import { OrdersPersistence } from '../../../../src/node/orders/persistence';
import {
  historyFromRecord,
  historyToRecord,
  makerOrderFromRecord,
  makerOrderToRecord,
  takerOrderFromRecord,
  takerOrderToRecord,
} from '../../../../src/node/orders/records';
import { upgradeRecord } from '../../../../src/node/orders/recordsMigration';
import type { MakerOrder, TakerOrder } from '../../../../src/node/orders/types';
import { HISTORY_ORDERS, MAKER_ORDERS, OrdersStore, TAKER_ORDERS, type StoredOrderRecord } from '../../../../src/node/storage/ordersDb';
import { freshIndexedDb } from '../../../../tools/host/nodeIndexedDb';
import type { StorageFactory } from '../../../../src/node/storage';
import { Bus } from './bus';
import { CONFIGS, fakeBalance, num, useFakeClock } from './harness';
import { EnabledCoins } from '../../../../src/node/coins/registry';

const WALLET = 'ef'.repeat(20);
const conf = { baseConfs: 1, baseNota: false, relConfs: 2, relNota: true };
const TAKER_UUID = '11111111-2222-4333-8444-555555555555';
const MAKER_UUID = '66666666-7777-4888-9999-aaaaaaaaaaaa';

function makerOrder(): MakerOrder {
  const request = {
    base: 'RLTC1',
    rel: 'RLTC2',
    baseAmount: num('1'),
    relAmount: MmNumber.of(5n, 3n),
    action: 'Buy' as const,
    uuid: TAKER_UUID,
    senderPubkey: 'aa'.repeat(32),
    destPubKey: '00'.repeat(32),
    matchBy: { type: 'Orders' as const, data: [MAKER_UUID] },
    confSettings: conf,
    baseProtocolInfo: new Uint8Array([1, 2, 255]),
  };
  const reserved = {
    base: 'RLTC1',
    rel: 'RLTC2',
    baseAmount: num('1'),
    relAmount: num('1.5'),
    takerOrderUuid: TAKER_UUID,
    makerOrderUuid: MAKER_UUID,
    senderPubkey: 'bb'.repeat(32),
    destPubKey: 'aa'.repeat(32),
    confSettings: conf,
    relProtocolInfo: new Uint8Array([9]),
  };
  const connect = { takerOrderUuid: TAKER_UUID, makerOrderUuid: MAKER_UUID, senderPubkey: 'aa'.repeat(32), destPubKey: 'bb'.repeat(32) };
  return {
    uuid: MAKER_UUID,
    base: 'RLTC1',
    rel: 'RLTC2',
    price: MmNumber.of(3n, 2n),
    maxBaseVol: num('10'),
    minBaseVol: MmNumber.of(1n, 7n),
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_500,
    matches: new Map([[TAKER_UUID, { request, reserved, connect, connected: { ...connect }, lastUpdated: 1_700_000_000_400 }]]),
    startedSwaps: [TAKER_UUID],
    confSettings: conf,
    changesHistory: [{ updatedAt: 1_700_000_000_000, price: num('1.4'), confSettings: conf }],
    saveInHistory: true,
    baseOrderbookTicker: null,
    relOrderbookTicker: 'RLTC2',
    wasTaker: true,
  };
}

function takerOrder(): TakerOrder {
  const maker = makerOrder();
  const match = maker.matches.get(TAKER_UUID)!;
  return {
    createdAt: 1_700_000_000_000,
    request: match.request,
    matches: new Map([[MAKER_UUID, { reserved: match.reserved, connect: match.connect!, lastUpdated: 5 }]]),
    minVolume: num('0.5'),
    orderType: 'FillOrKill',
    timeout: 30,
    saveInHistory: false,
    baseOrderbookTicker: 'RLTC1',
    relOrderbookTicker: null,
  };
}

/** Today's (v0) record content: the order as it was written before records had versions. */
function v0Plain(v: unknown): unknown {
  if (v instanceof MmNumber) return { $num: `${v.numer}/${v.denom}` };
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [k, v0Plain(x)]) };
  if (v instanceof Uint8Array || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(v0Plain);
  return Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (x === undefined ? [] : [[k, v0Plain(x)]])));
}

/** The order without its protocol-info bytes. */
function withoutBytes<T extends MakerOrder | TakerOrder>(order: T): T {
  const strip = <M extends { baseProtocolInfo?: Uint8Array; relProtocolInfo?: Uint8Array }>(m: M): M => {
    const { baseProtocolInfo: _b, relProtocolInfo: _r, ...rest } = m;
    return rest as M;
  };
  if ('request' in order) {
    const matches = new Map([...order.matches].map(([k, m]) => [k, { ...m, reserved: strip(m.reserved) }]));
    return { ...order, request: strip(order.request), matches };
  }
  const matches = new Map([...order.matches].map(([k, m]) => [k, { ...m, request: strip(m.request), reserved: strip(m.reserved) }]));
  return { ...order, matches };
}

const asRecord = (r: unknown) => r as StoredOrderRecord;
const plainJson = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('order record codecs (v1)', () => {
  it('a maker order with a connected match goes to a plain record and comes back equal', () => {
    const order = makerOrder();
    const record = makerOrderToRecord(order);
    expect(plainJson(record)).toEqual(record);
    expect(record).toMatchObject({ v: 1, uuid: MAKER_UUID, price: { numer: '3', denom: '2' }, minBaseVol: { numer: '1', denom: '7' } });
    expect(makerOrderFromRecord(new ParamReader(plainJson(record)))).toEqual(order);
  });

  it('a taker order and a history entry round-trip too', () => {
    const taker = takerOrder();
    const record = takerOrderToRecord(taker);
    expect(record).toMatchObject({ v: 1, uuid: TAKER_UUID });
    expect(takerOrderFromRecord(new ParamReader(plainJson(record)))).toEqual(taker);
    const history = historyToRecord({ order: makerOrder(), reason: 'Cancelled' }, 42);
    expect(historyFromRecord(new ParamReader(plainJson(history)))).toEqual({ type: 'Maker', order: makerOrder(), reason: 'Cancelled', finishedAt: 42 });
  });

  it('refuses wrong fields, naming them', () => {
    const bad = (change: (r: Record<string, unknown>) => void) => {
      const r = plainJson(makerOrderToRecord(makerOrder())) as Record<string, unknown>;
      change(r);
      return () => makerOrderFromRecord(new ParamReader(r));
    };
    expect(bad((r) => (r.price = '1.5'))).toThrow(/price/);
    expect(bad((r) => (r.price = { numer: '1', denom: '0' }))).toThrow(/price/);
    expect(bad((r) => (r.maxBaseVol = { numer: 'x', denom: '1' }))).toThrow(/maxBaseVol/);
    expect(bad((r) => (r.createdAt = -1))).toThrow(/createdAt/);
    expect(bad((r) => ((r.matches as Record<string, unknown>[])[0]!.request = null))).toThrow(/matches\[0\]\.request/);
    expect(bad((r) => ((r.confSettings as Record<string, unknown>).baseConfs = '1'))).toThrow(/confSettings\.baseConfs/);
  });
});

describe('the ordermatch store', () => {
  let factory: StorageFactory;
  let raw: OrdersStore;

  beforeEach(async () => {
    factory = freshIndexedDb();
    raw = await OrdersStore.open(factory, WALLET);
  });

  afterEach(() => raw.close());

  it('moves v0 records (the $num/$map shape) forward, reads them as they were, and writes them back as v1', async () => {
    // The storage engine keeps JSON values only, so these v0 records carry no protocol-info bytes
    // (an IndexedDB one would hold a Uint8Array there: see the next test).
    const maker = withoutBytes(makerOrder());
    const taker = withoutBytes(takerOrder());
    await raw.write({
      [MAKER_ORDERS]: { put: [asRecord({ uuid: maker.uuid, order: v0Plain(maker) })] },
      [TAKER_ORDERS]: { put: [asRecord({ uuid: taker.request.uuid, order: v0Plain(taker) })] },
      [HISTORY_ORDERS]: { put: [asRecord({ uuid: 'h1', type: 'Maker', order: v0Plain({ ...maker, uuid: 'h1' }), reason: 'Fulfilled', finishedAt: 7 })] },
    });
    const p = new OrdersPersistence(await OrdersStore.open(factory, WALLET));
    expect(await p.load()).toEqual({ makers: [maker], takers: [taker], unreadable: [] });
    expect(await p.history()).toEqual({ orders: [{ type: 'Maker', order: { ...maker, uuid: 'h1' }, reason: 'Fulfilled', finishedAt: 7 }], unreadable: [] });
    const [storedMaker] = (await raw.all(MAKER_ORDERS)) as unknown as Record<string, unknown>[];
    expect(storedMaker).toEqual(makerOrderToRecord(maker));
    const [storedHistory] = (await raw.all(HISTORY_ORDERS)) as unknown as Record<string, unknown>[];
    expect(storedHistory).toMatchObject({ v: 1, uuid: 'h1', type: 'Maker', reason: 'Fulfilled' });
    p.close();
  });

  it('a converted order keeps the request it began as; older records without it read as before', () => {
    const maker = makerOrder();
    const converted = { ...maker, takerOrigin: { request: { ...maker.matches.get(TAKER_UUID)!.request, uuid: MAKER_UUID }, createdAt: 1_699_999_000_000 } };
    expect(makerOrderFromRecord(new ParamReader(makerOrderToRecord(converted)))).toEqual(converted);
    expect(makerOrderFromRecord(new ParamReader(makerOrderToRecord(maker)))).toEqual(maker);
    const broken = { ...makerOrderToRecord(converted), takerOrigin: { createdAt: 1 } };
    expect(() => makerOrderFromRecord(new ParamReader(broken))).toThrow(/takerOrigin\.request/);
  });

  it('v0 protocol-info bytes become hex', () => {
    const maker = makerOrder();
    const { record, migrated } = upgradeRecord('maker', { uuid: maker.uuid, order: v0Plain(maker) });
    expect(migrated).toBe(true);
    expect(makerOrderFromRecord(new ParamReader(record))).toEqual(maker);
    expect(() => upgradeRecord('maker', { uuid: 'x', order: { price: { $num: '1.5' } } })).toThrow(/order\.price/);
    expect(upgradeRecord('maker', makerOrderToRecord(maker)).migrated).toBe(false);
  });

  it('skips and reports a record it cannot read; the others load', async () => {
    const good = makerOrder();
    const broken = { ...makerOrderToRecord({ ...good, uuid: 'bad-1' }), maxBaseVol: 12 };
    await raw.write({
      [MAKER_ORDERS]: { put: [asRecord(makerOrderToRecord(good)), asRecord(broken), asRecord({ uuid: 'bad-2', v: 9 })] },
      [TAKER_ORDERS]: { put: [asRecord({ uuid: 'bad-3', order: { request: { $num: 'nonsense' } } })] },
    });
    const p = new OrdersPersistence(await OrdersStore.open(factory, WALLET));
    const loaded = await p.load();
    expect(loaded.makers).toEqual([good]);
    expect(loaded.takers).toEqual([]);
    expect(loaded.unreadable.map((u) => [u.table, u.key])).toEqual([
      [MAKER_ORDERS, 'bad-1'],
      [MAKER_ORDERS, 'bad-2'],
      [TAKER_ORDERS, 'bad-3'],
    ]);
    expect(loaded.unreadable[0]?.error).toMatch(/maxBaseVol/);
    expect(loaded.unreadable[1]?.error).toMatch(/unknown record version 9/);
    p.close();
  });

  it('a starting node logs each unreadable record, sends an event with the count, and runs with the rest', async () => {
    useFakeClock();
    const good = makerOrder();
    good.matches.clear();
    good.startedSwaps = [];
    await raw.write({ [MAKER_ORDERS]: { put: [asRecord(makerOrderToRecord(good)), asRecord({ uuid: 'bad-1', v: 1, base: 'RLTC1' })] } });
    const logs: string[] = [];
    const events: [string, unknown][] = [];
    const bus = new Bus();
    const service = await OrdersService.start({
      p2p: bus.join(new Uint8Array(33).fill(2)),
      pubkey: new Uint8Array(33).fill(2),
      coins: { enabled: new EnabledCoins(), configs: CONFIGS },
      balance: fakeBalance(new Map()),
      persistence: new OrdersPersistence(await OrdersStore.open(factory, WALLET)),
      now: () => Date.now(),
      log: (level, line) => logs.push(`${level}: ${line}`),
      emit: (event, data) => events.push([event, data]),
    });
    try {
      expect(service.makerOrders().map((o) => o.uuid)).toEqual([good.uuid]);
      expect(service.unreadableRecords).toBe(1);
      expect(logs).toEqual([expect.stringMatching(/^error: orders: skipped the unreadable record bad-1 of my_active_maker_orders: missing field `matches`$/)]);
      expect(events).toEqual([[UNREADABLE_RECORDS_EVENT, expect.objectContaining({ db: 'ordermatch', table: MAKER_ORDERS, key: 'bad-1', total: 1 })]]);
    } finally {
      await service.stop();
      vi.useRealTimers();
    }
  });
});
