/**
 * The swaps this node runs, by uuid with the coins each uses: what `disable_coin` reports as
 * `active_swaps` (KDF's `active_swaps_using_coins`). Until a swap engine exists the only swaps are
 * the matches the orders domain connected this session (added when connected, never finished);
 * the engine will add the swaps it resumes and finish the ones that end.
 */
export class ActiveSwaps {
  private readonly swaps = new Map<string, readonly string[]>();

  add(uuid: string, coins: readonly string[]): void {
    this.swaps.set(uuid, [...coins]);
  }

  finish(uuid: string): void {
    this.swaps.delete(uuid);
  }

  /** The uuids of the swaps that use any of `coins`. */
  usingCoins(coins: ReadonlySet<string>): string[] {
    return [...this.swaps].filter(([, used]) => used.some((c) => coins.has(c))).map(([uuid]) => uuid);
  }
}
