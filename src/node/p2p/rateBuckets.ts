/**
 * Token buckets by key (a peer, a maker's pubkey): `burst` at once, then `ratePerSecond`. Taking
 * from a bucket is a map lookup, so it can run before any costly check of what it admits. The
 * table is bounded, the least recently used bucket going first (a forgotten key starts full again:
 * bounded memory is worth more than an exact budget for a key unseen for that long).
 */
export class RateBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly ratePerSecond: number,
    private readonly maxKeys: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token from `key`'s bucket; false (nothing taken) when it is empty. */
  take(key: string): boolean {
    const now = this.now();
    const b = this.buckets.get(key);
    const tokens = b ? Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.ratePerSecond) : this.burst;
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: tokens >= 1 ? tokens - 1 : tokens, at: now });
    for (const oldest of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) break;
      this.buckets.delete(oldest);
    }
    return tokens >= 1;
  }

  forget(key: string): void {
    this.buckets.delete(key);
  }
}
