/** Test access to the devnet's litecoind daemons, from the RPC details in the injected info. */
import { createHash } from 'node:crypto';
import { inject, type ProvidedContext } from 'vitest';
import type { ChainInfo } from '../../../devnet/info';
import { DaemonError, DaemonRpc } from '../../../devnet/rpc';
import { generateBlocks } from '../../../devnet/mine';

export const devnet = (): ProvidedContext['devnet'] => inject('devnet');

export interface Daemon {
  chain: ChainInfo;
  call<T = unknown>(method: string, params?: unknown[], wallet?: string): Promise<T>;
  /** Several calls in one JSON-RPC batch: litecoind runs them back to back. */
  batch(calls: [method: string, params: unknown[]][]): Promise<unknown[]>;
  /** Mines `n` blocks now (the devnet's miner also mines every second). */
  mine(n: number): Promise<string[]>;
  /** Script hash of an address as Electrum wants it, from the daemon's own scriptPubKey. */
  scriptHashOf(address: string): Promise<string>;
  /** The address's unspent outputs in the daemon's UTXO set (`scantxoutset`). */
  unspents(address: string): Promise<DaemonUnspent[]>;
}

export interface DaemonUnspent {
  txid: string;
  vout: number;
  /** In coins, as the daemon prints them. */
  amount: number;
  height: number;
}

/** How long `unspents` keeps asking while another scan runs. */
const SCAN_WAIT_MS = 60_000;

/**
 * litecoind runs one `scantxoutset` at a time and refuses a second ("Scan
 * already in progress"); test files in other processes scan too, so a refused scan is asked again.
 */
async function scanWhenFree(call: () => Promise<{ unspents: DaemonUnspent[] }>): Promise<DaemonUnspent[]> {
  const until = Date.now() + SCAN_WAIT_MS;
  for (;;) {
    try {
      return (await call()).unspents;
    } catch (e) {
      const busy = e instanceof DaemonError && e.message.startsWith('Scan already in progress');
      if (!busy || Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
}

export function daemon(name: string): Daemon {
  const chain = devnet().chains.find((c) => c.name === name);
  if (!chain) throw new Error(`no chain ${name} in the devnet`);
  const rpc = new DaemonRpc({ url: chain.rpcUrl, user: chain.rpcUser, password: chain.rpcPassword });
  const call = <T>(method: string, params: unknown[] = [], wallet?: string): Promise<T> => rpc.call<T>(method, params, { wallet });
  return {
    chain,
    call,
    batch: (calls) => rpc.batch(calls),
    async mine(n) {
      const address = await call<string>('getnewaddress', [], chain.minerWallet);
      return generateBlocks(rpc, n, address);
    },
    unspents: (address) => scanWhenFree(() => call<{ unspents: DaemonUnspent[] }>('scantxoutset', ['start', [`addr(${address})`]])),
    async scriptHashOf(address) {
      const { scriptPubKey } = await call<{ scriptPubKey: string }>('validateaddress', [address]);
      return createHash('sha256').update(Buffer.from(scriptPubKey, 'hex')).digest().reverse().toString('hex');
    },
  };
}

/** Coins (as the daemon prints them) to satoshis; independent of the server's exact parser on purpose. */
export const sats = (coins: number): number => Math.round(coins * 1e8);
