/**
 * The seed's topic budget (issue 26) on a stand-in for gossipsub: a crowd of peers each within its
 * own budget cannot keep a pair a trading node opens from being relayed.
 */
import type { GossipSub } from '@libp2p/gossipsub';
import { describe, expect, it } from 'vitest';
import { relayAllTopics } from '../../../../tools/seednode/topicRelay';

/** What relayAllTopics uses of gossipsub: subscriptions, peers and events. */
class FakePubsub extends EventTarget {
  readonly mine = new Set<string>();
  private readonly subs = new Map<string, Set<string>>();

  subscribe(topic: string): void {
    this.mine.add(topic);
  }
  unsubscribe(topic: string): void {
    this.mine.delete(topic);
  }
  isStarted(): boolean {
    return true;
  }
  getSubscribers(topic: string): { toString(): string }[] {
    return [...(this.subs.get(topic) ?? [])].map((p) => ({ toString: () => p }));
  }
  getPeers(): { toString(): string }[] {
    const peers = new Set([...this.subs.values()].flatMap((s) => [...s]));
    return [...peers].map((p) => ({ toString: () => p }));
  }
  /** `peer` subscribes to `topics` in one RPC, as gossipsub reports it. */
  peerSubscribes(peer: string, topics: string[]): void {
    for (const t of topics) {
      if (!this.subs.has(t)) this.subs.set(t, new Set());
      this.subs.get(t)!.add(peer);
    }
    const detail = { peerId: { toString: () => peer }, subscriptions: topics.map((topic) => ({ topic, subscribe: true })) };
    this.dispatchEvent(new CustomEvent('subscription-change', { detail }));
  }
  peerLeaves(peer: string): void {
    for (const s of this.subs.values()) s.delete(peer);
    this.dispatchEvent(new CustomEvent('gossipsub:heartbeat'));
  }
  message(topic: string): void {
    this.dispatchEvent(new CustomEvent('message', { detail: { topic } }));
  }
}

const crowdTopics = (peer: number, n: number): string[] => Array.from({ length: n }, (_, i) => `orbk/C${peer}x${i}:X`);

describe('the seed’s topic budget', () => {
  it('55 peers × 200 topics over a 10,000 cap: a pair two trading nodes open is relayed in place of an idle crowd topic', () => {
    const pubsub = new FakePubsub();
    const log: string[] = [];
    relayAllTopics(pubsub as unknown as GossipSub, (l) => log.push(l));
    for (let p = 0; p < 55; p++) pubsub.peerSubscribes(`crowd${p}`, crowdTopics(p, 200));
    expect(pubsub.mine.size).toBe(10_000);
    expect(log.filter((l) => l.includes(' waits: '))).toHaveLength(1_000);

    pubsub.peerSubscribes('alice', ['orbk/DEVT18-ERC20:ETHDEV', 'orbk/RLTC1:RLTC2']);
    pubsub.peerSubscribes('bob', ['orbk/DEVT18-ERC20:ETHDEV']);
    expect(pubsub.mine.has('orbk/DEVT18-ERC20:ETHDEV')).toBe(true);
    expect(pubsub.mine.has('orbk/RLTC1:RLTC2')).toBe(true);
    expect(pubsub.mine.size).toBe(10_000);
    // The crowd's own further topics take no place from one another.
    pubsub.peerSubscribes('crowd0', ['orbk/ONE:MORE']);
    expect(pubsub.mine.has('orbk/ONE:MORE')).toBe(false);
  });

  it('a crowd topic with messages outweighs an idle one of the crowd, not a trading node’s pair', () => {
    const pubsub = new FakePubsub();
    const log: string[] = [];
    relayAllTopics(pubsub as unknown as GossipSub, (l) => log.push(l), 4);
    pubsub.peerSubscribes('crowd', crowdTopics(0, 4));
    pubsub.message('orbk/C0x0:X');
    pubsub.peerSubscribes('crowd2', ['orbk/D:X', 'orbk/E:X', 'orbk/F:X', 'orbk/G:X']);
    expect(pubsub.mine.has('orbk/D:X')).toBe(false); // no lighter topic: it waits
    pubsub.peerSubscribes('alice', ['orbk/PAIR:X']);
    expect(log).toContain('seednode: orbk/PAIR:X relayed in place of orbk/C0x1:X');
    expect(pubsub.mine.has('orbk/C0x0:X')).toBe(true);
    // The crowd leaves: at the heartbeat its topics go and a waiting one with subscribers takes the room.
    pubsub.peerLeaves('crowd');
    expect([...pubsub.mine].sort()).toEqual(['orbk/D:X', 'orbk/E:X', 'orbk/F:X', 'orbk/PAIR:X']);
  });
});
