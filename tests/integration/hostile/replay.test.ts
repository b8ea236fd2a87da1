/**
 * Issue 9 item 5 over the real network: an attacker that captured alice's signed
 * `MakerOrderCreated` replays it after she cancelled, at once and 125 s later (bob's clock moved
 * on), or sends a cancel of her order under its own key first; her order is not revived, and her
 * own messages still count.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesToHex } from '../../../src/node/crypto';
import { decodeOrdermatchMessage, encodeOrdermatchMessage } from '../../../src/node/orders/messages/codec';
import { decodeSigned, encodeSigned } from '../../../src/node/p2p/envelope';
import { meshed, seedPeerId, startRawPeer, stopAll, WAIT } from '../p2p/helpers';
import { asks, sellOrder, startBookNode, stopBookNodes } from './bookNode';

afterEach(async () => {
  await stopBookNodes();
  await stopAll();
});

const TOPIC = 'orbk/RLTC1:RLTC2';

/** A raw gossipsub peer on the pair's topic that keeps every envelope it sees and can put any bytes back. */
async function startReplayer() {
  const raw = await startRawPeer();
  const captured: Uint8Array[] = [];
  raw.services.pubsub.addEventListener('message', (evt) => {
    if (evt.detail.topic === TOPIC) captured.push(evt.detail.data);
  });
  raw.services.pubsub.subscribe(TOPIC);
  await vi.waitFor(() => expect(raw.services.pubsub.getSubscribers(TOPIC).map(String)).toContain(seedPeerId()), WAIT);
  const find = (pubkey: string, type: string): Uint8Array => {
    const hit = captured.find((e) => {
      const { pubkey: signer, payload } = decodeSigned(e);
      return bytesToHex(signer) === pubkey && decodeOrdermatchMessage(payload).type === type;
    });
    if (!hit) throw new Error(`no ${type} from ${pubkey} captured`);
    return hit;
  };
  return { send: (bytes: Uint8Array) => raw.services.pubsub.publish(TOPIC, bytes), find };
}

/** Lets the replayed bytes reach bob: a message published after them has arrived. */
async function delivered(replayer: { send(b: Uint8Array): Promise<unknown> }, bob: { logs: string[] }, key: Uint8Array): Promise<void> {
  const marker = encodeOrdermatchMessage({ type: 'PubkeyKeepAlive', msg: { trieRoots: new Map(), timestamp: 1 } });
  const before = bob.logs.length;
  await replayer.send(encodeSigned(marker, key));
  await vi.waitFor(() => expect(bob.logs.slice(before).some((l) => l.includes('dropped a PubkeyKeepAlive'))).toBe(true), WAIT);
}

describe('replayed and forged orderbook messages', () => {
  it('a replayed MakerOrderCreated does not revive a cancelled order, at once or 125 s later', async () => {
    const [alice, bob] = await Promise.all([startBookNode(), startBookNode()]);
    const replayer = await startReplayer();
    const markerKey = secp256k1.utils.randomSecretKey();
    await Promise.all([alice, bob].map(async (n) => {
      await asks(n, 'RLTC2');
      await meshed(n.p2p, TOPIC);
    }));
    const order = await alice.service.setPrice(sellOrder('RLTC2'));
    await vi.waitFor(async () => expect(await asks(bob, 'RLTC2')).toEqual([order.uuid]), WAIT);
    const created = await vi.waitFor(() => replayer.find(alice.pubkeyHex, 'MakerOrderCreated'), WAIT);

    await alice.service.cancelOrder(order.uuid);
    await vi.waitFor(async () => expect(await asks(bob, 'RLTC2')).toEqual([]), WAIT);
    await replayer.send(created);
    await delivered(replayer, bob, markerKey);
    expect(await asks(bob, 'RLTC2')).toEqual([]);

    bob.clock.offsetMs = 125_000;
    await replayer.send(created);
    await delivered(replayer, bob, markerKey);
    expect(await asks(bob, 'RLTC2')).toEqual([]);
    expect(bob.logs.some((l) => l.includes(`dropped a MakerOrderCreated from ${alice.pubkeyHex}`))).toBe(true);
  });

  it('a cancel forged under another key first: the order still shows, and once alice cancels, a replay does not revive it', async () => {
    const [alice, bob] = await Promise.all([startBookNode(), startBookNode()]);
    const replayer = await startReplayer();
    const attacker = secp256k1.utils.randomSecretKey();
    await Promise.all([alice, bob].map(async (n) => {
      await asks(n, 'RLTC2');
      await meshed(n.p2p, TOPIC);
    }));
    const order = await alice.service.setPrice(sellOrder('RLTC2'));
    const created = await vi.waitFor(() => replayer.find(alice.pubkeyHex, 'MakerOrderCreated'), WAIT);
    const forgedCancel = (): Uint8Array =>
      encodeSigned(
        encodeOrdermatchMessage({ type: 'MakerOrderCancelled', msg: { uuid: order.uuid, timestamp: Math.floor(Date.now() / 1000), pairTrieRoot: new Uint8Array(8) } }),
        attacker,
      );
    await vi.waitFor(async () => expect(await asks(bob, 'RLTC2')).toEqual([order.uuid]), WAIT);
    await replayer.send(forgedCancel());
    await replayer.send(created);
    await delivered(replayer, bob, attacker);
    expect(await asks(bob, 'RLTC2')).toEqual([order.uuid]);

    await alice.service.cancelOrder(order.uuid);
    await vi.waitFor(async () => expect(await asks(bob, 'RLTC2')).toEqual([]), WAIT);
    await replayer.send(forgedCancel());
    await replayer.send(created);
    await delivered(replayer, bob, attacker);
    expect(await asks(bob, 'RLTC2')).toEqual([]);
  });
});
