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
  /** host:port */
  url: string;
  pid: number;
  process: ChildProcess;
}

/**
 * Starts the server on a free port and waits for its ready line; its output goes to `logFile`.
 * Fee estimates are off (estimatefee answers -1, "no data"), so fees do not depend on test order.
 */
export async function spawnElectrum(daemon: RpcEndpoint, logFile: string): Promise<ElectrumProcess> {
  const args = ['--rpc-url', daemon.url, '--rpc-user', daemon.user, '--rpc-password', daemon.password, '--port', '0', '--no-fee-estimates'];
  const p = await spawnUntilReady(MAIN, args, 'electrum', logFile, READY_TIMEOUT_MS);
  return { url: p.ready, pid: p.pid, process: p.process };
}
