/**
 * Runs one Electrum server (electrum/main.ts) as its own process, `node --import tsx` directly
 * rather than through the tsx CLI, so the recorded PID is the server itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hasExited } from './process';
import type { RpcEndpoint } from './rpc';

const MAIN = fileURLToPath(new URL('./electrum/main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
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
  const args = ['--import', 'tsx', MAIN, '--rpc-url', daemon.url, '--rpc-user', daemon.user, '--rpc-password', daemon.password, '--port', '0', '--no-fee-estimates'];
  // The IPC channel lets the server notice when the devnet goes away, however it ends.
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const done = (): void => {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout!.off('data', onData);
    };
    const fail = (why: string): void => {
      done();
      if (!hasExited(child)) child.kill('SIGKILL');
      reject(new Error(`electrum server did not start (${why}); see ${logFile}`));
    };
    const onExit = (code: number | null): void => fail(`exited with ${code}`);
    const onData = (d: Buffer): void => {
      output += d.toString();
      const m = /^electrum ready (\S+)/m.exec(output);
      if (!m) return;
      done();
      resolve(m[1]!);
    };
    const timer = setTimeout(() => fail('no ready line in time'), READY_TIMEOUT_MS);
    child.on('exit', onExit);
    child.stdout!.on('data', onData);
  });
  return { url, pid: child.pid!, process: child };
}
