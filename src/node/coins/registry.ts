/**
 * The coins activated in this session. Coin families register their coin objects here; RPCs such
 * as `get_enabled_coins`, `my_balance` and `disable_coin` read it.
 */
import type { EnabledCoin } from './coin';

export class EnabledCoins {
  private readonly coins = new Map<string, EnabledCoin>();
  /** Tickers whose activation is under way, so a second `electrum` call cannot race the first. */
  private readonly pending = new Set<string>();

  get(ticker: string): EnabledCoin | undefined {
    return this.coins.get(ticker);
  }

  has(ticker: string): boolean {
    return this.coins.has(ticker) || this.pending.has(ticker);
  }

  /** In activation order, as KDF lists them. */
  list(): EnabledCoin[] {
    return [...this.coins.values()];
  }

  /** Reserves a ticker for an activation; false if it is active or being activated. */
  reserve(ticker: string): boolean {
    if (this.has(ticker)) return false;
    this.pending.add(ticker);
    return true;
  }

  /** Ends a reservation: with the coin on success, or without on failure. */
  settle(ticker: string, coin: EnabledCoin | null): void {
    this.pending.delete(ticker);
    if (coin) this.coins.set(ticker, coin);
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
