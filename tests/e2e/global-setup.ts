/**
 * Starts the devnet for the run (block interval 1 s) in its own directory, so a developer's
 * `npm run devnet` in .devnet/ is left alone. The handle stays in this (the runner) process for
 * global-teardown.ts; the workers get the devnet's description in an environment variable.
 * E2E_DEVNET=off skips it (the utxo tests then fail with that reason).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevnet, type Devnet } from '../../devnet/start';
import { DEVNET_ERROR_ENV, DEVNET_INFO_ENV } from './devnet';

declare global {
  var __e2eDevnet: Devnet | undefined;
}

const START_TIMEOUT_MS = 120_000;
const DIR = join(fileURLToPath(new URL('../..', import.meta.url)), '.devnet', process.env.E2E_RUN ? `e2e-${process.env.E2E_RUN}` : 'e2e');

export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_DEVNET === 'off') {
    process.env[DEVNET_ERROR_ENV] = 'E2E_DEVNET=off';
    return;
  }
  const starting = startDevnet({ dir: DIR, blockInterval: 1000 });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`it did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
  });
  try {
    const devnet = await Promise.race([starting, timeout]);
    globalThis.__e2eDevnet = devnet;
    process.env[DEVNET_INFO_ENV] = JSON.stringify(devnet.info);
  } catch (e) {
    // A late start is stopped as soon as it completes; tests that need the devnet report why.
    void starting.then((d) => d.stop()).catch(() => undefined);
    const why = e instanceof Error ? e.message : String(e);
    process.env[DEVNET_ERROR_ENV] = why;
    console.error(`e2e global setup: the devnet did not start: ${why}`);
  } finally {
    clearTimeout(timer);
  }
}
