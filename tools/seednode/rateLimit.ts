/**
 * Per-peer request budgets for the seed: a token bucket per peer (BURST requests at once, RATE
 * per second after that), so one peer cannot keep the seed fanning requests out to everyone.
 * Buckets of peers that left are dropped; the table is bounded, the oldest bucket going first.
 */
import { RateBuckets } from '../../src/node/p2p/rateBuckets';

export const RATE_PER_SECOND = 5;
export const BURST = 20;
const MAX_PEERS = 10_000;

export class RequestBudgets extends RateBuckets {
  constructor(now: () => number = Date.now) {
    super(BURST, RATE_PER_SECOND, MAX_PEERS, now);
  }
}
