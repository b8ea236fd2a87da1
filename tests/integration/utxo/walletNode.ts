/**
 * A node core under Node.js, on the devnet's coins file, for one wallet passphrase; talks to the
 * devnet's own Electrum servers over WebSocket, as the browser would.
 */
import { randomBytes } from 'node:crypto';
import { NodeHost } from '../../../src/node/nodeHost';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { devnet } from '../devnet/daemon';
import type { Platform } from '../../../src/node/core/context';

export const RPC_PASSWORD = 'Itest-Rpc-Key!1';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

export interface WalletNode {
  host: NodeHost;
  platform: Platform;
  events: { event: string; data: unknown }[];
  legacy(method: string, args?: Record<string, unknown>): Promise<Reply>;
  mmrpc(method: string, params?: Record<string, unknown>): Promise<Reply>;
  /** `electrum` with the devnet's servers for the coin (or the given ones); returns the reply. */
  activate(ticker: string, extra?: Record<string, unknown>): Promise<Reply>;
  stop(): Promise<void>;
}

/** A passphrase nobody else uses, so a test's balances are its own. */
export const freshPassphrase = (label: string): string => `itest ${label} ${randomBytes(6).toString('hex')}`;

export async function startWalletNode(passphrase: string, platform?: Platform): Promise<WalletNode> {
  const events: { event: string; data: unknown }[] = [];
  const p = platform ?? nodePlatform({ coinsPath: devnet().coinsFile });
  p.emit = (event, data) => events.push({ event, data });
  const host = new NodeHost(p);
  const started = await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase, gui: 'itest' } });
  if (started.status !== 200) throw new Error(`node did not start: ${JSON.stringify(started.body)}`);
  const legacy = async (method: string, args: Record<string, unknown> = {}) =>
    (await host.handleRpc({ ...args, method, userpass: RPC_PASSWORD })) as Reply;
  const mmrpc = async (method: string, params: Record<string, unknown> = {}) =>
    (await host.handleRpc({ mmrpc: '2.0', method, params, userpass: RPC_PASSWORD, id: 1 })) as Reply;
  return {
    host,
    platform: p,
    events,
    legacy,
    mmrpc,
    activate: (ticker, extra = {}) => legacy('electrum', { coin: ticker, servers: devnet().coins[ticker]?.servers, ...extra }),
    stop: () => host.stop(),
  };
}

/** Waits until `check` returns a value other than undefined, polling; fails after `ms`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
