/**
 * My orders in the wallet's `ordermatch` database: active maker and taker orders (restored and
 * re-announced after a restart) and the history of finished ones (kept when `save_in_history`).
 * Records are versioned (`records.ts`), moved forward when read (`recordsMigration.ts`) and
 * validated; a record that cannot be read is reported and skipped, never blocking the others.
 */
import {
  HISTORY_ORDERS,
  MAKER_ORDERS,
  TAKER_ORDERS,
  type OrdersStore,
  type OrdersWrite,
  type StoredOrderRecord,
} from '../storage/ordersDb';
import { ParamReader } from '../../shared/params';
import {
  historyFromRecord,
  historyToRecord,
  makerOrderFromRecord,
  makerOrderToRecord,
  takerOrderFromRecord,
  takerOrderToRecord,
  type FinishedOrder,
} from './records';
import { upgradeRecord, type OrderTable } from './recordsMigration';
import type { EndedOrder, MakerOrder, TakerOrder } from './types';

export type { FinishedOrder } from './records';

/** A stored record that could not be read: where it is and why. */
export interface UnreadableRecord {
  table: string;
  key: string;
  error: string;
}

const TABLES: Record<OrderTable, typeof MAKER_ORDERS | typeof TAKER_ORDERS | typeof HISTORY_ORDERS> = {
  maker: MAKER_ORDERS,
  taker: TAKER_ORDERS,
  history: HISTORY_ORDERS,
};

const asStored = (record: Record<string, unknown>): StoredOrderRecord => record as unknown as StoredOrderRecord;
const keyOf = (raw: unknown): string => {
  const uuid = (raw as { uuid?: unknown } | null)?.uuid;
  return typeof uuid === 'string' ? uuid : '?';
};

/** What the orders domain needs of the `ordermatch` store (tests wrap it to make writes fail). */
export type OrderRecords = Pick<OrdersStore, 'all' | 'write' | 'close'>;

/** The orders domain's view of the store; every method is one transaction. */
export class OrdersPersistence {
  constructor(private readonly store: OrderRecords) {}

  async load(): Promise<{ makers: MakerOrder[]; takers: TakerOrder[]; unreadable: UnreadableRecord[] }> {
    const unreadable: UnreadableRecord[] = [];
    const makers = await this.read('maker', makerOrderFromRecord, unreadable);
    const takers = await this.read('taker', takerOrderFromRecord, unreadable);
    return { makers, takers, unreadable };
  }

  async history(): Promise<{ orders: FinishedOrder[]; unreadable: UnreadableRecord[] }> {
    const unreadable: UnreadableRecord[] = [];
    return { orders: await this.read('history', historyFromRecord, unreadable), unreadable };
  }

  saveMaker(order: MakerOrder): Promise<void> {
    return this.store.write({ [MAKER_ORDERS]: { put: [asStored(makerOrderToRecord(order))] } });
  }

  saveTaker(order: TakerOrder): Promise<void> {
    return this.store.write({ [TAKER_ORDERS]: { put: [asStored(takerOrderToRecord(order))] } });
  }

  /** A new maker order and the ones it replaces (`cancel_previous`), in one transaction. */
  placeMaker(order: MakerOrder, replaced: readonly EndedOrder[], now: number): Promise<void> {
    const write = finishWrite(replaced, now);
    write[MAKER_ORDERS] = { ...write[MAKER_ORDERS], put: [asStored(makerOrderToRecord(order))] };
    return this.store.write(write);
  }

  /**
   * A taker request that nobody matched, replaced by the maker order it became (same uuid: the
   * history records the maker order when that one ends, as KDF skips the history for `ToMaker`).
   */
  takerBecameMaker(taker: TakerOrder, maker: MakerOrder): Promise<void> {
    return this.store.write({
      [TAKER_ORDERS]: { delete: [taker.request.uuid] },
      [MAKER_ORDERS]: { put: [asStored(makerOrderToRecord(maker))] },
    });
  }

  /** Removes finished orders from the active set, recording them in the history when asked to. */
  finish(orders: readonly EndedOrder[], now: number): Promise<void> {
    return this.store.write(finishWrite(orders, now));
  }

  close(): void {
    this.store.close();
  }

  /** Every readable record of a table; old versions are written back in the current one. */
  private async read<T>(table: OrderTable, decode: (r: ParamReader) => T, unreadable: UnreadableRecord[]): Promise<T[]> {
    const name = TABLES[table];
    const values: T[] = [];
    const migrated: StoredOrderRecord[] = [];
    for (const raw of await this.store.all(name)) {
      try {
        const { record, migrated: moved } = upgradeRecord(table, raw);
        values.push(decode(new ParamReader(record, '')));
        if (moved) migrated.push(asStored(record));
      } catch (e) {
        unreadable.push({ table: name, key: keyOf(raw), error: (e as Error).message });
      }
    }
    // Writing back is an optimisation: the old record is read again next time if this fails.
    if (migrated.length > 0) await this.store.write({ [name]: { put: migrated } }).catch(() => undefined);
    return values;
  }
}

function finishWrite(orders: readonly EndedOrder[], now: number): OrdersWrite {
  const write: OrdersWrite = {};
  const history: StoredOrderRecord[] = [];
  for (const ended of orders) {
    const { order } = ended;
    const table = 'request' in order ? TAKER_ORDERS : MAKER_ORDERS;
    const uuid = 'request' in order ? order.request.uuid : order.uuid;
    write[table] = { delete: [...(write[table]?.delete ?? []), uuid] };
    if (order.saveInHistory) history.push(asStored(historyToRecord(ended, now)));
  }
  if (history.length > 0) write[HISTORY_ORDERS] = { put: history };
  return write;
}
