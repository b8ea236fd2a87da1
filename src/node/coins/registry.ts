/**
 * The coins activated in this session. Coin families register their coin objects here; RPCs such
 * as `get_enabled_coins`, `my_balance` and `disable_coin` read it. A platform coin disabled while
 * its tokens stay is kept passive (KDF's `is_available() == false`): hidden from `get` and `list`,
 * so it cannot be used or traded directly, while its tokens, which hold their own reference to
 * it, keep working. New tokens still activate on it, and enabling it again makes it available.
 */
import type { EnabledCoin } from './coin';

export class EnabledCoins {
  private readonly coins = new Map<string, EnabledCoin>();
  /** Tickers whose activation is under way, so a second `electrum` call cannot race the first. */
  private readonly pending = new Set<string>();
  /** Platforms kept only for their tokens. */
  private readonly passive = new Set<string>();

  /** An available coin (KDF's `lp_coinfind`): not a passive platform. */
  get(ticker: string): EnabledCoin | undefined {
    return this.passive.has(ticker) ? undefined : this.coins.get(ticker);
  }

  /** Any activated coin, passive platforms included (KDF's `lp_coinfind_any`). */
  getAny(ticker: string): EnabledCoin | undefined {
    return this.coins.get(ticker);
  }

  has(ticker: string): boolean {
    return this.coins.has(ticker) || this.pending.has(ticker);
  }

  /** The available coins in activation order, as KDF lists them. */
  list(): EnabledCoin[] {
    return [...this.coins.values()].filter((c) => !this.passive.has(c.ticker));
  }

  /** The activated tokens (ERC20, QRC20) whose platform is `ticker`. */
  tokensOf(ticker: string): string[] {
    return [...this.coins.values()]
      .filter((c) => (c.config.protocol.type === 'ERC20' || c.config.protocol.type === 'QRC20') && c.config.protocol.platform === ticker)
      .map((c) => c.ticker);
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

  /** Keeps an activated platform only for its tokens. */
  passivize(ticker: string): void {
    if (this.coins.has(ticker)) this.passive.add(ticker);
  }

  isPassive(ticker: string): boolean {
    return this.passive.has(ticker);
  }

  /** Makes a passive platform available again (KDF's `update_is_available(true)`); false if it is not passive. */
  makeAvailable(ticker: string): boolean {
    return this.passive.delete(ticker);
  }

  async remove(ticker: string): Promise<void> {
    const coin = this.coins.get(ticker);
    if (!coin) return;
    this.coins.delete(ticker);
    this.passive.delete(ticker);
    await coin.shutdown();
  }

  async shutdownAll(): Promise<void> {
    const all = [...this.coins.values()];
    this.coins.clear();
    this.passive.clear();
    await Promise.allSettled(all.map((c) => c.shutdown()));
  }
}
