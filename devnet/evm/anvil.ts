/** One anvil process (the npm binary itself, so one PID) on 127.0.0.1 with the default dev accounts. */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, hasExited, sleep, terminate } from '../process';
import { ANVIL } from '../tools';

export const CHAIN_ID = 31337;

export interface Anvil {
  rpcUrl: string;
  pid: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Mining: every transaction is mined as it arrives (receipts are there at once), and with
 * `blockInterval` > 0 a block is also mined every period (`--mixed-mining`), so block.timestamp
 * follows the clock, as refunds after a lock time need, even when nobody sends anything.
 */
export async function startAnvil(blockInterval: number): Promise<Anvil> {
  const port = await freePort();
  const mining = blockInterval > 0 ? ['--block-time', String(blockInterval / 1000), '--mixed-mining'] : [];
  const child = spawn(ANVIL, ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(CHAIN_ID), '--silent', ...mining], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  let spawnError: Error | undefined;
  child.once('error', (e) => (spawnError = e)); // no binary: no process, no exit event
  const anvil: Anvil = {
    rpcUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    process: child,
    stop: () => terminate(child, 'SIGTERM', 3_000),
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (spawnError) throw new Error(`anvil did not start (${ANVIL}): ${spawnError.message}`);
    if (hasExited(child)) throw new Error(`anvil exited during start-up: ${stderr.trim()}`);
    let chainId: unknown;
    try {
      const res = await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(1_000),
      });
      chainId = ((await res.json()) as { result?: unknown }).result;
    } catch (e) {
      // A refused connection: not listening yet.
      if (Date.now() > deadline) {
        await anvil.stop();
        throw new Error(`anvil RPC not ready: ${String(e)}`);
      }
      await sleep(20);
      continue;
    }
    if (Number(chainId) === CHAIN_ID) return anvil;
    await anvil.stop();
    throw new Error(`anvil answered eth_chainId with ${String(chainId)}`);
  }
}
