/**
 * Issue 26 at unit level: thousands of valid orders from one key through the orderbook's message
 * path (the in-process bus: no signatures, no libp2p), and the bounds on others' orders.
 */
import { randomUUID } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../../../src/node/crypto';
import { encodeOrdermatchMessage } from '../../../../src/node/orders/messages/codec';
import type { MakerOrderCreatedMsg } from '../../../../src/node/orders/messages/types';
import { MAX_ORDERS_PER_MAKER, Orderbook } from '../../../../src/node/orders/orderbook';
import { implausibility, isCreatedInFuture } from '../../../../src/node/orders/plausibility';
import { MAKER_BURST } from '../../../../src/node/orders/service';
import type { OrderbookItem } from '../../../../src/node/orders/types';
import { MmNumber } from '../../../../src/shared/number';
import { Bus } from './bus';
import { num, setPriceRequest, startTestNode, type TestNode } from './harness';

const TOPIC = 'orbk/RLTC1:RLTC2';
const nodes: TestNode[] = [];
afterEach(async () => {
  await Promise.all(nodes.splice(0).map((n) => n.service.stop()));
});

function created(over: Partial<MakerOrderCreatedMsg> = {}): Uint8Array {
  const now = Math.floor(Date.now() / 1000);
  return encodeOrdermatchMessage({
    type: 'MakerOrderCreated',
    msg: {
      uuid: randomUUID(),
      base: 'RLTC1',
      rel: 'RLTC2',
      price: num('1'),
      maxVolume: num('1'),
      minVolume: num('0.1'),
      createdAt: now,
      confSettings: { baseConfs: 1, baseNota: false, relConfs: 1, relNota: false },
      timestamp: now,
      pairTrieRoot: new Uint8Array(8),
      baseProtocolInfo: new Uint8Array(),
      relProtocolInfo: new Uint8Array(),
      ...over,
    },
  });
}

const heldOf = async (node: TestNode, pubkey: string): Promise<number> =>
  (await node.service.orderbook('RLTC1', 'RLTC2')).asks.filter((o) => o.pubkey === pubkey).length;

/** Lets every queued delivery run (each on a microtask, then its handler). */
const drain = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('a flood of valid orders from one key (issue 26)', () => {
  it('5,000 orders: the book takes the maker’s 1,000, each further order costs its author, in linear time', async () => {
    const bus = new Bus();
    const bob = await startTestNode(bus);
    nodes.push(bob);
    await bob.service.orderbook('RLTC1', 'RLTC2');
    const flooder = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
    const messages = Array.from({ length: 5_000 }, () => created());
    const start = performance.now();
    for (const m of messages) bus.inject(TOPIC, flooder, m);
    await drain();
    const ms = performance.now() - start;
    expect(await heldOf(bob, bytesToHex(flooder))).toBe(MAX_ORDERS_PER_MAKER);
    // Past the maker's rate (MAKER_BURST at once, then a trickle) the rest are dropped before any work;
    // those admitted past its bound cost the author: every order beyond the 1,000 is one or the other.
    const penalized = bob.p2p.penalties.filter((p) => p.peerId === 'forger').length;
    const overRate = bob.logs.filter((l) => l.includes("over the maker's message rate")).length;
    expect(penalized).toBeGreaterThanOrEqual(MAKER_BURST - MAX_ORDERS_PER_MAKER);
    expect(penalized + overRate).toBe(5_000 - MAX_ORDERS_PER_MAKER);
    // Quadratic, this was 28.8 s for 1,000 orders on this machine; linear, it is about a second for all.
    expect(ms).toBeLessThan(15_000);
  }, 60_000);

  it('an honest maker with 500 orders is seen whole, and keeps its orders when it updates them', async () => {
    const bus = new Bus();
    const [alice, bob] = await Promise.all([startTestNode(bus, { balances: { RLTC1: '1000', RLTC2: '1000' } }), startTestNode(bus)]);
    nodes.push(alice, bob);
    await bob.service.orderbook('RLTC1', 'RLTC2');
    const uuids: string[] = [];
    for (let i = 0; i < 500; i++) uuids.push((await alice.service.setPrice(setPriceRequest({ price: num(`${2 + i / 1000}`), saveInHistory: false }))).uuid);
    await drain();
    expect((await bob.service.orderbook('RLTC1', 'RLTC2')).asks.map((o) => o.uuid).sort()).toEqual([...uuids].sort());
    await alice.service.updateMakerOrder({ uuid: uuids[7]!, newPrice: num('9'), max: false });
    await drain();
    expect((await bob.service.orderbook('RLTC1', 'RLTC2')).asks.find((o) => o.uuid === uuids[7])?.price.eq(num('9'))).toBe(true);
    expect(bob.p2p.penalties).toEqual([]);
  }, 60_000);
});

describe('plausibility of others’ orders (issue 26)', () => {
  const order = (over: Partial<OrderbookItem>): OrderbookItem => ({
    pubkey: '02aa',
    base: 'X',
    rel: 'Y',
    price: num('1'),
    maxVolume: num('1'),
    minVolume: num('0.1'),
    uuid: randomUUID(),
    createdAt: 1_700_000_000,
    baseProtocolInfo: new Uint8Array(),
    relProtocolInfo: new Uint8Array(),
    confSettings: null,
    ...over,
  });
  const e = (n: bigint): MmNumber => MmNumber.of(10n ** n);
  const tiny = (n: bigint): MmNumber => MmNumber.of(1n, 10n ** n);

  it('refuses the issue’s volume 10^40, prices 10^60 and 10^-30, and KDF’s non-positive numbers; takes the edges', () => {
    expect(implausibility(order({ maxVolume: e(40n) }))).toBe('a max volume out of bounds');
    expect(implausibility(order({ price: e(60n) }))).toBe('a rel volume out of bounds');
    expect(implausibility(order({ price: tiny(30n) }))).toBe('a rel volume out of bounds');
    expect(implausibility(order({ price: num('0') }))).toBe('a price or volume not above zero');
    expect(implausibility(order({ minVolume: num('2') }))).toBe('a min volume above its max');
    expect(implausibility(order({ maxVolume: e(18n), minVolume: num('0') }))).toBeNull();
    expect(implausibility(order({ maxVolume: tiny(18n), minVolume: num('0') }))).toBeNull();
    const book = new Orderbook();
    expect(book.upsert(order({ maxVolume: e(40n) }), 0)).toBe(false);
    expect(book.all()).toEqual([]);
  });

  it('refuses a created_at of 9,999,999,999, and one more than 20 s ahead of our clock', () => {
    const now = 1_700_000_000_000;
    expect(isCreatedInFuture({ createdAt: 9_999_999_999 }, now)).toBe(true);
    expect(isCreatedInFuture({ createdAt: 1_700_000_021 }, now)).toBe(true);
    expect(isCreatedInFuture({ createdAt: 1_700_000_020 }, now)).toBe(false);
    expect(isCreatedInFuture({ createdAt: 1_600_000_000 }, now)).toBe(false);
  });

  it('a MakerOrderCreated with a created_at in the future does not enter the book', async () => {
    const bus = new Bus();
    const bob = await startTestNode(bus);
    nodes.push(bob);
    await bob.service.orderbook('RLTC1', 'RLTC2');
    const maker = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
    bus.inject(TOPIC, maker, created({ createdAt: 9_999_999_999 }));
    bus.inject(TOPIC, maker, created({ maxVolume: MmNumber.of(10n ** 40n) }));
    await drain();
    expect(await heldOf(bob, bytesToHex(maker))).toBe(0);
    expect(bob.logs.filter((l) => l.includes(`of ${bytesToHex(maker)}: a`))).toHaveLength(2);
  });
});
