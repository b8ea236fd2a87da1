/**
 * `npm run seednode -- --port <p> [--host 127.0.0.1] [--data-dir <dir>] [--key-file <path>]`: runs
 * the seed node (seed.ts) in the foreground, prints `seednode ready <multiaddr>` on stdout, and
 * stops on SIGINT/SIGTERM (or when the devnet that started it goes away). `--port 0` picks a free
 * port. The key file (default `seednode.key` in the data dir, itself `seednode-data` by default)
 * holds the seed's identity and is created on the first start, so the peer id in its multiaddr
 * survives restarts.
 */
import { errorMessage } from '../../src/node/p2p/errors';
import { seedCliOptions } from './cliOptions';
import { startSeedNode } from './seed';

const log = (line: string): void => void process.stderr.write(line + '\n');

async function main(): Promise<void> {
  const seed = await startSeedNode({ ...seedCliOptions(process.argv.slice(2)), log });
  console.log(`seednode ready ${seed.multiaddr}`);

  let stopping = false;
  const shutdown = (): void => {
    if (stopping) return;
    stopping = true;
    void seed.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // Started by the devnet with an IPC channel: exit with it, so no seed outlives its devnet.
  if (process.send) process.once('disconnect', shutdown);
}

main().catch((e: unknown) => {
  log(`seednode: ${errorMessage(e)}`);
  process.exit(1);
});
