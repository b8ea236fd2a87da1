/**
 * The background transaction history of a UTXO coin (`tx_history: true`): fetched from the
 * server's script history, turned into KDF's TransactionDetails, kept in IndexedDB, and brought up
 * to date on every new block or payment. Only transactions that are new or changed height are
 * fetched again.
 */
import { address as btcAddress, type Network, type Transaction } from 'bitcoinjs-lib';
import type { TxHistoryStore } from '../../storage';
import { bytesToHex } from '../../crypto';
import type { TransactionDetails } from '../coin';
import { StoredTxHistory } from '../storedTxHistory';
import { txToRecord } from '../txHistoryRecord';
import { cashAddressOfScript } from './address';
import { bitcoinjsNetwork } from './network';
import { supportsInterest } from './kmd/interest';
import { claimedByMe, claimedRewards, type SpentKmdOutput } from './kmd/txRewards';
import { parseTx, satToDecimal } from './tx';
import type { HistoryItem } from './electrumApi';
import type { UtxoCoinView } from './utxoCoinView';

export const HISTORY_EVENT = 'coin_history';
/** Transactions fetched per Electrum batch. */
const BATCH = 100;

export class UtxoHistory extends StoredTxHistory {
  private readonly rawCache = new Map<string, Transaction>();

  constructor(
    private readonly coin: UtxoCoinView,
    store: TxHistoryStore<unknown>,
    emit: (event: string, data: unknown) => void,
    nowSec: () => number,
  ) {
    super(coin.ticker, store, emit, nowSec);
  }

  get currentBlock(): number {
    return this.coin.height;
  }

  protected async syncOnce(): Promise<void> {
    const ticker = this.coin.ticker;
    const items = await this.coin.walletHistory();
    const read = await this.read();
    if (read.migrated.length > 0) await this.store.update(read.migrated, []);
    // An unreadable record counts as absent: fetched again, it is overwritten.
    const stored = read.entries;
    const height = (h: number) => Math.max(0, h);
    const todo = items.filter((it) => stored.get(it.txHash)?.blockHeight !== height(it.height) || height(it.height) === 0);
    const listed = new Set(items.map((it) => it.txHash));
    const gone = [...stored.keys()].filter((id) => !listed.has(id)).map((id) => ({ coin: ticker, internal_id: id }));

    let left = todo.length;
    this.status = { state: 'InProgress', additional_info: { transactions_left: left } };
    const times = await this.coin.api.blockTimes(todo.filter((it) => it.height > 0).map((it) => it.height));
    for (let i = 0; i < todo.length; i += BATCH) {
      const chunk = todo.slice(i, i + BATCH);
      const txs = await this.rawTransactions(chunk.map((it) => it.txHash));
      const spentTxids = [...new Set(txs.flatMap((tx) => (tx.isCoinbase() ? [] : tx.ins.map((inp) => txidOf(inp.hash)))))];
      await this.rawTransactions(spentTxids);
      const fundingHeights = supportsInterest(ticker) ? await this.heightsOf(spentTxids, items) : null;
      const records = chunk.map((it, j) => {
        const h = height(it.height);
        const details = this.details(txs[j] as Transaction, it.txHash, h, times.get(h) ?? this.nowSec(), fundingHeights);
        return { coin: ticker, internal_id: it.txHash, block_height: h, details: txToRecord(details) };
      });
      await this.store.update(records, i === 0 ? gone : []);
      left -= chunk.length;
      this.status = { state: 'InProgress', additional_info: { transactions_left: left } };
    }
    if (todo.length === 0 && gone.length > 0) await this.store.update([], gone);
    this.status = { state: 'Finished' };
    if (todo.length > 0 || gone.length > 0) this.emit(HISTORY_EVENT, { coin: ticker });
  }

  private async rawTransactions(txids: string[]): Promise<Transaction[]> {
    const missing = txids.filter((id) => !this.rawCache.has(id));
    for (let i = 0; i < missing.length; i += BATCH) {
      const part = missing.slice(i, i + BATCH);
      const hexes = await this.coin.api.rawTransactions(part);
      part.forEach((id, j) => this.rawCache.set(id, parseTx(hexes[j] ?? '', this.coin.txFormat)));
    }
    return txids.map((id) => this.rawCache.get(id) as Transaction);
  }

  /**
   * KMD: the heights of the transactions `txids` (null in the mempool), for the interest their
   * outputs accrued: the wallet's own from its history, the others from their confirmations.
   */
  private async heightsOf(txids: readonly string[], history: readonly HistoryItem[]): Promise<Map<string, number | null>> {
    const heights = new Map<string, number | null>(history.map((it) => [it.txHash, it.height > 0 ? it.height : null]));
    for (const id of txids) {
      if (heights.has(id)) continue;
      const confirmations = await this.coin.api.confirmations(id);
      heights.set(id, confirmations ? this.coin.height + 1 - confirmations : null);
    }
    return heights;
  }

  /** `fundingHeights` (KMD only) adds the rewards the transaction claimed, as KDF's `update_kmd_rewards`. */
  private details(tx: Transaction, txid: string, blockHeight: number, timestamp: number, fundingHeights: Map<string, number | null> | null): TransactionDetails {
    const { config, decimals } = this.coin;
    const network = bitcoinjsNetwork(config);
    const mine = (script: Uint8Array) => bytesToHex(script) === bytesToHex(this.coin.script);
    let inputSum = 0n;
    let spentByMe = 0n;
    const from = new Set<string>();
    if (!tx.isCoinbase()) {
      for (const input of tx.ins) {
        const prev = this.rawCache.get(txidOf(input.hash))?.outs[input.index];
        if (!prev) continue;
        inputSum += prev.value;
        if (mine(prev.script)) spentByMe += prev.value;
        const addr = cashAddressOfScript(config, prev.script) ?? addressOf(prev.script, network);
        if (addr) from.add(addr);
      }
    }
    let outputSum = 0n;
    let receivedByMe = 0n;
    const to = new Set<string>();
    for (const out of tx.outs) {
      outputSum += out.value;
      if (mine(out.script)) receivedByMe += out.value;
      const addr = cashAddressOfScript(config, out.script) ?? addressOf(out.script, network);
      if (addr) to.add(addr);
    }
    const rewards = fundingHeights && claimedRewards(tx, (id, vout) => this.spentOutput(id, vout, fundingHeights));
    // A KMD transaction's outputs include the rewards it claimed: they are not part of the fee.
    const paidIn = inputSum + (rewards ?? 0n);
    const fee = tx.isCoinbase() || paidIn < outputSum ? 0n : paidIn - outputSum;
    const fmt = (v: bigint) => satToDecimal(v, decimals);
    return {
      txHex: tx.toHex(),
      txHash: txid,
      from: [...from],
      to: [...to],
      totalAmount: fmt(tx.isCoinbase() ? outputSum : inputSum),
      spentByMe: fmt(spentByMe),
      receivedByMe: fmt(receivedByMe),
      myBalanceChange: fmt(receivedByMe - spentByMe),
      blockHeight,
      timestamp,
      feeDetails: { type: 'Utxo', coin: this.coin.ticker, amount: fmt(fee) },
      coin: this.coin.ticker,
      internalId: txid,
      transactionType: 'StandardTransfer',
      memo: null,
      ...(rewards !== null ? { kmdRewards: { amount: fmt(rewards), claimedByMe: claimedByMe([...from], [...to], this.coin.address) } } : {}),
    };
  }

  private spentOutput(txid: string, vout: number, heights: Map<string, number | null>): SpentKmdOutput | undefined {
    const funding = this.rawCache.get(txid);
    const output = funding?.outs[vout];
    if (!funding || !output) return undefined;
    return { value: output.value, lockTime: funding.locktime, height: heights.get(txid) ?? null };
  }
}

const txidOf = (hash: Uint8Array): string => bytesToHex(Uint8Array.from(hash).reverse());

/** The address an output pays, or null for scripts without one (OP_RETURN, bare multisig). */
function addressOf(script: Uint8Array, network: Network): string | null {
  try {
    return btcAddress.fromOutputScript(script, network);
  } catch {
    return null;
  }
}
