/**
 * The light-node side of KDF's relay mesh (its rust-libp2p fork's gossipsub, `i_am_relay`), on
 * js-libp2p's gossipsub. KDF seeds are relays: they send `IAmRelay` instead of subscribing, and
 * forward a topic's messages only to subscribers that told them `IncludedToRelaysMesh`; a light
 * node sends what it publishes or forwards to its relay mesh as well as to its topic mesh. So,
 * as the fork's light node (mesh sizes 2, 4, 6): a relay that announces itself joins the relay
 * mesh while it has fewer than RELAY_MESH_LOW, and is told so; every MAINTENANCE_MS the mesh is
 * topped up one relay at a time or trimmed, and each member told its size (`MeshSize`).
 *
 * KDF nodes publish in `MessageAuthenticity::Author` mode: `from` and a random `seqno`, no
 * signature, which js-libp2p's StrictSign policy would reject. Such messages, when a KDF relay
 * passes them on, are validated here under StrictNoSign instead (the KDF envelope inside is what
 * proves the author: gossip.ts), and their id computed with their sequence number, as KDF does.
 * From any other peer they are still refused, so on our own network (whose seeds sign and require
 * signatures) a peer banned for bad messages cannot come back through the seed unsigned.
 *
 * js-libp2p's gossipsub has no extension points for any of this, so `attach` wraps five of its
 * private methods on the one instance; it checks they exist and fails the start if an upgrade
 * renamed them, rather than silently losing KDF's network.
 */
import { StrictNoSign, type GossipSub, type Message } from '@libp2p/gossipsub';
import type { Libp2p, PeerId } from '@libp2p/interface';
import { errorMessage, p2pError } from '../errors';
import { kdfMessageId } from './messageId';
import { encodeRelayControl, splitRelayControl, type RelayControl } from './relayControl';

/** The fork's light-node relay mesh bounds (mesh_n_low, mesh_n, mesh_n_high). */
export const RELAY_MESH_LOW = 2;
export const RELAY_MESH_N = 4;
export const RELAY_MESH_HIGH = 6;
/** The fork's relay mesh maintenance interval. */
export const MAINTENANCE_MS = 10_000;
/** How soon a relay whose stream was not open yet is told again that it is in the mesh. */
const RETRY_MS = 1_000;

/** A received message as gossipsub's protobuf decodes it. */
interface RpcMessage {
  from?: Uint8Array;
  data?: Uint8Array;
  seqno?: Uint8Array;
  topic: string;
  signature?: Uint8Array;
  key?: Uint8Array;
}

/** The private parts of js-libp2p gossipsub (17.x) that are wrapped or used. */
interface GossipSubInternals {
  globalSignaturePolicy: string;
  streamsOutbound: Map<string, { push(data: Uint8Array): void }>;
  decodeRpc(bytes: Uint8Array): object;
  handleReceivedRpc(from: PeerId, rpc: object): Promise<void>;
  validateReceivedMessage(from: PeerId, msg: RpcMessage): Promise<unknown>;
  selectPeersToPublish(topic: string, floodPublish?: boolean): { tosend: Set<string> };
  selectPeersToForward(topic: string, propagationSource?: string, excludePeers?: Set<string>): Set<string>;
}

const WRAPPED = ['decodeRpc', 'handleReceivedRpc', 'validateReceivedMessage', 'selectPeersToPublish', 'selectPeersToForward'] as const;

export type RelayLog = (level: 'debug' | 'info' | 'warn', line: string) => void;

export class KdfRelayMesh {
  /** Peers that said `IAmRelay`. */
  private readonly relays = new Set<string>();
  /** Our relay mesh: relay → the size of its own relay mesh (0 until it says). */
  private readonly mesh = new Map<string, number>();
  /** Mesh members not yet told they are in it (their outbound stream was not open). */
  private readonly untold = new Set<string>();
  /** Relay control read by decodeRpc, for handleReceivedRpc, which knows the sender. */
  private readonly controlOf = new WeakMap<object, RelayControl>();
  /** Sequence numbers of unsigned messages under validation, by their payload object. */
  private readonly unsignedSeqnos = new WeakMap<Uint8Array, bigint>();
  private ticks = 0;

  constructor(private readonly log: RelayLog) {}

  /** Gossipsub's `msgIdFn`: KDF's id, with the sequence number of unsigned (KDF-authored) messages too. */
  readonly messageId = (msg: Message): Uint8Array =>
    kdfMessageId(msg.data, msg.type === 'signed' ? msg.sequenceNumber : this.unsignedSeqnos.get(msg.data));

  /** Hooks into `libp2p`'s gossipsub until libp2p stops. Throws P2PError if gossipsub's internals are not as expected. */
  attach(libp2p: Libp2p<{ pubsub: GossipSub }>): void {
    const gs = libp2p.services.pubsub as unknown as GossipSubInternals;
    const missing = WRAPPED.filter((m) => typeof gs[m] !== 'function');
    if (missing.length > 0 || !(gs.streamsOutbound instanceof Map)) {
      throw p2pError(`this gossipsub cannot speak KDF's relay protocol (no ${missing.join(', ') || 'streamsOutbound'})`);
    }
    this.wrap(gs);
    libp2p.addEventListener('peer:disconnect', (evt) => this.forget(evt.detail.toString()));
    const timer = setInterval(() => this.tick(gs), RETRY_MS);
    libp2p.addEventListener('stop', () => clearInterval(timer), { once: true });
  }

  private wrap(gs: GossipSubInternals): void {
    const decodeRpc = gs.decodeRpc.bind(gs);
    gs.decodeRpc = (bytes) => {
      const { rpc, relay } = splitRelayControl(bytes);
      const decoded = decodeRpc(rpc);
      if (Object.keys(relay).length > 0) this.controlOf.set(decoded, relay);
      return decoded;
    };
    const handleReceivedRpc = gs.handleReceivedRpc.bind(gs);
    gs.handleReceivedRpc = (from, rpc) => {
      const relay = this.controlOf.get(rpc);
      if (relay) this.onControl(gs, from.toString(), relay);
      return handleReceivedRpc(from, rpc);
    };
    const validate = gs.validateReceivedMessage.bind(gs);
    gs.validateReceivedMessage = (from, msg) => {
      if (msg.signature !== undefined || msg.from === undefined || !this.relays.has(from.toString())) return validate(from, msg);
      return this.validateUnsigned(gs, validate, from, msg);
    };
    const toPublish = gs.selectPeersToPublish.bind(gs);
    gs.selectPeersToPublish = (topic, floodPublish) => {
      const selected = toPublish(topic, floodPublish);
      for (const relay of this.mesh.keys()) selected.tosend.add(relay);
      return selected;
    };
    const toForward = gs.selectPeersToForward.bind(gs);
    gs.selectPeersToForward = (topic, source, exclude) => {
      const selected = toForward(topic, source, exclude);
      for (const relay of this.mesh.keys()) if (relay !== source && !exclude?.has(relay)) selected.add(relay);
      return selected;
    };
  }

  /**
   * An Author-mode message (KDF's): validated as StrictNoSign, which reads the policy before its
   * first await, so the switch covers exactly this call. The copy it sees has no seqno (which
   * StrictNoSign refuses); the original, seqno and all, is what gossipsub caches and forwards.
   */
  private validateUnsigned(gs: GossipSubInternals, validate: GossipSubInternals['validateReceivedMessage'], from: PeerId, msg: RpcMessage): Promise<unknown> {
    const data = (msg.data ??= new Uint8Array(0));
    if (msg.seqno?.length === 8) this.unsignedSeqnos.set(data, new DataView(msg.seqno.buffer, msg.seqno.byteOffset, 8).getBigUint64(0, false));
    const policy = gs.globalSignaturePolicy;
    gs.globalSignaturePolicy = StrictNoSign;
    try {
      return validate(from, { topic: msg.topic, data });
    } finally {
      gs.globalSignaturePolicy = policy;
    }
  }

  private onControl(gs: GossipSubInternals, peer: string, relay: RelayControl): void {
    if (relay.iAmRelay === true && !this.relays.has(peer)) {
      this.log('info', `p2p: ${peer} is a KDF relay`);
      this.relays.add(peer);
      if (this.mesh.size < RELAY_MESH_LOW) this.include(gs, peer);
    }
    if (relay.meshSize !== undefined && this.mesh.has(peer)) this.mesh.set(peer, relay.meshSize);
    // IncludedToRelaysMesh is for relays; a light node ignores it, as the fork's does.
  }

  private include(gs: GossipSubInternals, relay: string): void {
    this.mesh.set(relay, 0);
    this.untold.add(relay);
    this.tell(gs, relay);
  }

  /** Sends the relay its place in our mesh; kept for the next tick while its stream is not open. */
  private tell(gs: GossipSubInternals, relay: string): void {
    const included = this.mesh.has(relay);
    if (this.send(gs, relay, { includedToRelaysMesh: { included, meshSize: this.mesh.size } })) this.untold.delete(relay);
  }

  private send(gs: GossipSubInternals, peer: string, control: RelayControl): boolean {
    const stream = gs.streamsOutbound.get(peer);
    if (!stream) return false;
    try {
      stream.push(encodeRelayControl(control));
      return true;
    } catch (e) {
      this.log('debug', `p2p: cannot send relay control to ${peer}: ${errorMessage(e)}`);
      return false;
    }
  }

  private tick(gs: GossipSubInternals): void {
    for (const relay of this.untold) this.tell(gs, relay);
    if (++this.ticks % (MAINTENANCE_MS / RETRY_MS) !== 0) return;
    if (this.mesh.size < RELAY_MESH_LOW) {
      // One at a time, as the fork adds them, so a node joining many relays does not burst.
      const next = [...this.relays].find((r) => !this.mesh.has(r));
      if (next) this.include(gs, next);
    }
    if (this.mesh.size > RELAY_MESH_HIGH) {
      for (const relay of [...this.mesh.keys()].slice(RELAY_MESH_N)) {
        this.mesh.delete(relay);
        this.send(gs, relay, { includedToRelaysMesh: { included: false, meshSize: this.mesh.size } });
      }
    }
    for (const relay of this.mesh.keys()) this.send(gs, relay, { meshSize: this.mesh.size });
  }

  private forget(peer: string): void {
    this.relays.delete(peer);
    this.mesh.delete(peer);
    this.untold.delete(peer);
  }
}
