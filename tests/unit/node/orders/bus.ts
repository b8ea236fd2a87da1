/**
 * An in-process P2p for tests: a real pub/sub bus between several nodes. Publishing delivers to
 * every other node subscribed to the topic on a later microtask (as gossip never reaches its own
 * sender); `request` asks one node, or each other node in turn until one answers. `inject` puts
 * bytes on a topic as if signed by any key, to play a forger; `replay` puts a captured envelope back.
 * Nodes joined with their key sign real envelopes, which sync answers carry as proofs.
 */
import { decodeSigned, encodeSigned } from '../../../../src/node/p2p/envelope';
import type { P2p, P2pMessage, PeerAnswer, RequestHandler } from '../../../../src/node/p2p/types';

export class Bus {
  private readonly nodes = new Map<string, BusP2p>();
  private next = 1;
  /** Every published message, for assertions. */
  readonly log: { topic: string; from: Uint8Array; payload: Uint8Array; envelope: Uint8Array }[] = [];
  /** Set to lose messages on the way to some nodes (by peer id). */
  drop: ((to: string, topic: string) => boolean) | null = null;

  join(pubkey: Uint8Array, key?: Uint8Array): BusP2p {
    const node = new BusP2p(this, `peer-${this.next++}`, pubkey, key);
    this.nodes.set(node.peerId, node);
    return node;
  }

  leave(peerId: string): void {
    this.nodes.delete(peerId);
  }

  deliver(sender: string, topic: string, from: Uint8Array, payload: Uint8Array, envelope: Uint8Array = new Uint8Array()): void {
    this.log.push({ topic, from, payload, envelope });
    for (const node of this.nodes.values()) {
      if (node.peerId === sender || this.drop?.(node.peerId, topic)) continue;
      queueMicrotask(() => node.receive({ topic, payload, from, peerId: sender, author: sender, envelope }));
    }
  }

  /** Bytes on a topic signed, as far as receivers can tell, by `from`. */
  inject(topic: string, from: Uint8Array, payload: Uint8Array): void {
    this.deliver('forger', topic, from, payload);
  }

  /** A captured envelope put on a topic again, by a peer that did not sign it. */
  replay(topic: string, envelope: Uint8Array): void {
    const { pubkey, payload } = decodeSigned(envelope);
    this.deliver('replayer', topic, pubkey, payload, envelope);
  }

  async ask(requester: string, payload: Uint8Array, peerId?: string): Promise<PeerAnswer | null> {
    const targets = peerId ? [this.nodes.get(peerId)] : [...this.nodes.values()].filter((n) => n.peerId !== requester);
    for (const node of targets) {
      const answer = await node?.answer(payload, requester);
      if (answer && node) return { payload: answer, peerId: node.peerId };
    }
    return null;
  }

  peersOf(peerId: string): string[] {
    return [...this.nodes.keys()].filter((p) => p !== peerId);
  }
}

export class BusP2p implements P2p {
  private readonly topics = new Map<string, Set<(m: P2pMessage) => void>>();
  private handler: RequestHandler | null = null;
  /** Requests this node sent. */
  requests = 0;
  /** Peers this node penalized, with the reason. */
  readonly penalties: { peerId: string; reason: string }[] = [];

  constructor(
    private readonly bus: Bus,
    readonly peerId: string,
    readonly pubkey: Uint8Array,
    private readonly key?: Uint8Array,
  ) {}

  subscribe(topic: string, handler: (m: P2pMessage) => void): () => void {
    const set = this.topics.get(topic) ?? new Set();
    set.add(handler);
    this.topics.set(topic, set);
    return () => set.delete(handler);
  }

  subscribed(topic: string): boolean {
    return (this.topics.get(topic)?.size ?? 0) > 0;
  }

  async publish(topic: string, payload: Uint8Array): Promise<void> {
    this.bus.deliver(this.peerId, topic, this.pubkey, payload, this.key ? encodeSigned(payload, this.key) : undefined);
  }

  sign(payload: Uint8Array): Uint8Array {
    if (!this.key) throw new Error('this bus node has no key');
    return encodeSigned(payload, this.key);
  }

  penalize(peerId: string, reason: string): void {
    this.penalties.push({ peerId, reason });
  }

  async request(payload: Uint8Array, peerId?: string): Promise<PeerAnswer | null> {
    this.requests++;
    return this.bus.ask(this.peerId, payload, peerId);
  }

  onRequest(handler: RequestHandler): void {
    this.handler = handler;
  }

  connectedPeers(): string[] {
    return this.bus.peersOf(this.peerId);
  }

  async stop(): Promise<void> {
    this.bus.leave(this.peerId);
  }

  receive(m: P2pMessage): void {
    for (const h of this.topics.get(m.topic) ?? []) h(m);
  }

  answer(payload: Uint8Array, from: string): Promise<Uint8Array | null> {
    return this.handler ? this.handler(payload, from) : Promise.resolve(null);
  }
}
