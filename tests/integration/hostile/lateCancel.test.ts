/**
 * Issue 26, attack 3: a cancelled order must not come back on a node that opens the pair after the
 * cancel. An attacker captures alice's `MakerOrderCreated`; alice cancels it (her order on another
 * pair keeps her alive); carol opens the pair 3 s later, and the attacker puts the captured message
 * back on the wire within its 90 s window. Carol holds it back (signed before she opened the pair,
 * nothing of alice's held there) until alice's next keep-alive on the pair, whose empty root drops
 * it — or refuses it at once if that keep-alive came first: carol never shows it. An order alice places after carol joined shows on carol at once.
 * Keep-alives every 5 s here, so the test waits two periods rather than a minute.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesToHex } from '../../../src/node/crypto';
import { decodeOrdermatchMessage, encodeOrdermatchMessage } from '../../../src/node/orders/messages/codec';
import { decodeSigned, encodeSigned } from '../../../src/node/p2p/envelope';
import { meshed, seedPeerId, startRawPeer, stopAll, WAIT } from '../p2p/helpers';
import { asks, sellOrder, startBookNode, stopBookNodes, type BookNode } from './bookNode';
import { RLTC_TOPIC as TOPIC } from './signedOrders';

afterEach(async () => {
  await stopBookNodes();
  await stopAll();
});

const TIMING = { keepAliveMs: 5_000 };

async function startCapturer() {
  const raw = await startRawPeer();
  const captured: Uint8Array[] = [];
  raw.services.pubsub.addEventListener('message', (evt) => {
    if (evt.detail.topic === TOPIC) captured.push(evt.detail.data);
  });
  raw.services.pubsub.subscribe(TOPIC);
  await vi.waitFor(() => expect(raw.services.pubsub.getSubscribers(TOPIC).map(String)).toContain(seedPeerId()), WAIT);
  const created = (pubkey: string): Uint8Array | undefined =>
    captured.find((e) => {
      const { pubkey: signer, payload } = decodeSigned(e);
      return bytesToHex(signer) === pubkey && decodeOrdermatchMessage(payload).type === 'MakerOrderCreated';
    });
  return { send: (bytes: Uint8Array) => raw.services.pubsub.publish(TOPIC, bytes), created };
}

async function follow(node: BookNode): Promise<void> {
  await asks(node, 'RLTC2');
  await meshed(node.p2p, TOPIC);
}

describe('a cancelled order replayed to a node that opens the pair later (issue 26)', () => {
  it('does not show on the late joiner, before or after the maker’s next keep-alive, nor on a node that saw the cancel', async () => {
    const [alice, bob] = await Promise.all([startBookNode(undefined, TIMING), startBookNode(undefined, TIMING)]);
    const capturer = await startCapturer();
    await Promise.all([follow(alice), follow(bob)]);
    await alice.service.setPrice(sellOrder('ETHDEV')); // her keep-alives there keep her alive
    const order = await alice.service.setPrice(sellOrder('RLTC2'));
    await vi.waitFor(async () => expect(await asks(bob, 'RLTC2')).toEqual([order.uuid]), WAIT);
    const created = await vi.waitFor(() => capturer.created(alice.pubkeyHex) ?? Promise.reject(new Error('not captured yet')), WAIT);

    await alice.service.cancelOrder(order.uuid);
    await vi.waitFor(async () => expect(await asks(bob, 'RLTC2')).toEqual([]), WAIT);
    await new Promise((r) => setTimeout(r, 3_000));
    const carol = await startBookNode(undefined, TIMING);
    await follow(carol);
    expect(await asks(carol, 'RLTC2')).toEqual([]);

    await capturer.send(created);
    // Held, or refused at once when alice's empty root already reached carol (keep-alives run on their own clock).
    const held = (): boolean => carol.logs.some((l) => l.includes(`holding order ${order.uuid}`));
    const refused = (): boolean => carol.logs.some((l) => l.includes(`dropped a MakerOrderCreated from ${alice.pubkeyHex}`));
    await vi.waitFor(() => expect(held() || refused()).toBe(true), WAIT);
    // Watch carol's book through two keep-alive periods: alice's empty root comes and drops the held order.
    const seen = new Set<string>();
    for (const end = Date.now() + 2 * TIMING.keepAliveMs + 1_000; Date.now() < end; ) {
      for (const uuid of await asks(carol, 'RLTC2')) seen.add(uuid);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect([...seen]).toEqual([]);
    if (held()) expect(carol.logs.some((l) => l.includes(`${alice.pubkeyHex} has no orders on RLTC1:RLTC2: 1 held orders dropped`))).toBe(true);
    expect(await asks(bob, 'RLTC2')).toEqual([]);

    // The replay again, now that carol knows alice's empty set: refused as older than her last message.
    const before = carol.logs.length;
    await capturer.send(encodeSigned(encodeOrdermatchMessage({ type: 'PubkeyKeepAlive', msg: { trieRoots: new Map(), timestamp: 1 } }), secp256k1.utils.randomSecretKey()));
    await capturer.send(created);
    await vi.waitFor(() => expect(carol.logs.slice(before).some((l) => l.includes(`dropped a MakerOrderCreated from ${alice.pubkeyHex}`))).toBe(true), WAIT);
    expect(await asks(carol, 'RLTC2')).toEqual([]);

    const fresh = await alice.service.setPrice(sellOrder('RLTC2'));
    await vi.waitFor(async () => expect(await asks(carol, 'RLTC2')).toEqual([fresh.uuid]), WAIT);
  }, 120_000);
});
