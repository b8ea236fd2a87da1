import type { IDBPDatabase } from 'idb';
import { openDb, type DbSpec } from './db.js';
import { dbName } from './dbName.js';
import { toDbError } from './dbError.js';

/** Any stored order record; its content belongs to the orders domain. */
export interface StoredOrderRecord {
  uuid: string;
}

export const MAKER_ORDERS = 'my_active_maker_orders';
export const TAKER_ORDERS = 'my_active_taker_orders';
export const HISTORY_ORDERS = 'my_history_orders';

type OrdersTable = typeof MAKER_ORDERS | typeof TAKER_ORDERS | typeof HISTORY_ORDERS;

const ORDERMATCH_DB: DbSpec = {
  db: 'ordermatch',
  version: 1,
  migrations: {
    1: (db) => {
      for (const table of [MAKER_ORDERS, TAKER_ORDERS, HISTORY_ORDERS]) db.createObjectStore(table, { keyPath: 'uuid' });
    },
  },
};

/** Puts and deletes, per table, written in one transaction. */
export type OrdersWrite = Partial<Record<OrdersTable, { put?: StoredOrderRecord[]; delete?: string[] }>>;

/**
 * A wallet's own orders (`MAIN::<rmd160>::ordermatch`, KDF's table names): the active maker and
 * taker orders, restored after a restart, and the history of finished ones. Several changes that
 * belong together (a taker request becoming a maker order, an order moving to the history) are
 * written in one transaction, so a crash never leaves an order both active and finished, or lost.
 */
export class OrdersStore {
  private constructor(private readonly db: IDBPDatabase<unknown>) {}

  static async open(factory: IDBFactory, walletRmd160: string): Promise<OrdersStore> {
    return new OrdersStore(await openDb(factory, dbName(walletRmd160, ORDERMATCH_DB.db), ORDERMATCH_DB));
  }

  async all(table: OrdersTable): Promise<StoredOrderRecord[]> {
    try {
      return (await this.db.getAll(table)) as StoredOrderRecord[];
    } catch (e) {
      throw toDbError(e, `cannot read ${table}`);
    }
  }

  async write(changes: OrdersWrite): Promise<void> {
    const tables = Object.keys(changes) as OrdersTable[];
    if (tables.length === 0) return;
    try {
      const tx = this.db.transaction(tables, 'readwrite');
      const ops: Promise<unknown>[] = [];
      for (const table of tables) {
        const store = tx.objectStore(table);
        for (const uuid of changes[table]?.delete ?? []) ops.push(store.delete(uuid));
        for (const record of changes[table]?.put ?? []) ops.push(store.put(record));
      }
      await Promise.all([...ops, tx.done]);
    } catch (e) {
      throw toDbError(e, 'cannot save orders');
    }
  }

  close(): void {
    this.db.close();
  }
}
