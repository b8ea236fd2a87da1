/** What both coin families' background histories share: KDF's order and coalesced sync passes. */
import type { TransactionDetails } from './coin';

/** KDF's order: unconfirmed first, then by height, newest first. */
export function byKdfHistoryOrder(a: TransactionDetails, b: TransactionDetails): number {
  const rank = (d: TransactionDetails) => (d.blockHeight === 0 ? Number.MAX_SAFE_INTEGER : d.blockHeight);
  return rank(b) - rank(a) || b.timestamp - a.timestamp || a.internalId.localeCompare(b.internalId);
}

/**
 * Runs a sync pass on request; requests that arrive during a pass coalesce into one more pass, so
 * a burst of new blocks or payments never runs passes side by side. `pass` handles its own errors.
 */
export class CoalescedPasses {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly stopped: () => boolean = () => false,
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && !this.stopped());
      this.running = null;
    })();
    return this.running;
  }
}
