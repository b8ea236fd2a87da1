/**
 * The unconfirmed part of the index: litecoind's mempool, each transaction with its inputs
 * resolved to (script hash, value) so balances, fees and spends need no further RPC calls.
 */
import { toSats } from '../exactJson';
import { DaemonError, type DaemonRpc } from '../rpc';
import type { ChainState, Utxo } from './chainState';
import { type DaemonTx, isUnspendable, outpointKey } from './daemonTypes';
import { scriptHash } from './hashes';

interface Coin {
  key: string;
  txid: string;
  sh: string;
  value: number;
}

interface MempoolTx {
  txid: string;
  fee: number;
  inputs: Coin[];
  outputs: (Coin & { vout: number })[];
}

export interface MempoolSnapshot {
  ids: Set<string>;
  fresh: Map<string, DaemonTx>;
}

export interface MempoolEntry {
  tx_hash: string;
  /** 0: every input confirmed; -1: spends another mempool transaction. */
  height: 0 | -1;
  fee: number;
}

export class Mempool {
  private readonly txs = new Map<string, MempoolTx>();
  /** Fetched but not yet resolvable (a parent not seen yet): retried on the next snapshot. */
  private readonly pending = new Map<string, DaemonTx>();
  private bySh = new Map<string, Set<string>>();
  private spent = new Set<string>();

  /** Reads the daemon's mempool: its txids, and the transactions not seen before. */
  async fetch(rpc: DaemonRpc): Promise<MempoolSnapshot> {
    const ids = new Set(await rpc.call<string[]>('getrawmempool'));
    const wanted = [...ids].filter((txid) => !this.txs.has(txid) && !this.pending.has(txid));
    const txs = await rpc.batchSettled<DaemonTx>(
      wanted.map((txid) => ['getrawtransaction', [txid, true]]),
      { exact: true },
    );
    // An error means mined or evicted meanwhile: the next snapshot shows which.
    const fresh = new Map(txs.flatMap((tx) => (tx instanceof DaemonError ? [] : [[tx.txid, tx] as const])));
    return { ids, fresh };
  }

  /** Applies a snapshot synchronously, after `chain` took the blocks fetched with it; true if anything changed. */
  apply({ ids, fresh }: MempoolSnapshot, chain: ChainState): boolean {
    let changed = false;
    for (const txid of this.txs.keys()) {
      if (ids.has(txid)) continue;
      this.txs.delete(txid);
      changed = true;
    }
    for (const txid of this.pending.keys()) if (!ids.has(txid)) this.pending.delete(txid);
    for (const [txid, tx] of fresh) this.pending.set(txid, tx);
    // Parents before children: resolve in passes until nothing more resolves.
    for (let progress = true; progress && this.pending.size > 0; ) {
      progress = false;
      for (const [txid, tx] of this.pending) {
        const resolved = this.resolve(tx, chain);
        if (!resolved) continue;
        this.txs.set(txid, resolved);
        this.pending.delete(txid);
        progress = changed = true;
      }
    }
    if (changed) this.reindex();
    return changed;
  }

  private resolve(tx: DaemonTx, chain: ChainState): MempoolTx | undefined {
    const inputs: Coin[] = [];
    for (const input of tx.vin) {
      if (input.txid === undefined || input.vout === undefined) return undefined;
      const key = outpointKey(input.txid, input.vout);
      const coin = chain.unspent(key) ?? this.txs.get(input.txid)?.outputs.find((o) => o.vout === input.vout);
      if (!coin) return undefined;
      inputs.push({ key, txid: input.txid, sh: coin.sh, value: coin.value });
    }
    const outputs = tx.vout.map((o) => ({
      key: outpointKey(tx.txid, o.n),
      txid: tx.txid,
      vout: o.n,
      sh: isUnspendable(o.scriptPubKey.hex) ? '' : scriptHash(o.scriptPubKey.hex),
      value: toSats(o.value),
    }));
    const sum = (coins: Coin[]): number => coins.reduce((s, c) => s + c.value, 0);
    return { txid: tx.txid, fee: sum(inputs) - sum(outputs), inputs, outputs };
  }

  private reindex(): void {
    this.bySh = new Map();
    this.spent = new Set();
    const note = (sh: string, txid: string): void => {
      if (!sh) return;
      let set = this.bySh.get(sh);
      if (!set) this.bySh.set(sh, (set = new Set()));
      set.add(txid);
    };
    for (const tx of this.txs.values()) {
      for (const c of tx.inputs) {
        note(c.sh, tx.txid);
        this.spent.add(c.key);
      }
      for (const c of tx.outputs) note(c.sh, tx.txid);
    }
  }

  isSpent(key: string): boolean {
    return this.spent.has(key);
  }

  /** Protocol order: height 0 before -1, then by tx hash (protocol-basics, "Status"). */
  entries(sh: string): MempoolEntry[] {
    const entries = [...(this.bySh.get(sh) ?? [])].map((txid): MempoolEntry => {
      const tx = this.txs.get(txid)!;
      const unconfirmedParent = tx.inputs.some((c) => this.txs.has(c.txid));
      return { tx_hash: txid, height: unconfirmedParent ? -1 : 0, fee: tx.fee };
    });
    return entries.sort((a, b) => b.height - a.height || (a.tx_hash < b.tx_hash ? -1 : 1));
  }

  /** Net effect of the mempool on the script hash's balance, in satoshis. */
  delta(sh: string): number {
    let delta = 0;
    for (const txid of this.bySh.get(sh) ?? []) {
      const tx = this.txs.get(txid)!;
      for (const c of tx.outputs) if (c.sh === sh) delta += c.value;
      for (const c of tx.inputs) if (c.sh === sh) delta -= c.value;
    }
    return delta;
  }

  /** Mempool outputs paying the script hash and not spent in the mempool (height 0). */
  utxosOf(sh: string): Utxo[] {
    const utxos: Utxo[] = [];
    for (const txid of this.bySh.get(sh) ?? []) {
      for (const c of this.txs.get(txid)!.outputs) {
        if (c.sh === sh && !this.spent.has(c.key)) utxos.push({ txid, vout: c.vout, value: c.value, height: 0 });
      }
    }
    return utxos;
  }
}
