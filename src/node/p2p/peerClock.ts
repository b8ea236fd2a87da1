/**
 * KDF's peer time check (`validate_peer_time`, `behaviours/atomicdex.rs`): right after a peer
 * connects, ask it `GetPeerUtcTimestamp` and hang up when its clock is more than
 * MAX_TIME_GAP_FOR_CONNECTED_PEER seconds from ours (swap lock times depend on agreeing clocks).
 * As in KDF, an answer that is not a timestamp also ends the connection, while no answer (`None`,
 * `Err`, a peer without the protocol, a timeout) is let pass. Both our nodes and our seed run it.
 */
import type { Libp2p, PeerId } from '@libp2p/interface';
import { errorMessage } from './errors';
import { decodeUtcTimestamp, encodeNetworkInfoRequest } from './kdf/networkInfo';
import { decodePeerResponse, encodePeerRequest, type PeerResponse } from './peerRequest';
import { exchange } from './requestResponse';

/** KDF's MAX_TIME_GAP_FOR_CONNECTED_PEER, seconds. */
export const MAX_TIME_GAP_S = 20;

export type ClockVerdict =
  | { kind: 'in-sync'; gapS: number }
  | { kind: 'skewed'; gapS: number }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'no-answer' };

/** What KDF concludes from a peer's answer to `GetPeerUtcTimestamp`, our clock reading `nowMs`. */
export function clockVerdict(res: PeerResponse, nowMs: number): ClockVerdict {
  if (res.kind !== 'ok') return { kind: 'no-answer' };
  let peerS: number;
  try {
    peerS = decodeUtcTimestamp(res.res);
  } catch (e) {
    return { kind: 'unreadable', reason: errorMessage(e) };
  }
  const gapS = Math.abs(Math.floor(nowMs / 1000) - peerS);
  return gapS <= MAX_TIME_GAP_S ? { kind: 'in-sync', gapS } : { kind: 'skewed', gapS };
}

export interface PeerClockOptions {
  /** Our clock, ms since the epoch. */
  now: () => number;
  timeoutMs: number;
  signal: AbortSignal;
  log: (level: 'debug' | 'warn', line: string) => void;
}

/** Since start, for operators and tests: peers whose answer was read, and those hung up on for it. */
export interface PeerClockStats {
  checked: number;
  rejected: number;
}

/** Checks each peer as it connects (libp2p's `peer:connect`), hanging up on those KDF would. */
export class PeerClockCheck {
  private readonly counts: PeerClockStats = { checked: 0, rejected: 0 };

  constructor(
    private readonly libp2p: Libp2p,
    private readonly opts: PeerClockOptions,
  ) {
    libp2p.addEventListener('peer:connect', (evt) => void this.check(evt.detail));
  }

  get stats(): PeerClockStats {
    return { ...this.counts };
  }

  private async check(peer: PeerId): Promise<void> {
    const body = encodePeerRequest(encodeNetworkInfoRequest('GetPeerUtcTimestamp'));
    let res: PeerResponse;
    try {
      res = decodePeerResponse(await exchange(this.libp2p, peer, body, this.opts.timeoutMs, this.opts.signal));
    } catch (e) {
      this.opts.log('debug', `p2p: no time from ${peer.toString()}: ${errorMessage(e)}`);
      return;
    }
    const verdict = clockVerdict(res, this.opts.now());
    if (verdict.kind === 'no-answer') return;
    this.counts.checked++;
    if (verdict.kind === 'in-sync') return;
    this.counts.rejected++;
    const why = verdict.kind === 'skewed' ? `its clock is ${verdict.gapS} s off ours (at most ${MAX_TIME_GAP_S})` : `its time is unreadable (${verdict.reason})`;
    this.opts.log('warn', `p2p: disconnecting ${peer.toString()}: ${why}`);
    await this.libp2p.hangUp(peer).catch((e: unknown) => this.opts.log('debug', `p2p: cannot hang up on ${peer.toString()}: ${errorMessage(e)}`));
  }
}
