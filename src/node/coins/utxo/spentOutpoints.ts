/**
 * KDF's `RecentlySpentOutPoints`: outputs spent by transactions this node broadcast, kept out of
 * coin selection until the server stops listing them, so two withdrawals in a row never spend
 * the same output.
 */
export const outpointKey = (txid: string, vout: number): string => `${txid}:${vout}`;

export class SpentOutpoints {
  private readonly spent = new Set<string>();

  add(txid: string, vout: number): void {
    this.spent.add(outpointKey(txid, vout));
  }

  has(txid: string, vout: number): boolean {
    return this.spent.has(outpointKey(txid, vout));
  }

  /** Forgets outpoints the server no longer lists as unspent: the spend is known to it now. */
  prune(listed: ReadonlySet<string>): void {
    for (const key of this.spent) if (!listed.has(key)) this.spent.delete(key);
  }
}
