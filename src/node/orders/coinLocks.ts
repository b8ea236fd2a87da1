/**
 * One lock per coin ticker, so placing, changing and ending orders of a coin happen one at a time
 * (balance check, store write and in-memory insert as one step) while unrelated coins go on in
 * parallel. A holder gets all its coins at once or waits holding none, so holders never wait on
 * each other in a circle, and a holder waiting for one busy coin does not block its other coins.
 * Waiters are served in arrival order as their coins free up. Holders must not take more locks
 * inside (no nesting).
 */
export class CoinLocks {
  private readonly held = new Set<string>();
  private readonly waiting: { coins: readonly string[]; grant: () => void }[] = [];

  /** Runs `fn` holding the locks of every coin in `coins`. */
  async run<T>(coins: Iterable<string>, fn: () => Promise<T>): Promise<T> {
    const wanted = [...new Set(coins)];
    await this.acquire(wanted);
    try {
      return await fn();
    } finally {
      this.release(wanted);
    }
  }

  private free(coins: readonly string[]): boolean {
    return coins.every((c) => !this.held.has(c));
  }

  private acquire(coins: readonly string[]): Promise<void> {
    if (this.free(coins)) {
      for (const c of coins) this.held.add(c);
      return Promise.resolve();
    }
    return new Promise((grant) => this.waiting.push({ coins, grant }));
  }

  private release(coins: readonly string[]): void {
    for (const c of coins) this.held.delete(c);
    for (let i = 0; i < this.waiting.length; ) {
      const w = this.waiting[i];
      if (w && this.free(w.coins)) {
        this.waiting.splice(i, 1);
        for (const c of w.coins) this.held.add(c);
        w.grant();
      } else i++;
    }
  }
}
