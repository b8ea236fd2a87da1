/**
 * The coins activated in this session. Coin families (UTXO, EVM, QRC20) register their coin
 * objects here; RPCs such as `get_enabled_coins` and `disable_coin` read it.
 */

/** What every activated coin offers the rest of the node. */
export interface EnabledCoin {
  readonly ticker: string;
  /** The wallet's address for this coin. */
  readonly address: string;
  /** Closes connections and timers; called on disable and on node stop. */
  shutdown(): Promise<void>;
}

export class EnabledCoins {
  private readonly coins = new Map<string, EnabledCoin>();

  get(ticker: string): EnabledCoin | undefined {
    return this.coins.get(ticker);
  }

  has(ticker: string): boolean {
    return this.coins.has(ticker);
  }

  /** In activation order, as KDF lists them. */
  list(): EnabledCoin[] {
    return [...this.coins.values()];
  }

  add(coin: EnabledCoin): void {
    this.coins.set(coin.ticker, coin);
  }

  async remove(ticker: string): Promise<void> {
    const coin = this.coins.get(ticker);
    if (!coin) return;
    this.coins.delete(ticker);
    await coin.shutdown();
  }

  async shutdownAll(): Promise<void> {
    const all = this.list();
    this.coins.clear();
    await Promise.allSettled(all.map((c) => c.shutdown()));
  }
}
