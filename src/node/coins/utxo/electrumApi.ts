/**
 * The Electrum methods a UTXO coin uses, typed, with every answer checked before use: a server
 * is outside our trust, and a malformed answer must become a Transport error, not a wrong balance.
 */
import { coinError } from '../coinErrors';
import { isElectrumError, type ElectrumClient } from './electrum';
import type { ScriptAnswer, ScriptStatus } from './scriptStatusCache';
import type { Unspent } from './tx';
import { TxHexCache } from './txHexCache';

export interface HeaderTip {
  height: number;
  hex: string;
}

export interface HistoryItem {
  txHash: string;
  /** 0 or -1 for mempool. */
  height: number;
}

const SCRIPTHASH_SUBSCRIBE = 'blockchain.scripthash.subscribe';
const LISTUNSPENT = 'blockchain.scripthash.listunspent';
const GET_HISTORY = 'blockchain.scripthash.get_history';
const GET_BALANCE = 'blockchain.scripthash.get_balance';
/** Calls per batch frame: a wide HD scan or report goes as several frames, not one unbounded one. */
const MAX_BATCH_CALLS = 100;

const parseStatus = (v: unknown): ScriptStatus | undefined => (v === null || (typeof v === 'string' && /^[0-9a-f]{64}$/i.test(v)) ? v : undefined);

const isTxid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
const isHeight = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= -1;

function bad(method: string, what: string): never {
  throw coinError.transport(`malformed answer to ${method}: ${what}`);
}

function parseUnspents(items: unknown): Unspent[] {
  if (!Array.isArray(items)) bad(LISTUNSPENT, 'not an array');
  return items.map((it: Record<string, unknown>) => {
    const { tx_hash, tx_pos, height, value } = it ?? {};
    if (!isTxid(tx_hash) || !isHeight(height) || typeof tx_pos !== 'number' || !Number.isSafeInteger(tx_pos) || tx_pos < 0) {
      bad(LISTUNSPENT, JSON.stringify(it));
    }
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) bad(LISTUNSPENT, `value ${String(value)}`);
    return { txid: tx_hash, vout: tx_pos, value: BigInt(value), height: Math.max(0, height) };
  });
}

function parseHistory(items: unknown): HistoryItem[] {
  if (!Array.isArray(items)) bad(GET_HISTORY, 'not an array');
  return items.map((it: Record<string, unknown>) => {
    if (!isTxid(it?.tx_hash) || !isHeight(it?.height)) bad(GET_HISTORY, JSON.stringify(it));
    return { txHash: it.tx_hash as string, height: it.height as number };
  });
}

/** A server's JSON-RPC error on a lookup means "not known"; a transport failure stays an error. */
function unknownToServer(e: unknown): null {
  if (isElectrumError(e) && e.kind === 'server') return null;
  throw e;
}

/** The timestamp (unix seconds) of an 80-byte header in hex: bytes 68..72, little-endian. */
function headerTime(hex: string): number {
  return Number.parseInt(hex.slice(136, 144).match(/../g)?.reverse().join('') ?? '', 16);
}

/** Hex kept of raw transactions read lately (4 M characters: 2 MB of transactions). */
const TX_HEX_MAX_CHARS = 4_000_000;

export class ElectrumApi {
  private readonly txHexes = new TxHexCache(TX_HEX_MAX_CHARS);

  constructor(readonly client: ElectrumClient) {}

  async history(scripthash: string): Promise<HistoryItem[]> {
    return parseHistory(await this.client.request<unknown>(GET_HISTORY, [scripthash]));
  }

  /** Whether each script has any history (confirmed or in the mempool), in the order given. */
  async scriptsUsed(scripthashes: readonly string[]): Promise<boolean[]> {
    const answers = await this.batched(GET_HISTORY, scripthashes);
    return answers.map((a) => parseHistory(a).length > 0);
  }

  /**
   * Each script's confirmed plus unconfirmed value in base units (what KDF's `display_balances`
   * reports for an HD address), in the order given.
   */
  async scriptBalances(scripthashes: readonly string[]): Promise<bigint[]> {
    const answers = await this.batched(GET_BALANCE, scripthashes);
    return answers.map((a) => {
      const { confirmed, unconfirmed } = (a ?? {}) as { confirmed?: unknown; unconfirmed?: unknown };
      if (typeof confirmed !== 'number' || !Number.isSafeInteger(confirmed) || typeof unconfirmed !== 'number' || !Number.isSafeInteger(unconfirmed)) {
        bad(GET_BALANCE, JSON.stringify(a));
      }
      return BigInt(confirmed) + BigInt(unconfirmed);
    });
  }

  private async batched(method: string, scripthashes: readonly string[]): Promise<unknown[]> {
    const answers: unknown[] = [];
    for (let i = 0; i < scripthashes.length; i += MAX_BATCH_CALLS) {
      const chunk = scripthashes.slice(i, i + MAX_BATCH_CALLS);
      answers.push(...(await this.client.batch(chunk.map((h) => ({ method, params: [h] })))));
    }
    return answers;
  }

  /** The script's unspent list, asked of the server whose status we hold when there is one. */
  listUnspentAtSubscriber(scripthash: string): Promise<ScriptAnswer<Unspent[]>> {
    return this.atSubscriber(scripthash, LISTUNSPENT, parseUnspents);
  }

  /** The script's history, asked of the server whose status we hold when there is one. */
  historyAtSubscriber(scripthash: string): Promise<ScriptAnswer<HistoryItem[]>> {
    return this.atSubscriber(scripthash, GET_HISTORY, parseHistory);
  }

  /** Another server may be a block behind the one that notified the status: ask that one first. */
  private async atSubscriber<T>(scripthash: string, method: string, parse: (v: unknown) => T): Promise<ScriptAnswer<T>> {
    const held = await this.client.requestAtSubscriber<unknown>({ method: SCRIPTHASH_SUBSCRIBE, params: [scripthash] }, method, [scripthash]);
    if (held) return { value: parse(held.result), consistent: true };
    return { value: parse(await this.client.request<unknown>(method, [scripthash])), consistent: false };
  }

  /** Raw transactions by id: those not read lately in one batch (`TxHexCache`). */
  async rawTransactions(txids: string[]): Promise<string[]> {
    if (txids.length === 0) return [];
    const method = 'blockchain.transaction.get';
    return this.txHexes.get(txids, async (missing) => {
      const hexes = await this.client.batch(missing.map((id) => ({ method, params: [id] })));
      return hexes.map((h) => (typeof h === 'string' && /^([0-9a-f]{2})+$/i.test(h) ? h : bad(method, 'not hex')));
    });
  }

  /**
   * One raw transaction, or null when the server answers with an error (it does not know the
   * transaction); a failed connection still throws.
   */
  async rawTransaction(txid: string): Promise<string | null> {
    const method = 'blockchain.transaction.get';
    const hex = await this.client.request<unknown>(method, [txid]).catch(unknownToServer);
    if (hex === null) return null;
    return typeof hex === 'string' && /^([0-9a-f]{2})+$/i.test(hex) ? hex : bad(method, 'not hex');
  }

  /** Confirmations of a transaction (0 in the mempool), from the verbose answer; null when unknown to the server. */
  async confirmations(txid: string): Promise<number | null> {
    const method = 'blockchain.transaction.get';
    const tx = await this.client.request<unknown>(method, [txid, true]).catch(unknownToServer);
    if (tx === null) return null;
    if (typeof tx !== 'object') bad(method, 'not an object');
    const confirmations = (tx as { confirmations?: unknown }).confirmations ?? 0;
    return isHeight(confirmations) && confirmations >= 0 ? confirmations : bad(method, `confirmations ${String(confirmations)}`);
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
      times.set(unique[i] ?? 0, headerTime(hex));
    });
    return times;
  }

  /**
   * Timestamps of up to `count` consecutive headers from `start` (`blockchain.block.headers`); fewer
   * when the server's chain ends sooner.
   */
  async headerTimes(start: number, count: number): Promise<number[]> {
    const method = 'blockchain.block.headers';
    const r = (await this.client.request<unknown>(method, [start, count])) as { count?: unknown; hex?: unknown } | null;
    const n = r?.count;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || n > count) bad(method, `count ${String(n)}`);
    if (typeof r?.hex !== 'string' || r.hex.length !== n * 160 || !/^[0-9a-f]*$/i.test(r.hex)) bad(method, 'headers hex');
    const hex = r.hex as string;
    return Array.from({ length: n as number }, (_, i) => headerTime(hex.slice(i * 160, (i + 1) * 160)));
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

  /** The server's minimum relay fee rate in coins per kB (`blockchain.relayfee`). */
  async relayFee(): Promise<number> {
    const method = 'blockchain.relayfee';
    const v = await this.client.request<unknown>(method, []);
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : bad(method, String(v));
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

  /**
   * The script's status now, and `onChange` with every status the server notifies (`undefined`
   * for a malformed one). A status is a hash of the script's history, null when it has none.
   */
  async subscribeScripthash(scripthash: string, onChange: (status: ScriptStatus | undefined) => void): Promise<ScriptStatus | undefined> {
    const { result } = await this.client.subscribe<unknown>(SCRIPTHASH_SUBSCRIBE, [scripthash], (params) => {
      if (params[0] === scripthash) onChange(parseStatus(params[1]));
    });
    return parseStatus(result);
  }

  /** Whether the script's subscription is held by a connected server, so its status is current. */
  isScripthashLive(scripthash: string): boolean {
    return this.client.isSubscriptionLive(SCRIPTHASH_SUBSCRIBE, [scripthash]);
  }
}
