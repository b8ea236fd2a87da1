/**
 * Runs one Electrum server (electrum/main.ts) as its own process, `node --import tsx` directly
 * rather than through the tsx CLI, so the recorded PID is the server itself.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnUntilReady } from './process';
import type { RpcEndpoint } from './rpc';

const MAIN = fileURLToPath(new URL('./electrum/main.ts', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

export interface ElectrumProcess {
  /** host:port of the WebSocket listener */
  url: string;
  /** host:port of the plain TCP listener */
  tcpUrl: string;
  /** localhost:port of the TLS listener (self-signed certificate) */
  sslUrl: string;
  pid: number;
  process: ChildProcess;
}

/**
 * Starts the server (its WebSocket on `wsPort`, by default a free port like its TCP and TLS ones) and waits for its ready line; its output goes to `logFile`.
 * Fee estimates are off (estimatefee answers -1, "no data"), so fees do not depend on test order.
 */
export async function spawnElectrum(daemon: RpcEndpoint, logFile: string, wsPort = 0): Promise<ElectrumProcess> {
  const args = ['--rpc-url', daemon.url, '--rpc-user', daemon.user, '--rpc-password', daemon.password, '--port', String(wsPort), '--no-fee-estimates'];
  const p = await spawnUntilReady(MAIN, args, 'electrum', logFile, READY_TIMEOUT_MS);
  const streams = /^electrum streams tcp (\S+) ssl (\S+)$/m.exec(p.output);
  if (!streams) throw new Error(`electrum printed no TCP and SSL listeners; see ${logFile}`);
  return { url: p.ready, tcpUrl: streams[1]!, sslUrl: streams[2]!, pid: p.pid, process: p.process };
}
