/**
 * The running node's network state for the page: asked once (`p2p_status` control op, for a page
 * that opens after the node started) and then followed through the node's `p2p_status` events.
 * One per page, since a page runs one node: the Exchange tab's status line keeps it current and the
 * orderbook reads it to say "not connected" instead of showing an empty market.
 */
import type { RpcClient } from '../../client/RpcClient';
import { NodeEvents, type P2pStatusData } from '../../shared/wire';
import { readP2pStatus } from './network';

class NetworkState {
  status = $state<P2pStatusData | null>(null);

  /** True when seeds are set but none answers: what the page shows is not the market. */
  readonly unreachable = $derived(this.status?.state === 'unreachable');

  /** Follows the node's state until the returned function is called. */
  follow(client: RpcClient): () => void {
    let evented = false;
    const off = client.on(NodeEvents.p2pStatus, (d) => {
      const s = readP2pStatus(d);
      if (!s) return;
      evented = true;
      this.status = s;
    });
    void client.control({ op: 'p2p_status' }).then(
      (d) => {
        // An event that came in meanwhile is newer than this answer.
        if (!evented) this.status = readP2pStatus(d);
      },
      () => undefined,
    );
    return () => {
      off();
      this.status = null;
    };
  }

  /** Takes an answer of `set_seednodes` (the state right after the change). */
  set(data: unknown): void {
    const s = readP2pStatus(data);
    if (s) this.status = s;
  }
}

export const networkState = new NetworkState();
