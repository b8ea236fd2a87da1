/**
 * The history `my_tx_history` answers: the coin's background sync when it was activated with
 * `tx_history: true`, otherwise what an earlier sync of this wallet stored, with the state
 * `NotEnabled`, as KDF's `load_history_from_file` answers for a coin whose history is off.
 */
import type { NodeContext } from '../core/context';
import { TxHistoryStore } from '../storage';
import { hasChainHeight } from './capabilities/chainHeight';
import type { EnabledCoin, HistorySyncState, TransactionDetails } from './coin';
import { byKdfHistoryOrder } from './historySync';
import { readTxRecords } from './txHistoryRecord';

export interface HistorySnapshot {
  /** In KDF's order: unconfirmed first, then newest first. */
  transactions: TransactionDetails[];
  /** The chain tip height, for `confirmations` and `current_block`. */
  currentBlock: number;
  syncStatus: HistorySyncState;
}

/** The tip the coin follows anyway (Electrum headers, the EVM tip watcher): KDF's `current_block`. */
function tipHeight(coin: EnabledCoin): number {
  return hasChainHeight(coin) ? coin.height : 0;
}

export async function historySnapshot(ctx: NodeContext, coin: EnabledCoin): Promise<HistorySnapshot> {
  const history = coin.history;
  if (history) {
    return { transactions: await history.transactions(), currentBlock: history.currentBlock, syncStatus: history.syncStatus };
  }
  return { transactions: await storedTransactions(ctx, coin.ticker), currentBlock: tipHeight(coin), syncStatus: { state: 'NotEnabled' } };
}

/** What the wallet's history database holds for the coin; records that cannot be read are logged and left out. */
async function storedTransactions(ctx: NodeContext, ticker: string): Promise<TransactionDetails[]> {
  if (!ctx.keys) return [];
  const store = await TxHistoryStore.open<unknown>(ctx.platform.storage, ctx.keys.rmd160Hex);
  try {
    const read = readTxRecords(await store.all(ticker));
    for (const { key, error } of read.unreadable) ctx.log('warn', `${ticker}: skipped the unreadable history record ${key}: ${error}`);
    return [...read.entries.values()].map((e) => e.details).sort(byKdfHistoryOrder);
  } finally {
    store.close();
  }
}
