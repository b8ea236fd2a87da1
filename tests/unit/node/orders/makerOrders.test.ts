import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MmError } from '../../../../src/node/core/errors';
import { decodeOrdermatchMessage } from '../../../../src/node/orders/messages/codec';
import type { SetPriceRequest } from '../../../../src/node/orders/makerActions';
import { Bus } from './bus';
import { num, settle, startTestNode, useFakeClock, type TestNode, setPriceRequest } from './harness';

const setprice = (over: Partial<SetPriceRequest> = {}): SetPriceRequest => setPriceRequest({ cancelPrevious: true, ...over });

const sentTypes = (bus: Bus): string[] => bus.log.map((m) => decodeOrdermatchMessage(m.payload).type);

async function failure(p: Promise<unknown>): Promise<MmError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(MmError);
  return e as MmError;
}

let bus: Bus;
let maker: TestNode;
let other: TestNode;

beforeEach(async () => {
  useFakeClock();
  bus = new Bus();
  maker = await startTestNode(bus);
  other = await startTestNode(bus);
});

afterEach(async () => {
  await maker.service.stop();
  await other.service.stop();
  vi.useRealTimers();
});

describe('setprice', () => {
  it('creates a maker order with KDF defaults and announces it on orbk/<A>:<B>', async () => {
    const order = await maker.service.setPrice(setprice({ minVolume: num('0.1') }));
    expect(order).toMatchObject({ base: 'RLTC1', rel: 'RLTC2', saveInHistory: true, startedSwaps: [], baseOrderbookTicker: null });
    expect(order.minBaseVol.toDecimalString()).toBe('0.1');
    expect(order.confSettings).toEqual({ baseConfs: 1, baseNota: false, relConfs: 1, relNota: false });
    expect(order.createdAt).toBe(order.updatedAt);
    expect(bus.log[0]?.topic).toBe('orbk/RLTC1:RLTC2');
    expect(sentTypes(bus)).toEqual(['MakerOrderCreated']);
    await settle();
    const { asks } = await other.service.orderbook('RLTC1', 'RLTC2');
    expect(asks.map((a) => [a.uuid, a.pubkey, a.maxVolume.toDecimalString()])).toEqual([[order.uuid, maker.pubkeyHex, '1']]);
  });

  it('defaults min volume to the larger of base min and rel min / price (KDF validate_and_get_min_vol)', async () => {
    const order = await maker.service.setPrice(setprice({ price: num('0.5') }));
    // RLTC dust 5460 → min_trading_vol 0.000546; rel min / 0.5 = 0.001092.
    expect(order.minBaseVol.toDecimalString()).toBe('0.001092');
  });

  it('takes conf settings from the request', async () => {
    const order = await maker.service.setPrice(setprice({ baseConfs: 5, relNota: true }));
    expect(order.confSettings).toEqual({ baseConfs: 5, baseNota: false, relConfs: 1, relNota: true });
  });

  it('cancel_previous (default) replaces my order on the same pair; false keeps it', async () => {
    const first = await maker.service.setPrice(setprice());
    const second = await maker.service.setPrice(setprice({ price: num('3') }));
    expect(maker.service.makerOrders().map((o) => o.uuid)).toEqual([second.uuid]);
    const third = await maker.service.setPrice(setprice({ price: num('4'), cancelPrevious: false }));
    expect(maker.service.makerOrders().map((o) => o.uuid)).toEqual([second.uuid, third.uuid]);
    await settle();
    const { asks } = await other.service.orderbook('RLTC1', 'RLTC2');
    expect(asks.map((a) => a.uuid)).not.toContain(first.uuid);
    expect(asks).toHaveLength(2);
  });

  it('max offers the whole balance less what my other orders lock', async () => {
    await maker.service.setPrice(setprice({ base: 'RLTC1', rel: 'ETHDEV', volume: num('30') }));
    const order = await maker.service.setPrice(setprice({ max: true }));
    expect(order.maxBaseVol.toDecimalString()).toBe('70');
  });
});

describe('order validation: a clear error and nothing stored or sent', () => {
  const cases: [string, Partial<SetPriceRequest>, RegExp][] = [
    ['price zero', { price: num('0') }, /Price 0 is too low, required: 0/],
    ['negative price', { price: num('-1') }, /Price -1 is too low/],
    ['base equals rel', { rel: 'RLTC1' }, /Rel coin can not be same as base/],
    ['inactive base', { base: 'DOC' }, /Base coin DOC is not found/],
    ['inactive rel', { rel: 'MARTY' }, /Rel coin MARTY is not found/],
    ['wallet-only coin', { rel: 'WONLY' }, /Rel coin WONLY is wallet only/],
    ['volume below the base min trading volume', { volume: num('0.0005') }, /Max base vol 0.0005 is too low, required: 0.000546/],
    ['volume worth less than the rel min trading volume', { price: num('0.0001'), volume: num('1') }, /Max rel vol 0.0001 is too low, required: 0.000546/],
    ['min volume above volume', { minVolume: num('2') }, /Max base vol 1 is below min base vol: 2/],
    ['min volume below the threshold', { minVolume: num('0.0001') }, /Min base vol 0.0001 is too low, required: 0.000546/],
    ['volume above the balance', { volume: num('100.5') }, /Not enough RLTC1/],
  ];

  it.each(cases)('%s', async (_name, over, message) => {
    const err = await failure(maker.service.setPrice(setprice(over)));
    expect(err.message).toMatch(message);
    expect(maker.service.makerOrders()).toEqual([]);
    expect(bus.log).toEqual([]);
  });

  it('counts what my open orders lock: two orders cannot both spend the same coins', async () => {
    await maker.service.setPrice(setprice({ volume: num('60') }));
    const err = await failure(maker.service.setPrice(setprice({ rel: 'ETHDEV', volume: num('50') })));
    expect(err.message).toMatch(/Not enough RLTC1 for swap: available 40/);
    expect(maker.service.makerOrders()).toHaveLength(1);
    expect(bus.log).toHaveLength(1);
  });

  it('a failed replacement leaves the previous order in place', async () => {
    const first = await maker.service.setPrice(setprice());
    await failure(maker.service.setPrice(setprice({ price: num('0') })));
    expect(maker.service.makerOrders().map((o) => o.uuid)).toEqual([first.uuid]);
    expect(sentTypes(bus)).toEqual(['MakerOrderCreated']);
  });
});

describe('update_maker_order (spec §4.9)', () => {
  it('changes price, volume and min volume, moves updated_at, records the changes, tells peers', async () => {
    const order = await maker.service.setPrice(setprice({ volume: num('10'), minVolume: num('1') }));
    await settle();
    await other.service.orderbook('RLTC1', 'RLTC2');
    vi.advanceTimersByTime(5);
    const updated = await maker.service.updateMakerOrder({ uuid: order.uuid, newPrice: num('3'), volumeDelta: num('-4'), minVolume: num('2'), max: false, relConfs: 4 });
    expect([updated.price, updated.maxBaseVol, updated.minBaseVol].map((n) => n.toDecimalString())).toEqual(['3', '6', '2']);
    expect(updated.confSettings.relConfs).toBe(4);
    expect(updated.updatedAt).toBeGreaterThan(updated.createdAt);
    expect(updated.changesHistory).toHaveLength(1);
    expect(updated.changesHistory[0]?.price?.toDecimalString()).toBe('2');
    expect(updated.changesHistory[0]?.maxBaseVol?.toDecimalString()).toBe('10');
    expect(sentTypes(bus)).toEqual(['MakerOrderCreated', 'MakerOrderUpdated']);
    await settle();
    const ask = (await other.service.orderbook('RLTC1', 'RLTC2')).asks[0]!;
    expect([ask.price, ask.maxVolume, ask.minVolume].map((n) => n.toDecimalString())).toEqual(['3', '6', '2']);
    expect(ask.confSettings?.relConfs).toBe(4);
  });

  it('updated_at changes even within the same millisecond', async () => {
    const order = await maker.service.setPrice(setprice());
    const before = order.updatedAt;
    await maker.service.updateMakerOrder({ uuid: order.uuid, max: false, baseNota: true });
    expect(order.updatedAt).toBeGreaterThan(before);
  });

  it('max: the whole balance less what other orders lock, keeping 0.001 for fees', async () => {
    await maker.service.setPrice(setprice({ rel: 'ETHDEV', volume: num('30') }));
    const order = await maker.service.setPrice(setprice({ cancelPrevious: false }));
    const updated = await maker.service.updateMakerOrder({ uuid: order.uuid, max: true });
    expect(updated.maxBaseVol.toDecimalString()).toBe('69.999');
  });

  it.each([
    ['an unknown uuid', { uuid: '00000000-0000-4000-8000-000000000000' }, /There is no order with UUID/],
    ['a price of zero', { newPrice: num('0') }, /Price 0 is too low/],
    ['a volume that ends at zero', { volumeDelta: num('-1') }, /New volume 0 should be more than zero/],
    ['a volume below the min trading volume', { volumeDelta: num('-0.9999') }, /Max base vol 0.0001 is too low/],
    ['a min volume above the volume', { minVolume: num('5') }, /Max base vol 1 is below min base vol: 5/],
    ['a volume above the balance', { volumeDelta: num('100') }, /Not enough RLTC1/],
  ])('refuses %s and changes nothing', async (_name, over, message) => {
    const order = await maker.service.setPrice(setprice());
    const snapshot = JSON.stringify(order, (_k, v: unknown) => (v instanceof Map ? [...v] : typeof v === 'bigint' ? String(v) : v));
    const err = await failure(maker.service.updateMakerOrder({ uuid: order.uuid, max: false, ...over }));
    expect(err.message).toMatch(message);
    expect(JSON.stringify(order, (_k, v: unknown) => (v instanceof Map ? [...v] : typeof v === 'bigint' ? String(v) : v))).toBe(snapshot);
    expect(sentTypes(bus)).toEqual(['MakerOrderCreated']);
  });
});

describe('cancel_order / cancel_all_orders', () => {
  it('cancels a maker order: peers drop it; an unknown uuid is reported as not found', async () => {
    const order = await maker.service.setPrice(setprice());
    await settle();
    await other.service.orderbook('RLTC1', 'RLTC2');
    expect(await maker.service.cancelOrder(order.uuid)).toBe(true);
    expect(maker.service.makerOrders()).toEqual([]);
    await settle();
    expect((await other.service.orderbook('RLTC1', 'RLTC2')).asks).toEqual([]);
    expect(await maker.service.cancelOrder(order.uuid)).toBe(false);
  });

  it('cancels by pair, by coin or all, and reports the counts', async () => {
    const a = await maker.service.setPrice(setprice());
    const b = await maker.service.setPrice(setprice({ rel: 'ETHDEV' }));
    const c = await maker.service.setPrice(setprice({ base: 'RLTC2', rel: 'ETHDEV' }));
    expect(await maker.service.cancelAllOrders({ type: 'Pair', base: 'RLTC1', rel: 'ETHDEV' })).toEqual({ cancelled: [b.uuid], currentlyMatching: [] });
    expect(await maker.service.cancelAllOrders({ type: 'Coin', ticker: 'RLTC2' })).toEqual({ cancelled: [a.uuid, c.uuid], currentlyMatching: [] });
    await maker.service.setPrice(setprice());
    expect((await maker.service.cancelAllOrders({ type: 'All' })).cancelled).toHaveLength(1);
    expect(maker.service.makerOrders()).toEqual([]);
  });
});
