/**
 * The Electrum methods a UTXO coin uses, typed, with every answer checked before use: a server
 * is outside our trust, and a malformed answer must become a Transport error, not a wrong balance.
 */
import { coinError } from '../coinErrors';
import type { ElectrumClient } from './electrum';
import type { Unspent } from './tx';

export interface HeaderTip {
  height: number;
  hex: string;
}

export interface HistoryItem {
  txHash: string;
  /** 0 or -1 for mempool. */
  height: number;
}

const isTxid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
const isHeight = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= -1;

function bad(method: string, what: string): never {
  throw coinError.transport(`malformed answer to ${method}: ${what}`);
}

export class ElectrumApi {
  constructor(readonly client: ElectrumClient) {}

  async listUnspent(scripthash: string): Promise<Unspent[]> {
    const method = 'blockchain.scripthash.listunspent';
    const items = await this.client.request<unknown>(method, [scripthash]);
    if (!Array.isArray(items)) bad(method, 'not an array');
    return items.map((it: Record<string, unknown>) => {
      const { tx_hash, tx_pos, height, value } = it ?? {};
      if (!isTxid(tx_hash) || !isHeight(height) || typeof tx_pos !== 'number' || !Number.isSafeInteger(tx_pos) || tx_pos < 0) {
        bad(method, JSON.stringify(it));
      }
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) bad(method, `value ${String(value)}`);
      return { txid: tx_hash, vout: tx_pos, value: BigInt(value), height: Math.max(0, height) };
    });
  }

  async history(scripthash: string): Promise<HistoryItem[]> {
    const method = 'blockchain.scripthash.get_history';
    const items = await this.client.request<unknown>(method, [scripthash]);
    if (!Array.isArray(items)) bad(method, 'not an array');
    return items.map((it: Record<string, unknown>) => {
      if (!isTxid(it?.tx_hash) || !isHeight(it?.height)) bad(method, JSON.stringify(it));
      return { txHash: it.tx_hash as string, height: it.height as number };
    });
  }

  /** Raw transactions by id, in one batch. */
  async rawTransactions(txids: string[]): Promise<string[]> {
    if (txids.length === 0) return [];
    const method = 'blockchain.transaction.get';
    const hexes = await this.client.batch(txids.map((id) => ({ method, params: [id] })));
    return hexes.map((h) => (typeof h === 'string' && /^([0-9a-f]{2})+$/i.test(h) ? h : bad(method, 'not hex')));
  }

  /** Block times (unix seconds) of the given heights, from their 80-byte headers. */
  async blockTimes(heights: number[]): Promise<Map<number, number>> {
    const method = 'blockchain.block.header';
    const unique = [...new Set(heights)];
    const times = new Map<number, number>();
    if (unique.length === 0) return times;
    const headers = await this.client.batch(unique.map((h) => ({ method, params: [h] })));
    headers.forEach((hex, i) => {
      if (typeof hex !== 'string' || !/^[0-9a-f]{160}$/i.test(hex)) bad(method, String(hex));
      const time = Number.parseInt(hex.slice(136, 144).match(/../g)?.reverse().join('') ?? '', 16);
      times.set(unique[i] ?? 0, time);
    });
    return times;
  }

  async broadcast(txHex: string): Promise<string> {
    const method = 'blockchain.transaction.broadcast';
    const txid = await this.client.request<unknown>(method, [txHex]);
    return isTxid(txid) ? txid : bad(method, String(txid));
  }

  async estimateFee(blocks: number, mode: string | undefined): Promise<number> {
    const method = 'blockchain.estimatefee';
    const v = await this.client.request<unknown>(method, mode ? [blocks, mode] : [blocks]);
    return typeof v === 'number' ? v : bad(method, String(v));
  }

  /** The tip now, and every new tip after it. */
  async subscribeHeaders(onTip: (tip: HeaderTip) => void): Promise<HeaderTip> {
    const method = 'blockchain.headers.subscribe';
    const parse = (v: unknown): HeaderTip => {
      const t = v as { height?: unknown; hex?: unknown } | undefined;
      if (!isHeight(t?.height) || typeof t?.hex !== 'string') bad(method, JSON.stringify(v));
      return { height: t.height as number, hex: t.hex as string };
    };
    const { result } = await this.client.subscribe(method, [], (params) => onTip(parse(params[0])));
    return parse(result);
  }

  /** Calls `onChange` whenever the script's status changes. */
  async subscribeScripthash(scripthash: string, onChange: () => void): Promise<void> {
    await this.client.subscribe('blockchain.scripthash.subscribe', [scripthash], (params) => {
      if (params[0] === scripthash) onChange();
    });
  }
}
