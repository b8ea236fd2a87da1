/**
 * The headless host: `npm run node -- --conf <file>` runs the node core under Node.js with the
 * spec's JSON-over-HTTP endpoint, so the spec's examples work with curl. It runs built
 * (scripts/hostBuild.mjs bundles it into dist-host/) or as TypeScript under tsx alike.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { NodeHost } from '../../src/node/nodeHost';
import { httpOptionsFromConf, startHttpServer } from './httpServer';
import { nodePlatform } from './nodePlatform';
import { dbdirPath, openDbdir } from './hostDbdir';

const DEFAULT_RPC_PORT = 7783;

/** The checkout this file runs from, as TypeScript (tools/host/) or built (dist-host/): the nearest folder with a package.json. */
function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(resolve(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { conf: { type: 'string' } } });
  if (!values.conf) throw new Error('usage: npm run node -- --conf <file.json> (or node dist-host/main.js --conf <file.json>)');
  const confPath = resolve(values.conf);
  const conf = JSON.parse(await readFile(confPath, 'utf8')) as Record<string, unknown>;

  // `coins` may be a path (relative to the conf file) or an inline array, as KDF accepts.
  let coinsPath = resolve(repoRoot(), 'public/coins.json');
  if (typeof conf.coins === 'string') {
    coinsPath = resolve(dirname(confPath), conf.coins);
    delete conf.coins;
  }
  const port = typeof conf.rpcport === 'number' ? conf.rpcport : DEFAULT_RPC_PORT;
  // The HTTP keys are checked before the node starts, so a bad one changes nothing.
  const httpOptions = httpOptionsFromConf(conf, port);
  // One host per dbdir: locked here, released (and the database file closed) when the process exits.
  const dbdir = openDbdir(dbdirPath(confPath, conf.dbdir));
  process.once('exit', () => dbdir.close());

  let shutdown = (): void => undefined;
  const platform = nodePlatform({
    coinsPath,
    storage: dbdir.storage,
    emit: (event, data) => {
      if (event === 'log') {
        const { level, line } = data as { level: string; line: string };
        console.error(`[${level}] ${line}`);
      } else console.error(`[event] ${event} ${JSON.stringify(data)}`);
      // The `stop` RPC ends the process, as it ends KDF.
      if (event === 'node_stopped') shutdown();
    },
  });
  const host = new NodeHost(platform);
  const started = await host.handleControl({ op: 'start', conf });
  if (started.status !== 200) throw new Error(`node did not start: ${JSON.stringify(started.body)}`);

  const server = await startHttpServer(host, httpOptions);
  console.log(`node listening on http://127.0.0.1:${port}/`);

  shutdown = (): void => {
    server.close();
    void host.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
