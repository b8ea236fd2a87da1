/**
 * The `ordermatch` store with writes that fail on demand: write number N (counted from 1 since
 * the wrapper was made) fails when N is in `failAt`, before anything reaches the real store, as a
 * full disk or a closed database would; `broken` makes every write fail until it is cleared.
 */
import { freshIndexedDb } from '../../../../tools/host/nodeIndexedDb';
import { OrdersPersistence, type OrderRecords } from '../../../../src/node/orders/persistence';
import { OrdersStore } from '../../../../src/node/storage/ordersDb';
import type { StorageFactory } from '../../../../src/node/storage';

export class FailingStore implements OrderRecords {
  writes = 0;
  readonly failAt = new Set<number>();
  /** Every write fails while set. */
  broken = false;

  constructor(private readonly inner: OrderRecords) {}

  all: OrderRecords['all'] = (table) => this.inner.all(table);

  write: OrderRecords['write'] = async (changes) => {
    this.writes++;
    if (this.broken || this.failAt.has(this.writes)) throw new Error(`write ${this.writes} failed: QuotaExceededError`);
    return this.inner.write(changes);
  };

  close(): void {
    this.inner.close();
  }

  /** The next write fails. */
  failNext(): void {
    this.failAt.add(this.writes + 1);
  }
}

export const WALLET = 'cd'.repeat(20);

/** A persistence over a fresh database behind a FailingStore, and a way to read what is stored. */
export async function failingPersistence(factory: StorageFactory = freshIndexedDb()): Promise<{
  store: FailingStore;
  persistence: OrdersPersistence;
  stored: () => ReturnType<OrdersPersistence['load']>;
}> {
  const store = new FailingStore(await OrdersStore.open(factory, WALLET));
  const stored = async () => {
    const other = new OrdersPersistence(await OrdersStore.open(factory, WALLET));
    try {
      return await other.load();
    } finally {
      other.close();
    }
  };
  return { store, persistence: new OrdersPersistence(store), stored };
}
