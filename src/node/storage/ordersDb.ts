import { dbName } from './dbName.js';
import { toDbError } from './dbError.js';
import type { Database, DbSchema, StorageFactory, WriteOp } from './storage.js';

/** Any stored order record; its content belongs to the orders domain (JSON values only). */
export interface StoredOrderRecord {
  uuid: string;
}

export const MAKER_ORDERS = 'my_active_maker_orders';
export const TAKER_ORDERS = 'my_active_taker_orders';
export const HISTORY_ORDERS = 'my_history_orders';

type OrdersTable = typeof MAKER_ORDERS | typeof TAKER_ORDERS | typeof HISTORY_ORDERS;

const ORDERMATCH_DB: DbSchema = {
  db: 'ordermatch',
  version: 1,
  stores: {
    [MAKER_ORDERS]: { keyPath: 'uuid' },
    [TAKER_ORDERS]: { keyPath: 'uuid' },
    [HISTORY_ORDERS]: { keyPath: 'uuid' },
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
  private constructor(private readonly db: Database) {}

  static async open(storage: StorageFactory, walletRmd160: string): Promise<OrdersStore> {
    const fullName = dbName(walletRmd160, ORDERMATCH_DB.db);
    try {
      return new OrdersStore(await storage.open(fullName, ORDERMATCH_DB));
    } catch (e) {
      throw toDbError(e, `cannot open database ${fullName}`);
    }
  }

  async all(table: OrdersTable): Promise<StoredOrderRecord[]> {
    try {
      return (await this.db.getAll(table)) as StoredOrderRecord[];
    } catch (e) {
      throw toDbError(e, `cannot read ${table}`);
    }
  }

  /** Per table, its deletes then its puts. */
  async write(changes: OrdersWrite): Promise<void> {
    const ops: WriteOp[] = [];
    for (const table of Object.keys(changes) as OrdersTable[]) {
      for (const uuid of changes[table]?.delete ?? []) ops.push({ type: 'delete', store: table, key: uuid });
      for (const record of changes[table]?.put ?? []) ops.push({ type: 'put', store: table, value: record });
    }
    try {
      await this.db.write(ops);
    } catch (e) {
      throw toDbError(e, 'cannot save orders');
    }
  }

  close(): void {
    this.db.close();
  }
}
