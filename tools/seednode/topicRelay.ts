/**
 * Makes the seed relay every topic its peers use: gossipsub only meshes (and so forwards) topics
 * the node itself is subscribed to, so the seed subscribes to each topic as soon as a peer does,
 * and drops a topic at the heartbeat after its last subscriber has gone. A cap keeps one peer
 * from making the seed hold unbounded topics.
 */
import type { GossipSub } from '@libp2p/gossipsub';

export const MAX_RELAYED_TOPICS = 10_000;

export function relayAllTopics(pubsub: GossipSub, log: (line: string) => void): void {
  pubsub.addEventListener('subscription-change', (evt) => {
    for (const { topic, subscribe } of evt.detail.subscriptions) {
      if (!subscribe || pubsub.getTopics().includes(topic)) continue;
      if (pubsub.getTopics().length >= MAX_RELAYED_TOPICS) {
        log(`seednode: not relaying ${topic}: already relaying ${MAX_RELAYED_TOPICS} topics`);
        continue;
      }
      pubsub.subscribe(topic);
    }
  });
  pubsub.addEventListener('gossipsub:heartbeat', () => {
    for (const topic of pubsub.getTopics()) {
      if (pubsub.getSubscribers(topic).length === 0) pubsub.unsubscribe(topic);
    }
  });
}
