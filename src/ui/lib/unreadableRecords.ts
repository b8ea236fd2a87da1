/**
 * The wallet page's warning about damaged storage: the node skips stored records it cannot read
 * (and logs each), and `get_storage_status` (ours) counts them by kind. Nothing is shown while
 * every count is zero.
 */
import type { RpcClient } from '../../client/RpcClient';
import { UNREADABLE_RECORDS_EVENT, type UnreadableRecordCounts } from '../../shared/wire';

const KINDS: [keyof UnreadableRecordCounts, string, string][] = [
  ['orders', 'order', 'orders'],
  ['swaps', 'swap', 'swaps'],
  ['wallets', 'saved wallet', 'saved wallets'],
  ['tx_history', 'transaction history record', 'transaction history records'],
];

/** The warning for these counts; null when nothing was unreadable. */
export function unreadableRecordsWarning(counts: UnreadableRecordCounts): string | null {
  const parts = KINDS.filter(([key]) => counts[key] > 0).map(([key, one, many]) => `${counts[key]} ${counts[key] === 1 ? one : many}`);
  if (parts.length === 0) return null;
  return (
    `Some saved data could not be read and was skipped: ${parts.join(', ')}. ` +
    'Everything else works; the log names each record. A skipped swap may still need its refund: keep this wallet’s recovery phrase.'
  );
}

/**
 * Calls `show` with the warning now and again whenever the node reports another unreadable record;
 * returns the unsubscribe function. A failed call shows nothing (the page has other errors to say).
 */
export function followUnreadableRecords(client: RpcClient, show: (warning: string | null) => void): () => void {
  const refresh = (): void =>
    void client.call('get_storage_status').then(
      (r) => show(unreadableRecordsWarning(r.unreadable_records)),
      () => undefined,
    );
  refresh();
  return client.on(UNREADABLE_RECORDS_EVENT, refresh);
}
