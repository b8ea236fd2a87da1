/**
 * The real headless host as a child process (the built dist-host/main.js, rebuilt first if its
 * sources changed; the PID is the host's own, so SIGKILL hits it, not a wrapper), talked to over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { ensureHostBuild, HOST_MAIN } from '../../../scripts/hostBuild.mjs';

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

export interface HostProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  post(body: unknown): Promise<Reply>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/** Writes `conf` to `confPath` and starts a host on it; resolves once it listens, or once it has exited. */
export async function startHostProcess(confPath: string, conf: Record<string, unknown>): Promise<HostProcess> {
  writeFileSync(confPath, JSON.stringify(conf));
  await ensureHostBuild();
  const child = spawn(process.execPath, [HOST_MAIN, '--conf', confPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  while (!output.includes('node listening on') && !gone) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`host did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = `http://127.0.0.1:${String(conf.rpcport)}/`;
  return {
    child,
    output: () => output,
    async post(body) {
      const res = await fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    exited,
    async kill(signal) {
      if (!gone) child.kill(signal);
      return exited;
    },
  };
}
