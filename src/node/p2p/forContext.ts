/**
 * The node's P2p built from its context: conf `seednodes` (multiaddrs, or KDF-style hosts on the
 * netid's WSS port), the mm2 internal key for signing, the platform's WebSocket and log. libp2p is
 * imported dynamically here, so it is loaded (and bundled into its own chunk) only when a node
 * actually starts p2p.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { NodeEvents } from '../../shared/wire';
import type { NodeContext } from '../core/context';
import type { Libp2pP2p } from './libp2pNode';
import { allLoopback, seedMultiaddrs } from './seedAddress';

export interface P2pForContextOptions {
  /** The seeds to join through instead of conf's: a list given while the node runs (`set_seednodes`). */
  seednodes?: readonly string[];
  /** The dev flag of createP2p; by default on exactly when every seed is on this machine (a devnet). */
  allowLoopback?: boolean;
}

/**
 * Null without seeds (nothing to connect to). The loopback flag follows the seeds it starts with,
 * conf's or a list given later. In no-login mode (no keys) the node still listens and asks peers,
 * signing with a throwaway key, since it has nothing of its own to publish.
 */
export async function p2pForContext(ctx: NodeContext, opts: P2pForContextOptions = {}): Promise<Libp2pP2p | null> {
  const netid = ctx.conf.netid ?? 0;
  const given = opts.seednodes ?? ctx.conf.seednodes ?? [];
  if (given.length === 0) return null;
  const seeds = seedMultiaddrs(given, netid);
  const { createP2p } = await import('./libp2pNode');
  return createP2p({
    signingKey: ctx.keys?.internal.privateKey ?? secp256k1.utils.randomSecretKey(),
    seednodes: seeds,
    allowLoopback: opts.allowLoopback ?? allLoopback(seeds),
    webSocket: ctx.platform.webSocket,
    log: ctx.log,
    netid,
    onStatus: (status) => ctx.platform.emit(NodeEvents.p2pStatus, status),
  });
}
