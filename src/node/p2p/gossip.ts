/**
 * Signed gossip on gossipsub topics: publishing wraps the payload in KDF's envelope with the node's
 * key; receiving checks the envelope in the topic validator, so a bad one is neither delivered nor
 * forwarded by this node (it is `Ignore`d: the relay that passed it on is not to blame), and only
 * verified messages reach the handlers.
 *
 * A flood of valid messages must not freeze the node (issue 26): each author (gossipsub's signed
 * `from`, checked by gossipsub before this validator) has a message budget, taken before the
 * envelope's signature is checked (the costly step, ~1–4 ms); messages past it are ignored. The
 * checks and the handlers then run through a pacer (pacer.ts) in slices that yield to the event
 * loop, its queue bounded; so does gossipsub's own check of each message (its libp2p signature),
 * which would otherwise run for a whole burst read from the socket at once (`paceReceipt`). Unsigned messages (KDF's, passed on by its relays) name no author that
 * gossipsub checked: they are paced and bounded with the rest, and their makers held to a rate by
 * the orders domain.
 */
import { TopicValidatorResult, type GossipSub, type GossipsubMessage, type Message } from '@libp2p/gossipsub';
import type { PeerId } from '@libp2p/interface';
import { decodeSigned, encodeSigned, type SignedPayload } from './envelope';
import { errorMessage, p2pError } from './errors';
import { Pacer } from './pacer';
import { RateBuckets } from './rateBuckets';
import type { P2pLog } from './seedDialer';
import type { P2pMessage } from './types';

type Handler = (m: P2pMessage) => void;

/**
 * An author's messages at once: a maker announcing its 1,000 orders (MAX_ORDERS_PER_MAKER) on a
 * restart, with room for its keep-alives and updates.
 */
export const AUTHOR_BURST = 1_200;
/** Then per second: keep-alives every 30 s per pair, updates as swaps match, cancels. */
export const AUTHOR_RATE_PER_SECOND = 20;
const MAX_AUTHORS = 10_000;

export class SignedGossip {
  private readonly handlers = new Map<string, Set<Handler>>();
  /** Envelopes the validator verified, for the delivery that follows (same message object). */
  private readonly verified = new WeakMap<Message, SignedPayload>();
  private dropped = 0;
  private readonly budgets = new RateBuckets(AUTHOR_BURST, AUTHOR_RATE_PER_SECOND, MAX_AUTHORS);
  private readonly pacer: Pacer;

  constructor(
    private readonly pubsub: GossipSub,
    private readonly signingKey: Uint8Array,
    private readonly log: P2pLog,
    /** Called with the author's peer id when its envelope is bad; says whether that author is banned. */
    private readonly authors: { penalize(peerId: string, reason: string): void; isBanned(peerId: string): boolean },
  ) {
    this.pacer = new Pacer((e) => this.log('error', `p2p: a gossip task failed: ${errorMessage(e)}`));
    pubsub.addEventListener('gossipsub:message', (evt) => void this.pacer.offer(() => this.deliver(evt.detail), true));
  }

  /** Messages refused for a bad envelope, a spent budget or a full queue since start. */
  get droppedMessages(): number {
    return this.dropped;
  }

  subscribe(topic: string, handler: Handler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
      this.pubsub.topicValidators.set(topic, (_peer, msg) => this.validate(msg));
      this.pubsub.subscribe(topic);
    }
    set.add(handler);
    return () => {
      if (!set.delete(handler) || set.size > 0 || this.handlers.get(topic) !== set) return;
      this.handlers.delete(topic);
      this.pubsub.topicValidators.delete(topic);
      this.pubsub.unsubscribe(topic);
    };
  }

  async publish(topic: string, payload: Uint8Array): Promise<void> {
    const data = encodeSigned(payload, this.signingKey);
    try {
      await this.pubsub.publish(topic, data);
    } catch (e) {
      throw p2pError(`cannot publish on ${topic}: ${errorMessage(e)}`, e);
    }
  }

  /**
   * Makes gossipsub check each received message as a pacer task (its decoding and libp2p
   * signature run in the task; a message the full queue cannot take is passed over as seen). To be
   * called after the relay mesh wrapped the same method (kdf/relayMesh.ts), so that its switch of
   * the signature policy still covers exactly its own call. Throws P2PError if gossipsub's
   * internals are not as expected.
   */
  paceReceipt(): void {
    const gs = this.pubsub as unknown as { validateReceivedMessage?: (from: PeerId, msg: unknown) => Promise<unknown> };
    if (typeof gs.validateReceivedMessage !== 'function') throw p2pError('gossipsub has no validateReceivedMessage to pace');
    const validate = gs.validateReceivedMessage.bind(gs);
    gs.validateReceivedMessage = (from, msg) =>
      new Promise((resolve, reject) => {
        if (this.pacer.offer(() => void validate(from, msg).then(resolve, reject))) return;
        this.dropped++;
        resolve({ code: 'duplicate', msgIdStr: '' }); // gossipsub's "seen already": no score, no forwarding
      });
  }

  /** Cheap checks at once (ban, budget); the envelope's signature in its turn in the pacer. */
  private validate(msg: Message): TopicValidatorResult | Promise<TopicValidatorResult> {
    const author = authorOf(msg);
    if (author && (this.authors.isBanned(author) || !this.budgets.take(author))) {
      this.dropped++;
      return TopicValidatorResult.Ignore;
    }
    return new Promise((resolve) => {
      if (this.pacer.offer(() => resolve(this.verify(msg, author)))) return;
      this.dropped++;
      resolve(TopicValidatorResult.Ignore);
    });
  }

  private verify(msg: Message, author: string | null): TopicValidatorResult {
    try {
      this.verified.set(msg, decodeSigned(msg.data));
      return TopicValidatorResult.Accept;
    } catch (e) {
      this.dropped++;
      this.log('debug', `p2p: dropped a message on ${msg.topic}: ${errorMessage(e)}`);
      if (author) this.authors.penalize(author, `bad envelope on ${msg.topic}`);
      return TopicValidatorResult.Ignore;
    }
  }

  private deliver({ propagationSource, msg }: GossipsubMessage): void {
    const set = this.handlers.get(msg.topic);
    const signed = this.verified.get(msg);
    if (!set || !signed) return;
    const peerId = propagationSource.toString();
    const m: P2pMessage = {
      topic: msg.topic,
      payload: signed.payload,
      from: signed.pubkey,
      peerId,
      author: authorOf(msg) ?? peerId,
      envelope: msg.data,
    };
    for (const handler of set) {
      try {
        handler(m);
      } catch (e) {
        this.log('error', `p2p: a handler on ${msg.topic} failed: ${errorMessage(e)}`);
      }
    }
  }
}

/** Gossipsub's signed `from` (our default StrictSign policy signs every message); null if unsigned. */
function authorOf(msg: Message): string | null {
  return msg.type === 'signed' ? msg.from.toString() : null;
}
