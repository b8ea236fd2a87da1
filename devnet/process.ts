/** Process plumbing shared by the devnet's children: free ports, exit waits, kill by PID. */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

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
