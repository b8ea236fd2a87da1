/**
 * Makes the seed relay every topic its peers use: gossipsub only meshes (and so forwards) topics
 * the node itself is subscribed to, so the seed subscribes to each topic as soon as a peer does,
 * and drops a topic at the heartbeat after its last subscriber has gone. A cap keeps the seed from
 * holding unbounded topics (and gossipsub's per-peer budget, seed.ts, keeps one peer from taking
 * much of it); a topic that did not fit waits, and is relayed at a heartbeat once there is room
 * again, e.g. after the peers that filled the cap have left.
 */
import type { GossipSub } from '@libp2p/gossipsub';

export const MAX_RELAYED_TOPICS = 10_000;
/** Topics waiting for room, at most; beyond this a refused topic is dropped (its peers may subscribe again). */
const MAX_WAITING_TOPICS = 10_000;

export function relayAllTopics(pubsub: GossipSub, log: (line: string) => void, maxTopics = MAX_RELAYED_TOPICS): void {
  const relayed = new Set<string>();
  const waiting = new Set<string>();
  const relay = (topic: string): boolean => {
    if (relayed.size >= maxTopics) return false;
    waiting.delete(topic);
    relayed.add(topic);
    pubsub.subscribe(topic);
    return true;
  };
  pubsub.addEventListener('subscription-change', (evt) => {
    for (const { topic, subscribe } of evt.detail.subscriptions) {
      if (!subscribe || relayed.has(topic) || relay(topic) || waiting.has(topic) || waiting.size >= MAX_WAITING_TOPICS) continue;
      waiting.add(topic);
      log(`seednode: ${topic} waits: already relaying ${maxTopics} topics`);
    }
  });
  pubsub.addEventListener('gossipsub:heartbeat', () => {
    // A last heartbeat may come while the seed stops (public on the object, not in its interface type).
    if (!(pubsub as GossipSub & { isStarted(): boolean }).isStarted()) return;
    for (const topic of relayed) {
      if (pubsub.getSubscribers(topic).length > 0) continue;
      relayed.delete(topic);
      pubsub.unsubscribe(topic);
    }
    for (const topic of waiting) {
      if (pubsub.getSubscribers(topic).length === 0) waiting.delete(topic);
      else if (!relay(topic)) break;
    }
  });
}
