/**
 * Nonces for one wallet on one chain. The node's pending transaction count is the truth; on top of
 * it the manager holds, for a while, the nonces this session handed out: a signed transaction not
 * broadcast yet (a `withdraw` whose `send_raw_transaction` is still to come) and a broadcast one
 * the node we ask may not count yet (another node behind fail-over, a lagging mempool). The next
 * nonce is the lowest one at or above the pending count that nobody holds, so back-to-back
 * transactions never share a nonce and a gap left by an abandoned withdraw is filled once its hold
 * ends. Nothing is persisted: after a reload the chain alone decides.
 */

/** A signed transaction keeps its nonce this long for its broadcast. */
export const SIGNED_HOLD_MS = 120_000;
/** A broadcast transaction keeps its nonce this long, or until the pending count passes it. */
export const SENT_HOLD_MS = 600_000;

export class NonceManager {
  /** nonce → hold end, ms. */
  private readonly held = new Map<number, number>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pendingCount: () => Promise<number>,
    private readonly now: () => number,
  ) {}

  /** The next free nonce, held for its broadcast. Calls run one at a time. */
  reserve(): Promise<number> {
    const next = this.queue.then(async () => {
      const base = await this.pendingCount();
      const now = this.now();
      for (const [nonce, until] of this.held) if (nonce < base || until <= now) this.held.delete(nonce);
      let nonce = base;
      while (this.held.has(nonce)) nonce++;
      this.held.set(nonce, now + SIGNED_HOLD_MS);
      return nonce;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The node accepted a transaction with this nonce. */
  sent(nonce: number): void {
    this.held.set(nonce, this.now() + SENT_HOLD_MS);
  }
}
