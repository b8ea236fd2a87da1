/**
 * What the rest of the node gets from peer-to-peer: signed gossip on topics and a request-response
 * channel, with no trading logic. Payloads are opaque bytes (msgpack of KDF's messages, encoded by
 * the domain that owns them); every published payload is wrapped in KDF's signed envelope
 * (secp256k1 over sha256 of the payload, with the node's key) and checked on receipt.
 */

/** A gossip message whose signature was verified. */
export interface P2pMessage {
  topic: string;
  payload: Uint8Array;
  /** 33-byte compressed secp256k1 public key that signed the payload. */
  from: Uint8Array;
  /** The libp2p peer that propagated it (not necessarily the author). */
  peerId: string;
  /** The libp2p peer that first published it (gossipsub's signed `from`): whom to blame for its content. */
  author: string;
  /** The signed envelope as received, so it can be passed on as the signer's proof (orderbook sync). */
  envelope: Uint8Array;
}

/** A peer's answer to a request, with the peer that gave it (to blame when it does not verify). */
export interface PeerAnswer {
  payload: Uint8Array;
  peerId: string;
}

export type RequestHandler = (payload: Uint8Array, peerId: string) => Promise<Uint8Array | null>;

export interface P2p {
  readonly peerId: string;
  /** Subscribes to a topic; returns the unsubscribe function. Handlers never see invalid envelopes. */
  subscribe(topic: string, handler: (m: P2pMessage) => void): () => void;
  /** Signs and publishes; resolves once handed to the network (delivery is best effort, as gossip is). */
  publish(topic: string, payload: Uint8Array): Promise<void>;
  /** Sends a request to a peer (any connected peer able to answer when omitted); null when none answers. */
  request(payload: Uint8Array, peerId?: string): Promise<PeerAnswer | null>;
  /** Wraps `payload` in KDF's envelope signed with this node's key, without publishing it. */
  sign(payload: Uint8Array): Uint8Array;
  /**
   * Reports a peer that sent something that failed to decode or verify; enough offences and the
   * node cuts it off for a while. Relays (seeds), which pass on what others say, are never cut off.
   */
  penalize(peerId: string, reason: string): void;
  /** Serves other peers' requests; one handler per node. */
  onRequest(handler: RequestHandler): void;
  connectedPeers(): string[];
  stop(): Promise<void>;
}
