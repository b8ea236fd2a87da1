/**
 * The Electrum protocol 1.4 methods (docs: electrum-protocol "protocol-methods"), with ElectrumX's
 * results and error conventions: bad arguments -32602, well-formed requests the chain cannot
 * answer 1, daemon failures 2.
 */
import { DaemonError, type DaemonRpc } from '../rpc';
import { BAD_REQUEST, DAEMON_ERROR, invalidParams, METHOD_NOT_FOUND, RpcFault } from './errors';
import { merkleBranch } from './hashes';
import type { Indexer } from './indexer';
import { balance, history, listUnspent, status } from './scripthash';

/** What handlers need from the connection they run on. */
export interface SessionApi {
  negotiate(clientName: unknown, protocolVersion: unknown): [string, string];
  subscribeHeaders(): void;
  subscribe(sh: string, status: string | null): void;
  unsubscribe(sh: string): boolean;
}

export interface ServerContext {
  ix: Indexer;
  rpc: DaemonRpc;
  genesisHash: string;
  /**
   * false: answer estimatefee with -1, as when the daemon has no data. Regtest gains fee data only
   * once enough transactions were mined, so the devnet turns estimates off to keep fees the same
   * whatever ran before.
   */
  feeEstimates: boolean;
}

export type Context = ServerContext & { session: SessionApi };

export const SERVER_VERSION = 'DevnetElectrum 1.0';
export const PROTOCOL_VERSION = '1.4';
const MAX_HEADERS = 2016;

interface Method {
  /** Parameter names, for calls by name; the first `required` are mandatory. */
  params: string[];
  required?: number;
  /** Tolerate unknown extra arguments (server.version must, for future extensions). */
  lenient?: boolean;
  run(ctx: Context, args: unknown[]): unknown;
}

const nonNegative = (v: unknown, name: string): number => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw invalidParams(`${name} must be a non-negative integer`);
  return v;
};
const hash32 = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || !/^[0-9a-fA-F]{64}$/.test(v)) throw invalidParams(`${name} must be a 64-character hex string`);
  return v.toLowerCase();
};
const flag = (v: unknown, name: string): boolean => {
  if (v !== undefined && typeof v !== 'boolean') throw invalidParams(`${name} must be a boolean`);
  return v ?? false;
};

async function daemon<T>(ctx: Context, method: string, params: unknown[] = []): Promise<T> {
  try {
    return await ctx.rpc.call<T>(method, params);
  } catch (e) {
    if (e instanceof DaemonError) throw new RpcFault(DAEMON_ERROR, `daemon error: ${JSON.stringify({ code: e.code, message: e.message })}`);
    throw e;
  }
}

export function tipHeader(ix: Indexer): { height: number; hex: string } {
  return { height: ix.chain.height, hex: ix.chain.headers[ix.chain.height]! };
}

/** Merkle proof of header `height` against the root of all headers up to `cp`. */
function headerProof(ix: Indexer, height: number, cp: number): { branch: string[]; root: string } {
  if (!(height <= cp && cp <= ix.chain.height)) {
    throw new RpcFault(BAD_REQUEST, `require header height ${height} <= cp_height ${cp} <= chain height ${ix.chain.height}`);
  }
  return merkleBranch(ix.chain.hashes.slice(0, cp + 1), height);
}

async function blockTxids(ctx: Context, height: number): Promise<string[]> {
  const hash = ctx.ix.chain.hashes[height];
  if (hash === undefined) throw new RpcFault(BAD_REQUEST, `block height ${height} out of range`);
  return (await daemon<{ tx: string[] }>(ctx, 'getblock', [hash, 1])).tx;
}

const scripthashMethod = (run: (ctx: Context, sh: string) => unknown): Method => ({
  params: ['scripthash'],
  run: (ctx, [sh]) => run(ctx, hash32(sh, 'scripthash')),
});

const METHODS: Record<string, Method> = {
  'server.version': {
    params: ['client_name', 'protocol_version'],
    required: 0,
    lenient: true,
    run: (ctx, [name, version]) => ctx.session.negotiate(name, version),
  },
  'server.ping': { params: [], run: () => null },
  'server.banner': { params: [], run: () => `${SERVER_VERSION}: a regtest Electrum server for the devnet` },
  'server.donation_address': { params: [], run: () => '' },
  'server.peers.subscribe': { params: [], run: () => [] },
  'server.add_peer': { params: ['features'], run: () => false },
  'server.features': {
    params: [],
    run: (ctx) => ({
      hosts: {},
      genesis_hash: ctx.genesisHash,
      hash_function: 'sha256',
      server_version: SERVER_VERSION,
      protocol_min: PROTOCOL_VERSION,
      protocol_max: PROTOCOL_VERSION,
      pruning: null,
    }),
  },
  'blockchain.headers.subscribe': {
    params: [],
    run: (ctx) => {
      ctx.session.subscribeHeaders();
      return tipHeader(ctx.ix);
    },
  },
  'blockchain.block.header': {
    params: ['height', 'cp_height'],
    required: 1,
    run: (ctx, [h, c]) => {
      const height = nonNegative(h, 'height');
      const cp = nonNegative(c ?? 0, 'cp_height');
      const header = ctx.ix.chain.headers[height];
      if (header === undefined) throw new RpcFault(BAD_REQUEST, `height ${height} out of range`);
      return cp === 0 ? header : { header, ...headerProof(ctx.ix, height, cp) };
    },
  },
  'blockchain.block.headers': {
    params: ['start_height', 'count', 'cp_height'],
    required: 2,
    run: (ctx, [s, n, c]) => {
      const start = nonNegative(s, 'start_height');
      const wanted = Math.min(nonNegative(n, 'count'), MAX_HEADERS);
      const cp = nonNegative(c ?? 0, 'cp_height');
      const count = Math.max(0, Math.min(wanted, ctx.ix.chain.height + 1 - start));
      const result = { count, hex: ctx.ix.chain.headers.slice(start, start + count).join(''), max: MAX_HEADERS };
      return count && cp ? { ...result, ...headerProof(ctx.ix, start + count - 1, cp) } : result;
    },
  },
  'blockchain.estimatefee': {
    params: ['number', 'mode'],
    required: 1,
    run: async (ctx, [n, m]) => {
      const target = Math.min(Math.max(nonNegative(n, 'number'), 1), 1008);
      const mode = typeof m === 'string' ? m.toUpperCase() : m;
      if (mode !== undefined && mode !== null && mode !== 'CONSERVATIVE' && mode !== 'ECONOMICAL') {
        throw new RpcFault(BAD_REQUEST, `unknown estimatefee mode: ${String(m)}`);
      }
      if (!ctx.feeEstimates) return -1;
      const estimate = await daemon<{ feerate?: number }>(ctx, 'estimatesmartfee', mode ? [target, mode] : [target]);
      return estimate.feerate ?? -1; // regtest has no fee data
    },
  },
  'blockchain.relayfee': {
    params: [],
    run: async (ctx) => (await daemon<{ relayfee: number }>(ctx, 'getnetworkinfo')).relayfee,
  },
  'blockchain.scripthash.get_balance': scripthashMethod((ctx, sh) => balance(ctx.ix, sh)),
  'blockchain.scripthash.get_history': scripthashMethod((ctx, sh) => history(ctx.ix, sh)),
  'blockchain.scripthash.get_mempool': scripthashMethod((ctx, sh) => ctx.ix.mempool.entries(sh)),
  'blockchain.scripthash.listunspent': scripthashMethod((ctx, sh) => listUnspent(ctx.ix, sh)),
  'blockchain.scripthash.subscribe': scripthashMethod((ctx, sh) => {
    const current = status(ctx.ix, sh);
    ctx.session.subscribe(sh, current);
    return current;
  }),
  'blockchain.scripthash.unsubscribe': scripthashMethod((ctx, sh) => ctx.session.unsubscribe(sh)),
  'blockchain.transaction.get': {
    params: ['tx_hash', 'verbose'],
    required: 1,
    run: (ctx, [h, v]) => daemon(ctx, 'getrawtransaction', [hash32(h, 'tx_hash'), flag(v, 'verbose')]),
  },
  'blockchain.transaction.get_merkle': {
    params: ['tx_hash', 'height'],
    required: 2,
    run: async (ctx, [h, n]) => {
      const txHash = hash32(h, 'tx_hash');
      const height = nonNegative(n, 'height');
      const txids = await blockTxids(ctx, height);
      const pos = txids.indexOf(txHash);
      if (pos < 0) throw new RpcFault(BAD_REQUEST, `tx ${txHash} not in block at height ${height}`);
      return { block_height: height, merkle: merkleBranch(txids, pos).branch, pos };
    },
  },
  'blockchain.transaction.id_from_pos': {
    params: ['height', 'tx_pos', 'merkle'],
    required: 2,
    run: async (ctx, [h, p, m]) => {
      const height = nonNegative(h, 'height');
      const pos = nonNegative(p, 'tx_pos');
      const merkle = flag(m, 'merkle');
      const txids = await blockTxids(ctx, height);
      const txHash = txids[pos];
      if (txHash === undefined) throw new RpcFault(BAD_REQUEST, `no tx at position ${pos} in block at height ${height}`);
      return merkle ? { tx_hash: txHash, merkle: merkleBranch(txids, pos).branch } : txHash;
    },
  },
  'blockchain.transaction.broadcast': {
    params: ['raw_tx'],
    run: async (ctx, [raw]) => {
      if (typeof raw !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(raw)) throw invalidParams('raw_tx must be a hex string');
      let txid: string;
      try {
        txid = await ctx.rpc.call<string>('sendrawtransaction', [raw]);
      } catch (e) {
        if (!(e instanceof DaemonError)) throw e;
        throw new RpcFault(BAD_REQUEST, `the transaction was rejected by network rules.\n\n${e.message}\n[${raw}]`);
      }
      // Index it before answering, so the sender's next query already sees it.
      await ctx.ix.sync().catch(() => undefined);
      return txid;
    },
  },
  'mempool.get_fee_histogram': { params: [], run: () => [] },
};

/** Positional or named (JSON-RPC 2.0) arguments, as a positional list. */
function bind(method: Method, params: unknown): unknown[] {
  let args: unknown[];
  if (params === undefined || params === null) args = [];
  else if (Array.isArray(params)) args = params;
  else if (typeof params === 'object') {
    const named = params as Record<string, unknown>;
    const unknown = Object.keys(named).find((k) => !method.params.includes(k));
    if (unknown !== undefined && !method.lenient) throw invalidParams(`unknown argument "${unknown}"`);
    args = method.params.map((name) => named[name]);
  } else throw invalidParams('params must be an array or an object');
  if (args.length > method.params.length && !method.lenient) {
    throw invalidParams(`expected at most ${method.params.length} arguments, got ${args.length}`);
  }
  const missing = method.params.slice(0, method.required ?? method.params.length).find((_, i) => args[i] === undefined);
  if (missing !== undefined) throw invalidParams(`missing argument "${missing}"`);
  return args;
}

export async function invoke(ctx: Context, name: string, params: unknown): Promise<unknown> {
  const method = Object.hasOwn(METHODS, name) ? METHODS[name] : undefined;
  if (!method) throw new RpcFault(METHOD_NOT_FOUND, `unknown method "${name}"`);
  return method.run(ctx, bind(method, params));
}
