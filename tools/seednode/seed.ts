/**
 * A seed/relay node for the devnet and tests, in Node.js: a WebSocket listener, noise, yamux,
 * identify, ping, a circuit relay server, and gossipsub set up as a hub (devnet-notes §4: big mesh
 * degrees so every subscriber is in the mesh, no IP-colocation penalty since all peers share one
 * address on a devnet, raised inbound limits for bursts of local peers). It relays every topic its
 * peers use and forwards request-response to its peers, within per-peer limits: gossipsub's topic
 * budget per peer (MAX_TOPICS_PER_PEER), topics weighed by how many topics their subscribers follow
 * so that a crowd cannot fill the relay (topicRelay.ts), and a request budget (rateLimit.ts). Its identity comes
 * from `keyFile`, or `seednode.key` in `dataDir` (identity.ts), so it keeps its peer id across
 * restarts; without either it is fresh.
 * As KDF's seeds, it identifies messages by KDF's ids, answers `GetPeerUtcTimestamp` itself and
 * hangs up on peers whose clock is more than 20 s off (peerClock.ts).
 */
import '../../src/node/p2p/polyfills';
import { join } from 'node:path';
import { noise } from '@chainsafe/libp2p-noise';
import { yamux } from '@chainsafe/libp2p-yamux';
import { circuitRelayServer } from '@libp2p/circuit-relay-v2';
import { gossipsub } from '@libp2p/gossipsub';
import { identify } from '@libp2p/identify';
import { ping } from '@libp2p/ping';
import { webSockets } from '@libp2p/websockets';
import { createLibp2p } from 'libp2p';
import { kdfMsgIdFn } from '../../src/node/p2p/kdf/messageId';
import { PeerClockCheck, type PeerClockStats } from '../../src/node/p2p/peerClock';
import { REQUEST_TIMEOUT_MS } from '../../src/node/p2p/requestResponse';
import { loadOrCreateIdentity } from './identity';
import { forwardRequests } from './requestForwarding';
import { MAX_TOPICS_PER_PEER, relayAllTopics } from './topicRelay';

export interface SeedOptions {
  /** Listening address; 127.0.0.1 by default. */
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /** Where the seed keeps its state: its identity, in `seednode.key`, unless `keyFile` says otherwise. */
  dataDir?: string;
  /** The identity's key file, created when missing; without it or a data dir, a fresh identity each start. */
  keyFile?: string;
  /** Topics relayed at most (topicRelay.ts); MAX_RELAYED_TOPICS by default. */
  maxRelayedTopics?: number;
  log?: (line: string) => void;
  /** The clock peers' clocks are checked against and `GetPeerUtcTimestamp` answers from, ms; Date.now by default. */
  now?: () => number;
}

/** The identity's file name in the data dir. */
export const SEED_KEY_FILE = 'seednode.key';

export { MAX_TOPICS_PER_PEER };
/** Gossipsub charges a topic its length plus ~1 KiB; this budget fits MAX_TOPICS_PER_PEER topics of up to 100 characters. */
const TOPIC_BYTES_PER_PEER = MAX_TOPICS_PER_PEER * (1024 + 100);

export interface SeedNode {
  peerId: string;
  /** `/ip4/<host>/tcp/<port>/ws/p2p/<peerId>`, what nodes list in `seednodes`. */
  multiaddr: string;
  /** Peers whose clock was read after connecting, and those hung up on for it (as KDF's seeds do). */
  readonly peerClocks: PeerClockStats;
  stop(): Promise<void>;
}

export async function startSeedNode(opts: SeedOptions): Promise<SeedNode> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => undefined);
  const keyFile = opts.keyFile ?? (opts.dataDir === undefined ? undefined : join(opts.dataDir, SEED_KEY_FILE));
  const privateKey = keyFile ? await loadOrCreateIdentity(keyFile, log) : undefined;
  const libp2p = await createLibp2p({
    ...(privateKey && { privateKey }),
    addresses: { listen: [`/${host.includes(':') ? 'ip6' : 'ip4'}/${host}/tcp/${opts.port}/ws`] },
    transports: [webSockets()],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux()],
    connectionManager: { inboundConnectionThreshold: 10_000, maxIncomingPendingConnections: 256, maxConnections: 1_000 },
    services: {
      identify: identify(),
      ping: ping(),
      pubsub: gossipsub({
        D: 32,
        Dlo: 22,
        Dhi: 64,
        Dout: 2,
        Dlazy: 32,
        allowPublishToZeroTopicPeers: true,
        msgIdFn: kdfMsgIdFn,
        scoreParams: { IPColocationFactorWeight: 0 },
        maxTopicBytesPerPeer: TOPIC_BYTES_PER_PEER,
      }),
      relay: circuitRelayServer({ reservations: { maxReservations: 1_000 } }),
    },
  });
  relayAllTopics(libp2p.services.pubsub, log, opts.maxRelayedTopics);
  const now = opts.now ?? Date.now;
  const stopped = new AbortController();
  const clocks = new PeerClockCheck(libp2p, { now, timeoutMs: REQUEST_TIMEOUT_MS, signal: stopped.signal, log: (_level, line) => log(line) });
  await forwardRequests(libp2p, log, now);
  const addr = libp2p.getMultiaddrs().find((a) => a.toString().includes('/ws/'));
  if (!addr) throw new Error('the seed has no WebSocket address');
  return {
    peerId: libp2p.peerId.toString(),
    multiaddr: addr.toString(),
    get peerClocks() {
      return clocks.stats;
    },
    async stop() {
      stopped.abort();
      await libp2p.stop();
    },
  };
}
