/**
 * My orders in the wallet's `ordermatch` database: active maker and taker orders (restored and
 * re-announced after a restart) and the history of finished ones (kept when `save_in_history`).
 * Records are the orders themselves in structured-clone-safe form: exact numbers as
 * `numer/denom` text, maps as entry lists.
 */
import { MmNumber } from '../../shared/number';
import {
  HISTORY_ORDERS,
  MAKER_ORDERS,
  TAKER_ORDERS,
  type OrdersStore,
  type OrdersWrite,
  type StoredOrderRecord,
} from '../storage/ordersDb';
import type { MakerOrder, OrderEndReason, TakerOrder } from './types';

function toPlain(v: unknown): unknown {
  if (v instanceof MmNumber) return { $num: `${v.numer}/${v.denom}` };
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [k, toPlain(x)]) };
  if (v instanceof Uint8Array || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(toPlain);
  return Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (x === undefined ? [] : [[k, toPlain(x)]])));
}

function fromPlain(v: unknown): unknown {
  if (v instanceof Uint8Array || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(fromPlain);
  const o = v as Record<string, unknown>;
  if (typeof o.$num === 'string') {
    const [numer, denom] = o.$num.split('/');
    return MmNumber.of(BigInt(numer ?? '0'), BigInt(denom ?? '1'));
  }
  if (Array.isArray(o.$map)) return new Map((o.$map as [string, unknown][]).map(([k, x]) => [k, fromPlain(x)]));
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, fromPlain(x)]));
}

interface ActiveRecord extends StoredOrderRecord {
  order: unknown;
}

interface HistoryRecord extends StoredOrderRecord {
  type: 'Maker' | 'Taker';
  order: unknown;
  reason: OrderEndReason;
  /** ms */
  finishedAt: number;
}

export interface FinishedOrder {
  type: 'Maker' | 'Taker';
  order: MakerOrder | TakerOrder;
  reason: OrderEndReason;
  finishedAt: number;
}

const makerRecord = (o: MakerOrder): ActiveRecord => ({ uuid: o.uuid, order: toPlain(o) });
const takerRecord = (o: TakerOrder): ActiveRecord => ({ uuid: o.request.uuid, order: toPlain(o) });

/** The orders domain's view of the store; every method is one transaction. */
export class OrdersPersistence {
  constructor(private readonly store: OrdersStore) {}

  async load(): Promise<{ makers: MakerOrder[]; takers: TakerOrder[] }> {
    const makers = (await this.store.all(MAKER_ORDERS)) as ActiveRecord[];
    const takers = (await this.store.all(TAKER_ORDERS)) as ActiveRecord[];
    return {
      makers: makers.map((r) => fromPlain(r.order) as MakerOrder),
      takers: takers.map((r) => fromPlain(r.order) as TakerOrder),
    };
  }

  async history(): Promise<FinishedOrder[]> {
    const records = (await this.store.all(HISTORY_ORDERS)) as HistoryRecord[];
    return records.map((r) => ({
      type: r.type,
      order: fromPlain(r.order) as MakerOrder | TakerOrder,
      reason: r.reason,
      finishedAt: r.finishedAt,
    }));
  }

  saveMaker(order: MakerOrder): Promise<void> {
    return this.store.write({ [MAKER_ORDERS]: { put: [makerRecord(order)] } });
  }

  saveTaker(order: TakerOrder): Promise<void> {
    return this.store.write({ [TAKER_ORDERS]: { put: [takerRecord(order)] } });
  }

  /**
   * A taker request that nobody matched, replaced by the maker order it became (same uuid: the
   * history records the maker order when that one ends, as KDF skips the history for `ToMaker`).
   */
  takerBecameMaker(taker: TakerOrder, maker: MakerOrder): Promise<void> {
    return this.store.write({
      [TAKER_ORDERS]: { delete: [taker.request.uuid] },
      [MAKER_ORDERS]: { put: [makerRecord(maker)] },
    });
  }

  /** Removes finished orders from the active set, recording them in the history when asked to. */
  finish(orders: readonly { order: MakerOrder | TakerOrder; reason: OrderEndReason }[], now: number): Promise<void> {
    const write: OrdersWrite = {};
    const history: HistoryRecord[] = [];
    for (const { order, reason } of orders) {
      const type = 'request' in order ? 'Taker' : 'Maker';
      const table = type === 'Taker' ? TAKER_ORDERS : MAKER_ORDERS;
      const uuid = 'request' in order ? order.request.uuid : order.uuid;
      write[table] = { delete: [...(write[table]?.delete ?? []), uuid] };
      if (order.saveInHistory) history.push(historyRecord(type, order, reason, now));
    }
    if (history.length > 0) write[HISTORY_ORDERS] = { put: history };
    return this.store.write(write);
  }

  close(): void {
    this.store.close();
  }
}

function historyRecord(type: 'Maker' | 'Taker', order: MakerOrder | TakerOrder, reason: OrderEndReason, now: number): HistoryRecord {
  const uuid = 'request' in order ? order.request.uuid : order.uuid;
  return { uuid, type, order: toPlain(order), reason, finishedAt: now };
}
