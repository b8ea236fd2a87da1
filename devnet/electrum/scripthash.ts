/** Script-hash queries over the confirmed index plus the mempool, in the protocol's shapes. */
import { sha256 } from './hashes';
import type { Indexer } from './indexer';

export interface HistoryEntry {
  tx_hash: string;
  height: number;
  fee?: number;
}

/** Confirmed history in blockchain order, then the mempool (height 0 before -1, then by hash). */
export function history(ix: Indexer, sh: string): HistoryEntry[] {
  const confirmed = ix.chain.historyOf(sh).map((h) => ({ tx_hash: h.txid, height: h.height }));
  return [...confirmed, ...ix.mempool.entries(sh)];
}

/** sha256 of the concatenated "tx_hash:height:" strings, as hex; null without history. */
export function status(ix: Indexer, sh: string): string | null {
  const items = history(ix, sh);
  if (items.length === 0) return null;
  return sha256(Buffer.from(items.map((h) => `${h.tx_hash}:${h.height}:`).join(''))).toString('hex');
}

export function balance(ix: Indexer, sh: string): { confirmed: number; unconfirmed: number } {
  let confirmed = 0;
  for (const [, utxo] of ix.chain.utxosOf(sh)) confirmed += utxo.value;
  return { confirmed, unconfirmed: ix.mempool.delta(sh) };
}

/** Confirmed outputs not spent in the mempool, in blockchain order, then mempool outputs. */
export function listUnspent(ix: Indexer, sh: string): { tx_hash: string; tx_pos: number; height: number; value: number }[] {
  const out = [];
  for (const [key, u] of ix.chain.utxosOf(sh)) {
    if (!ix.mempool.isSpent(key)) out.push(u);
  }
  out.push(...ix.mempool.utxosOf(sh));
  return out.map((u) => ({ tx_hash: u.txid, tx_pos: u.vout, height: u.height, value: u.value }));
}
