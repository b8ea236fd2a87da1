/**
 * Per-peer penalties for bytes that fail to decode or verify. Each offence costs a point and
 * points fade (one per FADE_MS), so an honest peer with a rare bad message is never cut off, while
 * one reaching BAN_POINTS is banned for BAN_MS: its connections are closed, new ones refused and
 * its gossip ignored. Both tables are bounded, the oldest entry going first.
 */

export const BAN_POINTS = 5;
export const BAN_MS = 10 * 60_000;
const FADE_MS = 60_000;
const MAX_TRACKED = 1_000;

interface Offences {
  points: number;
  at: number;
}

export class PeerPenalties {
  private readonly offences = new Map<string, Offences>();
  /** Peer id → end of its ban, ms. */
  private readonly bans = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one offence; true when it is the one that bans the peer. */
  penalize(peerId: string): boolean {
    const now = this.now();
    const last = this.offences.get(peerId);
    const points = (last ? Math.max(0, last.points - Math.floor((now - last.at) / FADE_MS)) : 0) + 1;
    this.offences.delete(peerId);
    if (points < BAN_POINTS) {
      bounded(this.offences, peerId, { points, at: now });
      return false;
    }
    this.bans.delete(peerId);
    bounded(this.bans, peerId, now + BAN_MS);
    return true;
  }

  isBanned(peerId: string): boolean {
    const until = this.bans.get(peerId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.bans.delete(peerId);
    return false;
  }
}

/** Sets `key` last in insertion order, dropping the oldest entries beyond MAX_TRACKED. */
function bounded<V>(map: Map<string, V>, key: string, value: V): void {
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= MAX_TRACKED) break;
    map.delete(oldest);
  }
}
