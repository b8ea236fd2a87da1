/** One independent litecoind regtest chain: its own datadir and RPC port, no P2P at all. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { freePort, hasExited, sleep, terminate, waitForExit } from './process';
import { DaemonError, DaemonRpc } from './rpc';
import { LITECOIND } from './tools';


export interface Litecoind {
  rpc: DaemonRpc;
  pid: number;
  datadir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startLitecoind(datadir: string): Promise<Litecoind> {
  await mkdir(datadir, { recursive: true });
  const port = await freePort();
  const endpoint = { url: `http://127.0.0.1:${port}/`, user: 'devnet', password: randomBytes(12).toString('hex') };
  const child = spawn(
    LITECOIND,
    [
      '-regtest',
      `-datadir=${datadir}`,
      '-server',
      '-txindex', // getrawtransaction on confirmed transactions (blockchain.transaction.get)
      '-fallbackfee=0.0002', // estimatesmartfee has no data on regtest
      '-keypool=20', // createwallet pre-generates the keypool: 1000 keys take a second, 20 take 40 ms
      `-rpcuser=${endpoint.user}`,
      `-rpcpassword=${endpoint.password}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      `-rpcport=${port}`,
      '-rpcthreads=8',
      '-rpcworkqueue=64',
      '-listen=0',
      '-connect=0',
      '-dnsseed=0',
      '-upnp=0',
      '-discover=0',
      '-printtoconsole=0',
      // MWEB would activate at height 432 and then block generation fails without a peg-in.
      '-vbparams=mweb:4102444800:4102444801',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  let spawnError: Error | undefined;
  child.once('error', (e) => (spawnError = e)); // no binary: no process, no exit event
  const rpc = new DaemonRpc(endpoint);
  const node: Litecoind = {
    rpc,
    pid: child.pid!,
    datadir,
    process: child,
    async stop() {
      if (spawnError || hasExited(child)) return;
      await rpc.call('stop').catch(() => undefined);
      if (!(await waitForExit(child, 15_000))) await terminate(child, 'SIGKILL', 5_000);
    },
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (spawnError) throw new Error(`litecoind did not start (${LITECOIND}): ${spawnError.message}`);
    if (hasExited(child)) throw new Error(`litecoind exited during start-up (${datadir}): ${stderr.trim()}`);
    try {
      await rpc.call('getblockcount');
      return node;
    } catch (e) {
      // -28: still warming up; a refused connection: RPC not bound yet.
      const waiting = !(e instanceof DaemonError) || e.code === -28;
      if (!waiting || Date.now() > deadline) {
        await node.stop();
        throw new Error(`litecoind RPC not ready (${datadir}): ${String(e)}`);
      }
      await sleep(50);
    }
  }
}
