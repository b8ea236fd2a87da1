/**
 * `orderbook_depth` (KDF orderbook_depth.rs): how many asks and bids each asked pair has, in the
 * order asked. KDF counts the pairs it follows from its own book and asks one relay for the rest;
 * here every pair is followed (as the `orderbook` RPC does: subscribe and fetch once from a peer),
 * so later calls count from the book. Pairs of coins missing from the coins file, or of two coins
 * on the same orderbook ticker, cannot have orders here and count 0 without touching the network.
 */
import { ParamError } from '../../shared/params';
import type { CoinConfig } from '../coins/config';
import { orderError } from './errors';
import type { OrderbookItem } from './types';

export type Pair = readonly [string, string];

/** The pair's orders, asks selling `base` and bids selling `rel` (the orders service's `orderbook`). */
export type PairBook = (base: string, rel: string) => Promise<{ asks: readonly OrderbookItem[]; bids: readonly OrderbookItem[] }>;

/** How many pairs are fetched from peers at once. */
const CONCURRENT_FETCHES = 8;

/** A `(String, String)` tuple as serde reads it: an array of exactly two strings. */
export function pairItem(value: unknown, path: string): Pair {
  if (!Array.isArray(value)) throw new ParamError(path, `invalid type for \`${path}\`: expected a tuple of size 2`);
  if (value.length !== 2) throw new ParamError(path, `invalid length ${value.length} for \`${path}\`, expected a tuple of size 2`);
  const [base, rel] = value as unknown[];
  if (typeof base !== 'string' || typeof rel !== 'string') throw new ParamError(path, `invalid type for \`${path}\`: expected a string pair`);
  return [base, rel];
}

/** Rust's `{:?}` of the pairs, as KDF names them in its error. */
const debugPairs = (pairs: readonly Pair[]): string => `[${pairs.map(([b, r]) => `(${JSON.stringify(b)}, ${JSON.stringify(r)})`).join(', ')}]`;

export async function orderbookDepth(
  pairs: readonly Pair[],
  configs: ReadonlyMap<string, CoinConfig>,
  book: PairBook,
): Promise<{ pair: [string, string]; depth: { asks: number; bids: number } }[]> {
  const walletOnly = pairs.filter(([b, r]) => configs.get(b)?.walletOnly || configs.get(r)?.walletOnly);
  if (walletOnly.length > 0) throw orderError(`Pairs ${debugPairs(walletOnly)} have wallet only coins`);
  const tickerOf = (t: string): string | undefined => {
    const c = configs.get(t);
    return c && (c.orderbookTicker ?? c.ticker);
  };
  const depths = new Array<{ asks: number; bids: number }>(pairs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pairs.length) {
      const i = next++;
      const [base, rel] = pairs[i] as Pair;
      const [b, r] = [tickerOf(base), tickerOf(rel)];
      if (b === undefined || r === undefined || b === r) {
        depths[i] = { asks: 0, bids: 0 };
        continue;
      }
      const { asks, bids } = await book(base, rel);
      depths[i] = { asks: asks.length, bids: bids.length };
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_FETCHES, pairs.length) }, worker));
  return pairs.map(([base, rel], i) => ({ pair: [base, rel], depth: depths[i] ?? { asks: 0, bids: 0 } }));
}
