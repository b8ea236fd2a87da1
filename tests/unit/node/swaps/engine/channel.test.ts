/**
 * Re-sends while the counterparty is not heard from: gossip drops what is published before the
 * topic has a peer (a node just started or restarted), so until the first message of the other
 * side arrives a re-sent message goes out after 1 s, 2 s, 4 s… up to KDF's period; afterwards the
 * periods are KDF's own.
 */
import { describe, expect, it } from 'vitest';
import { decodeSwapMsg, swapTopic } from '../../../../../src/node/swaps/protocol/messages';
import { SwapNet, UUID, type SwapNode } from './harness';
import { runUntil } from './virtualClock';

/** Seconds after `t0` at which `node` published swap messages of `type`. */
function sendTimes(net: SwapNet, node: SwapNode, type: string, t0: number): () => number[] {
  const times: number[] = [];
  const deliver = net.bus.deliver.bind(net.bus);
  net.bus.deliver = (sender, topic, from, payload, envelope) => {
    if (topic === swapTopic(UUID) && sender === node.p2p.peerId && decodeSwapMsg(payload).type === type) times.push((net.clock.now() - t0) / 1000);
    deliver(sender, topic, from, payload, envelope);
  };
  return () => times;
}

describe('swap channel: re-sends before and after the counterparty is heard from', () => {
  it('the maker re-sends Negotiation after 1, 2, 4, 8 s to a taker it has not heard from, then every 15 s (KDF)', async () => {
    const net = new SwapNet();
    await net.boot();
    const t0 = net.clock.now();
    const times = sendTimes(net, net.maker, 'Negotiation', t0);
    await net.maker.engine.start(net.maker.params(net.taker));
    await runUntil(net.clock, () => net.clock.now() >= t0 + 60_000);
    expect(times()).toEqual([0, 1, 3, 7, 15, 30, 45, 60]);
  });

  it('a Negotiation lost while the taker is not reachable yet is re-sent within seconds, not after a KDF period', async () => {
    const net = new SwapNet();
    await net.boot();
    const t0 = net.clock.now();
    // Nothing reaches the taker for the first 2.5 s, as before the seed relays the new topic.
    net.bus.drop = (to, topic) => topic === swapTopic(UUID) && to === net.taker.p2p.peerId && net.clock.now() < t0 + 2_500;
    await net.start();
    await runUntil(net.clock, () => net.taker.eventTypes().includes('Negotiated'));
    const negotiated = net.taker.swap()?.events.find((e) => e.event.type === 'Negotiated')?.timestamp ?? NaN;
    expect(negotiated - t0).toBe(3_000);
  });

  it('once the counterparty was heard from, the re-sends keep KDF\'s period (Negotiated every 100 s)', async () => {
    const net = new SwapNet();
    await net.boot();
    let t0 = 0;
    let times: () => number[] = () => [];
    // The taker goes silent once it has answered: the maker, having heard it, waits for TakerFee re-sending Negotiated.
    net.maker.onEvent = (e) => {
      if (e.event.type !== 'Negotiated') return;
      net.taker.crash();
      t0 = net.clock.now();
      times = sendTimes(net, net.maker, 'Negotiated', t0);
    };
    await net.start();
    await runUntil(net.clock, () => t0 > 0 && net.clock.now() >= t0 + 350_000);
    expect(times().slice(0, 4)).toEqual([0, 100, 200, 300]);
  });
});
