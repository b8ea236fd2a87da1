/**
 * Issue 9 item 4 over the real network: a peer answering `GetOrderbook` with a forged order under
 * alice's pubkey, or with an empty set for her, gets nothing into bob's book and takes nothing out
 * of it; its answer is dropped whole. Honest answers, relayed by a node that is not alice, still
 * fill a late joiner's book, since they carry alice's own signature over her orders.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesToHex } from '../../../src/node/crypto';
import { decodeOrdermatchMessage } from '../../../src/node/orders/messages/codec';
import type { OrderbookItem } from '../../../src/node/orders/types';
import { MmNumber } from '../../../src/shared/number';
import { meshed, seedPeerId, stopAll, WAIT } from '../p2p/helpers';
import { asks, sellOrder, startBookNode, stopBookNodes, type BookNode } from './bookNode';
import { follow, provokeResync, startForger, stopForgers } from './forger';

afterEach(async () => {
  await stopForgers();
  await stopBookNodes();
  await stopAll();
});

const held = async (node: BookNode, rel: string, uuid: string): Promise<OrderbookItem | undefined> =>
  (await node.service.orderbook('RLTC1', rel)).asks.find((o) => o.uuid === uuid);

describe('GetOrderbook answers are checked against the makers’ signatures', () => {
  it('a forged order under alice’s key, or an empty set for her: bob’s book gets no forged order and keeps her real ones', async () => {
    const [alice, bob, carol] = await Promise.all([startBookNode(), startBookNode(), startBookNode()]);
    const forger = await startForger();
    forger.p2p.subscribe('orbk/RLTC1:RLTC2', (m) => forger.seen.push(m));
    for (const rel of ['RLTC2', 'ETHDEV']) await Promise.all([follow(alice, rel), follow(bob, rel)]);
    await meshed(forger.p2p, 'orbk/RLTC1:RLTC2');

    const onRltc2 = await alice.service.setPrice(sellOrder('RLTC2'));
    const onEthdev = await alice.service.setPrice(sellOrder('ETHDEV'));
    await vi.waitFor(async () => expect([await asks(bob, 'RLTC2'), await asks(bob, 'ETHDEV')]).toEqual([[onRltc2.uuid], [onEthdev.uuid]]), WAIT);

    // A late joiner gets alice's orders from whichever node answers, bob included: they carry her signature.
    await vi.waitFor(async () => expect(await asks(carol, 'RLTC2')).toEqual([onRltc2.uuid]), WAIT);

    // Alice leaves: from now on only the forger has answers (her orders stay in books until her keep-alives are missed).
    const realItem = (await held(bob, 'RLTC2', onRltc2.uuid))!;
    const aliceCreated = forger.seen.find((m) => bytesToHex(m.from) === alice.pubkeyHex && decodeOrdermatchMessage(m.payload).type === 'MakerOrderCreated')!;
    expect(aliceCreated).toBeDefined();
    await alice.stop();
    await carol.stop();

    const forged: OrderbookItem = { ...realItem, uuid: '00000000-0000-4000-8000-00000000beef', price: MmNumber.parse('0.01') };
    forger.forge.answer = () => [{ pubkey: alice.pubkeyHex, lastKeepAlive: 1, proof: aliceCreated.envelope, orders: [realItem, forged] }];
    await provokeResync(forger.p2p, 'RLTC2');
    await vi.waitFor(() => expect(bob.logs.some((l) => l.includes('dropped a bad GetOrderbook RLTC1:RLTC2'))).toBe(true), WAIT);
    expect(bob.logs.some((l) => l.includes('seeds are not penalized'))).toBe(true);
    expect(forger.answered()).toBeGreaterThan(0);
    expect(await asks(bob, 'RLTC2')).toEqual([onRltc2.uuid]);

    forger.forge.answer = () => [{ pubkey: alice.pubkeyHex, lastKeepAlive: 1, proof: new Uint8Array(), orders: [] }];
    const before = forger.answered();
    await provokeResync(forger.p2p, 'ETHDEV');
    await vi.waitFor(() => expect(forger.answered()).toBeGreaterThan(before), WAIT);
    await new Promise((r) => setTimeout(r, 500)); // bob has taken the answer in
    expect(await asks(bob, 'ETHDEV')).toEqual([onEthdev.uuid]);
    expect(bob.p2p.connectedPeers()).toContain(seedPeerId()); // the seed that relayed the answers is not cut off
  });
});
