/**
 * KDF's transaction history streamer (`TX_HISTORY:<coin>`, utxo/tx_history_events.rs): one event per
 * transaction that enters the coin's stored history, its message KDF's `TransactionDetails`. As in
 * KDF it serves the coins that signal their changes (capabilities/changeSignal.ts: UTXO coins; EVM
 * coins answer `CoinNotSupported`), and a coin activated without `tx_history` has no history sync,
 * so its streamer stays silent.
 */
import type { MmRpcResult } from '../../shared/contract';
import type { ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import { hasChangeSignal, type ChangeSignal } from '../coins/capabilities/changeSignal';
import { isSyncedHistory } from '../coins/capabilities/syncedHistory';
import type { EnabledCoin } from '../coins/coin';
import { txDetailsToWire } from '../coins/wire';
import { onCoinShutdown, watchCoinChanges } from './coinHooks';
import { streamError, streamHubOf, type StopStreamer, type StreamerOutput } from './streamHub';
import { errorMessage } from '../../shared/errorChain';

export const txHistoryStreamerId = (ticker: string): string => `TX_HISTORY:${ticker}`;

async function startTxHistory(coin: EnabledCoin & ChangeSignal, out: StreamerOutput): Promise<StopStreamer> {
  const history = coin.history;
  if (!isSyncedHistory(history)) return () => undefined;
  let known: Set<string>;
  try {
    known = new Set((await history.transactions()).map((t) => t.internalId));
  } catch (e) {
    throw streamError.enable(`SpawnError(${JSON.stringify(errorMessage(e))})`);
  }
  let queue: Promise<void> = Promise.resolve();
  const check = async (): Promise<void> => {
    if (out.stopped) return;
    // Joins the sync this change started (passes coalesce), so the new entries are stored when read.
    await history.sync();
    const fresh = (await history.transactions()).filter((t) => !known.has(t.internalId)).reverse();
    for (const tx of fresh) {
      known.add(tx.internalId);
      out.emit(txDetailsToWire(tx));
    }
  };
  return watchCoinChanges(coin, () => {
    queue = queue.then(check).catch(() => undefined);
  });
}

/** `stream::tx_history::enable {client_id?, coin}` → `{streamer_id}`. */
export async function enableTxHistoryStream(ctx: NodeContext, p: ParamReader): Promise<MmRpcResult<'stream::tx_history::enable'>> {
  const clientId = p.optUint('client_id') ?? 0;
  const ticker = p.str('coin');
  const coin = ctx.enabledCoins.get(ticker);
  if (!coin) throw streamError.coinNotFound();
  if (!hasChangeSignal(coin)) throw streamError.coinNotSupported();
  const id = txHistoryStreamerId(coin.ticker);
  const hub = streamHubOf(ctx);
  const answer = await hub.enable(clientId, id, (out) => startTxHistory(coin, out));
  onCoinShutdown(coin, id, () => hub.drop(id));
  return answer;
}
