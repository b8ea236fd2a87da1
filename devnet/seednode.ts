/**
 * Runs the devnet's seed node (tools/seednode/main.ts) as its own process, `node --import tsx`
 * directly so the recorded PID is the seed itself; its output goes to a log file, and its identity
 * key beside it (`seednode.key`), so a seed restarted on the same devnet keeps its peer id.
 */
import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnUntilReady } from './process';

const MAIN = fileURLToPath(new URL('../tools/seednode/main.ts', import.meta.url));
const READY_TIMEOUT_MS = 30_000;

export interface SeedProcess {
  /** `/ip4/127.0.0.1/tcp/<port>/ws/p2p/<peerId>` */
  multiaddr: string;
  pid: number;
  process: ChildProcess;
}

/** Starts the seed on a free port and waits for its ready line. */
export async function spawnSeedNode(logFile: string): Promise<SeedProcess> {
  const keyFile = join(dirname(logFile), 'seednode.key');
  const p = await spawnUntilReady(MAIN, ['--port', '0', '--key-file', keyFile], 'seednode', logFile, READY_TIMEOUT_MS);
  return { multiaddr: p.ready, pid: p.pid, process: p.process };
}
