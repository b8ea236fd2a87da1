/**
 * The running node's network state for the page: asked once (`p2p_status` control op, for a page
 * that opens after the node started) and then followed through the node's `p2p_status` events.
 * One per page, since a page runs one node: the wallet page follows it for the whole session, the
 * Exchange tab's status line shows it, the orderbook reads it to say "not connected" instead of
 * showing an empty market, and trading turns on when a node unlocked without seeds joins.
 */
import type { RpcClient } from '../../client/RpcClient';
import { NodeEvents, type P2pStatusData } from '../../shared/wire';
import { readP2pStatus } from './network';

class NetworkState {
  status = $state<P2pStatusData | null>(null);
  /**
   * The node has been on the network this session (any state but off was seen): its orders and swaps
   * run from then on, also after the seed list is emptied (the network stays up, without seeds).
   */
  joined = $state(false);

  /** True when seeds are set but none answers: what the page shows is not the market. */
  readonly unreachable = $derived(this.status?.state === 'unreachable');

  /** Follows the node's state until the returned function is called. */
  follow(client: RpcClient): () => void {
    let evented = false;
    const off = client.on(NodeEvents.p2pStatus, (d) => {
      const s = readP2pStatus(d);
      if (!s) return;
      evented = true;
      this.take(s);
    });
    void client.control({ op: 'p2p_status' }).then(
      (d) => {
        // An event that came in meanwhile is newer than this answer.
        const s = readP2pStatus(d);
        if (!evented && s) this.take(s);
      },
      () => undefined,
    );
    return () => {
      off();
      this.status = null;
      this.joined = false;
    };
  }

  /** Takes an answer of `set_seednodes` (the state right after the change). */
  set(data: unknown): void {
    const s = readP2pStatus(data);
    if (s) this.take(s);
  }

  private take(s: P2pStatusData): void {
    this.status = s;
    if (s.state !== 'off') this.joined = true;
  }
}

export const networkState = new NetworkState();
