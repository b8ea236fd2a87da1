/**
 * A coin whose balance stream polls (KDF's eth_balance_events.rs) because its chain pushes nothing
 * about the wallet: the streamer reads the balance every interval, with the tokens of a platform.
 */
import type { EnabledCoin } from '../coin';

export interface PolledBalance {
  /** Seconds between two reads when the stream's config names none (KDF's default). */
  readonly balancePollSeconds: number;
}

export function hasPolledBalance(coin: EnabledCoin): coin is EnabledCoin & PolledBalance {
  return typeof (coin as Partial<PolledBalance>).balancePollSeconds === 'number';
}
