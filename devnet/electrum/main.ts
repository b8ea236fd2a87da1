/**
 * An Electrum-protocol (1.4) server for one litecoind regtest chain, over WebSocket, plain TCP and
 * TLS (a self-signed certificate made at start):
 *   tsx devnet/electrum/main.ts --rpc-url http://127.0.0.1:PORT/ --rpc-user U --rpc-password P [--host H] [--port N] [--tcp-port N] [--ssl-port N]
 * Port 0 (the default) picks a free port. Once indexed and listening it prints
 * `electrum streams tcp <host>:<port> ssl localhost:<port>` (the SSL server named `localhost`, the
 * name its certificate carries), then `electrum ready <host>:<ws port> height <n>`.
 */
import { parseArgs } from 'node:util';
import { sleep } from '../process';
import { DaemonRpc } from '../rpc';
import { Indexer } from './indexer';
import { selfSignedCertificate } from './selfSigned';
import { startElectrumServer } from './server';

const POLL_MS = 200;
const STARTUP_TIMEOUT_MS = 60_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'rpc-url': { type: 'string' },
      'rpc-user': { type: 'string' },
      'rpc-password': { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '0' },
      'tcp-port': { type: 'string', default: '0' },
      'ssl-port': { type: 'string', default: '0' },
      'no-fee-estimates': { type: 'boolean', default: false },
    },
  });
  const url = values['rpc-url'];
  const user = values['rpc-user'];
  const password = values['rpc-password'];
  if (!url || !user || !password) throw new Error('usage: --rpc-url URL --rpc-user USER --rpc-password PASS [--host H] [--port N] [--no-fee-estimates]');
  const tls = await selfSignedCertificate();
  const rpc = new DaemonRpc({ url, user, password });
  const ix = new Indexer(rpc);

  // The daemon may still be starting: retry the initial sync for a while.
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    try {
      await ix.sync();
      break;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await sleep(250);
    }
  }
  const genesisHash = ix.chain.hashes[0]!;
  const feeEstimates = !values['no-fee-estimates'];
  const listen = { host: values.host, port: Number(values.port), tcpPort: Number(values['tcp-port']), sslPort: Number(values['ssl-port']), tls };
  const server = await startElectrumServer(listen, { ix, rpc, genesisHash, feeEstimates });
  ix.poll(POLL_MS, (e) => console.error(`electrum: sync failed: ${String(e)}`));
  const sslHost = values.host === '127.0.0.1' ? 'localhost' : values.host;
  console.log(`electrum streams tcp ${values.host}:${server.tcpPort} ssl ${sslHost}:${server.sslPort}`);
  console.log(`electrum ready ${values.host}:${server.port} height ${ix.chain.height}`);

  const shutdown = (): void => {
    ix.stop();
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // Started by the devnet with an IPC channel: exit with it, so no server outlives its devnet.
  if (process.send) process.once('disconnect', shutdown);
}

main().catch((e: unknown) => {
  console.error(`electrum: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
