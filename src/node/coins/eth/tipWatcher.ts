/**
 * Follows the chain tip with `eth_blockNumber` every few seconds (one call per tick, the next tick
 * only after the previous answered), so balances and history are refreshed once per new block
 * without a subscription the HTTP nodes cannot offer.
 */
import type { EthChainApi } from './chainApi';
import type { LogFn } from './log';

export const MIN_POLL_MS = 1_000;
export const MAX_POLL_MS = 15_000;
/** When the coins file gives no `avg_blocktime`. */
export const DEFAULT_POLL_MS = 5_000;

/** One poll per average block time, within [1 s, 15 s]. */
export function pollInterval(avgBlocktimeSec: number | undefined): number {
  if (avgBlocktimeSec === undefined) return DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, Math.round(avgBlocktimeSec * 1000)));
}

export class TipWatcher {
  private tip = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private readonly listeners = new Set<(height: number) => void>();

  constructor(
    private readonly api: EthChainApi,
    private readonly intervalMs: number,
    private readonly log: LogFn,
  ) {}

  get height(): number {
    return this.tip;
  }

  /** Reads the tip once, then keeps polling. */
  async start(): Promise<void> {
    this.tip = await this.api.blockNumber();
    this.schedule();
  }

  /** Runs `listener` on every new tip; returns the unsubscribe. */
  onBlock(listener: (height: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.listeners.clear();
  }

  private schedule(): void {
    if (!this.stopped) this.timer = setTimeout(() => void this.poll(), this.intervalMs);
  }

  private async poll(): Promise<void> {
    try {
      const height = await this.api.blockNumber();
      if (height !== this.tip) {
        this.tip = height;
        for (const listener of this.listeners) listener(height);
      }
    } catch (e) {
      this.log('warn', `eth_blockNumber failed: ${(e as Error).message}`);
    } finally {
      this.schedule();
    }
  }
}
