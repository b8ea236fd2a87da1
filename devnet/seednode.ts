/**
 * Runs the devnet's seed node (tools/seednode/main.ts) as its own process, `node --import tsx`
 * directly so the recorded PID is the seed itself; its output goes to a log file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hasExited } from './process';

const MAIN = fileURLToPath(new URL('../tools/seednode/main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY_TIMEOUT_MS = 30_000;

export interface SeedProcess {
  /** `/ip4/127.0.0.1/tcp/<port>/ws/p2p/<peerId>` */
  multiaddr: string;
  pid: number;
  process: ChildProcess;
}

/** Starts the seed on a free port and waits for its ready line. */
export async function spawnSeedNode(logFile: string): Promise<SeedProcess> {
  // The IPC channel lets the seed notice when the devnet goes away, however it ends.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--port', '0'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const multiaddr = await new Promise<string>((resolve, reject) => {
    let output = '';
    const done = (): void => {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout!.off('data', onData);
    };
    const fail = (why: string): void => {
      done();
      if (!hasExited(child)) child.kill('SIGKILL');
      reject(new Error(`seed node did not start (${why}); see ${logFile}`));
    };
    const onExit = (code: number | null): void => fail(`exited with ${code}`);
    const onData = (d: Buffer): void => {
      output += d.toString();
      const m = /^seednode ready (\S+)/m.exec(output);
      if (!m) return;
      done();
      resolve(m[1]!);
    };
    const timer = setTimeout(() => fail('no ready line in time'), READY_TIMEOUT_MS);
    child.on('exit', onExit);
    child.stdout!.on('data', onData);
  });
  return { multiaddr, pid: child.pid!, process: child };
}
