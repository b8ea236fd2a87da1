/**
 * Makes the seed relay every topic its peers use: gossipsub only meshes (and so forwards) topics
 * the node itself is subscribed to, so the seed subscribes to each topic as soon as a peer does,
 * and drops a topic at the heartbeat after its last subscriber has gone. A cap keeps the seed from
 * holding unbounded topics (and gossipsub's per-peer budget, seed.ts, keeps one peer from taking
 * much of it).
 *
 * The cap must not fall to a crowd of peers each under its own budget (issue 26: 55 peers × 200
 * topics filled 10,000). So each peer weighs one in all, shared among its topics, and a topic
 * weighs what its subscribers give it: a trading node following a few pairs gives each of them a
 * large share, a peer subscribed to 200 topics 1/200 to each. A topic that had a message lately
 * weighs a little more (active pairs first among equals). When the cap is reached, a new topic
 * takes the place of the lightest relayed topic lighter than itself, the least recently active
 * first; that topic, and a new one too light to take a place, wait, and are relayed at a heartbeat
 * once there is room again, e.g. after the peers that held the cap have left.
 */
import type { GossipSub } from '@libp2p/gossipsub';

/** Topics one peer may have the seed track (gossipsub's budget, seed.ts); more are ignored (a trading node follows a few pairs and swaps). */
export const MAX_TOPICS_PER_PEER = 200;
export const MAX_RELAYED_TOPICS = 10_000;
/** Topics waiting for room, at most; beyond this a refused topic is dropped (its peers may subscribe again). */
const MAX_WAITING_TOPICS = 10_000;
/** A message within this long makes a topic active: two keep-alive periods. */
export const ACTIVE_MS = 60_000;
/** What activity adds to a topic's weight: a share of a peer that follows the most topics it may. */
const ACTIVE_BONUS = 1 / MAX_TOPICS_PER_PEER;
/**
 * Relayed topics looked at, least recently active first, for one that a new topic may replace: the
 * lightest are the idle ones a crowd subscribed to, found at once; the bound keeps a crowd's own new
 * topics, which replace nothing, from costing a scan of the whole cap each.
 */
const MAX_SCANNED = 2_000;

export function relayAllTopics(pubsub: GossipSub, log: (line: string) => void, maxTopics = MAX_RELAYED_TOPICS, now: () => number = Date.now): void {
  /** Relayed topic → its last message (or when it was taken), least recently active first. */
  const relayed = new Map<string, number>();
  const waiting = new Set<string>();
  /** Each peer's topics, as its subscription changes told (gossipsub keeps each within its budget). */
  const peerTopics = new Map<string, Set<string>>();

  const weight = (topic: string): number => {
    let w = 0;
    for (const peer of pubsub.getSubscribers(topic)) w += 1 / Math.max(1, peerTopics.get(peer.toString())?.size ?? 1);
    const last = relayed.get(topic);
    return last !== undefined && now() - last < ACTIVE_MS ? w + ACTIVE_BONUS : w;
  };

  const relay = (topic: string): void => {
    waiting.delete(topic);
    relayed.set(topic, now());
    pubsub.subscribe(topic);
  };

  const wait = (topic: string): void => {
    if (waiting.has(topic) || waiting.size >= MAX_WAITING_TOPICS) return;
    waiting.add(topic);
    log(`seednode: ${topic} waits: already relaying ${maxTopics} topics`);
  };

  /** The relayed topic a topic of `weight` may replace: the first lighter one, least recently active first. */
  const replaceable = (w: number): string | null => {
    let scanned = 0;
    for (const topic of relayed.keys()) {
      if (++scanned > MAX_SCANNED) break;
      if (weight(topic) < w) return topic;
    }
    return null;
  };

  const offer = (topic: string): void => {
    if (relayed.has(topic)) return;
    if (relayed.size < maxTopics) return relay(topic);
    const evicted = replaceable(weight(topic));
    if (!evicted) return wait(topic);
    relayed.delete(evicted);
    pubsub.unsubscribe(evicted);
    log(`seednode: ${topic} relayed in place of ${evicted}`);
    relay(topic);
    wait(evicted);
  };

  pubsub.addEventListener('subscription-change', (evt) => {
    const peer = evt.detail.peerId.toString();
    let topics = peerTopics.get(peer);
    if (!topics) peerTopics.set(peer, (topics = new Set()));
    for (const { topic, subscribe } of evt.detail.subscriptions) {
      if (subscribe) topics.add(topic);
      else topics.delete(topic);
    }
    if (topics.size === 0) peerTopics.delete(peer);
    for (const { topic, subscribe } of evt.detail.subscriptions) if (subscribe) offer(topic);
  });
  pubsub.addEventListener('message', (evt) => {
    const topic = evt.detail.topic;
    if (!relayed.has(topic)) return;
    relayed.delete(topic);
    relayed.set(topic, now());
  });
  pubsub.addEventListener('gossipsub:heartbeat', () => {
    // A last heartbeat may come while the seed stops (public on the object, not in its interface type).
    if (!(pubsub as GossipSub & { isStarted(): boolean }).isStarted()) return;
    const present = new Set(pubsub.getPeers().map(String));
    for (const peer of peerTopics.keys()) if (!present.has(peer)) peerTopics.delete(peer);
    for (const topic of relayed.keys()) {
      if (pubsub.getSubscribers(topic).length > 0) continue;
      relayed.delete(topic);
      pubsub.unsubscribe(topic);
    }
    for (const topic of waiting) {
      if (pubsub.getSubscribers(topic).length === 0) waiting.delete(topic);
      else if (relayed.size < maxTopics) relay(topic);
      else break;
    }
  });
}
