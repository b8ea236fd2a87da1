/**
 * An ElectrumX stand-in for the chains no daemon runs for here (QTUM and its QRC20 tokens, KMD):
 * JSON-RPC 2.0 over a WebSocket on 127.0.0.1, `server.version` first as ElectrumX insists,
 * batches answered with arrays, scripthash notifications pushed. It holds one fake chain: a tip
 * (height and block time, every header carrying that time), the funding transactions a test makes
 * (`fund`, a real transaction paying an address, with the lock time KMD rewards count from) and,
 * for QTUM, one QRC20 contract whose `balanceOf` gives every owner the same balance. It stops
 * itself after `lifetimeMs` (the test stops it sooner) and records broadcasts, so a test can tell
 * nothing was sent.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { address as btcAddress, payments, Transaction } from 'bitcoinjs-lib';
import { WebSocketServer, type WebSocket } from 'ws';

export interface StandInChain {
  height: number;
  /** Every block's time (unix seconds), so the median time past is this too. */
  time: number;
  /** A QRC20 token contract (40 hex digits without 0x), its balance for every owner and its decimals. */
  token?: { contract: string; balance: bigint; decimals: bigint };
}

/** ERC20 selectors as QTUM ElectrumX receives them in `blockchain.contract.call`. */
const BALANCE_OF = '70a08231';
const DECIMALS = '313ce567';
const ALLOWANCE = 'dd62ed3e';
/** Frames a well-behaved node never sends; a larger one closes the connection. */
const MAX_FRAME = 1 << 20;

const word = (n: bigint): string => n.toString(16).padStart(64, '0');

class RpcError {
  constructor(
    readonly code: number,
    readonly message: string,
  ) {}
}

interface Funding {
  tx: Transaction;
  value: number;
}

/** An 80-byte header whose only meaningful field is its time (bytes 68..72, little-endian). */
function headerHex(time: number): string {
  const h = Buffer.alloc(80);
  h.writeUInt32LE(time, 68);
  return h.toString('hex');
}

/**
 * How deep the funding is mined: past QTUM's and KMD's maturity (2000 and 100 blocks), so the node
 * never asks whether it is a coinbase (a question it answers in the chain's own format).
 */
const FUNDING_DEPTH = 2100;

/** A node never asks for more headers at once than ElectrumX serves. */
const MAX_HEADERS = 2016;

export interface ElectrumStandIn {
  url: string;
  /**
   * A confirmed transaction (locked at `lockTime`) paying `value` satoshis to the P2PKH `address`
   * (version `pubtype`); subscribers are told.
   */
  fund(address: string, pubtype: number, value: number, lockTime?: number): void;
  /** Every method the node called, in order. */
  calls: string[];
  broadcasts: string[];
  stop(): Promise<void>;
}

export async function startElectrumStandIn(chain: StandInChain, lifetimeMs: number): Promise<ElectrumStandIn> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: MAX_FRAME });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const calls: string[] = [];
  const broadcasts: string[] = [];
  const sockets = new Set<WebSocket>();
  /** Funding by the scripthash ElectrumX names an output script with. */
  const funded = new Map<string, Funding>();
  const rawTxs = new Map<string, string>();
  const scripthashOf = (script: Uint8Array): string => Buffer.from(createHash('sha256').update(script).digest()).reverse().toString('hex');
  const fundedAt = (): number => Math.max(1, chain.height - FUNDING_DEPTH);
  const statusOf = (f: Funding): string => createHash('sha256').update(`${f.tx.getId()}:${fundedAt()}:`).digest('hex');

  const answer = (method: string, params: unknown[]): unknown => {
    switch (method) {
      case 'server.version':
        return ['ElectrumStandInE2E 1.0', '1.4'];
      case 'server.ping':
        return null;
      case 'blockchain.headers.subscribe':
        return { height: chain.height, hex: headerHex(chain.time) };
      case 'blockchain.block.header':
        return headerHex(chain.time);
      case 'blockchain.block.headers': {
        const [start, count] = params.map(Number) as [number, number];
        if (!Number.isSafeInteger(start) || !Number.isSafeInteger(count) || start < 0 || count < 0) throw new RpcError(-32602, 'bad range');
        const n = Math.max(0, Math.min(count, MAX_HEADERS, chain.height + 1 - start));
        return { count: n, hex: headerHex(chain.time).repeat(n), max: MAX_HEADERS };
      }
      case 'blockchain.scripthash.subscribe': {
        const f = funded.get(String(params[0]));
        return f ? statusOf(f) : null;
      }
      case 'blockchain.scripthash.unsubscribe':
        return true;
      case 'blockchain.scripthash.listunspent': {
        const f = funded.get(String(params[0]));
        return f ? [{ tx_hash: f.tx.getId(), tx_pos: 0, height: fundedAt(), value: f.value }] : [];
      }
      case 'blockchain.scripthash.get_balance':
        return { confirmed: funded.get(String(params[0]))?.value ?? 0, unconfirmed: 0 };
      case 'blockchain.scripthash.get_history': {
        const f = funded.get(String(params[0]));
        return f ? [{ tx_hash: f.tx.getId(), height: fundedAt() }] : [];
      }
      case 'blockchain.contract.event.get_history':
        return [];
      case 'blockchain.transaction.get': {
        const raw = rawTxs.get(String(params[0]));
        if (raw === undefined) throw new RpcError(-32000, 'No such mempool or blockchain transaction');
        return raw;
      }
      case 'blockchain.transaction.broadcast':
        broadcasts.push(String(params[0]));
        throw new RpcError(1, 'this test server broadcasts nothing');
      case 'blockchain.contract.call': {
        const [contract, data] = params.map(String) as [string, string];
        const token = chain.token;
        if (token === undefined || contract !== token.contract) throw new RpcError(-32602, 'unknown contract');
        const selector = data.slice(0, 8);
        const output =
          selector === BALANCE_OF ? word(token.balance) : selector === DECIMALS ? word(token.decimals) : selector === ALLOWANCE ? word(0n) : '';
        return { address: contract, executionResult: { excepted: 'None', output } };
      }
      default:
        throw new RpcError(-32601, `unknown method "${method}"`);
    }
  };

  wss.on('connection', (ws) => {
    sockets.add(ws);
    let versionDone = false;
    ws.on('close', () => sockets.delete(ws));
    ws.on('message', (data) => {
      let msg: unknown;
      try {
        msg = JSON.parse(String(data));
      } catch {
        ws.close(1003, 'not JSON');
        return;
      }
      const items = (Array.isArray(msg) ? msg : [msg]) as { id?: unknown; method?: unknown; params?: unknown }[];
      if (!versionDone && items[0]?.method !== 'server.version') {
        ws.close(1008, 'server.version must be first msg');
        return;
      }
      versionDone = true;
      const answers = items.map((it) => {
        const method = String(it.method);
        calls.push(method);
        try {
          return { jsonrpc: '2.0', id: it.id, result: answer(method, Array.isArray(it.params) ? it.params : []) };
        } catch (e) {
          const err = e instanceof RpcError ? e : new RpcError(-32603, String(e));
          return { jsonrpc: '2.0', id: it.id, error: { code: err.code, message: err.message } };
        }
      });
      ws.send(JSON.stringify(Array.isArray(msg) ? answers : answers[0]));
    });
  });

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= new Promise<void>((resolve) => {
      clearTimeout(timer);
      for (const s of sockets) s.terminate();
      wss.close(() => resolve());
    });
    return stopped;
  };
  const timer = setTimeout(() => void stop(), lifetimeMs);
  const fund = (address: string, pubtype: number, value: number, lockTime = 0): void => {
    const decoded = btcAddress.fromBase58Check(address);
    if (decoded.version !== pubtype) throw new Error(`${address} is not a P2PKH address of version ${pubtype}`);
    const script = payments.p2pkh({ hash: decoded.hash }).output!;
    const tx = new Transaction();
    tx.addInput(new Uint8Array(32).fill(funded.size + 1), 0);
    tx.addOutput(script, BigInt(value));
    tx.locktime = lockTime;
    const f = { tx, value };
    const scripthash = scripthashOf(script);
    funded.set(scripthash, f);
    rawTxs.set(tx.getId(), tx.toHex());
    const note = JSON.stringify({ jsonrpc: '2.0', method: 'blockchain.scripthash.subscribe', params: [scripthash, statusOf(f)] });
    for (const s of sockets) s.send(note);
  };
  return { url: `127.0.0.1:${(wss.address() as AddressInfo).port}`, fund, calls, broadcasts, stop };
}
