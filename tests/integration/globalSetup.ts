/**
 * One devnet for the whole integration run (a block per chain every second), stopped in teardown.
 * Test files get its devnet.json object plus path through `inject('devnet')`, and reach the
 * daemons with the RPC details in it (devnet/daemon.ts). Each run has its own temporary dir, so
 * concurrent runs on one checkout do not meet; it is removed after a clean stop.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { DevnetInfo } from '../../devnet/info';
import { startDevnet } from '../../devnet/start';

declare module 'vitest' {
  export interface ProvidedContext {
    devnet: DevnetInfo & { path: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'devnet-integration-'));
  const devnet = await startDevnet({ dir, blockInterval: 1000 });
  project.provide('devnet', { ...devnet.info, path: devnet.path });
  return async () => {
    await devnet.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
