/**
 * What the watcher's work is bounded by, before a message is even decoded: messages per
 * publishing peer per minute (a taker re-sends its message every 600 s, so a handful a minute
 * serves many swaps), and how many peers are counted at once (a flood of fresh peer ids fills that
 * and waits for the next window).
 */

/** Messages one peer may have looked at per minute. */
export const MESSAGES_PER_PEER_PER_MINUTE = 20;
/** Peers counted in one window; past it, messages from peers not yet counted are refused until the next. */
export const MAX_PEERS_PER_WINDOW = 10_000;
/** Swaps watched at once (running machines); a message for another waits for one to stop. */
export const MAX_WATCHED_SWAPS = 2_000;
/** Stored records, running or stopped (replay protection), at most. */
export const MAX_STORED_SWAPS = 20_000;

const WINDOW_MS = 60_000;

export class PeerRateLimit {
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(
    private readonly now: () => number,
    private readonly perPeer = MESSAGES_PER_PEER_PER_MINUTE,
    private readonly maxPeers = MAX_PEERS_PER_WINDOW,
  ) {}

  /** Counts a message from `peer`; false when it is over its share (the message is dropped unread). */
  take(peer: string): boolean {
    const now = this.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.counts = new Map();
      this.windowStart = now;
    }
    const count = this.counts.get(peer);
    if (count === undefined && this.counts.size >= this.maxPeers) return false;
    if ((count ?? 0) >= this.perPeer) return false;
    this.counts.set(peer, (count ?? 0) + 1);
    return true;
  }
}
