/**
 * KDF's `RecentlySpentOutPoints`: what this node's own broadcasts did to the wallet's outputs,
 * applied to the server's listing until the server shows it. An Electrum server learns of a
 * broadcast transaction from its daemon's mempool some time later (a poll on ElectrumX, or another
 * server of the same coin took the broadcast), so a listing read just after a send still holds the
 * outputs it spent and lacks its change: two sends in a row would then spend the same output, or
 * find nothing to spend while the change is in flight. Kept in memory, as KDF keeps it.
 */
import type { Unspent } from './tx';

export const outpointKey = (txid: string, vout: number): string => `${txid}:${vout}`;

export interface Outpoint {
  txid: string;
  vout: number;
}

interface Broadcast {
  /** Outpoints the transaction spent (ours or a swap's). */
  spends: string[];
  /** Its outputs paying the wallet's own script, unconfirmed. */
  change: Unspent[];
}

export class OwnBroadcasts {
  private readonly byTxid = new Map<string, Broadcast>();

  /** Records a transaction this node broadcast: `change` are its outputs to the wallet's script. */
  add(txid: string, spends: readonly Outpoint[], change: readonly Omit<Unspent, 'height' | 'txid'>[]): void {
    this.byTxid.set(txid, {
      spends: spends.map((o) => outpointKey(o.txid, o.vout)),
      change: change.map((c) => ({ txid, vout: c.vout, value: c.value, height: 0 })),
    });
  }

  /**
   * The server's listing with our broadcasts it has not shown yet: the outputs they spent left
   * out, their change added. A broadcast is forgotten once the listing shows it (one of its change
   * outputs is listed, or none of what it spent is listed or pending from another broadcast).
   */
  apply(listed: readonly Unspent[]): Unspent[] {
    const listedKeys = new Set(listed.map((u) => outpointKey(u.txid, u.vout)));
    this.forgetShown(listedKeys);
    const spent = new Set<string>();
    const pending: Unspent[] = [];
    for (const b of this.byTxid.values()) {
      for (const key of b.spends) spent.add(key);
      pending.push(...b.change);
    }
    const unseen = pending.filter((u) => !listedKeys.has(outpointKey(u.txid, u.vout)));
    return [...listed, ...unseen].filter((u) => !spent.has(outpointKey(u.txid, u.vout)));
  }

  /** Drops broadcasts the listing reflects, until none is left to drop (chains of our own sends). */
  private forgetShown(listedKeys: ReadonlySet<string>): void {
    for (let changed = true; changed; ) {
      changed = false;
      const pendingKeys = new Set<string>();
      for (const b of this.byTxid.values()) for (const c of b.change) pendingKeys.add(outpointKey(c.txid, c.vout));
      for (const [txid, b] of this.byTxid) {
        const changeListed = b.change.some((c) => listedKeys.has(outpointKey(c.txid, c.vout)));
        const spendsGone = b.spends.every((key) => !listedKeys.has(key) && !pendingKeys.has(key));
        if (changeListed || spendsGone) {
          this.byTxid.delete(txid);
          changed = true;
        }
      }
    }
  }
}
