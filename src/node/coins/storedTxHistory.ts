/**
 * What the UTXO and QRC20 background histories share: records kept in IndexedDB and read back
 * validated (an unreadable one is counted, logged and sent as an event once), the sync state KDF
 * reports, and sync passes that coalesce. A family supplies its chain tip and one sync pass.
 */
import type { TxHistoryStore } from '../storage';
import type { HistorySyncState, TransactionDetails, TxHistoryView } from './coin';
import { byKdfHistoryOrder, CoalescedPasses } from './historySync';
import { readTxRecords, UnreadableTxRecords, UNREADABLE_RECORDS_EVENT, type ReadHistory } from './txHistoryRecord';

export abstract class StoredTxHistory implements TxHistoryView {
  protected status: HistorySyncState = { state: 'NotStarted' };
  private readonly passes = new CoalescedPasses(async () => {
    try {
      await this.syncOnce();
    } catch (e) {
      this.status = { state: 'Error', additional_info: { error: (e as Error).message } };
    }
  });
  private readonly unreadable: UnreadableTxRecords;

  constructor(
    private readonly ticker: string,
    /** Holds versioned records (`txHistoryRecord.ts`), read back validated. */
    protected readonly store: TxHistoryStore<unknown>,
    protected readonly emit: (event: string, data: unknown) => void,
    protected readonly nowSec: () => number,
  ) {
    this.unreadable = new UnreadableTxRecords((line, data) => {
      emit('log', { level: 'error', line: `${ticker}: ${line}` });
      emit(UNREADABLE_RECORDS_EVENT, data);
    });
  }

  abstract get currentBlock(): number;

  /** One pass bringing the stored records up to the chain; its error becomes the `Error` state. */
  protected abstract syncOnce(): Promise<void>;

  get syncStatus(): HistorySyncState {
    return this.status;
  }

  /** How many stored records could not be read (each logged and sent as an event once). */
  get unreadableRecords(): number {
    return this.unreadable.count;
  }

  /** Sorted as KDF sorts: unconfirmed first, then by height, newest first. */
  async transactions(): Promise<TransactionDetails[]> {
    return [...(await this.read()).entries.values()].map((e) => e.details).sort(byKdfHistoryOrder);
  }

  /** Starts (or queues) a sync; concurrent calls coalesce into one more pass. */
  sync(): Promise<void> {
    return this.passes.run();
  }

  close(): void {
    this.store.close();
  }

  protected async read(): Promise<ReadHistory> {
    const read = readTxRecords(await this.store.all(this.ticker));
    this.unreadable.add(read.unreadable);
    return read;
  }
}
