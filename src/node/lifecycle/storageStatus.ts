/**
 * `get_storage_status` (ours, not KDF's: KDF has no such method): how many stored records each
 * domain found unreadable and skipped, so a client can warn its user that something on disk is
 * damaged. Counts grow as records are read (orders and running swaps at start, wallets at each
 * call, the rest when first asked for) and each record counts once.
 */
import type { UnreadableRecordCounts } from '../../shared/wire';
import type { NodeContext } from '../core/context';

export function unreadableRecordCounts(ctx: NodeContext): UnreadableRecordCounts {
  return {
    orders: ctx.orders?.unreadableRecords ?? 0,
    swaps: ctx.swaps?.unreadableRecords ?? 0,
    wallets: ctx.wallets.unreadableRecords,
    tx_history: ctx.enabledCoins.list().reduce((n, c) => n + (c.history?.unreadableRecords ?? 0), 0),
  };
}

export const totalUnreadable = (counts: UnreadableRecordCounts): number => counts.orders + counts.swaps + counts.wallets + counts.tx_history;
