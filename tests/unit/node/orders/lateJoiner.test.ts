/**
 * Cancels for late joiners (issue 26, heldCreations.ts) on the in-process bus: a creation signed
 * before a node opened the pair waits for the maker's next root; the empty root (a maker that left
 * the pair says so in its keep-alives, as KDF's do) drops it; orders published after the node
 * joined show at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeOrdermatchMessage } from '../../../../src/node/orders/messages/codec';
import { EMPTY_TRIE_ROOT } from '../../../../src/node/orders/orderTrie';
import { Bus } from './bus';
import { setPriceRequest, startTestNode, type TestNode } from './harness';

const TOPIC = 'orbk/RLTC1:RLTC2';
const PAIR = 'RLTC1:RLTC2';
const nodes: TestNode[] = [];
afterEach(async () => {
  await Promise.all(nodes.splice(0).map((n) => n.service.stop()));
});

const drain = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
const asks = async (n: TestNode): Promise<string[]> => (await n.service.orderbook('RLTC1', 'RLTC2')).asks.map((o) => o.uuid);
/** The keep-alive round the service runs every keep-alive period. */
const keepAlives = (n: TestNode): Promise<void> => (n.service as unknown as { sync: { sendKeepAlives(): Promise<void> } }).sync.sendKeepAlives();

describe('a cancelled order replayed to a node that opened the pair later', () => {
  it('is held, then dropped by the maker’s keep-alive with the empty root; a later order shows at once', async () => {
    const bus = new Bus();
    const timing = { keepAliveMs: 60_000 };
    const alice = await startTestNode(bus, { timing });
    nodes.push(alice);
    const order = await alice.service.setPrice(setPriceRequest({ saveInHistory: false }));
    const created = bus.log.find((m) => m.topic === TOPIC && decodeOrdermatchMessage(m.payload).type === 'MakerOrderCreated')!.envelope;
    await alice.service.cancelOrder(order.uuid);
    await new Promise((r) => setTimeout(r, 1_100)); // the captured message is now signed before carol opens the pair

    const carol = await startTestNode(bus, { timing });
    nodes.push(carol);
    expect(await asks(carol)).toEqual([]);
    bus.replay(TOPIC, created);
    await drain();
    expect(carol.logs.filter((l) => l.includes(order.uuid))).toEqual([expect.stringContaining(`holding order ${order.uuid} of ${alice.pubkeyHex}`)]);
    expect(await asks(carol)).toEqual([]);

    // Alice's keep-alive round states her empty set on the pair she left.
    const before = bus.log.length;
    await keepAlives(alice);
    const stated = bus.log.slice(before).map((m) => decodeOrdermatchMessage(m.payload));
    expect(stated).toContainEqual({ type: 'PubkeyKeepAlive', msg: { trieRoots: new Map([[PAIR, EMPTY_TRIE_ROOT]]), timestamp: expect.any(Number) } });
    await drain();
    expect(carol.logs.some((l) => l.includes(`${alice.pubkeyHex} has no orders on ${PAIR}: 1 held orders dropped`))).toBe(true);
    expect(await asks(carol)).toEqual([]);

    // Replayed again: older than alice's last message now.
    bus.replay(TOPIC, created);
    await drain();
    expect(carol.logs.some((l) => l.includes(`dropped a MakerOrderCreated from ${alice.pubkeyHex}: older than the maker’s last message`))).toBe(true);
    expect(await asks(carol)).toEqual([]);

    const fresh = await alice.service.setPrice(setPriceRequest({ saveInHistory: false }));
    await drain();
    expect(await asks(carol)).toEqual([fresh.uuid]);
  });
});
