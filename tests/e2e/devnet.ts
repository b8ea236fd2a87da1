/**
 * The devnet as the e2e tests see it: `global-setup.ts` starts it once per run (in the runner
 * process) and hands its description to the test workers through an environment variable.
 */
import type { DevnetInfo } from '../../devnet/info';

export type { DevnetInfo };

/** JSON of the running devnet's devnet.json object. */
export const DEVNET_INFO_ENV = 'E2E_DEVNET_INFO';
/** Why the devnet is not there (start failed, or E2E_DEVNET=off). */
export const DEVNET_ERROR_ENV = 'E2E_DEVNET_ERROR';

export function devnetInfo(): DevnetInfo {
  const json = process.env[DEVNET_INFO_ENV];
  if (!json) {
    const why = process.env[DEVNET_ERROR_ENV] ?? 'global setup did not start it';
    throw new Error(`The devnet is not running: ${why}`);
  }
  return JSON.parse(json) as DevnetInfo;
}

/**
 * A JSON-RPC call to a chain's litecoind, straight from the test; `wallet: 'miner'` sends it to
 * the wallet holding the mined coins (e.g. `sendtoaddress`), otherwise no wallet.
 */
export async function chainRpc<T>(
  info: DevnetInfo,
  chain: string,
  method: string,
  params: unknown[] = [],
  wallet?: 'miner',
): Promise<T> {
  const c = info.chains.find((x) => x.name === chain);
  if (!c) throw new Error(`the devnet has no chain ${chain}`);
  const auth = Buffer.from(`${c.rpcUser}:${c.rpcPassword}`).toString('base64');
  const url = wallet === 'miner' ? `${c.rpcUrl.replace(/\/$/, '')}/wallet/${encodeURIComponent(c.minerWallet)}` : c.rpcUrl;
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${auth}` },
    body: JSON.stringify({ jsonrpc: '1.0', id: 'e2e', method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await r.json()) as { result: T; error: { message: string } | null };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** A JSON-RPC call to the devnet's EVM chain (anvil), straight from the test (no wallet). */
export async function evmRpc<T>(info: DevnetInfo, method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(info.evm.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await r.json()) as { result: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
