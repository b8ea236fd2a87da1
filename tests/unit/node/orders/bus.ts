/**
 * An in-process P2p for tests: a real pub/sub bus between several nodes. Publishing delivers to
 * every other node subscribed to the topic on a later microtask (as gossip never reaches its own
 * sender); `request` asks one node, or each other node in turn until one answers. `inject` puts
 * bytes on a topic as if signed by any key, to play a forger.
 */
import type { P2p, P2pMessage, RequestHandler } from '../../../../src/node/p2p/types';

export class Bus {
  private readonly nodes = new Map<string, BusP2p>();
  private next = 1;
  /** Every published message, for assertions. */
  readonly log: { topic: string; from: Uint8Array; payload: Uint8Array }[] = [];
  /** Set to lose messages on the way to some nodes (by peer id). */
  drop: ((to: string, topic: string) => boolean) | null = null;

  join(pubkey: Uint8Array): BusP2p {
    const node = new BusP2p(this, `peer-${this.next++}`, pubkey);
    this.nodes.set(node.peerId, node);
    return node;
  }

  leave(peerId: string): void {
    this.nodes.delete(peerId);
  }

  deliver(sender: string, topic: string, from: Uint8Array, payload: Uint8Array): void {
    this.log.push({ topic, from, payload });
    for (const node of this.nodes.values()) {
      if (node.peerId === sender || this.drop?.(node.peerId, topic)) continue;
      queueMicrotask(() => node.receive({ topic, payload, from, peerId: sender }));
    }
  }

  /** Bytes on a topic signed, as far as receivers can tell, by `from`. */
  inject(topic: string, from: Uint8Array, payload: Uint8Array): void {
    this.deliver('forger', topic, from, payload);
  }

  async ask(requester: string, payload: Uint8Array, peerId?: string): Promise<Uint8Array | null> {
    const targets = peerId ? [this.nodes.get(peerId)] : [...this.nodes.values()].filter((n) => n.peerId !== requester);
    for (const node of targets) {
      const answer = await node?.answer(payload, requester);
      if (answer) return answer;
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

  constructor(
    private readonly bus: Bus,
    readonly peerId: string,
    readonly pubkey: Uint8Array,
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
    this.bus.deliver(this.peerId, topic, this.pubkey, payload);
  }

  async request(payload: Uint8Array, peerId?: string): Promise<Uint8Array | null> {
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
