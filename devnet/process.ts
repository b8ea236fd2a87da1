/** Process plumbing shared by the devnet's children: free ports, exit waits, kill by PID. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves true once the child has exited, false if it is still running after `ms`. */
export function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, ms);
    const onExit = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

/** Sends `signal` to the child's PID, then SIGKILL if it has not exited within `ms`. */
export async function terminate(child: ChildProcess, signal: NodeJS.Signals, ms: number): Promise<void> {
  if (hasExited(child) || child.pid === undefined) return;
  try {
    process.kill(child.pid, signal);
  } catch {
    return; // already gone
  }
  if (await waitForExit(child, ms)) return;
  process.kill(child.pid, 'SIGKILL');
  await waitForExit(child, 5_000);
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface ReadyProcess {
  /** What the process printed after its ready word (`electrum ready <this>`). */
  ready: string;
  /** Everything it printed on stdout up to its ready line, for what it announced before. */
  output: string;
  pid: number;
  process: ChildProcess;
}

/**
 * Runs a TypeScript entry of this repo as its own process (`node --import tsx`, so the PID is the
 * service itself), logs to `logFile`, and waits for the line `<readyWord> <value>`. The IPC channel
 * lets the child notice when the devnet goes away, however it ends.
 */
export async function spawnUntilReady(
  entry: string,
  args: string[],
  readyWord: string,
  logFile: string,
  timeoutMs: number,
): Promise<ReadyProcess> {
  const repoRoot = fileURLToPath(new URL('..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const pattern = new RegExp(`^${readyWord} ready (\\S+)`, 'm');
  const [ready, output] = await new Promise<[string, string]>((resolve, reject) => {
    let output = '';
    const done = (): void => {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout!.off('data', onData);
    };
    const fail = (why: string): void => {
      done();
      if (!hasExited(child)) child.kill('SIGKILL');
      reject(new Error(`${readyWord} did not start (${why}); see ${logFile}`));
    };
    const onExit = (code: number | null): void => fail(`exited with ${code}`);
    const onData = (d: Buffer): void => {
      output += d.toString();
      const m = pattern.exec(output);
      if (!m) return;
      done();
      resolve([m[1]!, output]);
    };
    const timer = setTimeout(() => fail('no ready line in time'), timeoutMs);
    child.on('exit', onExit);
    child.stdout!.on('data', onData);
  });
  return { ready, output, pid: child.pid!, process: child };
}
