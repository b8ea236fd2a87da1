/**
 * The confirmed part of the index, built block by block: headers, each script hash's history and
 * its unspent outputs. Spends are resolved here, since litecoind 0.21's getblock has no prevouts.
 */
import { toSats } from '../exactJson';
import { type DaemonBlock, isUnspendable, outpointKey } from './daemonTypes';
import { scriptHash, serializeHeader, sha256d, toDisplayHex } from './hashes';

export interface Utxo {
  txid: string;
  vout: number;
  value: number;
  height: number;
}

export interface HistoryItem {
  txid: string;
  height: number;
}

export class ChainState {
  /** Raw 80-byte headers as hex, and block hashes, by height. */
  readonly headers: string[] = [];
  readonly hashes: string[] = [];
  private readonly history = new Map<string, HistoryItem[]>();
  /** Unspent outputs by script hash, in blockchain order (Map keeps insertion order). */
  private readonly utxos = new Map<string, Map<string, Utxo>>();
  /** Script hash of every unspent outpoint, to resolve spends. */
  private readonly owners = new Map<string, string>();

  get height(): number {
    return this.hashes.length - 1;
  }

  get tip(): string | undefined {
    return this.hashes[this.hashes.length - 1];
  }

  connect(block: DaemonBlock): void {
    if (block.height !== this.hashes.length || (block.previousblockhash ?? undefined) !== this.tip) {
      throw new Error(`block ${block.hash} at ${block.height} does not extend the indexed tip`);
    }
    const header = serializeHeader(block);
    if (toDisplayHex(sha256d(header)) !== block.hash) throw new Error(`header of ${block.hash} does not hash to it`);
    this.headers.push(header.toString('hex'));
    this.hashes.push(block.hash);
    // The genesis coinbase is not spendable, so not indexed (as ElectrumX).
    if (block.height === 0) return;
    for (const tx of block.tx) {
      const touched = new Set<string>();
      for (const input of tx.vin) {
        if (input.txid === undefined || input.vout === undefined) continue; // coinbase
        const key = outpointKey(input.txid, input.vout);
        const sh = this.owners.get(key);
        if (sh === undefined) continue; // spends an output never indexed
        this.owners.delete(key);
        this.utxos.get(sh)?.delete(key);
        touched.add(sh);
      }
      for (const out of tx.vout) {
        if (isUnspendable(out.scriptPubKey.hex)) continue;
        const sh = scriptHash(out.scriptPubKey.hex);
        const key = outpointKey(tx.txid, out.n);
        this.owners.set(key, sh);
        let mine = this.utxos.get(sh);
        if (!mine) this.utxos.set(sh, (mine = new Map()));
        mine.set(key, { txid: tx.txid, vout: out.n, value: toSats(out.value), height: block.height });
        touched.add(sh);
      }
      for (const sh of touched) {
        let items = this.history.get(sh);
        if (!items) this.history.set(sh, (items = []));
        items.push({ txid: tx.txid, height: block.height });
      }
    }
  }

  /** The unspent confirmed output at `key` (txid:vout) with its owner, if any. */
  unspent(key: string): (Utxo & { sh: string }) | undefined {
    const sh = this.owners.get(key);
    const utxo = sh === undefined ? undefined : this.utxos.get(sh)?.get(key);
    return utxo && sh !== undefined ? { ...utxo, sh } : undefined;
  }

  historyOf(sh: string): readonly HistoryItem[] {
    return this.history.get(sh) ?? [];
  }

  utxosOf(sh: string): Iterable<[string, Utxo]> {
    return this.utxos.get(sh) ?? [];
  }
}
