/**
 * The background transaction history of an EVM coin (`tx_history: true`): the first sync reads the
 * source from the tip down to its floor, newest range first; every new block then reads just the
 * blocks since. Entries go to the wallet's TxHistoryStore (IndexedDB), so a reload shows them at
 * once and fetches only transactions not stored yet; new entries push a `coin_history` event.
 */
import type { StoredTx, TxHistoryStore } from '../../../storage';
import type { HistorySyncState, TransactionDetails, TxHistoryView } from '../../coin';
import type { EthChainApi } from '../chainApi';
import type { LogFn } from '../log';
import { historyDetails, type HistoryCoin } from './details';
import type { HistorySource, Transfer } from './sources';
import { byKdfHistoryOrder, CoalescedPasses } from '../../historySync';
import { readTxRecords, txToRecord, UnreadableTxRecords, UNREADABLE_RECORDS_EVENT, type ReadHistory, type TxRecord } from '../../txHistoryRecord';

export const HISTORY_EVENT = 'coin_history';

export interface EthHistoryInit {
  coin: HistoryCoin;
  api: EthChainApi;
  source: HistorySource;
  /** Holds versioned records (`txHistoryRecord.ts`), read back validated. */
  store: TxHistoryStore<unknown>;
  /** The chain tip height. */
  tip(): number;
  emit(event: string, data: unknown): void;
  log: LogFn;
}

export class EthHistory implements TxHistoryView {
  private status: HistorySyncState = { state: 'NotStarted' };
  private closed = false;
  private readonly passes = new CoalescedPasses(async () => {
    try {
      await this.syncOnce();
    } catch (e) {
      this.status = { state: 'Error', additional_info: { error: (e as Error).message } };
      this.init.log('warn', `${this.init.coin.ticker} history sync failed: ${(e as Error).message}`);
    }
  }, () => this.closed);
  /** The highest block read; null until the first sync has reached its floor. */
  private high: number | null = null;
  private readonly blockTimes = new Map<number, number>();
  private readonly unreadable = new UnreadableTxRecords((line, data) => {
    this.init.log('error', `${this.init.coin.ticker}: ${line}`);
    this.init.emit(UNREADABLE_RECORDS_EVENT, data);
  });

  constructor(private readonly init: EthHistoryInit) {}

  get syncStatus(): HistorySyncState {
    return this.status;
  }

  get currentBlock(): number {
    return this.init.tip();
  }

  /** Unconfirmed first, then by height, newest first (KDF's order). */
  async transactions(): Promise<TransactionDetails[]> {
    return [...(await this.read()).entries.values()].map((e) => e.details).sort(byKdfHistoryOrder);
  }

  /** How many stored records could not be read (each logged and sent as an event once). */
  get unreadableRecords(): number {
    return this.unreadable.count;
  }

  private async read(): Promise<ReadHistory> {
    const read = readTxRecords(await this.init.store.all(this.init.coin.ticker));
    this.unreadable.add(read.unreadable);
    return read;
  }

  /** Starts (or queues) a sync; calls during a sync coalesce into one more pass. */
  sync(): Promise<void> {
    return this.passes.run();
  }

  close(): void {
    this.closed = true;
    this.init.store.close();
  }

  private async syncOnce(): Promise<void> {
    const { source } = this.init;
    const tip = this.init.tip();
    const ranges: [number, number][] = [];
    if (this.high === null) {
      const floor = await source.floor(tip);
      for (let to = tip; to >= floor; to -= source.range) ranges.push([Math.max(floor, to - source.range + 1), to]);
    } else {
      for (let from = this.high + 1; from <= tip; from += source.range) ranges.push([from, Math.min(tip, from + source.range - 1)]);
    }
    const read = await this.read();
    if (read.migrated.length > 0) await this.init.store.update(read.migrated, []);
    // An unreadable record counts as absent: fetched again, it is overwritten.
    const stored = new Map([...read.entries].map(([id, e]) => [id, e.blockHeight]));
    let added = 0;
    let missing = Infinity;
    for (const [from, to] of ranges) {
      if (this.closed) return;
      const range = await this.syncRange(from, to, stored);
      added += range.added;
      missing = Math.min(missing, range.missingFrom);
    }
    // A transaction the node named but could not give yet is read again by the next pass.
    this.high = Math.min(tip, missing - 1);
    this.status = { state: 'Finished' };
    if (added > 0) this.init.emit(HISTORY_EVENT, { coin: this.init.coin.ticker });
  }

  /**
   * Stores the range's transactions not stored at their height yet: how many, and the lowest block
   * of those the node could not give (Infinity when none).
   */
  private async syncRange(from: number, to: number, stored: Map<string, number>): Promise<{ added: number; missingFrom: number }> {
    const byTx = new Map<string, Transfer[]>();
    for (const t of await this.init.source.transfers(from, to)) byTx.set(t.txHash, [...(byTx.get(t.txHash) ?? []), t]);
    const todo = [...byTx].filter(([hash, list]) => stored.get(idOf(hash)) !== list[0]?.blockNumber);
    this.status = { state: 'InProgress', additional_info: { transactions_left: todo.length } };
    const fetched = await Promise.all(todo.map(([hash, list]) => this.record(hash, list)));
    const records = fetched.filter((r) => r !== null);
    await this.init.store.update(records, []);
    for (const r of records) stored.set(r.internal_id, r.block_height);
    const missingFrom = Math.min(...todo.filter((_, i) => fetched[i] === null).map(([, list]) => list[0]?.blockNumber ?? from));
    return { added: records.length, missingFrom };
  }

  private async record(hash: string, transfers: Transfer[]): Promise<StoredTx<TxRecord> | null> {
    const { api, coin } = this.init;
    const [tx, receipt] = await Promise.all([api.transaction(hash), api.receipt(hash)]);
    // Not given yet, or gone in a reorganisation: the pass does not move past its block, so a later
    // pass reads it again (and finds it if it is mined elsewhere).
    if (!tx || !receipt) return null;
    const details = historyDetails(coin, transfers, tx, receipt, await this.blockTime(receipt.blockNumber));
    return { coin: coin.ticker, internal_id: details.internalId, block_height: details.blockHeight, details: txToRecord(details) };
  }

  private async blockTime(height: number): Promise<number> {
    let time = this.blockTimes.get(height);
    if (time === undefined) {
      time = (await this.init.api.blockTimestamp(height)) ?? 0;
      this.blockTimes.set(height, time);
    }
    return time;
  }
}

const idOf = (hash: string): string => hash.slice(2).toLowerCase();
