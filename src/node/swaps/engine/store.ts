/**
 * The swaps domain's view of its database: saved swaps in, saved swaps out, every record checked
 * when read. A record that does not read is reported (logged once, counted), never run.
 */
import { UNREADABLE_RECORDS_EVENT } from '../../../shared/wire';
import { SAVED_SWAPS, type StoredSwapRecord, type SwapsStore } from '../../storage/swapsDb';
import { isFinished, parseStoredSwap, startedData, type SavedSwap } from './savedSwap';

/** The storage the engine uses (`SwapsStore`, or a wrapper in tests). */
export type SwapsDb = Pick<SwapsStore, 'get' | 'all' | 'unfinished' | 'put'>;

/** A swap and the filter fields `my_recent_swaps` selects by. */
export function swapRecord(swap: SavedSwap): StoredSwapRecord {
  const d = startedData(swap);
  const [myCoin, otherCoin] = swap.type === 'Maker' ? [d.maker_coin, d.taker_coin] : [d.taker_coin, d.maker_coin];
  return { uuid: swap.uuid, started_at: d.started_at, my_coin: myCoin, other_coin: otherCoin, is_finished: isFinished(swap) ? 1 : 0, saved_swap: swap };
}

export class SwapStore {
  /** Uuids (or `(no uuid)`) of the records found unreadable so far. */
  private readonly unreadable = new Set<string>();

  constructor(
    private readonly db: SwapsDb,
    private readonly log: (level: 'warn', line: string) => void,
    /** Tells whoever watches the node (the page) of each unreadable record, as the orders domain does. */
    private readonly emit: (event: string, data: unknown) => void = () => undefined,
  ) {}

  put(swap: SavedSwap): Promise<void> {
    return this.db.put(swapRecord(swap));
  }

  /** How many stored swaps were found unreadable (when the node started, or when they were read since). */
  get unreadableRecords(): number {
    return this.unreadable.size;
  }

  /** The swap `uuid`, null if none is stored; throws SavedSwapError for a record that does not read. */
  async get(uuid: string): Promise<SavedSwap | null> {
    const raw = await this.db.get(uuid);
    if (raw === undefined) return null;
    try {
      return parseStoredSwap(raw);
    } catch (e) {
      this.report(raw, e);
      throw e;
    }
  }

  /** Every readable swap, newest first. */
  async all(): Promise<SavedSwap[]> {
    return this.readable(await this.db.all()).sort((a, b) => startedAt(b) - startedAt(a));
  }

  async unfinished(): Promise<SavedSwap[]> {
    return this.readable(await this.db.unfinished());
  }

  private readable(records: unknown[]): SavedSwap[] {
    const swaps: SavedSwap[] = [];
    for (const r of records) {
      try {
        swaps.push(parseStoredSwap(r));
      } catch (e) {
        this.report(r, e);
      }
    }
    return swaps;
  }

  private report(record: unknown, e: unknown): void {
    const uuid = typeof record === 'object' && record !== null ? (record as { uuid?: unknown }).uuid : undefined;
    const key = typeof uuid === 'string' ? uuid : '(no uuid)';
    if (this.unreadable.has(key)) return;
    this.unreadable.add(key);
    this.log('warn', `swaps: skipping the unreadable stored swap ${key}: ${(e as Error).message}`);
    this.emit(UNREADABLE_RECORDS_EVENT, { db: 'swap', table: SAVED_SWAPS, key, error: (e as Error).message, total: this.unreadable.size });
  }
}

export const startedAt = (swap: SavedSwap): number => (swap.events[0]?.event.type === 'Started' ? swap.events[0].event.data.started_at : 0);
