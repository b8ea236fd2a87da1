/**
 * `npm run devnet [-- --block-interval ms] [-- --dir path]`: starts the devnet in the foreground
 * (see start.ts), prints `devnet ready <devnet.json path>` on stdout, and on SIGINT/SIGTERM stops
 * every process it started. Progress and addresses go to stderr.
 */
import { parseArgs } from 'node:util';
import { startDevnet } from './start';

const log = (line: string): void => void process.stderr.write(line + '\n');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'block-interval': { type: 'string', default: '1000' }, dir: { type: 'string' } },
  });
  const blockInterval = Number(values['block-interval']);
  if (!Number.isSafeInteger(blockInterval) || blockInterval < 0) throw new Error('--block-interval must be an integer ≥ 0 (ms)');

  const started = Date.now();
  const starting = startDevnet({ dir: values.dir, blockInterval, log });
  // A signal during start-up stops the devnet as soon as start-up is over: only then is all known.
  let signalled = false;
  const shutdown = (): void => {
    if (signalled) return;
    signalled = true;
    log('devnet: stopping');
    void starting.then((devnet) => devnet.stop()).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  const devnet = await starting;
  if (signalled) return;
  log(`devnet: started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`devnet ready ${devnet.path}`);
}

main().catch((e: unknown) => {
  log(`devnet: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
