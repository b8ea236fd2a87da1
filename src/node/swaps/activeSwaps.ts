/**
 * The swaps this node runs, by uuid with the coins each uses: what `disable_coin` reports as
 * `active_swaps` (KDF's `active_swaps_using_coins`). The orders domain adds a swap when its match
 * connects; the swap engine adds every swap it runs or resumes and finishes it once its `Finished`
 * event is stored, so a swap stopped by a failed write keeps its coins busy.
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
