/**
 * The network state the page shows (`p2p_status`): reduced from each seed's dial state and the
 * peer count, and sent only when it changed, so a seed redialling every 30 s does not chatter.
 */
import type { P2pStatusData, SeedStatusData } from '../../shared/wire';

/** One state for the whole network: a connected seed wins, then one still trying; no seeds is off. */
export function p2pState(seeds: readonly SeedStatusData[]): P2pStatusData['state'] {
  if (seeds.length === 0) return 'off';
  if (seeds.some((s) => s.state === 'connected')) return 'connected';
  if (seeds.some((s) => s.state === 'connecting')) return 'connecting';
  return 'unreachable';
}

export function p2pStatus(seeds: readonly SeedStatusData[], peers: number, netid: number): P2pStatusData {
  return { state: p2pState(seeds), peers, netid, seeds: seeds.map((s) => ({ ...s })) };
}

/** Passes a status on only when it differs from the last one passed on. */
export class StatusReporter {
  private last = '';

  constructor(private readonly onStatus: (s: P2pStatusData) => void) {}

  report(status: P2pStatusData): void {
    const key = JSON.stringify(status);
    if (key === this.last) return;
    this.last = key;
    this.onStatus(status);
  }
}
