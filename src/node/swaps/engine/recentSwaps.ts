/**
 * `my_recent_swaps` selection (KDF's `MySwapsStorage::my_recent_swaps_with_filters`): the stored
 * swaps newest first, filtered by coins and a `[from_timestamp, to_timestamp]` window of
 * `started_at` (both ends included, as KDF's WASM storage), then a page: after `from_uuid` when given, else page `page_number` of `limit`.
 */
import { startedData, type SavedSwap } from './savedSwap';

export interface RecentSwapsFilter {
  myCoin?: string;
  otherCoin?: string;
  fromTimestamp?: number;
  toTimestamp?: number;
}

export interface Paging {
  limit: number;
  /** From 1. */
  pageNumber: number;
  fromUuid?: string;
}

export interface RecentSwapsPage {
  swaps: SavedSwap[];
  total: number;
  skipped: number;
}

/** KDF's `MySwapsError`s a query can meet: `from_uuid` not among the filtered swaps, or a window that ends before it starts. */
export class RecentSwapsError extends Error {
  override readonly name = 'RecentSwapsError';

  constructor(
    readonly kind: 'FromUuidSwapNotFound' | 'InvalidTimeStampRange',
    message: string,
  ) {
    super(message);
  }
}

function matches(swap: SavedSwap, f: RecentSwapsFilter): boolean {
  const d = startedData(swap);
  const [mine, other] = swap.type === 'Maker' ? [d.maker_coin, d.taker_coin] : [d.taker_coin, d.maker_coin];
  return (
    (f.myCoin === undefined || f.myCoin === mine) &&
    (f.otherCoin === undefined || f.otherCoin === other) &&
    (f.fromTimestamp === undefined || d.started_at >= f.fromTimestamp) &&
    (f.toTimestamp === undefined || d.started_at <= f.toTimestamp)
  );
}

/** `newestFirst`: every stored swap, sorted by `started_at` descending. */
export function recentSwaps(newestFirst: readonly SavedSwap[], filter: RecentSwapsFilter, paging: Paging): RecentSwapsPage {
  if ((filter.fromTimestamp ?? 0) > (filter.toTimestamp ?? Infinity)) throw new RecentSwapsError('InvalidTimeStampRange', 'Invalid timestamp range');
  const selected = newestFirst.filter((s) => matches(s, filter));
  let skipped: number;
  if (paging.fromUuid !== undefined) {
    const at = selected.findIndex((s) => s.uuid === paging.fromUuid);
    if (at < 0) throw new RecentSwapsError('FromUuidSwapNotFound', `No such swap with the uuid '${paging.fromUuid}'`);
    skipped = at + 1;
  } else {
    skipped = (paging.pageNumber - 1) * paging.limit;
  }
  return { swaps: selected.slice(skipped, skipped + paging.limit), total: selected.length, skipped };
}
