/**
 * The node's P2p over js-libp2p (devnet-notes §4 set): WebSockets (+ circuit relay) transports,
 * noise, yamux, identify, ping, gossipsub, and KDF's request-response protocol. The libp2p
 * identity is a fresh ed25519 key per start, as KDF light nodes use; the node's secp256k1 key only
 * signs envelopes. Peers whose bytes fail to decode or verify are penalized and, past a limit,
 * banned for a while (peerPenalties.ts); seeds never are. Gossipsub is set up as KDF's fork
 * runs on a light node (its message ids, mesh sizes and size cap; its relay mesh and unsigned
 * messages: kdf/relayMesh.ts), and each peer's clock is checked on connect (peerClock.ts).
 * Loaded by dynamic import (forContext.ts), so builds that never start p2p do not carry libp2p
 * in their first chunk.
 */
import './polyfills';
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { circuitRelayTransport } from '@libp2p/circuit-relay-v2';
import { gossipsub, type GossipSub } from '@libp2p/gossipsub';
import { identify } from '@libp2p/identify';
import type { Libp2p, PeerId } from '@libp2p/interface';
import { ping } from '@libp2p/ping';
import { webSockets } from '@libp2p/websockets';
import { multiaddr, type Multiaddr } from '@multiformats/multiaddr';
import { createLibp2p } from 'libp2p';
import { isValidPrivkey } from '../crypto';
import { encodeSigned } from './envelope';
import { errorMessage, p2pError } from './errors';
import { MAX_FRAME_BYTES } from './framing';
import { SignedGossip } from './gossip';
import { decodeNetworkInfoRequest, encodeUtcTimestamp } from './kdf/networkInfo';
import { KdfRelayMesh } from './kdf/relayMesh';
import { PeerClockCheck, type PeerClockStats } from './peerClock';
import { PeerPenalties } from './peerPenalties';
import { decodePeerRequest, decodePeerResponse, encodePeerRequest, encodePeerResponse } from './peerRequest';
import { provideWebSocket, type WebSocketOpener } from './polyfills';
import { exchange, REQUEST_TIMEOUT_MS, serve } from './requestResponse';
import { p2pStatus, StatusReporter } from './p2pStatus';
import { SeedDialer, type P2pLog } from './seedDialer';
import type { P2p, P2pMessage, PeerAnswer, RequestHandler } from './types';
import type { P2pStatusData } from '../../shared/wire';

export interface P2pOptions {
  /** 32-byte secp256k1 secret that signs every published envelope (KDF's mm2 internal key). */
  signingKey: Uint8Array;
  /** Seed/relay multiaddrs to keep connected to, e.g. `/ip4/127.0.0.1/tcp/4003/ws/p2p/12D3…`. */
  seednodes: readonly string[];
  /**
   * Dev flag (devnet, tests): lets the browser's connection gater dial plain ws:// and loopback
   * addresses, and turns off gossipsub's IP-colocation penalty (every local peer shares
   * 127.0.0.1). Off in production, which keeps libp2p's defaults.
   */
  allowLoopback?: boolean;
  /** How to open a WebSocket where the runtime has no global one (Node 20: the `ws` package). */
  webSocket?: WebSocketOpener;
  /** Per-peer request timeout; KDF's 10 s by default. */
  requestTimeoutMs?: number;
  log?: P2pLog;
  /** The clock peers' clocks are checked against and `GetPeerUtcTimestamp` answers from, ms; Date.now by default. */
  now?: () => number;
  /** The network id (conf `netid`), reported in the status; 0 by default. */
  netid?: number;
  /** Told the network state each time it changes (the page's `p2p_status` event). */
  onStatus?: (status: P2pStatusData) => void;
}

/** P2p plus what operators and tests look at. */
export interface Libp2pP2p extends P2p {
  /** Gossip messages refused for a bad envelope since start. */
  readonly droppedMessages: number;
  /** Peers in this node's gossip mesh for `topic` (KDF's `get_gossip_mesh`). */
  meshPeers(topic: string): string[];
  /** Peers whose clock was read after connecting, and those hung up on for it (peerClock.ts). */
  readonly peerClocks: PeerClockStats;
  /** The network state now: each seed's, the peer count. */
  status(): P2pStatusData;
  /** Makes these multiaddrs the seeds (new ones dialled, removed ones dropped); a bad one changes nothing. */
  setSeeds(seednodes: readonly string[]): void;
}

export async function createP2p(opts: P2pOptions): Promise<Libp2pP2p> {
  if (!isValidPrivkey(opts.signingKey)) throw p2pError('the signing key is not a 32-byte secp256k1 secret');
  const seeds = toMultiaddrs(opts.seednodes);
  provideWebSocket(opts.webSocket);
  const penalties = new PeerPenalties();
  const banned = (peer: PeerId): boolean => penalties.isBanned(peer.toString());
  const relayMesh = new KdfRelayMesh(opts.log ?? (() => undefined));
  let libp2p: Libp2p<{ pubsub: GossipSub }>;
  try {
    libp2p = await createLibp2p({
      addresses: { listen: ['/p2p-circuit'] },
      transports: [webSockets(), circuitRelayTransport()],
      connectionEncrypters: [noise()],
      streamMuxers: [yamux()],
      connectionGater: {
        ...(opts.allowLoopback ? { denyDialMultiaddr: () => false } : {}),
        denyDialPeer: banned,
        denyInboundEncryptedConnection: banned,
        denyOutboundEncryptedConnection: banned,
      },
      services: {
        identify: identify(),
        ping: ping(),
        pubsub: gossipsub({
          allowPublishToZeroTopicPeers: true,
          // As KDF's gossipsub: its message ids, its size cap, a light node's mesh (2, 4, 6).
          msgIdFn: relayMesh.messageId,
          maxInboundDataLength: MAX_FRAME_BYTES,
          Dlo: 2,
          D: 4,
          Dhi: 6,
          Dout: 1,
          ...(opts.allowLoopback ? { scoreParams: { IPColocationFactorWeight: 0 } } : {}),
        }),
      },
    });
  } catch (e) {
    throw p2pError(`cannot start libp2p: ${errorMessage(e)}`, e);
  }
  const node = new Libp2pNode(libp2p, opts, seeds, penalties);
  try {
    relayMesh.attach(libp2p);
    node.paceReceipt();
    await node.start();
  } catch (e) {
    await libp2p.stop();
    throw p2pError(`cannot start p2p: ${errorMessage(e)}`, e);
  }
  return node;
}

function toMultiaddrs(seednodes: readonly string[]): Multiaddr[] {
  return seednodes.map((s) => {
    try {
      return multiaddr(s);
    } catch (e) {
      throw p2pError(`seednode ${JSON.stringify(s)} is not a multiaddr`, e);
    }
  });
}

class Libp2pNode implements Libp2pP2p {
  private readonly gossip: SignedGossip;
  private readonly ctrl = new AbortController();
  private readonly log: P2pLog;
  private readonly timeoutMs: number;
  private readonly signingKey: Uint8Array;
  private readonly dialer: SeedDialer;
  private readonly reporter: StatusReporter;
  private readonly netid: number;
  private readonly now: () => number;
  private readonly clocks: PeerClockCheck;
  private handler: RequestHandler | null = null;
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly libp2p: Libp2p<{ pubsub: GossipSub }>,
    opts: P2pOptions,
    private readonly seeds: readonly Multiaddr[],
    private readonly penalties: PeerPenalties,
  ) {
    this.log = opts.log ?? (() => undefined);
    this.timeoutMs = opts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    this.signingKey = opts.signingKey;
    this.now = opts.now ?? Date.now;
    this.clocks = new PeerClockCheck(libp2p, { now: this.now, timeoutMs: this.timeoutMs, signal: this.ctrl.signal, log: this.log });
    this.netid = opts.netid ?? 0;
    this.reporter = new StatusReporter(opts.onStatus ?? (() => undefined));
    this.dialer = new SeedDialer(libp2p, this.ctrl.signal, this.log, () => this.reportStatus());
    this.gossip = new SignedGossip(libp2p.services.pubsub, opts.signingKey, this.log, {
      penalize: (peerId, reason) => this.penalize(peerId, reason),
      isBanned: (peerId) => penalties.isBanned(peerId),
    });
  }

  get peerId(): string {
    return this.libp2p.peerId.toString();
  }

  /** See SignedGossip.paceReceipt; after the relay mesh is attached. */
  paceReceipt(): void {
    this.gossip.paceReceipt();
  }

  get droppedMessages(): number {
    return this.gossip.droppedMessages;
  }

  get peerClocks(): PeerClockStats {
    return this.clocks.stats;
  }

  async start(): Promise<void> {
    await serve(this.libp2p, (body, peer) => this.answer(body, peer), (e) => this.log('debug', `p2p: request not answered: ${errorMessage(e)}`));
    for (const event of ['peer:connect', 'peer:disconnect'] as const) this.libp2p.addEventListener(event, () => this.reportStatus());
    this.dialer.setSeeds(this.seeds);
  }

  status(): P2pStatusData {
    return p2pStatus(this.dialer.seeds, this.stopping ? 0 : this.libp2p.getPeers().length, this.netid);
  }

  setSeeds(seednodes: readonly string[]): void {
    this.assertRunning();
    this.dialer.setSeeds(toMultiaddrs(seednodes));
  }

  private reportStatus(): void {
    if (!this.stopping) this.reporter.report(this.status());
  }

  subscribe(topic: string, handler: (m: P2pMessage) => void): () => void {
    this.assertRunning();
    return this.gossip.subscribe(topic, handler);
  }

  async publish(topic: string, payload: Uint8Array): Promise<void> {
    this.assertRunning();
    await this.gossip.publish(topic, payload);
  }

  /** Asks `peerId`, or each connected peer in turn (seeds first), until one answers Ok. */
  async request(payload: Uint8Array, peerId?: string): Promise<PeerAnswer | null> {
    this.assertRunning();
    const body = encodePeerRequest(payload);
    if (body.length > MAX_FRAME_BYTES) throw p2pError(`request of ${body.length} bytes exceeds ${MAX_FRAME_BYTES}`);
    for (const peer of this.requestTargets(peerId)) {
      try {
        const res = decodePeerResponse(await exchange(this.libp2p, peer, body, this.timeoutMs, this.ctrl.signal));
        if (res.kind === 'ok') return { payload: res.res, peerId: peer.toString() };
        if (res.kind === 'err') this.log('debug', `p2p: ${peer.toString()} answered an error: ${res.err}`);
      } catch (e) {
        if (this.ctrl.signal.aborted) break;
        this.log('debug', `p2p: ${errorMessage(e)}`);
      }
    }
    return null;
  }

  sign(payload: Uint8Array): Uint8Array {
    return encodeSigned(payload, this.signingKey);
  }

  penalize(peerId: string, reason: string): void {
    if (this.isSeed(peerId)) {
      this.log('info', `p2p: seed ${peerId} relayed something bad (${reason}); seeds are not penalized`);
      return;
    }
    this.log('debug', `p2p: penalizing ${peerId}: ${reason}`);
    if (!this.penalties.penalize(peerId)) return;
    this.log('warn', `p2p: banned ${peerId} for repeated bad messages (last: ${reason})`);
    const id = this.libp2p.getPeers().find((p) => p.toString() === peerId);
    // Not connected (it reached us through a relay): the ban alone keeps it out.
    if (id) this.libp2p.hangUp(id).catch((e: unknown) => this.log('debug', `p2p: cannot hang up on ${peerId}: ${errorMessage(e)}`));
  }

  onRequest(handler: RequestHandler): void {
    this.handler = handler;
  }

  connectedPeers(): string[] {
    return this.libp2p.getPeers().map(String);
  }

  meshPeers(topic: string): string[] {
    // Public on the gossipsub object, though its exported interface type leaves it out.
    return (this.libp2p.services.pubsub as GossipSub & { getMeshPeers(topic: string): string[] }).getMeshPeers(topic);
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.ctrl.abort(p2pError('p2p stopped'));
      await this.libp2p.stop();
      await this.dialer.ended();
    })();
    return this.stopping;
  }

  private assertRunning(): void {
    if (this.stopping) throw p2pError('p2p is stopped');
  }

  /** Connected peers to ask: the given one only (if connected), else seeds first, then the rest. */
  private requestTargets(peerId: string | undefined): PeerId[] {
    const peers = this.libp2p.getPeers();
    if (peerId !== undefined) return peers.filter((p) => p.toString() === peerId);
    const isSeed = (p: PeerId): boolean => this.isSeed(p.toString());
    return [...peers.filter(isSeed), ...peers.filter((p) => !isSeed(p) && !this.penalties.isBanned(p.toString()))];
  }

  private isSeed(peerId: string): boolean {
    return this.dialer.isSeed(peerId);
  }

  private async answer(body: Uint8Array, peer: PeerId): Promise<Uint8Array> {
    let req: Uint8Array;
    try {
      req = decodePeerRequest(body);
    } catch (e) {
      this.penalize(peer.toString(), 'malformed request');
      return encodePeerResponse({ kind: 'err', err: `malformed request: ${errorMessage(e)}` });
    }
    const info = networkInfoRequest(req);
    if (info === 'GetPeerUtcTimestamp') return encodePeerResponse({ kind: 'ok', res: encodeUtcTimestamp(this.now()) });
    if (info) return encodePeerResponse({ kind: 'none' });
    const handler = this.handler;
    if (!handler) return encodePeerResponse({ kind: 'none' });
    try {
      const res = await handler(req, peer.toString());
      return encodePeerResponse(res ? { kind: 'ok', res } : { kind: 'none' });
    } catch (e) {
      this.log('warn', `p2p: request handler failed: ${errorMessage(e)}`);
      return encodePeerResponse({ kind: 'err', err: errorMessage(e) });
    }
  }
}

/** The network-info request (answered here, as KDF's network layer does), or null for the domain's requests. */
function networkInfoRequest(req: Uint8Array): ReturnType<typeof decodeNetworkInfoRequest> {
  try {
    return decodeNetworkInfoRequest(req);
  } catch {
    return null; // not for the network layer: the domain's handler judges it
  }
}
