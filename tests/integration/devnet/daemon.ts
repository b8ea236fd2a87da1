/** Test access to the devnet's litecoind daemons, from the RPC details in the injected info. */
import { createHash } from 'node:crypto';
import { inject, type ProvidedContext } from 'vitest';
import type { ChainInfo } from '../../../devnet/info';
import { DaemonRpc } from '../../../devnet/rpc';

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
      return call<string[]>('generatetoaddress', [n, address]);
    },
    async scriptHashOf(address) {
      const { scriptPubKey } = await call<{ scriptPubKey: string }>('validateaddress', [address]);
      return createHash('sha256').update(Buffer.from(scriptPubKey, 'hex')).digest().reverse().toString('hex');
    },
  };
}

/** Coins (as the daemon prints them) to satoshis; independent of the server's exact parser on purpose. */
export const sats = (coins: number): number => Math.round(coins * 1e8);
