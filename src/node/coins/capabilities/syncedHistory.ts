/**
 * A background history that can be asked to sync now (UTXO, EVM and QRC20 histories alike): the
 * transaction history streamer joins the pass a change started before it reads the new entries.
 */
import type { TxHistoryView } from '../coin';

export interface SyncedHistory extends TxHistoryView {
  /** Starts (or joins) a sync pass; resolves when the stored records are up to date. */
  sync(): Promise<void>;
}

export function isSyncedHistory(history: TxHistoryView | null): history is SyncedHistory {
  return typeof (history as Partial<SyncedHistory> | null)?.sync === 'function';
}
