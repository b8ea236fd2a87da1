import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MmError } from '../../../../src/node/core/errors';
import { encodeOrdermatchMessage, decodeOrdermatchMessage } from '../../../../src/node/orders/messages/codec';
import type { SellBuyRequest } from '../../../../src/node/orders/takerActions';
import { Bus } from './bus';
import { num, settle, startTestNode, useFakeClock, type TestNode, sellBuyRequest } from './harness';

const request = (over: Partial<SellBuyRequest> = {}): SellBuyRequest => sellBuyRequest({ ...over });

const maker = (price: string, volume = '5') => ({
  base: 'RLTC1',
  rel: 'RLTC2',
  price: num(price),
  volume: num(volume),
  max: false,
  cancelPrevious: true,
  saveInHistory: true,
});

let bus: Bus;
let cheap: TestNode;
let dear: TestNode;
let taker: TestNode;

beforeEach(async () => {
  useFakeClock();
  bus = new Bus();
  cheap = await startTestNode(bus);
  dear = await startTestNode(bus);
  taker = await startTestNode(bus);
});

afterEach(async () => {
  for (const n of [cheap, dear, taker]) await n.service.stop();
  vi.useRealTimers();
});

const sent = (type: string) => bus.log.map((m) => decodeOrdermatchMessage(m.payload)).filter((m) => m.type === type);

describe('TakerRequest → MakerReserved → (3 s) → TakerConnect → MakerConnected', () => {
  it('a Buy connects to the best-priced maker; both sides record the match with the swap uuid', async () => {
    const dearOrder = await dear.service.setPrice(maker('2'));
    const cheapOrder = await cheap.service.setPrice(maker('1.5'));
    await settle();
    const order = await taker.service.sellOrBuy(request());
    await settle();
    expect(sent('MakerReserved')).toHaveLength(2);
    expect(sent('TakerConnect')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    expect(sent('TakerConnect').map((m) => m.msg)).toEqual([{ takerOrderUuid: order.request.uuid, makerOrderUuid: cheapOrder.uuid }]);
    expect(sent('MakerConnected')).toHaveLength(1);

    const matched = cheap.service.makerOrders()[0]!;
    expect(matched.startedSwaps).toEqual([order.request.uuid]);
    expect(matched.matches.get(order.request.uuid)?.connected).toBeDefined();
    expect(cheap.swaps).toEqual([expect.objectContaining({ swapUuid: order.request.uuid, role: 'Maker', otherPubkey: taker.id })]);
    expect(taker.swaps).toEqual([expect.objectContaining({ swapUuid: order.request.uuid, role: 'Taker', otherPubkey: cheap.id, base: 'RLTC1', rel: 'RLTC2' })]);
    expect(taker.swaps[0]?.baseAmount.toDecimalString()).toBe('1');
    expect(taker.swaps[0]?.relAmount.toDecimalString()).toBe('1.5');
    expect(taker.service.takerOrders()).toEqual([]);

    // What is left is announced to peers; the unchosen maker's reservation frees its volume after ORDER_MATCH_TIMEOUT.
    expect(sent('MakerOrderUpdated').map((m) => m.msg)).toEqual([expect.objectContaining({ uuid: cheapOrder.uuid })]);
    const reserved = dear.service.makerOrders()[0]!;
    expect(reserved.matches.size).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(reserved.uuid).toBe(dearOrder.uuid);
    expect(reserved.matches.size).toBe(0);
    expect(cheap.service.makerOrders()[0]?.matches.size).toBe(1);
  });

  it('a Sell of the maker’s rel matches at the maker’s price', async () => {
    const order = await cheap.service.setPrice(maker('2'));
    await settle();
    // Sell 2 RLTC2 for at least 0.8 RLTC1 (price 0.4 RLTC1 per RLTC2): the maker gives 1 RLTC1.
    await taker.service.sellOrBuy(request({ action: 'Sell', base: 'RLTC2', rel: 'RLTC1', price: num('0.4'), volume: num('2') }));
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    expect(taker.swaps[0]).toMatchObject({ makerOrderUuid: order.uuid, base: 'RLTC1', rel: 'RLTC2' });
    expect(taker.swaps[0]?.baseAmount.toDecimalString()).toBe('1');
    expect(taker.swaps[0]?.relAmount.toDecimalString()).toBe('2');
  });

  it('match_by Pubkeys and Orders: only the named makers answer', async () => {
    await cheap.service.setPrice(maker('1.5'));
    const dearOrder = await dear.service.setPrice(maker('2'));
    await settle();
    await taker.service.sellOrBuy(request({ matchBy: { type: 'Pubkeys', data: [dear.id] } }));
    await settle();
    expect(sent('MakerReserved').map((m) => m.msg)).toEqual([expect.objectContaining({ makerOrderUuid: dearOrder.uuid })]);
    await taker.service.sellOrBuy(request({ matchBy: { type: 'Orders', data: [dearOrder.uuid] }, volume: num('1.1') }));
    await settle();
    expect(sent('MakerReserved')).toHaveLength(2);
  });

  it('only the requester may connect to a reservation', async () => {
    const order = await cheap.service.setPrice(maker('1.5'));
    await settle();
    const req = await taker.service.sellOrBuy(request());
    await settle();
    const connect = encodeOrdermatchMessage({ type: 'TakerConnect', msg: { takerOrderUuid: req.request.uuid, makerOrderUuid: order.uuid } });
    bus.inject('orbk/RLTC1:RLTC2', dear.pubkey, connect);
    await settle();
    expect(cheap.service.makerOrders()[0]?.matches.get(req.request.uuid)?.connected).toBeUndefined();
    expect(cheap.swaps).toEqual([]);
  });

  it('a maker ignores a request it cannot fill', async () => {
    await cheap.service.setPrice(maker('4'));
    await settle();
    await taker.service.sellOrBuy(request());
    await settle();
    expect(sent('MakerReserved')).toEqual([]);
  });
});

describe('order types after the timeout (spec §3.1)', () => {
  it('GoodTillCancelled: unmatched, it becomes a maker order with the same uuid and min volume; match_by no longer applies', async () => {
    const order = await taker.service.sellOrBuy(
      request({ action: 'Sell', price: num('2'), volume: num('3'), minVolume: num('0.5'), timeout: 5, matchBy: { type: 'Pubkeys', data: [dear.id] } }),
    );
    await vi.advanceTimersByTimeAsync(4000);
    expect(taker.service.takerOrders()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    expect(taker.service.takerOrders()).toEqual([]);
    const made = taker.service.makerOrders();
    expect(made.map((o) => [o.uuid, o.base, o.rel, o.price.toDecimalString(), o.maxBaseVol.toDecimalString(), o.minBaseVol.toDecimalString()])).toEqual([
      [order.request.uuid, 'RLTC1', 'RLTC2', '2', '3', '0.5'],
    ]);
    const { asks } = await cheap.service.orderbook('RLTC1', 'RLTC2');
    expect(asks.map((a) => a.uuid)).toEqual([order.request.uuid]);
    // Any taker now matches it, not only the pubkey the request named.
    await cheap.service.sellOrBuy(request({ price: num('2') }));
    await settle();
    expect(sent('MakerReserved')).toHaveLength(1);
  });

  it('GoodTillCancelled Buy becomes a maker order selling the rel', async () => {
    await taker.service.sellOrBuy(request({ price: num('2'), volume: num('3'), minVolume: num('1'), timeout: 1 }));
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    const [made] = taker.service.makerOrders();
    expect([made?.base, made?.rel, made?.price.toDecimalString(), made?.maxBaseVol.toDecimalString(), made?.minBaseVol.toDecimalString()]).toEqual(['RLTC2', 'RLTC1', '0.5', '6', '2']);
  });

  it('FillOrKill: unmatched, it is cancelled', async () => {
    await taker.service.sellOrBuy(request({ orderType: 'FillOrKill', timeout: 2 }));
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    expect(taker.service.takerOrders()).toEqual([]);
    expect(taker.service.makerOrders()).toEqual([]);
    expect(sent('MakerOrderCreated')).toEqual([]);
  });

  it('a request with a match is not cancellable while matching', async () => {
    await cheap.service.setPrice(maker('1.5'));
    await settle();
    const req = await taker.service.sellOrBuy(request());
    await settle();
    bus.drop = (to) => to === cheap.p2p.peerId;
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    const err = await taker.service.cancelOrder(req.request.uuid).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MmError);
    expect((err as MmError).message).toBe(`Order ${req.request.uuid} is being matched now, can't cancel`);
    expect((await taker.service.cancelAllOrders({ type: 'All' })).currentlyMatching).toEqual([req.request.uuid]);
    // The maker's reservation blocks its own cancel too, until it times out.
    const makerUuid = cheap.service.makerOrders()[0]!.uuid;
    await expect(cheap.service.cancelOrder(makerUuid)).rejects.toThrow(/being matched now/);
  });
});

describe('sell/buy validation: a clear error and nothing stored or sent', () => {
  it.each<[string, Partial<SellBuyRequest>, RegExp]>([
    ['base equals rel', { rel: 'RLTC1' }, /Base and rel must be different coins/],
    ['inactive coin', { rel: 'DOC' }, /Rel coin is not found or inactive/],
    ['wallet-only coin', { base: 'WONLY' }, /Base coin WONLY is wallet only/],
    ['price below 0.00000001', { price: num('0.000000001') }, /Price is too low, minimum is 0.00000001/],
    ['volume below the min trading volume', { volume: num('0.0001') }, /Base amount 0.0001 is too low, required: 0.000546/],
    ['rel volume below the min trading volume', { price: num('0.0001'), volume: num('1') }, /Rel amount 0.0001 is too low, required: 0.000546/],
    ['min volume above volume', { minVolume: num('2') }, /Max base vol 1 is below min base vol: 2/],
    ['min volume below the threshold', { minVolume: num('0.0001') }, /Min volume 0.0001 is too low/],
    ['not enough of the coin sent (buy sends rel)', { volume: num('40') }, /Not enough RLTC2/],
  ])('%s', async (_name, over, message) => {
    await expect(taker.service.sellOrBuy(request(over))).rejects.toThrow(message);
    expect(taker.service.takerOrders()).toEqual([]);
    expect(bus.log).toEqual([]);
  });

  it('what an open taker request will send is locked', async () => {
    await taker.service.sellOrBuy(request({ action: 'Sell', volume: num('80'), price: num('1') }));
    await expect(taker.service.sellOrBuy(request({ action: 'Sell', volume: num('30'), price: num('1') }))).rejects.toThrow(/available 20/);
  });
});
