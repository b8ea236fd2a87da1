/**
 * Per-peer request budgets for the seed: a token bucket per peer (BURST requests at once, RATE
 * per second after that), so one peer cannot keep the seed fanning requests out to everyone.
 * Buckets of peers that left are dropped; the table is bounded, the oldest bucket going first.
 */

export const RATE_PER_SECOND = 5;
export const BURST = 20;
const MAX_PEERS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class RequestBudgets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes one request from `peerId`'s budget; false when it has none left. */
  take(peerId: string): boolean {
    const now = this.now();
    const b = this.buckets.get(peerId);
    const tokens = b ? Math.min(BURST, b.tokens + ((now - b.at) / 1000) * RATE_PER_SECOND) : BURST;
    this.buckets.delete(peerId);
    this.buckets.set(peerId, { tokens: tokens >= 1 ? tokens - 1 : tokens, at: now });
    for (const oldest of this.buckets.keys()) {
      if (this.buckets.size <= MAX_PEERS) break;
      this.buckets.delete(oldest);
    }
    return tokens >= 1;
  }

  forget(peerId: string): void {
    this.buckets.delete(peerId);
  }
}
